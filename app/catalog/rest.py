"""The JSON bodies of the REST API, built from the dataset: the contract's shapes (/api/specs,
/api/comparisons) and the full ones (/api/documents, /api/portals, /api/print-sheets, /api/icao)."""

from __future__ import annotations

from photospecs.dataset import Data, Doc
from photospecs.dataset.schema import ComparisonFile, CountryFile, PortalFile, Range
from photospecs.urls import Urls
from photospecs.wire.rest import Comparison, Country, Dataset, Document, RawSpecs, SpecsMeta
from photospecs.wire.results import (
    ChildRuleOut,
    DocumentIndex,
    DocumentRef,
    PhotoSpec,
    PortalConstraints,
    PrintSheetOut,
    PrintSheets,
    Span,
)

DATASET_NAME = "Passport, visa and ID photo specifications"
LICENSE_URL = "https://opensource.org/licenses/MIT"
SCHEMA_ORG = "https://schema.org"


def specs_body(countries: list[Country], raw: bool, version: str) -> Dataset | RawSpecs:
    meta = SpecsMeta(countries=len(countries), documents=sum(len(c.documents) for c in countries), version=version)
    if raw:
        return RawSpecs(countries=countries, meta=meta)
    return Dataset(
        context=SCHEMA_ORG, type="Dataset", name=DATASET_NAME, license=LICENSE_URL, countries=countries, meta=meta
    )


def country_wire(country: CountryFile, docs: list[Doc]) -> Country:
    # The contract's twelve fields are all required numbers: a photo whose size the authority does
    # not publish (taken at the office, or "unpublished") cannot fill them honestly, so it is
    # served by /api/documents only.
    sized = [d for d in docs if d.width_px is not None]
    return Country(id=country.id, name=country.name, flag=country.flag, documents=[document_wire(d) for d in sized])


def document_wire(doc: Doc) -> Document:
    f = doc.file
    assert f.width_mm and f.height_mm and f.dpi and f.bg_color and f.bg_color_label and doc.width_px and doc.height_px
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
    assert f.size_basis is not None  # the loader derives it where the file leaves it out
    return PhotoSpec(
        id=doc.id,
        name=f.name,
        slug=doc.slug,
        country=doc.country.id,
        canonical_url=canonical_url,
        background=f.background,
        requirements=f.requirements,
        icao_compliant=f.icao_compliant,
        capture=f.capture,
        size_basis=f.size_basis,
        sources=doc.sources,
        checked=doc.checked.isoformat(),
        width_mm=None if f.width_mm is None else number(f.width_mm),
        height_mm=None if f.height_mm is None else number(f.height_mm),
        width_px=doc.width_px,
        height_px=doc.height_px,
        dpi=f.dpi,
        dpi_stated=f.dpi_stated,
        digital_px=f.digital_px,
        bg_color=f.bg_color,
        bg_color_label=f.bg_color_label,
        width_range_mm=span(f.width_range_mm),
        height_range_mm=span(f.height_range_mm),
        head_height_mm=span(doc.head_height_mm),
        head_height_basis=doc.head_height_basis,
        crown_includes_hair=f.crown_includes_hair,
        head_width_mm=span(f.head_width_mm),
        eye_line_mm=span(doc.eye_line_mm),
        eye_line_basis=doc.eye_line_basis,
        top_margin_mm=span(f.top_margin_mm),
        icao_deviations=f.icao_deviations,
        max_photo_age_months=f.max_photo_age_months,
        glasses=f.glasses,
        head_covering=f.head_covering,
        expression=f.expression,
        mouth_closed=f.mouth_closed,
        colour=f.colour,
        editing=f.editing,
        children=[ChildRuleOut(c.under_years, c.rule) for c in f.children],
        portals=list(doc.portals),
        secondary_reason=f.secondary_reason,
        discrepancies=f.discrepancies,
    )


def span(value: Range | None) -> Span | None:
    return None if value is None else Span(number(value.min), number(value.max))


def comparison_wire(item: ComparisonFile, urls: Urls) -> Comparison:
    return Comparison(
        id=item.id,
        name=item.name,
        page_url=urls.comparison(item.id),
        category=item.category,
        website=item.website,
        summary=item.summary,
        strengths=item.strengths,
        tradeoffs=item.tradeoffs,
    )


def number(value: float) -> float | int:
    """35.0 -> 35: whole millimetres are sent as integers, as clients of the old dataset expect."""
    return int(value) if float(value).is_integer() else value


def document_index(data: Data, urls: Urls) -> DocumentIndex:
    return DocumentIndex([
        DocumentRef(d.id, d.file.name, d.country.id, d.country.name, d.country.flag, d.slug, urls.api(f"documents/{d.id}"))
        for c in data.countries
        for d in data.docs_by_country[c.id]
    ])


def portal_constraints(portal: PortalFile) -> PortalConstraints:
    assert portal.country is not None  # the loader fills it in for portals in country files
    return PortalConstraints(
        id=portal.id,
        name=portal.name,
        country=portal.country,
        url=portal.url,
        documents=portal.documents,
        formats=portal.formats,
        rules=portal.rules,
        sources=portal.sources,
        min_bytes=portal.min_bytes,
        max_bytes=portal.max_bytes,
        min_px=portal.min_px,
        max_px=portal.max_px,
        aspect_ratio=portal.aspect_ratio,
        color_depth=portal.color_depth,
        uncropped=portal.uncropped,
        min_size_stated=portal.min_size_stated,
        max_size_stated=portal.max_size_stated,
        size_unit=portal.size_unit,
        secondary_reason=portal.secondary_reason,
        discrepancies=portal.discrepancies,
    )


def print_sheets(data: Data) -> PrintSheets:
    return PrintSheets([PrintSheetOut(s.id, s.name, number(s.width_mm), number(s.height_mm), s.dpi) for s in data.print_sheets])
