"""`photospecs export OUTDIR`: every file of the open dataset, from the API's own view models."""

from __future__ import annotations

import datetime
import importlib.resources
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from photospecs.core.views import build_views
from photospecs.dataset import Data
from photospecs.export import citation, npm, pytypes, tables, typescript, wheel
from photospecs.export.bundle import NAME, data_file, encode, json_schema
from photospecs.export.templates import FILES, template
from photospecs.export.version import package_version
from photospecs.urls import Urls

SUMMARY = "Passport, visa and ID photo specifications by country, with check_photo"
PHOTOCHECK = importlib.resources.files("photospecs.core") / "photocheck.py"


@dataclass(frozen=True, slots=True)
class Export:
    version: str
    files: list[Path]
    skipped: list[str]  # what could not be made here, and why


def export(outdir: Path, data: Data, urls: Urls, generated: datetime.date, npm_command: str | None) -> Export:
    outdir.mkdir(parents=True, exist_ok=True)
    version = package_version(data.version)
    views = build_views(data, urls)
    body = encode(data_file(data, views, version, generated, urls.site))
    schema = json_schema()
    records: dict[str, Any] = json.loads(body)
    written = [
        _write(outdir / f"{NAME}.json", body),
        _write(outdir / f"{NAME}.schema.json", msgspec.json.format(msgspec.json.encode(schema), indent=2) + b"\n"),
    ]
    written += _tables(outdir, schema, records, version)
    written.append(_write(outdir / "CITATION.cff", citation.citation(version, generated, urls.site).encode()))
    licence = (FILES / "LICENSE").read_text(encoding="utf-8")
    readme = template("README.md", version=version, dataset_version=data.version, generated=generated.isoformat(),
                      documents=str(len(views.documents)), countries=str(len(data.countries)), portals=str(len(views.portals)))
    written.append(_wheel(outdir, version, body, schema, readme, licence))
    skipped = []
    if npm_command is None:
        skipped.append(f"{NAME}-{version}.tgz: npm is not installed here")
    else:
        declarations = typescript.declarations(schema) + template("api.d.ts")
        written.append(npm.pack(npm_command, outdir, version, SUMMARY, body, declarations, readme, licence))
    return Export(version, written, skipped)


def _write(path: Path, body: bytes) -> Path:
    path.write_bytes(body)
    return path


def _tables(outdir: Path, schema: dict[str, Any], records: dict[str, Any], version: str) -> list[Path]:
    names = {country["id"]: country["name"] for country in records["countries"]}
    document_columns = tables.columns(schema, "Document")
    at = next(i for i, c in enumerate(document_columns) if c.name == "country") + 1
    document_columns.insert(at, tables.Column("countryName", ("countryName",), "string", description="the country's name"))
    documents = [{**record, "countryName": names[record["country"]]} for record in records["documents"]]
    portal_columns = tables.columns(schema, "Portal")
    paths = [
        _write(outdir / f"{NAME}.csv", tables.csv_bytes(documents, document_columns)),
        _write(outdir / "photospecs-portals.csv", tables.csv_bytes(records["portals"], portal_columns)),
    ]
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
            tables.resource("documents", paths[0], document_columns, "Documents: one photo specification each", "id"),
            tables.resource("portals", paths[1], portal_columns, "Upload portals: file and pixel limits", "id"),
        ],
    }
    return [*paths, _write(outdir / "datapackage.json", json.dumps(descriptor, indent=2, ensure_ascii=False).encode() + b"\n")]


def _wheel(outdir: Path, version: str, body: bytes, schema: dict[str, Any], readme: str, licence: str) -> Path:
    package = "photospecs_data"
    files = {
        f"{package}/__init__.py": template("python_init.py.txt", version=version).encode(),
        f"{package}/_check.py": PHOTOCHECK.read_bytes(),  # the reference itself, so the rules cannot drift
        f"{package}/types.py": pytypes.module(schema).encode(),
        f"{package}/py.typed": b"",
        f"{package}/photospecs-data.json": body,
    }
    metadata = wheel.metadata(NAME, version, SUMMARY, readme, "LICENSE")
    return wheel.write_wheel(outdir, NAME, version, files, metadata, licence.encode())
