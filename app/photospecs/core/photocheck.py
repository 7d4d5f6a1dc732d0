"""Check what a caller measured on its own photo against one document's rules (and an upload
portal's limits): the reference implementation of `check_photo`.

It reads the document and the portal in their published JSON shape (GET /api/documents/{id},
GET /api/portals/{id}) as plain mappings and imports nothing but the standard library, because
this very file is copied into the exported Python package (photospecs_data), and the exported
npm package carries the same rules in JavaScript (export/files/index.cjs). tests/check_cases.json
drives all three, which must answer word for word alike.

Millimetres and pixels: a photo `height_px` tall is taken to show the document's whole frame,
`heightMm` tall, so one mm is height_px / heightMm px. Without `height_px`, a length in px is
read as the print at the document's dpi (dpi / 25.4 px a mm). A length given in mm is compared
in mm, one given in px in px (the limit converted). The eye line is measured up from the bottom
edge. For a portal that wants the photo not cropped (`uncropped`), the frame is the portal's to
cut, so head height and eye line are not checked.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any, Literal, TypedDict

MM_PER_INCH = 25.4
# Background: the mean colour may be this far (Euclidean distance in 0-255 RGB) from the
# document's colour, the photo tool's own tolerance: off-white still passes on white, pale grey
# on blue does not.
BACKGROUND_TOLERANCE = 60
# Aspect ratio: 1 % either way, so that pixel sizes rounded from mm (413 x 531 for 35 x 45 mm) pass.
ASPECT_TOLERANCE = 0.01
FORMAT_ALIASES = {"jpg": "jpeg", "jpe": "jpeg", "jfif": "jpeg", "tif": "tiff", "jpeg2000": "jp2"}
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")

DESCRIPTION = (
    "Check the measurements of your own photo against a document's photo rules and, optionally, "
    "an upload portal's file limits. The photo itself is never sent: give what you measured "
    "(width and height in px, file size in bytes, file format, head height from chin to crown and "
    "eye line above the bottom edge in px or mm, background colour as #rrggbb). Each rule answers "
    "pass, fail or unchecked (not measured) with the value, the limit and a sentence; the verdict "
    "is fail if any rule fails, incomplete if one could not be checked, else pass. A photo height_px "
    "tall is taken to show the document's whole height in mm; without it, px are read at the "
    "document's dpi."
)
# The inputs, in the words an API or tool schema can show (snake_case here, camelCase in JS and JSON).
INPUTS = {
    "document": "document id (e.g. us-passport) or its full spec",
    "portal": "upload portal id (e.g. ds-160) or its limits; optional",
    "width_px": "photo width in pixels",
    "height_px": "photo height in pixels",
    "bytes": "file size in bytes",
    "format": "file format: jpeg, png, ...",
    "head_px": "head height, chin to crown, in px",
    "head_mm": "head height, chin to crown, in mm",
    "eye_px": "eye line above the bottom edge, in px",
    "eye_mm": "eye line above the bottom edge, in mm",
    "background": "mean background colour, #rrggbb",
}

Status = Literal["pass", "fail", "unchecked"]


class Limit(TypedDict, total=False):
    min: float
    max: float
    allowed: list[str]


class RuleResult(TypedDict):
    rule: str
    status: Status
    value: float | str | None
    limit: Limit
    unit: str
    message: str


class CheckResult(TypedDict):
    verdict: Literal["pass", "fail", "incomplete"]
    rules: list[RuleResult]


def check_photo(
    document: Mapping[str, Any],
    portal: Mapping[str, Any] | None = None,
    *,
    width_px: float | None = None,
    height_px: float | None = None,
    bytes: float | None = None,
    format: str | None = None,
    head_px: float | None = None,
    head_mm: float | None = None,
    eye_px: float | None = None,
    eye_mm: float | None = None,
    background: str | None = None,
) -> CheckResult:
    """Every rule the document (and portal) sets, each pass, fail or unchecked; ValueError on
    input that cannot be a measurement (the message says which)."""
    if not isinstance(document, Mapping) or not isinstance(document.get("id"), str):
        raise ValueError("a document is required")
    if portal is not None and document["id"] not in portal.get("documents", []):
        raise ValueError(f"portal {portal.get('id')} does not take document {document['id']}")
    for value, what in ((width_px, "width"), (height_px, "height"), (bytes, "file size"), (head_px, "head height"),
                        (head_mm, "head height"), (eye_px, "eye line"), (eye_mm, "eye line")):
        if value is not None and not _positive(value):
            raise ValueError(f"the {what} must be a positive number")
    if head_px is not None and head_mm is not None:
        raise ValueError("the head height is given twice, in px and in mm: give one")
    if eye_px is not None and eye_mm is not None:
        raise ValueError("the eye line is given twice, in px and in mm: give one")
    if background is not None and (not isinstance(background, str) or not _COLOUR.match(background)):
        raise ValueError("the background must be a colour written #rrggbb")
    if format is not None and (not isinstance(format, str) or not format.strip()):
        raise ValueError("the format must be a file type such as jpeg")

    rules: list[RuleResult] = []
    rules += _pixels(document, portal, width_px, height_px)
    rules += _aspect(document, portal, width_px, height_px)
    if portal is not None:
        rules += _file(portal, bytes, format)
    if portal is None or not portal.get("uncropped"):
        rules += _geometry(document, height_px, head_px, head_mm, eye_px, eye_mm)
    rules += _background(document, background)
    statuses = {rule["status"] for rule in rules}
    verdict: Literal["pass", "fail", "incomplete"] = (
        "fail" if "fail" in statuses else "incomplete" if "unchecked" in statuses or not rules else "pass"
    )
    return {"verdict": verdict, "rules": rules}


def _positive(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value) and value > 0


def _pixels(document: Mapping[str, Any], portal: Mapping[str, Any] | None, width: float | None, height: float | None) -> list[RuleResult]:
    """The pixel window: the portal's, else the digital size the authority states, else the print
    at the dpi the authority states (fewer pixels would print below it). A dpi the authority does
    not state is only our print default, so it sets no minimum."""
    low: Mapping[str, Any] | None = None
    high: Mapping[str, Any] | None = None
    source = ""
    if portal is not None and (portal.get("minPx") or portal.get("maxPx")):
        low, high, source = portal.get("minPx"), portal.get("maxPx"), "the portal"
    elif document.get("digitalPx"):
        digital = document["digitalPx"]
        low, source = digital, "the authority's digital size"
        high = digital if digital.get("rule") == "exact" else None
    elif document.get("dpiStated") and document.get("widthPx") and document.get("heightPx"):
        low = {"width": document["widthPx"], "height": document["heightPx"]}
        source = f"the print at {document['dpi']} dpi"
    if low is None and high is None:
        return []
    results = []
    for key, value, label in (("width", width, "Width"), ("height", height, "Height")):
        limit: Limit = {}
        if low is not None:
            limit["min"] = low[key]
        if high is not None:
            limit["max"] = high[key]
        results.append(_range(f"{key}-px", label, value, limit, "px", source))
    return results


def _aspect(document: Mapping[str, Any], portal: Mapping[str, Any] | None, width: float | None, height: float | None) -> list[RuleResult]:
    ratio: float | None = None
    source = ""
    if portal is not None and portal.get("aspectRatio"):
        across, down = (float(part) for part in str(portal["aspectRatio"]).split(":"))
        ratio, source = across / down, f"the portal's {portal['aspectRatio']}"
    elif portal is not None and portal.get("uncropped"):
        return []  # the portal crops the photo itself: its shape is the caller's
    elif document.get("digitalPx"):
        digital = document["digitalPx"]
        ratio, source = digital["width"] / digital["height"], f"{digital['width']} x {digital['height']} px"
    elif document.get("widthMm") and document.get("heightMm"):
        ratio, source = document["widthMm"] / document["heightMm"], f"{_number(document['widthMm'])} x {_number(document['heightMm'])} mm"
    if ratio is None:
        return []
    value = width / height if width is not None and height is not None else None
    limit: Limit = {"min": ratio * (1 - ASPECT_TOLERANCE), "max": ratio * (1 + ASPECT_TOLERANCE)}
    return [_range("aspect-ratio", "Width to height", value, limit, "", source)]


def _file(portal: Mapping[str, Any], size: float | None, kind: str | None) -> list[RuleResult]:
    results = []
    if portal.get("minBytes") is not None or portal.get("maxBytes") is not None:
        limit: Limit = {}
        if portal.get("minBytes") is not None:
            limit["min"] = portal["minBytes"]
        if portal.get("maxBytes") is not None:
            limit["max"] = portal["maxBytes"]
        results.append(_range("file-size", "File size", size, limit, "bytes", "the portal"))
    allowed = list(portal.get("formats") or [])
    if allowed:
        spelled = kind.strip().lower() if kind is not None else None
        named = FORMAT_ALIASES.get(spelled, spelled) if spelled is not None else None
        listed = ", ".join(allowed)
        if named is None:
            status: Status = "unchecked"
            message = f"File format: not measured, the portal takes {listed}."
        elif named in allowed:
            status, message = "pass", f"File format {named}: ok, the portal takes {listed}."
        else:
            status, message = "fail", f"File format {named}: not taken, the portal takes only {listed}."
        results.append({"rule": "file-format", "status": status, "value": named, "limit": {"allowed": allowed}, "unit": "", "message": message})
    return results


def _geometry(
    document: Mapping[str, Any], height_px: float | None, head_px: float | None, head_mm: float | None, eye_px: float | None, eye_mm: float | None
) -> list[RuleResult]:
    results = []
    for rule, label, field, in_px, in_mm in (
        ("head-height", "Head height (chin to crown)", "headHeightMm", head_px, head_mm),
        ("eye-line", "Eye line above the bottom edge", "eyeLineMm", eye_px, eye_mm),
    ):
        span = document.get(field)
        if not span:
            continue
        basis = document.get(field.replace("Mm", "Basis"))
        source = "the authority" if basis == "authority" else f"the rule {basis}" if basis else "the document"
        if in_px is not None:
            scale = _px_per_mm(document, height_px)
            if scale is None:
                results.append(_unmeasurable(rule, label, span))
                continue
            results.append(_range(rule, label, in_px, {"min": span["min"] * scale, "max": span["max"] * scale}, "px", source))
        else:
            results.append(_range(rule, label, in_mm, {"min": span["min"], "max": span["max"]}, "mm", source))
    return results


def _px_per_mm(document: Mapping[str, Any], height_px: float | None) -> float | None:
    if height_px is not None and document.get("heightMm"):
        return float(height_px / document["heightMm"])
    if document.get("dpi"):
        return float(document["dpi"] / MM_PER_INCH)
    return None


def _unmeasurable(rule: str, label: str, span: Mapping[str, float]) -> RuleResult:
    limit: Limit = {"min": _round(span["min"]), "max": _round(span["max"])}
    message = f"{label}: given in px, but the document has no size to convert px to mm; give it in mm."
    return {"rule": rule, "status": "unchecked", "value": None, "limit": limit, "unit": "mm", "message": message}


def _background(document: Mapping[str, Any], colour: str | None) -> list[RuleResult]:
    wanted = document.get("bgColor")
    if not wanted:
        return []
    label = str(document.get("bgColorLabel") or wanted).lower()
    limit: Limit = {"max": BACKGROUND_TOLERANCE}
    if colour is None:
        message = f"Background: not measured, {label} ({wanted}) required."
        return [{"rule": "background", "status": "unchecked", "value": None, "limit": limit, "unit": "", "message": message}]
    given = colour.lower()
    distance = math.sqrt(sum((int(given[i : i + 2], 16) - int(wanted[i : i + 2], 16)) ** 2 for i in (1, 3, 5)))
    if distance <= BACKGROUND_TOLERANCE:
        status: Status = "pass"
        message = f"Background {given}: ok, {_number(distance)} from {label} ({wanted}), at most {BACKGROUND_TOLERANCE} allowed."
    else:
        status = "fail"
        message = f"Background {given}: too far, {_number(distance)} from {label} ({wanted}), at most {BACKGROUND_TOLERANCE} allowed."
    return [{"rule": "background", "status": status, "value": _round(distance), "limit": limit, "unit": "", "message": message}]


def _range(rule: str, label: str, value: float | None, limit: Limit, unit: str, source: str) -> RuleResult:
    """A number against a minimum, a maximum or both, in one wording for every rule."""
    low, high = limit.get("min"), limit.get("max")
    shown: Limit = {}
    if low is not None:
        shown["min"] = _round(low)
    if high is not None:
        shown["max"] = _round(high)
    suffix = f" {unit}" if unit else ""
    if low is not None and high is not None:
        wanted = f"{_number(low)}{suffix}" if _round(low) == _round(high) else f"{_number(low)} to {_number(high)}{suffix}"
    elif low is not None:
        wanted = f"at least {_number(low)}{suffix}"
    else:
        wanted = f"at most {_number(high or 0)}{suffix}"
    if value is None:
        status: Status = "unchecked"
        message = f"{label}: not measured, {wanted} required ({source})."
    else:
        below = low is not None and value < low - 1e-9
        above = high is not None and value > high + 1e-9
        status = "fail" if below or above else "pass"
        how = "too small" if below else "too large" if above else "ok"
        message = f"{label} {_number(value)}{suffix}: {how}, {wanted} required ({source})."
    return {"rule": rule, "status": status, "value": None if value is None else _round(value), "limit": shown, "unit": unit, "message": message}


def _round(value: float) -> float:
    # Half up at three decimals, the same operations as JavaScript's Math.floor, so both
    # implementations print the same digits.
    rounded = math.floor(value * 1000 + 0.5) / 1000
    return int(rounded) if rounded == int(rounded) else rounded


def _number(value: float) -> str:
    return str(_round(value))
