"""The JSON bodies of the REST API, built once from the view models: the contract's shapes
(/api/specs, /api/comparisons) and the full ones (/api/documents, /api/portals, /api/print-sheets,
/api/icao), and the open dataset's files (rest/dataset.py)."""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from photospecs.core.checking import Checker
from photospecs.core.names import Names
from photospecs.core.search import Search
from photospecs.core.views import Views, convert, icao_baseline
from photospecs.dataset import Data
from photospecs.dataset.schema import ComparisonFile, CountryFile
from photospecs.http.encoded import JSON, Prepared, prepare
from photospecs.paths import at
from photospecs.rest.dataset import DatasetSlice, Release, build_dataset
from photospecs.urls import Urls
from photospecs.wire.rest import (
    DATASET_NAME,
    LICENSE_URL,
    SCHEMA_ORG,
    Comparison,
    Comparisons,
    Country,
    Dataset,
    Document,
    RawSpecs,
    SpecsMeta,
)
from photospecs.wire.results import DocumentIndex, DocumentRef, PhotoSpec, PrintSheetOut, PrintSheets

encode = msgspec.json.Encoder().encode


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
        DocumentRef(d.id, d.file.name, d.country.id, d.country.name, d.country.flag, d.slug, urls.path("document", d.id))
        for c in data.countries
        for d in data.docs_by_country[c.id]
    ])


def print_sheets(data: Data) -> PrintSheets:
    return PrintSheets([convert(sheet, PrintSheetOut) for sheet in data.print_sheets])


@dataclass(frozen=True, slots=True)
class Rest:
    """Everything the JSON API answers, encoded once; the names and the search index are the
    core's, shared with the other protocols."""

    specs: dict[tuple[str | None, bool], Prepared]  # (country id or None, raw) -> /api/specs
    comparisons: dict[str | None, Prepared]  # competitor id or None -> /api/comparisons
    resources: dict[str, Prepared]  # path -> JSON with no query: documents, portals, print sheets, ICAO
    country_ids: list[str]
    names: Names  # aliases of ids -> the ids (redirects), and close ids for a miss
    search: Search  # GET /api/search, ranked per request
    checker: Checker  # GET /api/check, computed per request
    dataset: DatasetSlice  # GET /api/dataset and its files
    cache_control: bytes


def build(
    data: Data, urls: Urls, views: Views, names: Names, search: Search, checker: Checker, release: Release, cache_control: bytes
) -> Rest:
    """`release` is the open dataset's files, made above the protocols (export/published.py)."""
    def json(value: object) -> Prepared:
        return prepare(encode(value), JSON, cache_control)

    countries = {c.id: country_wire(c, [views.documents[d.id] for d in data.docs_by_country[c.id]]) for c in data.countries}
    specs = {
        (key, raw): json(specs_body(selection, raw, data.version))
        for key, selection in [(None, list(countries.values())), *((cid, [c]) for cid, c in countries.items())]
        for raw in (False, True)
    }
    wire = [comparison_wire(c, urls) for c in data.comparisons]
    comparisons: dict[str | None, Prepared] = {None: json(Comparisons(wire)), **{item.id: json(Comparisons([item])) for item in wire}}
    resources = {
        at("documents"): json(document_index(data, urls)),
        at("portals"): json({"portals": list(views.portals.values())}),
        at("print-sheets"): json(print_sheets(data)),
        at("icao"): json(icao_baseline(data.icao)),
        **{at("document", key): json(spec) for key, spec in views.documents.items()},
        **{at("portal", key): json(portal) for key, portal in views.portals.items()},
    }
    dataset = build_dataset(release, urls, cache_control)
    return Rest(specs, comparisons, resources, list(countries), names, search, checker, dataset, cache_control)
