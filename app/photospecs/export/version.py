"""The packages' version, from the dataset's: MAJOR.YYYYMMDD.N.

The dataset version (loader._version) is the latest check date and a hash of the decoded facts,
so it changes whenever a fact does. A package version must be plain numbers for npm (semver) and
PyPI (PEP 440) alike: the date becomes the minor number (a recheck raises it) and the hash, read
as a number, the patch (a fact changed on the same check date still gives a new version). MAJOR
is the number of field sets in files/fields.json: a field the exported shape no longer has needs
a new entry there, that is a new major version (dataset/README.md, "Versions")."""

from __future__ import annotations

import importlib.resources
import json
from typing import Any

FIELDS = importlib.resources.files("photospecs.export") / "files" / "fields.json"


def promised() -> dict[str, dict[str, list[str]]]:
    """Major version -> the fields of every type that version promises."""
    loaded: dict[str, dict[str, list[str]]] = json.loads(FIELDS.read_text())
    return loaded


def major() -> int:
    return max(int(key) for key in promised())


def package_version(dataset_version: str) -> str:
    date, _, digest = dataset_version.partition("-")
    return f"{major()}.{date.replace('.', '')}.{int(digest, 16)}"


def schema_fields(schema: dict[str, Any]) -> dict[str, list[str]]:
    """Each type of the JSON Schema and its property names: what fields.json records."""
    return {name: sorted(body.get("properties", {})) for name, body in sorted(schema["$defs"].items())}
