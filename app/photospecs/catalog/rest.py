"""The JSON bodies of the REST API, built from the dataset: the contract's shapes (/api/specs,
/api/comparisons) and the full ones (/api/documents, /api/portals, /api/print-sheets, /api/icao)."""

from __future__ import annotations

# photo_spec, portal_constraints and icao_baseline build the view models (catalog/views.py); they
# stay importable from here, where callers have always found them.
from photospecs.catalog.views import convert
from photospecs.catalog.views import icao_baseline as icao_baseline
from photospecs.catalog.views import photo_spec as photo_spec
from photospecs.catalog.views import portal_constraints as portal_constraints
from photospecs.dataset import Data
from photospecs.dataset.schema import ComparisonFile, CountryFile
from photospecs.urls import Urls
from photospecs.wire.rest import Comparison, Country, Dataset, Document, RawSpecs, SpecsMeta
from photospecs.wire.results import DocumentIndex, DocumentRef, PhotoSpec, PrintSheetOut, PrintSheets

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


def country_wire(country: CountryFile, specs: list[PhotoSpec]) -> Country:
    # The contract's twelve fields are all required numbers: a photo whose size the authority does
    # not publish (taken at the office, or "unpublished") cannot fill them honestly, so it is
    # served by /api/documents only.
    sized = [spec for spec in specs if spec.width_px is not None]
    return Country(id=country.id, name=country.name, flag=country.flag, documents=[document_wire(s) for s in sized])


def document_wire(spec: PhotoSpec) -> Document:
    """The contract's twelve fields of a document's view model."""
    return convert(spec, Document)


def comparison_wire(item: ComparisonFile, urls: Urls) -> Comparison:
    return convert(item, Comparison, page_url=urls.comparison(item.id))


def document_index(data: Data, urls: Urls) -> DocumentIndex:
    return DocumentIndex([
        DocumentRef(d.id, d.file.name, d.country.id, d.country.name, d.country.flag, d.slug, urls.api(f"documents/{d.id}"))
        for c in data.countries
        for d in data.docs_by_country[c.id]
    ])


def print_sheets(data: Data) -> PrintSheets:
    return PrintSheets([convert(sheet, PrintSheetOut) for sheet in data.print_sheets])
