"""check_photo as the service offers it (GET /api/check, the check_photo_measurements MCP tool):
the inputs by their JSON names and within fixed bounds, the ids resolved as the API resolves
them, and the rules read from the very view models the API serves.

A call costs a fixed, small amount whatever arrives: every text is capped, every number has a
ceiling, and check_photo does a few dozen operations on one document and one portal.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

import msgspec

from photospecs.core import photocheck
from photospecs.core.names import Names
from photospecs.core.views import Views

# Far beyond any real photo, and low enough that no number is absurd: 100,000 px on a side,
# a gigabyte, a metre.
MAX_PIXELS = 100_000
MAX_BYTES = 1_000_000_000
MAX_MM = 1_000
MAX_ID = 80
MAX_FORMAT = 16
MAX_COLOUR = 7
MAX_NUMBER_TEXT = 24  # a number in a query string: digits, a point, an exponent
_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


@dataclass(frozen=True, slots=True)
class Field:
    name: str  # as JSON, the query string and the JavaScript package spell it
    keyword: str  # check_photo's
    kind: Literal["text", "number"]
    most: int  # the largest number, or the longest text
    description: str

    def schema(self) -> dict[str, Any]:
        """Its JSON Schema, as the MCP tool's input schema and the OpenAPI parameters show it."""
        if self.kind == "number":
            return {"type": "number", "exclusiveMinimum": 0, "maximum": self.most}
        pattern = {"pattern": "^#[0-9a-fA-F]{6}$"} if self.name == "background" else {}
        return {"type": "string", "minLength": 1, "maxLength": self.most, **pattern}


FIELDS = (
    Field("document", "document", "text", MAX_ID, "Document id, e.g. us-visa (GET /api/documents lists them). Required."),
    Field("portal", "portal", "text", MAX_ID, "Upload portal id, e.g. ds-160, whose file limits apply too (GET /api/portals lists them)."),
    Field("widthPx", "width_px", "number", MAX_PIXELS, photocheck.INPUTS["width_px"]),
    Field("heightPx", "height_px", "number", MAX_PIXELS, photocheck.INPUTS["height_px"]),
    Field("bytes", "bytes", "number", MAX_BYTES, photocheck.INPUTS["bytes"]),
    Field("format", "format", "text", MAX_FORMAT, photocheck.INPUTS["format"]),
    Field("headPx", "head_px", "number", MAX_PIXELS, photocheck.INPUTS["head_px"]),
    Field("headMm", "head_mm", "number", MAX_MM, photocheck.INPUTS["head_mm"]),
    Field("eyePx", "eye_px", "number", MAX_PIXELS, photocheck.INPUTS["eye_px"]),
    Field("eyeMm", "eye_mm", "number", MAX_MM, photocheck.INPUTS["eye_mm"]),
    Field("background", "background", "text", MAX_COLOUR, photocheck.INPUTS["background"]),
)
BY_NAME = {field.name: field for field in FIELDS}


class Refused(NamedTuple):
    """Input the check cannot take: a stable code, a sentence, and close ids for an unknown one."""

    code: str  # missing_parameter, empty_parameter, parameter_too_long, not_a_number, out_of_range, unknown_document, unknown_portal, invalid_measurement
    message: str
    suggestions: list[str] = []


class Checked(NamedTuple):
    document: str  # the canonical ids the answer is for
    portal: str | None
    result: photocheck.CheckResult


def number(name: str, text: str) -> float | Refused:
    """A measurement written in a query string: a plain decimal number (no nan, inf or hex)."""
    if len(text) > MAX_NUMBER_TEXT or not _NUMBER.match(text):
        return Refused("not_a_number", f"{name} must be a number, such as 600 or 34.5.")
    value = float(text)
    return int(value) if value.is_integer() else value  # 600, not 600.0, as the JSON inputs give it


class Checker:
    """What a check reads: the view models and the names behind ids, both built once."""

    def __init__(self, views: Views, names: Names) -> None:
        self.views = views
        self.names = names

    def check(self, given: Mapping[str, object]) -> Checked | Refused:
        """`given` by JSON name (unknown names were refused or ignored by the caller), each a
        text or a number as FIELDS says."""
        bounded = _bounded(given)
        if isinstance(bounded, Refused):
            return bounded
        text = str(bounded.pop("document", ""))
        document = self.names.document(text)
        if document is None:
            return Refused("unknown_document", f"unknown document {text}", self.names.suggest_documents(text))
        portal: str | None = None
        if "portal" in bounded:
            asked = str(bounded.pop("portal"))
            portal = self.names.portal(asked)
            if portal is None:
                return Refused("unknown_portal", f"unknown portal {asked}", self.names.suggest_portals(asked))
        spec = msgspec.to_builtins(self.views.documents[document])
        limits = msgspec.to_builtins(self.views.portals[portal]) if portal is not None else None
        measures = {BY_NAME[name].keyword: value for name, value in bounded.items()}
        try:
            result = photocheck.check_photo(spec, limits, **measures)  # type: ignore[arg-type]
        except ValueError as exc:
            return Refused("invalid_measurement", str(exc))
        return Checked(document, portal, result)


def _bounded(given: Mapping[str, object]) -> dict[str, object] | Refused:
    if "document" not in given:
        return Refused("missing_parameter", "document is required: a document id such as us-visa (GET /api/documents lists them).")
    found: dict[str, object] = {}
    for field in FIELDS:
        if field.name not in given:
            continue
        value = given[field.name]
        if field.kind == "text":
            if not isinstance(value, str):
                return Refused("invalid_measurement", f"{field.name} must be a text.")
            if not value.strip():
                return Refused("empty_parameter", f"{field.name} is empty: give a value or leave it out.")
            if len(value) > field.most:
                return Refused("parameter_too_long", f"{field.name} is limited to {field.most} characters.")
        else:
            if isinstance(value, bool) or not isinstance(value, int | float):
                return Refused("not_a_number", f"{field.name} must be a number, such as 600 or 34.5.")
            if not math.isfinite(value) or value > field.most:
                return Refused("out_of_range", f"{field.name} is at most {field.most}.")
        found[field.name] = value
    return found
