"""The shapes REST sends: the contract's Document, Country, Dataset wrapper and comparisons, and errors."""

from __future__ import annotations

from msgspec import Struct

DATASET_NAME = "Passport, visa and ID photo specifications"
LICENSE_URL = "https://opensource.org/licenses/MIT"
SCHEMA_ORG = "https://schema.org"


class Document(Struct, rename="camel", frozen=True):
    """A document format exactly as the contract lists it: twelve fields, nothing more, taken from
    the document's PhotoSpec by name (rest.build.document_wire)."""

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
    """Counts computed from the data, never written by hand, and the dataset's version, which
    changes whenever any fact changes (dataset/CHANGELOG.md says what changed)."""

    countries: int
    documents: int
    version: str


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


class DatasetFile(Struct, rename="camel", frozen=True):
    """One file of the open dataset: `url` carries the file's hash, so it may be cached for good."""

    name: str
    url: str
    media_type: str
    bytes: int
    sha256: str
    description: str


class DatasetIndex(Struct, rename="camel", frozen=True):
    """GET /api/dataset: the open dataset's current version and its files. `version` is the
    packages' (MAJOR.YYYYMMDD.N), `datasetVersion` the dataset's (meta.version of /api/specs),
    `generated` the dataset's latest check date, which the files carry as their day."""

    name: str
    version: str
    dataset_version: str
    generated: str
    license: str
    license_url: str
    files: list[DatasetFile]
