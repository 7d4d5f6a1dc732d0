"""The full shapes sent beyond the contract's twelve fields: one document's whole spec, a portal's
limits, and the MCP tool results (structuredContent) whose JSON Schemas are the tools' outputSchemas."""

from __future__ import annotations

from msgspec import Struct

from photospecs.dataset.schema import IcaoFile, PixelSize, Source
from photospecs.wire.rest import Document

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
