"""Every file of the open dataset, made in memory from the API's own view models: what
`photospecs export` writes to a folder and what the server publishes under /api/dataset.

A pure function of the dataset, the site URL and the day given, so the two are the same bytes.
"""

from __future__ import annotations

import datetime
import importlib.resources
import json
from dataclasses import dataclass
from typing import Any

import msgspec

from photospecs.core.views import Views
from photospecs.dataset import Data
from photospecs.export import citation, npm, pytypes, tables, typescript, wheel
from photospecs.export.bundle import NAME, data_file, encode, json_schema
from photospecs.export.templates import FILES, template
from photospecs.export.version import package_version

SUMMARY = "Passport, visa and ID photo specifications by country, with check_photo"
PHOTOCHECK = importlib.resources.files("photospecs.core") / "photocheck.py"


# What each file is, by how its name ends (first match): its media type and a line for a reader.
ABOUT = (
    (".schema.json", "application/schema+json", "The JSON Schema (2020-12) of the JSON file, from the same Structs"),
    ("datapackage.json", "application/json", "The Frictionless Data descriptor of the two CSV files"),
    (".json", "application/json", "Every document as GET /api/documents/{id} sends it and every portal as GET /api/portals/{id}, with meta"),
    ("portals.csv", "text/csv; charset=utf-8; header=present", "One row per upload portal: its file and pixel limits"),
    (".csv", "text/csv; charset=utf-8; header=present", "One row per document: the flat facts"),
    (".cff", "application/yaml", "How to cite the dataset (Citation File Format 1.2.0)"),
    (".whl", "application/zip", "The Python package: the records, their types and check_photo; no dependencies"),
    (".tgz", "application/gzip", "The npm package: the records, TypeScript declarations and checkPhoto"),
)


def about(name: str) -> tuple[str, str]:
    """A file's media type and description."""
    return next((media, text) for end, media, text in ABOUT if name.endswith(end))


@dataclass(frozen=True, slots=True)
class Published:
    version: str  # the packages' version (export/version.py)
    generated: datetime.date
    files: dict[str, bytes]  # file name -> its bytes, in the order they are listed


def dataset_day(data: Data) -> datetime.date:
    """The dataset's latest check date (the first part of its version): the `generated` day of
    the files the server publishes, so that a restart makes the same bytes."""
    return datetime.date.fromisoformat(data.version.partition("-")[0].replace(".", "-"))


def published(data: Data, views: Views, site: str, generated: datetime.date) -> Published:
    version = package_version(data.version)
    body = encode(data_file(data, views, version, generated, site))
    schema = json_schema()
    records: dict[str, Any] = json.loads(body)
    files = {
        f"{NAME}.json": body,
        f"{NAME}.schema.json": msgspec.json.format(msgspec.json.encode(schema), indent=2) + b"\n",
        **_tables(schema, records, version),
        "CITATION.cff": citation.citation(version, generated, site).encode(),
    }
    licence = (FILES / "LICENSE").read_text(encoding="utf-8")
    readme = template("README.md", version=version, dataset_version=data.version, generated=generated.isoformat(),
                      documents=str(len(views.documents)), countries=str(len(data.countries)), portals=str(len(views.portals)))
    files.update([_wheel(version, body, schema, readme, licence)])
    declarations = typescript.declarations(schema) + template("api.d.ts")
    files.update([npm.tarball(version, SUMMARY, body, declarations, readme, licence)])
    return Published(version, generated, files)


def _tables(schema: dict[str, Any], records: dict[str, Any], version: str) -> dict[str, bytes]:
    names = {country["id"]: country["name"] for country in records["countries"]}
    document_columns = tables.columns(schema, "Document")
    at = next(i for i, c in enumerate(document_columns) if c.name == "country") + 1
    document_columns.insert(at, tables.Column("countryName", ("countryName",), "string", description="the country's name"))
    documents = [{**record, "countryName": names[record["country"]]} for record in records["documents"]]
    portal_columns = tables.columns(schema, "Portal")
    csvs = {
        f"{NAME}.csv": tables.csv_bytes(documents, document_columns),
        "photospecs-portals.csv": tables.csv_bytes(records["portals"], portal_columns),
    }
    (documents_csv, documents_body), (portals_csv, portals_body) = csvs.items()
    meta = records["meta"]
    descriptor = {
        "profile": "tabular-data-package",
        "name": NAME,
        "title": "photospecs: passport, visa and ID photo specifications",
        "version": version,
        "created": f"{meta['generated']}T00:00:00Z",
        "licenses": [{"name": "MIT", "path": meta["licenseUrl"], "title": "MIT License"}],
        "homepage": meta["site"],
        "resources": [
            tables.resource("documents", documents_csv, documents_body, document_columns, "Documents: one photo specification each", "id"),
            tables.resource("portals", portals_csv, portals_body, portal_columns, "Upload portals: file and pixel limits", "id"),
        ],
    }
    return {**csvs, "datapackage.json": json.dumps(descriptor, indent=2, ensure_ascii=False).encode() + b"\n"}


def _wheel(version: str, body: bytes, schema: dict[str, Any], readme: str, licence: str) -> tuple[str, bytes]:
    package = "photospecs_data"
    files = {
        f"{package}/__init__.py": template("python_init.py.txt", version=version).encode(),
        f"{package}/_check.py": PHOTOCHECK.read_bytes(),  # the reference itself, so the rules cannot drift
        f"{package}/types.py": pytypes.module(schema).encode(),
        f"{package}/py.typed": b"",
        f"{package}/photospecs-data.json": body,
    }
    metadata = wheel.metadata(NAME, version, SUMMARY, readme, "LICENSE")
    return wheel.wheel(NAME, version, files, metadata, licence.encode())
