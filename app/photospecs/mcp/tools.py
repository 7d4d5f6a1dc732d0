"""tools/call: check the arguments, let the tool's resolver name a result, look its bytes up.

Only a failed lookup (unknown country, document or portal) encodes anything per request.
"""

from __future__ import annotations

from typing import Any

import msgspec

from photospecs.mcp.records import BuiltTools, Encoded, Lookups, ToolError
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
        if not isinstance(value, str):
            return ToolError(f"argument {quoted(key)} must be a string", [])
    key = tool.resolve(lookups, arguments)
    return key if isinstance(key, ToolError) else tools.results[key]


def error_result(error: ToolError) -> bytes:
    """A tool-level failure as a result with isError true, so the model can read it."""
    text = encode({"error": error.message, "suggestions": error.suggestions}).decode()
    return encode_error({"content": [{"type": "text", "text": text}], "isError": True})
