"""The view models are converted from the dataset by field name: these tests pin what clients
receive, so that renaming a field in a dataset file cannot silently change or drop a JSON key."""

from __future__ import annotations

import dataclasses
from typing import get_args

import msgspec
import pytest
from photospecs.core.views import Views, build_views
from photospecs.dataset import Doc, load
from photospecs.dataset.schema import DocumentFile, PortalFile, SizeBasis
from photospecs.rest.build import country_wire, document_wire
from photospecs.settings import Settings
from photospecs.urls import Urls
from photospecs.wire.results import SIZE_BASES, PhotoSpec, PortalConstraints

SPEC_KEYS = [
    "id", "name", "slug", "country", "canonicalUrl", "background", "requirements", "icaoCompliant",
    "capture", "sizeBasis", "sources", "citations", "bases", "checked", "widthMm", "heightMm", "widthPx", "heightPx", "dpi",
    "dpiStated", "digitalPx", "bgColor", "bgColorLabel", "widthRangeMm", "heightRangeMm", "headHeightMm",
    "headHeightBasis", "crownIncludesHair", "headWidthMm", "eyeLineMm", "eyeLineBasis", "topMarginMm",
    "icaoDeviations", "maxPhotoAgeMonths", "glasses", "headCovering", "expression", "mouthClosed",
    "colour", "editing", "children", "portals", "secondaryReason", "discrepancies", "variants", "guides",
]
PORTAL_KEYS = [
    "id", "name", "country", "url", "documents", "formats", "rules", "sources", "citations", "bases", "minBytes", "maxBytes",
    "minPx", "maxPx", "aspectRatio", "colorDepth", "uncropped", "minSizeStated", "maxSizeStated",
    "sizeUnit", "secondaryReason", "discrepancies",
]
# PhotoSpec fields that come from neither the document's file nor what the loader resolved.
BUILT_HERE = {"country", "canonical_url", "guides"}
PORTAL_BUILT_HERE = {"citations", "bases"}  # derived from the portal's sources in core/views.py


@pytest.fixture(scope="module")
def views() -> Views:
    settings = Settings()
    return build_views(load(), Urls(settings.site, settings.photo_tool_url))


def keys(struct: type[msgspec.Struct]) -> list[str]:
    return [field.encode_name for field in msgspec.structs.fields(struct)]


def test_the_wire_keys_stay_as_published():
    assert keys(PhotoSpec) == SPEC_KEYS
    assert keys(PortalConstraints) == PORTAL_KEYS


def test_every_spec_field_has_a_source_in_the_dataset():
    """A field renamed in DocumentFile or PortalFile would leave its wire field with nothing to
    convert from: an optional one would vanish from every body without an error."""
    resolved = {field.name for field in dataclasses.fields(Doc)}
    for field in msgspec.structs.fields(PhotoSpec):
        assert field.name in DocumentFile.__struct_fields__ or field.name in resolved | BUILT_HERE, field.name
    for field in msgspec.structs.fields(PortalConstraints):
        assert field.name in PortalFile.__struct_fields__ or field.name in PORTAL_BUILT_HERE, field.name


def test_one_document_converts_whole(views):
    body = msgspec.json.decode(msgspec.json.encode(views.documents["us-passport"]))
    assert list(body) == [key for key in SPEC_KEYS if key in body]
    assert {"headHeightMm", "eyeLineMm", "guides", "sources", "portals"} <= set(body)
    assert body["widthMm"] == body["heightMm"] == 50.8 and body["headHeightBasis"] == "authority-unquoted"
    assert body["checked"] == views.documents["us-passport"].checked.isoformat()


def test_whole_millimetres_are_sent_as_integers(views):
    spec = msgspec.json.encode(views.documents["germany-passport"])
    assert b'"widthMm":35,"heightMm":45,' in spec
    assert b'"widthMm":35,"heightMm":45,' in msgspec.json.encode(document_wire(views.documents["germany-passport"]))


def test_the_contract_document_is_a_projection_of_the_spec(views):
    data = load()
    uk = next(c for c in data.countries if c.id == "uk")
    country = country_wire(uk, [views.documents[d.id] for d in data.docs_by_country["uk"]])
    for document in country.documents:
        spec = views.documents[document.id]
        assert msgspec.structs.asdict(document) == {name: getattr(spec, name) for name in document.__struct_fields__}


def test_the_size_basis_is_explained_once(views):
    assert set(get_args(SizeBasis)) <= set(SIZE_BASES)
    assert {spec.size_basis for spec in views.documents.values()} <= set(SIZE_BASES)
    schema = msgspec.json.schema(PhotoSpec)["$defs"]["PhotoSpec"]["properties"]["sizeBasis"]
    assert all(text in schema["description"] for text in SIZE_BASES.values())


def test_the_three_bases_are_their_entries_in_bases(views):
    for spec in views.documents.values():
        assert spec.size_basis == spec.bases["size"], spec.id
        assert spec.head_height_basis == spec.bases.get("headHeight"), spec.id
        assert spec.eye_line_basis == spec.bases.get("eyeLine"), spec.id
        assert (spec.head_height_mm is None) == ("headHeight" not in spec.bases), spec.id


def test_authority_only_where_the_authority_is_quoted(views):
    specs = [*views.documents.values(), *views.portals.values()]
    for spec in specs:
        for fact, label in spec.bases.items():
            if label == "authority":
                assert any(fact in c.facts and c.quote and not c.secondary and c.standard is None for c in spec.citations)


def test_a_visa_resting_on_the_visa_code_reads_standard(views):
    """The Visa Code refers to ICAO 9303 and states no millimetres."""
    body = msgspec.json.decode(msgspec.json.encode(views.documents["slovakia-visa"]))
    assert body["sizeBasis"] == body["bases"]["size"] == "standard"
    assert body["headHeightBasis"] == "standard" and body["bases"]["background"] == "standard"
    assert body["bases"]["maxPhotoAge"] == "uncited" and body["bases"]["dpi"] == "unpublished"
    [code] = body["citations"]
    assert code == {"facts": ["size", "headHeight", "background"], "url": "https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32009R0810",
                    "quote": None, "lang": None, "read": None, "secondary": False, "standard": "ICAO 9303"}


def test_a_quote_not_in_english_carries_its_gloss(views):
    cited = [c for c in msgspec.json.decode(msgspec.json.encode(views.documents["schengen-visa"]))["citations"] if c["quote"]]
    assert {c["lang"] for c in cited} == {"en", "de"}
    assert all(("gloss" in c) == (c["lang"] != "en") for c in cited)
