"""The dataset as MCP resources, resource templates, completions and prompts, pre-encoded.

A resource's URI is the stable URL of its JSON on the site (GET it and you get the same
bytes): every document, every country, every portal, the ICAO baseline and the print sheets.
"""

from __future__ import annotations

import bisect
from typing import Any

import msgspec
from photospecs.catalog import Catalog
from photospecs.dataset import Doc, alias_key

encode = msgspec.json.Encoder().encode
JSON_TYPE = "application/json"
PAGE_SIZE = 100
MAX_COMPLETIONS = 100  # the protocol's own cap on completion values
RESOURCE_NOT_FOUND = -32002  # the handshake revisions' code; 2026-07-28 (SEP-2164) uses -32602
INVALID_PARAMS = -32602


class NotFound(Exception):
    """No resource, template argument or prompt by that name: an invalid-params error."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        self.code, self.message, self.data = code, message, data


class Resources:
    def __init__(self, catalog: Catalog, cache_seconds: int) -> None:
        urls, data = catalog.urls, catalog.data
        self._hints = {"ttlMs": cache_seconds * 1000, "cacheScope": "public", "resultType": "complete"}
        entries: list[dict[str, Any]] = []
        bodies: dict[str, bytes] = {}

        def add(uri: str, name: str, title: str, description: str, body: bytes) -> None:
            entries.append({"uri": uri, "name": name, "title": title, "description": description, "mimeType": JSON_TYPE, "size": len(body)})
            bodies[uri] = body

        for country in data.countries:
            body = catalog.specs[country.id, False].identity
            add(urls.country_json(country.id), country.id, f"{country.name}: every document", f"Photo specifications of every {country.name} document", body)
            for doc in data.docs_by_country[country.id]:
                add(urls.api(f"documents/{doc.id}"), doc.id, f"{country.name} {doc.file.name} photo", _describe(doc), catalog.resources[f"/api/documents/{doc.id}"].identity)
        for portal in data.portals.values():
            add(urls.api(f"portals/{portal.id}"), portal.id, portal.name, "The portal's own file and pixel limits", catalog.resources[f"/api/portals/{portal.id}"].identity)
        add(urls.api("icao"), "icao", data.icao.name, "The international portrait baseline national rules overlay", catalog.resources["/api/icao"].identity)
        add(urls.api("print-sheets"), "print-sheets", "Print sheets", "Paper sizes a photo is laid out on for printing", catalog.resources["/api/print-sheets"].identity)

        pages = [entries[i : i + PAGE_SIZE] for i in range(0, len(entries), PAGE_SIZE)]
        self._pages: dict[tuple[str | None, bool], bytes] = {}
        for number, page in enumerate(pages):
            result: dict[str, Any] = {"resources": page}
            if number + 1 < len(pages):
                result["nextCursor"] = f"page-{number + 1}"
            cursor = None if number == 0 else f"page-{number}"
            self._pages[cursor, False] = encode(result)
            self._pages[cursor, True] = encode({**result, **self._hints})
        self._reads = {
            (uri, modern): encode({"contents": [{"uri": uri, "mimeType": JSON_TYPE, "text": body.decode()}], **(self._hints if modern else {})})
            for uri, body in bodies.items()
            for modern in (False, True)
        }
        templates = [
            {"uriTemplate": urls.api("documents/{document}"), "name": "document", "title": "One document's full photo spec",
             "description": "Size, pixels, background, head geometry, rules, portals and sources of one document", "mimeType": JSON_TYPE},
            {"uriTemplate": f"{urls.site}/api/specs?country={{country}}", "name": "country", "title": "One country's documents",
             "description": "Every document of one country, in the shape of GET /api/specs", "mimeType": JSON_TYPE},
            {"uriTemplate": urls.api("portals/{portal}"), "name": "portal", "title": "One upload portal's limits",
             "description": "File size, pixel, format and other limits a government upload portal enforces", "mimeType": JSON_TYPE},
        ]
        self._templates = {False: encode({"resourceTemplates": templates}), True: encode({"resourceTemplates": templates, **self._hints})}
        self._completion_index = _completion_index(catalog)
        self._prompts = Prompts(catalog, self._hints)

    def prebuilt(self) -> list[bytes]:
        return [*self._pages.values(), *self._reads.values(), *self._templates.values()]

    def list(self, cursor: Any, modern: bool) -> bytes:
        found = self._pages.get((cursor, modern)) if cursor is None or isinstance(cursor, str) else None
        if found is None:
            raise NotFound(INVALID_PARAMS, "Invalid params: unknown cursor")
        return found

    def templates(self, modern: bool) -> bytes:
        return self._templates[modern]

    def read(self, uri: Any, modern: bool) -> bytes:
        found = self._reads.get((uri, modern)) if isinstance(uri, str) else None
        if found is None:
            code = INVALID_PARAMS if modern else RESOURCE_NOT_FOUND
            raise NotFound(code, "Resource not found", {"uri": str(uri)[:200]})
        return found

    def complete(self, params: dict[str, Any], modern: bool) -> bytes:
        argument = params.get("argument")
        if not isinstance(argument, dict) or not isinstance(argument.get("name"), str) or not isinstance(argument.get("value", ""), str):
            raise NotFound(INVALID_PARAMS, 'Invalid params: completion needs "argument" with "name" and "value" strings')
        # An argument we have no values for completes to nothing, as the protocol allows.
        index = self._completion_index.get(argument["name"])
        values = _prefixed(index, alias_key(argument.get("value", "")[:48])) if index else []
        result = {"completion": {"values": values[:MAX_COMPLETIONS], "total": len(values), "hasMore": len(values) > MAX_COMPLETIONS}}
        return encode({**result, **self._hints} if modern else result)

    @property
    def prompts(self) -> Prompts:
        return self._prompts


def _describe(doc: Doc) -> str:
    f = doc.file
    if f.width_mm and f.height_mm:
        size = f"{f.width_mm:g} x {f.height_mm:g} mm"
    else:
        size = "size not published by the authority" if f.size_basis == "unpublished" else "taken at the office"
    return f"{doc.country.name} {f.name}: {size}"


def _completion_index(catalog: Catalog) -> dict[str, tuple[list[str], list[str]]]:
    """Per argument: sorted keys (ids, names, ISO codes, normalised) and the id each gives."""
    data = catalog.data
    pairs: dict[str, list[tuple[str, str]]] = {
        "country": sorted(data.country_aliases.items()),
        "document": sorted([(d, d) for d in data.docs] + list(data.doc_aliases.items())),
        "portal": sorted((p, p) for p in data.portals),
    }
    return {name: ([k for k, _ in items], [v for _, v in items]) for name, items in pairs.items()}


def _prefixed(index: tuple[list[str], list[str]], prefix: str) -> list[str]:
    """Distinct ids whose key starts with `prefix`: a binary search, then a bounded walk."""
    keys, ids = index
    found: list[str] = []
    for i in range(bisect.bisect_left(keys, prefix), len(keys)):
        if not keys[i].startswith(prefix) or len(found) > MAX_COMPLETIONS:
            break
        if ids[i] not in found:
            found.append(ids[i])
    return found


class Prompts:
    """A checklist a person picks from a client's menu: what to check before submitting a photo."""

    NAME = "photo_checklist"

    def __init__(self, catalog: Catalog, hints: dict[str, Any]) -> None:
        definition = {
            "name": self.NAME,
            "title": "Photo checklist for a document",
            "description": "The size, background, head, rules and upload limits to check before submitting a photo",
            "arguments": [{"name": "document", "description": "A document id, e.g. us-visa or germany-passport", "required": True}],
        }
        self._list = {False: encode({"prompts": [definition]}), True: encode({"prompts": [definition], **hints})}
        self._aliases = catalog.data.doc_aliases
        self._gets = {
            (doc.id, modern): encode({**_checklist(catalog, doc), **(hints if modern else {})})
            for doc in catalog.data.docs.values()
            for modern in (False, True)
        }

    def list(self, modern: bool) -> bytes:
        return self._list[modern]

    def get(self, params: dict[str, Any], modern: bool) -> bytes:
        if params.get("name") != self.NAME:
            raise NotFound(INVALID_PARAMS, f"Invalid params: no prompt {str(params.get('name'))[:40]!r}; the prompt is {self.NAME!r}")
        arguments = params.get("arguments") if isinstance(params.get("arguments"), dict) else {}
        document = arguments.get("document") if isinstance(arguments, dict) else None
        document = self._aliases.get(document, document) if isinstance(document, str) else None
        found = self._gets.get((document, modern)) if document else None
        if found is None:
            raise NotFound(INVALID_PARAMS, "Invalid params: give a known document id in arguments.document (completion/complete lists them)")
        return found


def _checklist(catalog: Catalog, doc: Doc) -> dict[str, Any]:
    f = doc.file
    lines = [f"Check this photo against the official rules for the {doc.country.name} {f.name} before submitting it."]
    if f.width_mm and f.height_mm:
        lines.append(f"- Size: {f.width_mm:g} x {f.height_mm:g} mm; {doc.width_px} x {doc.height_px} px at {f.dpi} dpi.")
        if f.digital_px:
            bound = "exactly" if f.digital_px.rule == "exact" else "at least"
            lines.append(f"- Digital image: {bound} {f.digital_px.width} x {f.digital_px.height} px, as the authority states.")
        lines.append(f"- Background: {f.bg_color_label} ({f.bg_color}): {f.background}.")
    elif f.size_basis == "unpublished":
        lines.append("- The authority publishes no size: ask the office or mission which size it accepts before printing.")
        lines.append(f"- Background: {f.background}.")
    else:
        lines.append("- The office takes this photo; nothing to bring. Prepare for it as below.")
    if doc.head_height_mm:
        basis = "" if doc.head_height_standard is None else f" (the authority publishes no figure; from the rule of the format: {doc.head_height_standard})"
        lines.append(f"- Head from chin to crown: {doc.head_height_mm.min:g} to {doc.head_height_mm.max:g} mm{basis}.")
    for portal_id in doc.portals:
        portal = catalog.data.portals[portal_id]
        limit = f"at most {portal.max_bytes} bytes" if portal.max_bytes else "see its limits"
        lines.append(f"- Upload through {portal.name}: {', '.join(portal.formats).upper()}, {limit}.")
    lines.extend(f"- {rule}" for rule in f.requirements)
    lines.append(f"Source: {catalog.canonical_url(doc)}")
    return {
        "description": f"Checklist for the {doc.country.name} {f.name} photo",
        "messages": [{"role": "user", "content": {"type": "text", "text": "\n".join(lines)}}],
    }
