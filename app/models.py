"""msgspec Structs: the dataset files as edited by people, and the shapes sent on the wire.

Validation lives in the types where a type can say it (patterns, bounds, forbidden unknown
fields); rules that span several fields or files live in `dataset.py`.
"""

from __future__ import annotations

from typing import Annotated

from msgspec import Meta, Struct

# --- shared field types -------------------------------------------------------------------

Slug = Annotated[str, Meta(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=64)]
Color = Annotated[str, Meta(pattern=r"^#[0-9a-f]{6}$", description="Hex colour, #rrggbb")]
HttpsUrl = Annotated[str, Meta(pattern=r"^https://[^\s]+$", max_length=500)]
Text = Annotated[str, Meta(min_length=1, max_length=600)]
Millimetres = Annotated[float, Meta(gt=0, le=200)]
Dpi = Annotated[int, Meta(ge=72, le=1200)]
Pixels = Annotated[int, Meta(ge=1, le=20000)]
Iso2 = Annotated[str, Meta(pattern=r"^[A-Z]{2}$")]
Iso3 = Annotated[str, Meta(pattern=r"^[A-Z]{3}$")]


class Strict(Struct, forbid_unknown_fields=True, frozen=True):
    """Base for dataset files: a misspelt field is an error, not a silent default."""


# --- dataset files ------------------------------------------------------------------------


class Source(Strict):
    url: HttpsUrl
    title: Text
    # True when the issuing authority's own page was not available and a secondary
    # publication (an embassy agent, a photo studio, a news item) was used instead.
    secondary: bool = False


class Range(Strict):
    min: Millimetres
    max: Millimetres


class DocumentFile(Strict):
    kind: Slug
    name: Text
    width_mm: Millimetres
    height_mm: Millimetres
    dpi: Dpi
    background: Text
    bg_color: Color
    bg_color_label: Annotated[str, Meta(min_length=1, max_length=40)]
    requirements: Annotated[list[Text], Meta(min_length=5)]
    icao_compliant: bool
    icao_deviations: list[Text] = []
    head_height_mm: Range | None = None
    eye_line_mm: Range | None = None
    max_photo_age_months: Annotated[int, Meta(ge=1, le=120)] | None = None
    width_px: Pixels | None = None
    height_px: Pixels | None = None
    px_from_authority: bool = False
    slug: Slug | None = None
    legacy_ids: list[Slug] = []
    sources: list[Source] = []


class CountryFile(Strict):
    id: Slug
    name: Text
    flag: Annotated[str, Meta(min_length=1, max_length=16)]
    documents: Annotated[list[DocumentFile], Meta(min_length=1)]
    iso2: Iso2 | None = None
    iso3: Iso3 | None = None
    names: list[Text] = []
    legacy_ids: list[Slug] = []
    sources: list[Source] = []


class PixelSize(Strict):
    width: Pixels
    height: Pixels


class PortalFile(Strict):
    id: Slug
    name: Text
    country: Slug
    url: HttpsUrl
    documents: Annotated[list[Slug], Meta(min_length=1)]
    formats: Annotated[list[Annotated[str, Meta(pattern=r"^[a-z0-9]+$")]], Meta(min_length=1)]
    sources: Annotated[list[Source], Meta(min_length=1)]
    min_bytes: Annotated[int, Meta(ge=0)] | None = None
    max_bytes: Annotated[int, Meta(ge=1)] | None = None
    min_px: PixelSize | None = None
    max_px: PixelSize | None = None
    aspect_ratio: Annotated[str, Meta(pattern=r"^\d+(\.\d+)?:\d+(\.\d+)?$")] | None = None
    color_depth: Text | None = None
    rules: list[Text] = []


class PortalsFile(Strict):
    portals: Annotated[list[PortalFile], Meta(min_length=1)]


class IcaoRule(Strict):
    topic: Slug
    rule: Text


class IcaoFile(Strict):
    name: Text
    document: Text
    rules: Annotated[list[IcaoRule], Meta(min_length=5)]
    sources: Annotated[list[Source], Meta(min_length=1)]


class ComparisonFile(Strict):
    id: Slug
    name: Text
    website: HttpsUrl
    category: Text
    summary: Text
    strengths: Annotated[list[Text], Meta(min_length=1)]
    tradeoffs: Annotated[list[Text], Meta(min_length=1)]


class ComparisonsFile(Strict):
    comparisons: Annotated[list[ComparisonFile], Meta(min_length=1)]


# --- wire shapes ----------------------------------------------------------------------------


class Document(Struct, rename="camel", frozen=True):
    """A document format exactly as the contract lists it: twelve fields, nothing more."""

    id: str
    name: str
    slug: str
    width_mm: float
    height_mm: float
    width_px: int
    height_px: int
    dpi: int
    background: str
    bg_color: str
    bg_color_label: str
    requirements: list[str]


class Country(Struct, frozen=True):
    id: str
    name: str
    flag: str
    documents: list[Document]


class SpecsMeta(Struct, frozen=True):
    """Counts computed from the data, never written by hand."""

    countries: int
    documents: int


class Dataset(Struct, frozen=True, rename={"context": "@context", "type": "@type"}):
    """Default body of GET /api/specs: a schema.org Dataset wrapping the countries."""

    context: str
    type: str
    name: str
    license: str
    countries: list[Country]
    meta: SpecsMeta


class RawSpecs(Struct, frozen=True):
    """Body of GET /api/specs?format=raw: the countries and their counts, nothing else."""

    countries: list[Country]
    meta: SpecsMeta


class Comparison(Struct, rename="camel", frozen=True):
    id: str
    name: str
    page_url: str
    category: str
    website: str
    summary: str
    strengths: list[str]
    tradeoffs: list[str]


class Comparisons(Struct, frozen=True):
    comparisons: list[Comparison]


class Error(Struct, frozen=True, omit_defaults=True):
    """Every REST error body. `allowed` lists valid values; `suggestions` lists close ids."""

    status: int
    error: str
    message: str
    allowed: list[str] = []
    suggestions: list[str] = []


class Span(Struct, frozen=True):
    min: float
    max: float


class PhotoSpec(Document, omit_defaults=True):
    """The full spec of one document, as the MCP spec tool returns it: the twelve REST fields
    plus what photo tools need and REST documents leave out."""

    country: str
    icao_compliant: bool
    canonical_url: str
    sources: list[Source]
    icao_deviations: list[str] = []
    head_height_mm: Span | None = None
    eye_line_mm: Span | None = None
    max_photo_age_months: int | None = None
    portals: list[str] = []


# --- MCP tool results (structuredContent); their JSON Schemas are the tools' outputSchemas ---


class DatasetRef(Struct, rename="camel", frozen=True):
    name: str
    url: str
    license: str
    license_url: str


class ToolResult(Struct, rename="camel", frozen=True, kw_only=True):
    """What every tool result carries: the spec's page on the site, and the open dataset."""

    source_url: str
    dataset: DatasetRef


class CountryRef(Struct, frozen=True):
    id: str
    name: str
    flag: str


class CountrySummary(CountryRef):
    documents: list[str]


class CountryList(ToolResult):
    count: int
    countries: list[CountrySummary]


class SpecResult(ToolResult):
    country: CountryRef
    documents: list[PhotoSpec]


class PortalConstraints(Struct, rename="camel", frozen=True, omit_defaults=True):
    """A portal's own limits: the national overlay, kept apart from the ICAO baseline."""

    id: str
    name: str
    country: str
    url: str
    documents: list[str]
    formats: list[str]
    rules: list[str]
    sources: list[Source]
    min_bytes: int | None = None
    max_bytes: int | None = None
    min_px: PixelSize | None = None
    max_px: PixelSize | None = None
    aspect_ratio: str | None = None
    color_depth: str | None = None


class PortalResult(ToolResult):
    portal: PortalConstraints
    icao_baseline: IcaoFile  # its fields are the same on the wire as in dataset/icao.toml


class ToolUrlResult(ToolResult):
    url: str
    country: str | None
    document_type: str | None
