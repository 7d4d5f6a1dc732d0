"""resources/*, completion/complete and prompts/*: look the pre-built answer up (mcp/resource_tables.py).

Only completions encode per request: their values depend on the prefix typed.
"""

from __future__ import annotations

import bisect
from typing import Any

import msgspec

from photospecs.dataset import alias_key
from photospecs.mcp.resource_tables import PROMPT_NAME, CompletionIndex, ResourceTables

encode = msgspec.json.Encoder().encode
MAX_COMPLETIONS = 100  # the protocol's own cap on completion values
RESOURCE_NOT_FOUND = -32002  # the handshake revisions' code; 2026-07-28 (SEP-2164) uses -32602
INVALID_PARAMS = -32602


class NotFound(Exception):
    """No resource, template argument or prompt by that name: an invalid-params error."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        self.code, self.message, self.data = code, message, data


class Resources:
    def __init__(self, tables: ResourceTables, doc_aliases: dict[str, str]) -> None:
        self._tables = tables
        self._aliases = doc_aliases  # legacy document id -> document id, for prompts/get

    def list(self, cursor: Any) -> bytes:
        found = self._tables.pages.get(cursor) if cursor is None or isinstance(cursor, str) else None
        if found is None:
            raise NotFound(INVALID_PARAMS, "Invalid params: unknown cursor")
        return found

    def templates(self) -> bytes:
        return self._tables.templates

    def read(self, uri: Any, modern: bool) -> bytes:
        found = self._tables.reads.get(uri) if isinstance(uri, str) else None
        if found is None:
            code = INVALID_PARAMS if modern else RESOURCE_NOT_FOUND
            raise NotFound(code, "Resource not found", {"uri": str(uri)[:200]})
        return found

    def complete(self, params: dict[str, Any]) -> bytes:
        argument = params.get("argument")
        if not isinstance(argument, dict) or not isinstance(argument.get("name"), str) or not isinstance(argument.get("value", ""), str):
            raise NotFound(INVALID_PARAMS, 'Invalid params: completion needs "argument" with "name" and "value" strings')
        # An argument we have no values for completes to nothing, as the protocol allows.
        index = self._tables.completions.get(argument["name"])
        values = _prefixed(index, alias_key(argument.get("value", "")[:48])) if index else []
        result = {"completion": {"values": values[:MAX_COMPLETIONS], "total": len(values), "hasMore": len(values) > MAX_COMPLETIONS}}
        return encode(result)

    def prompts(self) -> bytes:
        return self._tables.prompt_list

    def prompt(self, params: dict[str, Any]) -> bytes:
        if params.get("name") != PROMPT_NAME:
            raise NotFound(INVALID_PARAMS, f"Invalid params: no prompt {str(params.get('name'))[:40]!r}; the prompt is {PROMPT_NAME!r}")
        arguments = params.get("arguments") if isinstance(params.get("arguments"), dict) else {}
        document = arguments.get("document") if isinstance(arguments, dict) else None
        document = self._aliases.get(document, document) if isinstance(document, str) else None
        found = self._tables.prompts.get(document) if document else None
        if found is None:
            raise NotFound(INVALID_PARAMS, "Invalid params: give a known document id in arguments.document (completion/complete lists them)")
        return found


def _prefixed(index: CompletionIndex, prefix: str) -> list[str]:
    """Distinct ids whose key starts with `prefix`: a binary search, then a bounded walk."""
    keys, ids = index
    found: list[str] = []
    for i in range(bisect.bisect_left(keys, prefix), len(keys)):
        if not keys[i].startswith(prefix) or len(found) > MAX_COMPLETIONS:
            break
        if ids[i] not in found:
            found.append(ids[i])
    return found
