"""tools/call: check the arguments against the tool's schema, let the tool's resolver name a
result, look its bytes up.

Only a failed lookup (unknown country, document or portal) and the one computed tool
(check_photo_measurements, a bounded computation) encode anything per request.
"""

from __future__ import annotations

import math
from typing import Any

import msgspec

from photospecs.mcp.records import BuiltTools, Encoded, Lookups, ToolError, encoded
from photospecs.wire.errors import encode_error, quoted

encode = msgspec.json.Encoder().encode


class UnknownTool(Exception):
    """A protocol error (-32602): there is no tool by that name."""


def call(tools: BuiltTools, lookups: Lookups, name: str, arguments: Any) -> Encoded | ToolError:
    tool = tools.records.get(name)
    if tool is None:
        raise UnknownTool(name)
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        return ToolError("arguments must be an object", [])
    allowed = tools.arguments[name]
    for key, value in arguments.items():
        if key not in allowed:
            unknown = ", ".join(quoted(k) for k in sorted(k for k in arguments if k not in allowed)[:5])
            return ToolError(f"unknown argument(s): {unknown}; this tool takes: {', '.join(sorted(allowed)) or 'none'}", [])
        problem = _mismatch(key, value, allowed[key])
        if problem is not None:
            return ToolError(problem, [])
    if tool.compute is not None:
        computed = tool.compute(lookups, arguments)
        return computed if isinstance(computed, ToolError) else encoded(tool, *computed)
    assert tool.resolve is not None, name
    key = tool.resolve(lookups, arguments)
    return key if isinstance(key, ToolError) else tools.results[key]


def _mismatch(key: str, value: Any, schema: dict[str, Any]) -> str | None:
    """What is wrong with an argument's type or size, by the keywords of its schema that bound
    the work (type, maxLength, maximum); what a value means is the tool's to judge."""
    if schema.get("type") == "number":
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"argument {quoted(key)} must be a number"
        if not math.isfinite(value):
            return f"argument {quoted(key)} must be a finite number"
        if "maximum" in schema and value > schema["maximum"]:
            return f"argument {quoted(key)} must be at most {schema['maximum']}"
        return None
    if not isinstance(value, str):
        return f"argument {quoted(key)} must be a string"
    if "maxLength" in schema and len(value) > schema["maxLength"]:
        return f"argument {quoted(key)} is limited to {schema['maxLength']} characters"
    return None


def error_result(error: ToolError) -> bytes:
    """A tool-level failure as a result with isError true, so the model can read it."""
    text = encode({"error": error.message, "suggestions": error.suggestions}).decode()
    return encode_error({"content": [{"type": "text", "text": text}], "isError": True})
