"""The CSV tables (one row per document, one per portal) and their Frictionless Data descriptor.

The columns come from the JSON Schema of the records, in its order, so a field added to the view
model becomes a column with no code here: a number, text, flag or date is one column; an object of
such values (a range, a pixel size) one column per member, named `field.member`; a list of texts
one column, its items joined by " | ". What is not flat (sources, child rules, the head guides)
stays in the JSON only."""

from __future__ import annotations

import csv
import hashlib
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

SEPARATOR = " | "
FRICTIONLESS_TYPES = {"string": "string", "integer": "integer", "number": "number", "boolean": "boolean"}


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    path: tuple[str, ...]  # where the value sits in a record
    type: str  # Frictionless: string, integer, number, boolean, date
    joined: bool = False  # a list of texts, joined by SEPARATOR
    description: str = ""


def columns(schema: dict[str, Any], type_name: str) -> list[Column]:
    defs = schema["$defs"]
    found = []
    for key, prop in defs[type_name]["properties"].items():
        node = _not_null(prop)
        scalar = _scalar(node)
        description = " ".join(str(prop.get("description", "")).split())
        if scalar:
            found.append(Column(key, (key,), scalar, description=description))
        elif node.get("type") == "array" and _scalar(_not_null(node.get("items", {}))) == "string":
            found.append(Column(key, (key,), "string", joined=True, description=f"items separated by '{SEPARATOR}'"))
        elif "$ref" in node:
            members = defs[node["$ref"].rsplit("/", 1)[1]].get("properties", {})
            kinds = {member: _scalar(_not_null(sub)) for member, sub in members.items()}
            if members and all(kinds.values()):
                found += [Column(f"{key}.{member}", (key, member), str(kind)) for member, kind in kinds.items()]
    return found


def _not_null(node: dict[str, Any]) -> dict[str, Any]:
    options = [option for option in node.get("anyOf", [node]) if option.get("type") != "null"]
    return options[0] if len(options) == 1 else node


def _scalar(node: dict[str, Any]) -> str | None:
    if node.get("type") == "string" and node.get("format") == "date":
        return "date"
    return FRICTIONLESS_TYPES.get(str(node.get("type")))


def csv_bytes(records: Iterable[Mapping[str, Any]], cols: list[Column]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")  # RFC 4180's line ends
    writer.writerow([c.name for c in cols])
    for record in records:
        writer.writerow([_cell(record, c) for c in cols])
    return out.getvalue().encode("utf-8")


def _cell(record: Mapping[str, Any], column: Column) -> str:
    value: Any = record
    for step in column.path:
        value = value.get(step) if isinstance(value, Mapping) else None
    if value is None:
        return ""
    if column.joined:
        return SEPARATOR.join(str(item) for item in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def resource(name: str, file_name: str, body: bytes, cols: list[Column], title: str, primary_key: str) -> dict[str, Any]:
    fields = [{"name": c.name, "type": c.type, **({"description": c.description} if c.description else {})} for c in cols]
    return {
        "name": name,
        "title": title,
        "path": file_name,
        "profile": "tabular-data-resource",
        "format": "csv",
        "mediatype": "text/csv",
        "encoding": "utf-8",
        "bytes": len(body),
        "hash": f"sha256:{hashlib.sha256(body).hexdigest()}",
        "dialect": {"delimiter": ",", "doubleQuote": True, "header": True, "lineTerminator": "\r\n"},
        "schema": {"fields": fields, "primaryKey": [primary_key], "missingValues": [""]},
    }
