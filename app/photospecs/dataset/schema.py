"""msgspec Structs: the dataset files as people edit them (the shapes sent live in wire/).

Validation lives in the types where a type can say it (patterns, bounds, forbidden unknown
fields); rules that span several fields or files live in `loader.py`.
"""

from __future__ import annotations

import datetime
from typing import Annotated, Literal

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


# A quote is the page's words as written; a few sentences at most.
QuoteText = Annotated[str, Meta(min_length=1, max_length=1500)]
# BCP 47 primary language subtag (and region), e.g. "de", "pt-br".
Lang = Annotated[str, Meta(pattern=r"^[a-z]{2,3}(-[a-z0-9]{2,8})?$")]


class Quote(Strict, kw_only=True, frozen=True):
    """The words on a source's page that state some facts (see citations.py for the fact names)."""

    quote: QuoteText
    lang: Lang = "en"
    gloss: Text | None = None  # an English rendering, required when `lang` is not "en"
    read: datetime.date  # the day the words were read on the page
    facts: Annotated[list[str], Meta(min_length=1)]
    # Set where the words refer to a standard ("in accordance with ICAO standards") rather than
    # state the figures: the facts are then the standard's figures, applied by us.
    standard: Text | None = None


class Source(Strict, kw_only=True, frozen=True):
    url: HttpsUrl
    title: Text
    # True when the issuing authority's own page was not available and a secondary
    # publication (an embassy agent, a photo studio, a news item) was used instead.
    secondary: bool = False
    # The last day the link answered (`validate --write-verified` writes it); absent means it has
    # not been checked from a networked machine. The facts' own check date is `checked`.
    verified: datetime.date | None = None
    # The common case, one quote, written on the source itself; `quotes` holds any further ones.
    # `standard` with `facts` and no `quote` names a standard the page refers to, words not recorded.
    quote: QuoteText | None = None
    lang: Lang | None = None
    gloss: Text | None = None
    read: datetime.date | None = None
    facts: list[str] = []
    standard: Text | None = None
    quotes: list[Quote] = []


class Range(Strict, frozen=True):
    min: Millimetres
    max: Millimetres


class ChildRule(Strict, frozen=True):
    """A rule that applies (or is relaxed) for children under an age the authority names."""

    under_years: Annotated[int, Meta(ge=1, le=18)]
    rule: Text


# Rules as fields: each is left out where the authority says nothing about it.
Glasses = Literal["allowed", "no-glare-or-tint", "not-allowed"]
HeadCovering = Literal["not-allowed", "religious", "religious-or-medical", "allowed"]
Expression = Literal["neutral", "neutral-or-slight-smile"]
Colour = Literal["colour", "colour-or-greyscale", "greyscale"]
Editing = Literal["camera-original", "no-alteration", "background-replacement-allowed"]
Capture = Literal["supplied", "office", "supplied-or-office"]
# "authority": the authority states this size (derived by the loader when the file gives no basis
# and an authority source backs the document). "common-format": the office takes the photo and
# publishes no size; the common portrait format is given so that clients of the passport-photo-specs
# ids keep finding the document in GET /api/specs, and every other view says it is not a requirement.
# "secondary": the authority asks for prints but states no size; the size is the one secondary
# sources report, and every view says to confirm it with the authority. The loader derives it for
# a document resting only on secondary sources; write it where the document's own text says the
# size comes from a photo guide, a visa agent or an older dataset.
# "unpublished": the authority asks for a photo but states no size, and no source agrees on one:
# the size is left out, never guessed, and every view says to ask the authority.
SizeBasis = Literal["authority", "common-format", "secondary", "unpublished"]


class DigitalPx(Strict, frozen=True):
    """A pixel size the authority states for the digital image, apart from the print: "exact"
    when it asks for exactly this many pixels, "minimum" when at least this many."""

    width: Pixels
    height: Pixels
    rule: Literal["exact", "minimum"]


class Variant(Strict, kw_only=True, frozen=True):
    """What one office (a consulate, a border post) asks differently from the document's rule,
    recorded only with that office's own words: `source` carries the quote."""

    office: Text
    width_mm: Millimetres | None = None
    height_mm: Millimetres | None = None
    background: Text | None = None
    max_photo_age_months: Annotated[int, Meta(ge=1, le=120)] | None = None
    source: Source


class DocumentFile(Strict, kw_only=True, frozen=True):
    kind: Slug
    name: Text
    # Size, dpi and colour are required unless the authority publishes no size (capture =
    # "office", or size_basis = "unpublished"): then they are left out, never guessed.
    width_mm: Millimetres | None = None
    height_mm: Millimetres | None = None
    dpi: Dpi | None = None
    background: Text
    bg_color: Color | None = None
    bg_color_label: Annotated[str, Meta(min_length=1, max_length=40)] | None = None
    requirements: Annotated[list[Text], Meta(min_length=5)]
    icao_compliant: bool
    icao_deviations: list[Text] = []
    # Kept from passport-photo-specs where its id does not have the "<country>-<kind>" shape;
    # "<country>-<kind>" then resolves to it as an alias.
    id: Slug | None = None
    # Who takes the photo: the applicant supplies it, the office takes it, or either.
    capture: Capture = "supplied"
    # Left out, the loader derives it from the sources (see SizeBasis); the loader fills it in.
    size_basis: SizeBasis | None = None
    # The authority states this dpi itself; false means 300 dpi, the print default, was used.
    dpi_stated: bool = False
    # Where the authority gives a range rather than one size (35-40 x 45-50 mm, say).
    width_range_mm: Range | None = None
    height_range_mm: Range | None = None
    # Geometry, each only where the authority publishes it (never derived here: the loader fills
    # a missing head height or eye line from geometry-defaults.toml and labels the standard).
    head_height_mm: Range | None = None
    crown_includes_hair: bool | None = None
    head_width_mm: Range | None = None
    eye_line_mm: Range | None = None
    top_margin_mm: Range | None = None
    max_photo_age_months: Annotated[int, Meta(ge=1, le=120)] | None = None
    glasses: Glasses | None = None
    head_covering: HeadCovering | None = None
    expression: Expression | None = None
    mouth_closed: bool | None = None
    colour: Colour | None = None
    editing: Editing | None = None
    children: list[ChildRule] = []
    # The print in pixels at `dpi` where the authority writes it; it must be within 1 px of
    # mm x dpi. A digital image size is a different fact: `digital_px`.
    width_px: Pixels | None = None
    height_px: Pixels | None = None
    digital_px: DigitalPx | None = None
    slug: Slug | None = None
    legacy_ids: list[Slug] = []
    sources: list[Source] = []
    # Required when every source is secondary: why no authority page could be used.
    secondary_reason: Text | None = None
    # Where the authority's own pages or missions disagree: what differs, and which is followed.
    discrepancies: list[Text] = []
    # Offices that ask for something else, each with its words (structured where it can be).
    variants: list[Variant] = []
    # The day these facts were last checked against the sources (else the country's date).
    checked: datetime.date | None = None


class PixelSize(Strict, frozen=True):
    width: Pixels
    height: Pixels


class PortalFile(Strict, kw_only=True, frozen=True):
    id: Slug
    name: Text
    # Required in portals.toml; in a country file it is that country (leave it out).
    country: Slug | None = None
    url: HttpsUrl
    documents: Annotated[list[Slug], Meta(min_length=1)]
    formats: Annotated[list[Annotated[str, Meta(pattern=r"^[a-z0-9]+$")]], Meta(min_length=1)]
    sources: Annotated[list[Source], Meta(min_length=1)]
    min_bytes: Annotated[int, Meta(ge=0)] | None = None
    max_bytes: Annotated[int, Meta(ge=1)] | None = None
    # The limits as the authority writes them ("240 kB"), and what its unit means in bytes:
    # "decimal" (1 kB = 1000 B) or "binary" (1 KB = 1024 B) where it says, else "unspecified",
    # in which case min_bytes/max_bytes take the stricter reading.
    min_size_stated: Text | None = None
    max_size_stated: Text | None = None
    size_unit: Literal["decimal", "binary", "unspecified"] | None = None
    min_px: PixelSize | None = None
    max_px: PixelSize | None = None
    aspect_ratio: Annotated[str, Meta(pattern=r"^\d+(\.\d+)?:\d+(\.\d+)?$")] | None = None
    color_depth: Text | None = None
    # True only where the authority asks for the photo NOT to be cropped to the document's frame
    # (head, shoulders and upper body with space around) because the portal crops it itself; a
    # source that is not secondary must say so.
    uncropped: bool = False
    # Limits the portal enforces; where sources disagree or leave a gap, that goes in discrepancies.
    rules: list[Text] = []
    # Required when every source is secondary: why no authority page states these limits.
    secondary_reason: Text | None = None
    discrepancies: list[Text] = []


class CountryFile(Strict, frozen=True):
    id: Slug
    name: Text
    flag: Annotated[str, Meta(min_length=1, max_length=16)]
    documents: Annotated[list[DocumentFile], Meta(min_length=1)]
    iso2: Iso2 | None = None
    iso3: Iso3 | None = None
    names: list[Text] = []
    legacy_ids: list[Slug] = []
    sources: list[Source] = []
    checked: datetime.date | None = None
    # Upload portals of this country's authorities (portals.toml holds the older ones).
    portals: list[PortalFile] = []


class PortalsFile(Strict, frozen=True):
    portals: Annotated[list[PortalFile], Meta(min_length=1)]


class IcaoRule(Strict, frozen=True):
    topic: Slug
    rule: Text


class Fraction(Strict, frozen=True):
    min: Annotated[float, Meta(gt=0, lt=1)]
    max: Annotated[float, Meta(gt=0, lt=1)]


class IcaoFile(Strict, frozen=True):
    name: Text
    document: Text
    # ISO/IEC 19794-5's band for the eye line of a full-frontal image, as fractions of the image
    # height from the bottom edge: applied to a document that follows ICAO where neither its
    # authority nor a rule of its print format gives one, served as "iso-19794-5-default".
    eye_line: Fraction
    rules: Annotated[list[IcaoRule], Meta(min_length=5)]
    sources: Annotated[list[Source], Meta(min_length=1)]


class FormatDefault(Strict, kw_only=True, frozen=True):
    """The head height (and eye line) a published rule sets for one print format, used for a
    document of exactly that format whose authority publishes no figure."""

    basis: Slug  # served as headHeightBasis / eyeLineBasis, e.g. "us-2x2-default"
    width_mm: Millimetres
    height_mm: Millimetres
    standard: Text  # who publishes the rule, and for which documents
    head_height_mm: Range
    eye_line_mm: Range | None = None
    sources: Annotated[list[Source], Meta(min_length=1)]


class GeometryDefaultsFile(Strict, frozen=True):
    formats: Annotated[list[FormatDefault], Meta(min_length=1)]


class PrintSheet(Strict, frozen=True):
    id: Slug
    name: Text
    width_mm: Annotated[float, Meta(gt=0, le=1000)]
    height_mm: Annotated[float, Meta(gt=0, le=1000)]
    dpi: Dpi


class PrintSheetsFile(Strict, frozen=True):
    sheets: Annotated[list[PrintSheet], Meta(min_length=1)]


class ComparisonFile(Strict, frozen=True):
    id: Slug
    name: Text
    website: HttpsUrl
    category: Text
    summary: Text
    strengths: Annotated[list[Text], Meta(min_length=1)]
    tradeoffs: Annotated[list[Text], Meta(min_length=1)]


class ComparisonsFile(Strict, frozen=True):
    comparisons: Annotated[list[ComparisonFile], Meta(min_length=1)]
