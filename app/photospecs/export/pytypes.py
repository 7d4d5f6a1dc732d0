"""Python TypedDicts from the JSON Schema, for the wheel's photospecs_data.types: the JSON's own
keys (camelCase), so a record is the decoded JSON itself, typed, with no copy."""

from __future__ import annotations

import json
import keyword
from typing import Any

HEADER = '''"""The types of photospecs-data.json, generated from its JSON Schema."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict


'''


def module(schema: dict[str, Any]) -> str:
    return HEADER + "\n".join(_typed_dict(name, body) for name, body in sorted(schema["$defs"].items()))


def _typed_dict(name: str, body: dict[str, Any]) -> str:
    required = set(body.get("required", []))
    fields = [(key, type_of(prop) if key in required else f"NotRequired[{type_of(prop)}]") for key, prop in body.get("properties", {}).items()]
    doc = _docstring(body.get("description"))
    if all(key.isidentifier() and not keyword.iskeyword(key) for key, _ in fields):
        lines = [f"class {name}(TypedDict):", *doc, *(f"    {key}: {kind}" for key, kind in fields)]
        if not doc and not fields:
            lines.append("    pass")
        return "\n".join(lines) + "\n\n"
    # A key that is no Python name can only be spelled in the functional form.
    items = ", ".join(f"{json.dumps(key)}: {kind}" for key, kind in fields)
    return f"{name} = TypedDict({json.dumps(name)}, {{{items}}})\n\n"


def type_of(node: dict[str, Any]) -> str:
    if "$ref" in node:
        return str(node["$ref"].rsplit("/", 1)[1])
    if "anyOf" in node:
        return " | ".join(type_of(option) for option in node["anyOf"])
    if "enum" in node:
        return f"Literal[{', '.join(json.dumps(value) for value in node['enum'])}]"
    kind = node.get("type")
    if isinstance(kind, list):
        return " | ".join(type_of({**node, "type": one}) for one in kind)
    if kind == "array":
        return f"list[{type_of(node.get('items', {}))}]"
    if kind == "object":
        extra = node.get("additionalProperties")
        return f"dict[str, {type_of(extra)}]" if isinstance(extra, dict) else "dict[str, object]"
    return {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}.get(str(kind), "object")


def _docstring(text: str | None) -> list[str]:
    if not text:
        return []
    lines = [" ".join(line.split()) for line in text.replace("\\", "\\\\").replace('"""', "'''").strip().splitlines()]
    return ['    """' + lines[0], *(f"    {line}".rstrip() for line in lines[1:]), '    """']
