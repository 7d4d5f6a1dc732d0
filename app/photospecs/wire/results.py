"""The full shapes sent beyond the contract's twelve fields: one document's whole spec, a portal's
limits, and the MCP tool results (structuredContent) whose JSON Schemas are the tools' outputSchemas.

Each is its own Struct, never the dataset's: the view models in `core/views.py` are converted
into these by field name, so renaming a field in a dataset file cannot change what clients receive
(tests/test_view_models.py pins the keys)."""

from __future__ import annotations

import datetime
from typing import Annotated, Literal

from msgspec import UNSET, Meta, Struct, UnsetType

from photospecs.wire.guides import Guides

# What each sizeBasis value means: the one wording of it, served in the JSON Schemas (OpenAPI, MCP
# outputSchemas) and shown on the document pages. The loader derives the value (dataset/README.md).
SIZE_BASES = {
    "authority": "The authority states this size.",
    "common-format": (
        "The office takes the photo and the authority publishes no size: the size given is the common "
        "portrait format, not a requirement."
    ),
    "secondary": (
        "The authority states no size: the size given is the one secondary sources report. Confirm it "
        "with the authority before you print or upload the photo."
    ),
    "unpublished": (
        "The authority asks for a photo of your own but states no size. Ask the office or mission "
        "which size it accepts before you print or upload one."
    ),
    "authority-unquoted": (
        "The authority's page is cited for this size, but its words stating the size are not recorded yet."
    ),
    "standard": (
        "The authority states no size itself but refers to a standard (named in the citation); the size "
        "is that standard's."
    ),
    "uncited": "No cited page is recorded as stating this size. Confirm it with the authority.",
}
_SIZE_BASIS_DOC = "Where the size comes from. " + " ".join(f'"{key}": {text}' for key, text in SIZE_BASES.items())

# What each label in `bases` means, for any fact: the one wording, in the schemas and on the pages.
# A fact taken from a print format's published rule is labelled with that rule's id instead
# ("icao-35x45-default", "us-2x2-default", "iso-19794-5-default", ...).
FACT_BASES = {
    "authority": "The authority states this figure: its words are quoted with the source.",
    "authority-unquoted": (
        "The authority's page is cited for this document, but the words stating this figure are not "
        "recorded yet."
    ),
    "standard": (
        "The authority refers to a standard (named in the citation) rather than stating the figure; the "
        "figure is that standard's."
    ),
    "secondary": "Only secondary sources give this figure. Confirm it with the authority.",
    "common-format": SIZE_BASES["common-format"],
    "unpublished": "The authority publishes no figure for this.",
    "uncited": "No cited page is recorded as stating this figure. Confirm it with the authority.",
}
_BASES_DOC = (
    "Each served fact's label, by the fact's name (size, dpi, digitalPx, background, headHeight, eyeLine, "
    "topMargin, capture, maxPhotoAge; for a portal formats, pixels, bytes, aspectRatio). "
    + " ".join(f'"{key}": {text}' for key, text in FACT_BASES.items())
    + " Any other value is the id of the print format's published rule the figure comes from."
)


class Citation(Struct, frozen=True, kw_only=True):
    """Words on a source's page that state `facts`, as written (`lang`, with an English `gloss`
    when not English), read on `read`; or, with `standard` set, the standard the page refers to
    for them. `quote` and `lang` are null where only the standard is recorded."""

    facts: list[str]
    url: str
    quote: str | None
    lang: str | None
    gloss: str | UnsetType = UNSET
    read: datetime.date | None
    secondary: bool
    standard: str | None


class Span(Struct, frozen=True):
    min: float
    max: float


class ChildRuleOut(Struct, rename="camel", frozen=True):
    under_years: int
    rule: str


class Source(Struct, frozen=True):
    """A page the facts come from. `secondary`: not the issuing authority's own; `verified`: the
    day the link checker last opened it (null: not yet)."""

    url: str
    title: str
    secondary: bool = False
    verified: datetime.date | None = None


class Variant(Struct, rename="camel", frozen=True, omit_defaults=True, kw_only=True):
    """What one office asks differently from the document's rule, with its words (`citation`,
    whose `facts` name what differs) and the page they are on (`source`)."""

    office: str
    source: Source
    citation: Citation
    width_mm: float | None = None
    height_mm: float | None = None
    background: str | None = None
    max_photo_age_months: int | None = None


class DigitalPx(Struct, frozen=True):
    """The digital image size the authority states: "exact", or the "minimum" it accepts."""

    width: int
    height: int
    rule: str


class PixelSize(Struct, frozen=True):
    width: int
    height: int


class PhotoSpec(Struct, rename="camel", frozen=True, omit_defaults=True, kw_only=True):
    """The full spec of one document (GET /api/documents/{id}, the MCP spec tool, resources):
    the contract's twelve fields plus what photo tools need and /api/specs leaves out. It is the
    document's view model: the pages, the MCP results and /api/specs (a projection) read it.

    Size, pixels, dpi and colour are absent only where the authority publishes no size: a photo
    the office takes (capture "office"), or one it asks for without a size (size_basis
    "unpublished"; colour then only where it names one). widthPx/heightPx are the print at `dpi`;
    digitalPx is the image size the authority states for a digital photo, where it states one.

    `bases` labels each served fact (see FACT_BASES): "authority" only where `citations` quotes
    the authority's words stating it. sizeBasis, headHeightBasis and eyeLineBasis are their
    entries in `bases`; a figure taken from the published rule of the same print format is
    labelled with that rule ("icao-35x45-default", "us-2x2-default", "china-33x48-default",
    "canada-50x70-default"; for the eye line also "iso-19794-5-default", ISO/IEC 19794-5's
    50-70 % of the height). Where neither the authority nor a rule of the format gives a figure,
    the field is absent. `guides` places the head in the
    frame by all of these rules at once, for drawings and photo tools; absent without a size.
    """

    id: str
    name: str
    slug: str
    country: str
    canonical_url: str
    background: str
    requirements: list[str]
    icao_compliant: bool
    capture: str
    size_basis: Annotated[str, Meta(description=_SIZE_BASIS_DOC)]  # see SIZE_BASES
    sources: list[Source]
    citations: list[Citation]
    bases: Annotated[dict[str, str], Meta(description=_BASES_DOC)]  # see FACT_BASES
    checked: datetime.date  # when these facts were last checked against the sources
    width_mm: float | None = None
    height_mm: float | None = None
    width_px: int | None = None
    height_px: int | None = None
    dpi: int | None = None
    dpi_stated: bool = False
    digital_px: DigitalPx | None = None
    bg_color: str | None = None
    bg_color_label: str | None = None
    width_range_mm: Span | None = None
    height_range_mm: Span | None = None
    head_height_mm: Span | None = None
    head_height_basis: str | None = None
    crown_includes_hair: bool | None = None
    head_width_mm: Span | None = None
    eye_line_mm: Span | None = None
    eye_line_basis: str | None = None
    top_margin_mm: Span | None = None
    icao_deviations: list[str] = []
    max_photo_age_months: int | None = None
    glasses: str | None = None
    head_covering: str | None = None
    expression: str | None = None
    mouth_closed: bool | None = None
    colour: str | None = None
    editing: str | None = None
    children: list[ChildRuleOut] = []
    portals: list[str] = []
    secondary_reason: str | None = None
    discrepancies: list[str] = []
    variants: list[Variant] = []
    guides: Guides | None = None


class DocumentRef(Struct, rename="camel", frozen=True):
    """One line of GET /api/documents: enough to pick a document and fetch its spec."""

    id: str
    name: str
    country: str
    country_name: str
    flag: str
    slug: str
    url: str


class DocumentIndex(Struct, frozen=True):
    documents: list[DocumentRef]


class PrintSheetOut(Struct, rename="camel", frozen=True):
    id: str
    name: str
    width_mm: float
    height_mm: float
    dpi: int


class PrintSheets(Struct, frozen=True):
    sheets: list[PrintSheetOut]


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


class CountrySummary(CountryRef, frozen=True):
    documents: list[str]


class CountryList(ToolResult, frozen=True):
    count: int
    countries: list[CountrySummary]


class SpecResult(ToolResult, frozen=True):
    country: CountryRef
    documents: list[PhotoSpec]


class PortalConstraints(Struct, rename="camel", frozen=True, omit_defaults=True):
    """A portal's own limits, and its view model: the portal's page and JSON both read it. The
    national overlay, kept apart from the ICAO baseline. Byte
    limits are what to apply; the *Stated fields give them as the authority writes them, and
    sizeUnit says whether its kB and MB count in 1000s or 1024s ("unspecified": the stricter reading)."""

    id: str
    name: str
    country: str
    url: str
    documents: list[str]
    formats: list[str]
    rules: list[str]
    sources: list[Source]
    citations: list[Citation]
    bases: Annotated[dict[str, str], Meta(description=_BASES_DOC)]
    min_bytes: int | None = None
    max_bytes: int | None = None
    min_px: PixelSize | None = None
    max_px: PixelSize | None = None
    aspect_ratio: str | None = None
    color_depth: str | None = None
    # The authority asks for the photo not cropped (head, shoulders, upper body, space around):
    # the portal crops it itself. Absent means false.
    uncropped: bool = False
    min_size_stated: str | None = None
    max_size_stated: str | None = None
    size_unit: str | None = None
    secondary_reason: str | None = None
    discrepancies: list[str] = []


class IcaoRule(Struct, frozen=True):
    topic: str
    rule: str


class IcaoBaseline(Struct, frozen=True):
    """The ICAO 9303 portrait rules every document starts from (GET /api/icao). eye_line: the
    ISO/IEC 19794-5 band for the eyes, as fractions of the image height from the bottom edge."""

    name: str
    document: str
    eye_line: Span
    rules: list[IcaoRule]
    sources: list[Source]


class PortalResult(ToolResult, frozen=True):
    portal: PortalConstraints
    icao_baseline: IcaoBaseline


class ToolUrlResult(ToolResult, frozen=True):
    url: str
    country: str | None
    document_type: str | None


# --- check_photo's answer (GET /api/check, the check_photo_measurements tool) -------------------


class CheckLimit(Struct, frozen=True, omit_defaults=True):
    """A rule's limit: a minimum, a maximum or both, or the values allowed (file formats)."""

    min: int | float | None = None
    max: int | float | None = None
    allowed: list[str] | None = None


class CheckedRule(Struct, frozen=True):
    """One rule: pass, fail, or unchecked (not measured, `value` null), with the limit in `unit`
    (px, mm, bytes, or none for a ratio, a colour distance or a format) and a sentence."""

    rule: str
    status: Literal["pass", "fail", "unchecked"]
    value: int | float | str | None
    limit: CheckLimit
    unit: str
    message: str


class PhotoCheck(Struct, frozen=True):
    """GET /api/check: the verdict is fail if any rule fails, incomplete if one is unchecked (or
    none applies), else pass. `document` and `portal` are the canonical ids checked against."""

    document: str
    portal: str | None
    verdict: Literal["pass", "fail", "incomplete"]
    rules: list[CheckedRule]


class PhotoCheckResult(ToolResult, frozen=True):
    document: str
    portal: str | None
    verdict: Literal["pass", "fail", "incomplete"]
    rules: list[CheckedRule]
