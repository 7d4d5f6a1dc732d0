"""The view models: one PhotoSpec per document and one PortalConstraints per portal, built once
from the dataset. REST bodies, MCP results and the pages all read these same objects.

They are converted by field name (msgspec.convert with from_attributes), never copied field by
field: a field added to a dataset file and to its wire shape reaches every reader with no code in
between. The wire shapes are their own Structs, so a field renamed in a dataset file drops out of
the conversion (and tests/test_view_models.py fails) instead of silently renaming a JSON key.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, TypeVar

import msgspec
from msgspec import UNSET

from photospecs.core.guides import guides
from photospecs.dataset import Data, Doc
from photospecs.dataset import citations as cite
from photospecs.dataset.schema import IcaoFile, PortalFile
from photospecs.dataset.schema import Variant as VariantFile
from photospecs.urls import Urls
from photospecs.wire.results import Citation, IcaoBaseline, PhotoSpec, PortalConstraints, Source, Variant

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Views:
    documents: dict[str, PhotoSpec]  # by document id, in dataset order
    portals: dict[str, PortalConstraints]  # by portal id, in dataset order


def build_views(data: Data, urls: Urls) -> Views:
    return Views(
        {doc.id: photo_spec(doc, urls.document(doc.slug)) for doc in data.docs.values()},
        {portal.id: portal_constraints(portal) for portal in data.portals.values()},
    )


def size_text(spec: PhotoSpec, times: str = "×") -> str:
    """A document's size as people read it, or why there is none: the one place it is phrased
    (search results, MCP resources and prompts)."""
    if spec.capture == "office":
        return "taken at the office"
    if spec.width_mm is not None and spec.height_mm is not None:
        return f"{spec.width_mm:g} {times} {spec.height_mm:g} mm"
    return "size not published by the authority"


def photo_spec(doc: Doc, canonical_url: str) -> PhotoSpec:
    """The document's file with what the loader resolved laid over it (its id, slug, pixels,
    sources, check date, head height and eye line with their basis, portals), and the guides
    worked out from the result."""
    resolved = {field.name: getattr(doc, field.name) for field in dataclasses.fields(doc) if field.name != "file"}
    resolved["citations"] = citations(doc.citations)
    resolved["variants"] = [variant(v) for v in doc.file.variants]
    spec = convert(doc.file, PhotoSpec, **{**resolved, "country": doc.country.id}, canonical_url=canonical_url)
    placed = guides(spec.width_mm, spec.height_mm, spec.head_height_mm, spec.eye_line_mm, spec.top_margin_mm)
    return msgspec.structs.replace(spec, guides=placed)


def portal_constraints(portal: PortalFile) -> PortalConstraints:
    # The loader has filled in `country` for portals in country files, and checked the citations.
    cited = [c for s in portal.sources for c in cite.cited(s)]
    bases = cite.bases(cite.portal_facts(portal), cited, portal.sources)
    return convert(portal, PortalConstraints, citations=citations(cited), bases=bases)


def variant(office: VariantFile) -> Variant:
    """An office's variant with its one quote, as served (the loader has checked there is one)."""
    words = citations(cite.cited(office.source))[0]
    return convert(office, Variant, source=convert(office.source, Source), citation=words)


def citations(cited: Iterable[cite.Cited]) -> list[Citation]:
    """As served: a gloss only beside a quote that is not in English."""
    return [
        Citation(facts=c.facts, url=c.url, quote=c.quote, lang=c.lang, gloss=UNSET if c.gloss is None else c.gloss,
                 read=c.read, secondary=c.secondary, standard=c.standard)
        for c in cited
    ]


def icao_baseline(icao: IcaoFile) -> IcaoBaseline:
    return convert(icao, IcaoBaseline)


def convert(record: msgspec.Struct, kind: type[T], /, **over: Any) -> T:
    """`record`'s fields, with `over` replacing or adding some (any name, `source` too), as a
    `kind`, which takes the fields it declares and ignores the rest; whole numbers as integers."""
    facts = SimpleNamespace(**{**msgspec.structs.asdict(record), **over})
    converted: T = whole_numbers(msgspec.convert(facts, kind, from_attributes=True))
    return converted


def whole_numbers(value: Any) -> Any:
    """35.0 -> 35 throughout: whole millimetres are sent as integers, as clients of the old dataset expect."""
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if isinstance(value, msgspec.Struct):
        return msgspec.structs.replace(value, **{name: whole_numbers(getattr(value, name)) for name in value.__struct_fields__})
    if isinstance(value, list):
        return [whole_numbers(item) for item in value]
    return value
