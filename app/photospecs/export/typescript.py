"""TypeScript declarations from the JSON Schema: one interface per type, written here rather than
by an npm tool, so that the same schema always gives the same bytes and export needs no network."""

from __future__ import annotations

import json
from typing import Any


def declarations(schema: dict[str, Any]) -> str:
    blocks = [_interface(name, body) for name, body in sorted(schema["$defs"].items())]
    return "// The records of photospecs-data.json, generated from photospecs-data.schema.json.\n\n" + "\n".join(blocks)


def _interface(name: str, body: dict[str, Any]) -> str:
    required = set(body.get("required", []))
    lines = [*_comment(body.get("description"), ""), f"export interface {name} {{"]
    for key, prop in body.get("properties", {}).items():
        optional = "" if key in required else "?"
        lines += _comment(prop.get("description"), "  ")
        lines.append(f"  readonly {_key(key)}{optional}: {type_of(prop)};")
    lines.append("}\n")
    return "\n".join(lines)


def type_of(node: dict[str, Any]) -> str:
    if "$ref" in node:
        return str(node["$ref"].rsplit("/", 1)[1])
    if "anyOf" in node:
        return " | ".join(type_of(option) for option in node["anyOf"])
    if "enum" in node:
        return " | ".join(json.dumps(value) for value in node["enum"])
    kind = node.get("type")
    if isinstance(kind, list):
        return " | ".join(type_of({**node, "type": one}) for one in kind)
    if kind == "array":
        item = type_of(node.get("items", {}))
        return f"ReadonlyArray<{item}>"
    if kind == "object":
        extra = node.get("additionalProperties")
        return f"Readonly<Record<string, {type_of(extra)}>>" if isinstance(extra, dict) else "Readonly<Record<string, unknown>>"
    return {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "null": "null"}.get(str(kind), "unknown")


def _key(key: str) -> str:
    return key if key.replace("_", "a").isalnum() and not key[0].isdigit() else json.dumps(key)


def _comment(text: str | None, indent: str) -> list[str]:
    if not text:
        return []
    lines = [" ".join(line.split()) for line in text.replace("*/", "* /").strip().splitlines()]
    return [f"{indent}/**", *(f"{indent} * {line}".rstrip() for line in lines), f"{indent} */"]
