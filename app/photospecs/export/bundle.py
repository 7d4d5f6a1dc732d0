"""photospecs-data.json: every document and portal in the shape the API serves them, with `meta`,
and its JSON Schema (2020-12) generated from the same Structs."""

from __future__ import annotations

import datetime
from typing import Any

import msgspec
from msgspec import Struct

from photospecs.core.views import Views
from photospecs.dataset import Data
from photospecs.wire.results import CountryRef, PhotoSpec, PortalConstraints

NAME = "photospecs-data"
LICENSE = "MIT"
LICENSE_URL = "https://opensource.org/licenses/MIT"
SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
# The schema's own names for the Structs, as the packages' types are called: a reader of the
# npm or Python package meets `Document` and `Portal`, not the server's class names.
TYPE_NAMES = {"PhotoSpec": "Document", "PortalConstraints": "Portal", "CountryRef": "Country", "ExportMeta": "Meta", "DataFile": "PhotospecsData", "ChildRuleOut": "ChildRule"}


class Counts(Struct, frozen=True):
    countries: int
    documents: int
    portals: int


class ExportMeta(Struct, rename="camel", frozen=True):
    """What the file is: the package version (dataset/README.md, "Versions"), the dataset version
    it was made from (meta.version of GET /api/specs), the counts, the day it was generated and
    the licence."""

    name: str
    version: str
    dataset_version: str
    generated: datetime.date
    counts: Counts
    license: str
    license_url: str
    site: str


class DataFile(Struct, frozen=True):
    """The whole open dataset: documents as GET /api/documents/{id}, portals as GET /api/portals/{id}."""

    meta: ExportMeta
    countries: list[CountryRef]
    documents: list[PhotoSpec]
    portals: list[PortalConstraints]


def data_file(data: Data, views: Views, version: str, generated: datetime.date, site: str) -> DataFile:
    counts = Counts(len(data.countries), len(views.documents), len(views.portals))
    meta = ExportMeta(NAME, version, data.version, generated, counts, LICENSE, LICENSE_URL, site)
    countries = [CountryRef(c.id, c.name, c.flag) for c in data.countries]
    return DataFile(meta, countries, list(views.documents.values()), list(views.portals.values()))


def encode(value: DataFile) -> bytes:
    # The server's own encoder settings (rest/build.py), so a document here decodes to what
    # /api/documents/{id} sends.
    return msgspec.json.Encoder().encode(value)


def json_schema() -> dict[str, Any]:
    schema = _renamed(msgspec.json.schema(DataFile))
    return {"$schema": SCHEMA_DIALECT, "title": "photospecs open dataset", **schema}


def _renamed(node: Any) -> Any:
    """Apply TYPE_NAMES to the $defs keys, their titles and every $ref."""
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key == "$defs":
                out[key] = {TYPE_NAMES.get(name, name): _renamed(body) for name, body in value.items()}
            elif key == "$ref":
                name = value.rsplit("/", 1)[1]
                out[key] = f"#/$defs/{TYPE_NAMES.get(name, name)}"
            elif key == "title" and isinstance(value, str):
                out[key] = TYPE_NAMES.get(value, value)
            else:
                out[key] = _renamed(value)
        return out
    if isinstance(node, list):
        return [_renamed(item) for item in node]
    return node
