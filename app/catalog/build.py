"""The catalog: every REST response the service can give, built once from the dataset.

A pure function of the dataset and the settings. Handlers look responses up here; nothing is
JSON-encoded per request.
"""

from __future__ import annotations

import difflib
import time
from dataclasses import dataclass

import msgspec

from photospecs.catalog.suggest import MAX_KEY, Suggester
from photospecs.settings import Settings
from photospecs.urls import Urls
from photospecs.dataset import Data, Doc, alias_key
from photospecs.dataset.schema import CountryFile
from photospecs.wire.rest import Comparison, Comparisons, Country, Dataset, Document, RawSpecs, SpecsMeta
from photospecs.wire.results import PhotoSpec, Span
from photospecs.catalog.encoded import JSON, Prepared, cache_control, prepare

DATASET_NAME = "Passport, visa and ID photo specifications"
LICENSE_URL = "https://opensource.org/licenses/MIT"
SCHEMA_ORG = "https://schema.org"

encode = msgspec.json.Encoder().encode


@dataclass(frozen=True, slots=True)
class Catalog:
    data: Data
    settings: Settings
    specs: dict[tuple[str | None, bool], Prepared]  # (country id or None, raw) -> response
    comparisons: dict[str | None, Prepared]  # competitor id or None -> response
    build_seconds: float
    country_suggester: Suggester
    portal_suggester: Suggester

    def resolve_country(self, text: str) -> str | None:
        """Our id for an id, ISO alpha-2/alpha-3 code or English name, in any case."""
        aliases = self.data.country_aliases
        return aliases.get(text) or aliases.get(alias_key(text))  # exact ids skip normalising

    def suggest_countries(self, text: str) -> list[str]:
        return self.country_suggester(alias_key(text[:MAX_KEY]))

    def suggest_portals(self, text: str) -> list[str]:
        return self.portal_suggester(alias_key(text[:MAX_KEY]))

    @property
    def urls(self) -> Urls:
        return Urls(self.settings.site, self.settings.photo_tool_url)

    def canonical_url(self, doc: Doc) -> str:
        return self.urls.document(doc.slug)

    def comparison_ids(self) -> list[str]:
        return [c.id for c in self.data.comparisons]


def suggest(key: str, aliases: dict[str, str], limit: int = 3) -> list[str]:
    """Up to `limit` distinct ids close to `key`, for a small closed set (one country's
    documents): difflib over a dozen short ids costs little once the key is capped."""
    found: list[str] = []
    for match in difflib.get_close_matches(key[:MAX_KEY], aliases.keys(), n=12, cutoff=0.6):
        target = aliases[match]
        if target not in found:
            found.append(target)
    return found[:limit]


def build(data: Data, settings: Settings) -> Catalog:
    started = time.perf_counter()
    control = cache_control(settings.max_age)
    countries = {c.id: country_wire(c, data.docs_by_country[c.id]) for c in data.countries}
    all_countries = list(countries.values())

    specs: dict[tuple[str | None, bool], Prepared] = {}
    for key, selection in [(None, all_countries), *((cid, [c]) for cid, c in countries.items())]:
        for raw in (False, True):
            specs[key, raw] = prepare(encode(specs_body(selection, raw)), JSON, control)

    wire = [comparison_wire(c, settings) for c in data.comparisons]
    comparisons = {None: prepare(encode(Comparisons(wire)), JSON, control)}
    for item in wire:
        comparisons[item.id] = prepare(encode(Comparisons([item])), JSON, control)

    return Catalog(
        data,
        settings,
        specs,
        comparisons,
        time.perf_counter() - started,
        country_suggester=Suggester(data.country_aliases),
        portal_suggester=Suggester({p: p for p in data.portals}),
    )


def specs_body(countries: list[Country], raw: bool) -> Dataset | RawSpecs:
    meta = SpecsMeta(countries=len(countries), documents=sum(len(c.documents) for c in countries))
    if raw:
        return RawSpecs(countries=countries, meta=meta)
    return Dataset(
        context=SCHEMA_ORG, type="Dataset", name=DATASET_NAME, license=LICENSE_URL, countries=countries, meta=meta
    )


def country_wire(country: CountryFile, docs: list[Doc]) -> Country:
    return Country(id=country.id, name=country.name, flag=country.flag, documents=[document_wire(d) for d in docs])


def document_wire(doc: Doc) -> Document:
    f = doc.file
    return Document(
        id=doc.id,
        name=f.name,
        slug=doc.slug,
        width_mm=number(f.width_mm),
        height_mm=number(f.height_mm),
        width_px=doc.width_px,
        height_px=doc.height_px,
        dpi=f.dpi,
        background=f.background,
        bg_color=f.bg_color,
        bg_color_label=f.bg_color_label,
        requirements=f.requirements,
    )


def photo_spec(doc: Doc, canonical_url: str) -> PhotoSpec:
    f = doc.file
    return PhotoSpec(
        **msgspec.structs.asdict(document_wire(doc)),
        country=doc.country.id,
        icao_compliant=f.icao_compliant,
        canonical_url=canonical_url,
        sources=doc.sources,
        icao_deviations=f.icao_deviations,
        head_height_mm=span(f.head_height_mm),
        eye_line_mm=span(f.eye_line_mm),
        max_photo_age_months=f.max_photo_age_months,
        portals=list(doc.portals),
    )


def span(value) -> Span | None:
    return None if value is None else Span(number(value.min), number(value.max))


def comparison_wire(item, settings: Settings) -> Comparison:
    return Comparison(
        id=item.id,
        name=item.name,
        page_url=Urls(settings.site, settings.photo_tool_url).comparison(item.id),
        category=item.category,
        website=item.website,
        summary=item.summary,
        strengths=item.strengths,
        tradeoffs=item.tradeoffs,
    )


def number(value: float) -> float | int:
    """35.0 -> 35: whole millimetres are sent as integers, as clients of the old dataset expect."""
    return int(value) if float(value).is_integer() else value
