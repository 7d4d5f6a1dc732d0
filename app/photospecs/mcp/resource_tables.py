"""The dataset as MCP resources, resource templates, completion indexes and a prompt, pre-encoded.

A resource's URI is the stable URL of its JSON on the site (GET it and you get the same
bytes): every document, every country, every portal, the ICAO baseline and the print sheets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from photospecs.core.views import Views, size_text
from photospecs.dataset import Data, Doc
from photospecs.http.encoded import Prepared
from photospecs.paths import at
from photospecs.urls import Urls
from photospecs.wire.results import PhotoSpec

encode = msgspec.json.Encoder().encode
JSON_TYPE = "application/json"
PAGE_SIZE = 100  # resources per resources/list page
PROMPT_NAME = "photo_checklist"

CompletionIndex = tuple[list[str], list[str]]  # sorted keys, and the id each key gives


@dataclass(frozen=True, slots=True)
class ResourceTables:
    """Every resources/*, completion and prompts/* answer that does not depend on the request,
    in the handshake revisions' shape (a 2026-07-28 reply adds its cache hints as it is written:
    server.ServerBodies.modern_ends)."""

    pages: dict[str | None, bytes]  # cursor -> resources/list page
    reads: dict[str, bytes]  # uri -> resources/read result
    templates: bytes  # resources/templates/list
    completions: dict[str, CompletionIndex]  # argument name -> its values
    prompt_list: bytes  # prompts/list
    prompts: dict[str, bytes]  # document id -> prompts/get result

    def prebuilt(self) -> list[bytes]:
        """The results worth deflating once: the large ones among them."""
        return [*self.pages.values(), *self.reads.values(), self.templates]


def build_resources(
    data: Data, urls: Urls, views: Views, specs: dict[tuple[str | None, bool], Prepared], rest: dict[str, Prepared]
) -> ResourceTables:
    """`specs` and `rest` are the REST bodies (by country and raw flag; by path) that resources
    serve unchanged."""
    entries: list[dict[str, Any]] = []
    bodies: dict[str, bytes] = {}

    def add(uri: str, name: str, title: str, description: str, body: bytes) -> None:
        entries.append({"uri": uri, "name": name, "title": title, "description": description, "mimeType": JSON_TYPE, "size": len(body)})
        bodies[uri] = body

    for country in data.countries:
        add(urls.country_json(country.id), country.id, f"{country.name}: every document", f"Photo specifications of every {country.name} document", specs[country.id, False].identity)
        for doc in data.docs_by_country[country.id]:
            add(urls.path("document", doc.id), doc.id, f"{country.name} {doc.file.name} photo", _describe(doc, views.documents[doc.id]), rest[at("document", doc.id)].identity)
    for portal in data.portals.values():
        add(urls.path("portal", portal.id), portal.id, portal.name, "The portal's own file and pixel limits", rest[at("portal", portal.id)].identity)
    add(urls.path("icao"), "icao", data.icao.name, "The international portrait baseline national rules overlay", rest[at("icao")].identity)
    add(urls.path("print-sheets"), "print-sheets", "Print sheets", "Paper sizes a photo is laid out on for printing", rest[at("print-sheets")].identity)

    definition = {
        "name": PROMPT_NAME,
        "title": "Photo checklist for a document",
        "description": "The size, background, head, rules and upload limits to check before submitting a photo",
        "arguments": [{"name": "document", "description": "A document id, e.g. us-visa or germany-passport", "required": True}],
    }
    pages = [entries[i : i + PAGE_SIZE] for i in range(0, len(entries), PAGE_SIZE)]
    return ResourceTables(
        pages={None if number == 0 else f"page-{number}": _page(number, page, number + 1 < len(pages)) for number, page in enumerate(pages)},
        reads={uri: encode({"contents": [{"uri": uri, "mimeType": JSON_TYPE, "text": content.decode()}]}) for uri, content in bodies.items()},
        templates=encode({"resourceTemplates": _templates(urls)}),
        completions=_completion_index(data),
        prompt_list=encode({"prompts": [definition]}),
        prompts={doc.id: encode(_checklist(data, urls, doc, views.documents[doc.id])) for doc in data.docs.values()},
    )


def _page(number: int, page: list[dict[str, Any]], more: bool) -> bytes:
    result: dict[str, Any] = {"resources": page}
    if more:
        result["nextCursor"] = f"page-{number + 1}"
    return encode(result)


def _templates(urls: Urls) -> list[dict[str, str]]:
    return [
        {"uriTemplate": urls.path("document", "{document}"), "name": "document", "title": "One document's full photo spec",
         "description": "Size, pixels, background, head geometry, rules, portals and sources of one document", "mimeType": JSON_TYPE},
        {"uriTemplate": urls.country_json("{country}"), "name": "country", "title": "One country's documents",
         "description": "Every document of one country, in the shape of GET /api/specs", "mimeType": JSON_TYPE},
        {"uriTemplate": urls.path("portal", "{portal}"), "name": "portal", "title": "One upload portal's limits",
         "description": "File size, pixel, format and other limits a government upload portal enforces", "mimeType": JSON_TYPE},
    ]


def _describe(doc: Doc, spec: PhotoSpec) -> str:
    return f"{doc.country.name} {doc.file.name}: {size_text(spec, 'x')}"


def _completion_index(data: Data) -> dict[str, CompletionIndex]:
    """Per argument: sorted keys (ids, names, ISO codes, normalised) and the id each gives."""
    pairs: dict[str, list[tuple[str, str]]] = {
        "country": sorted(data.country_aliases.items()),
        "document": sorted([(d, d) for d in data.docs] + list(data.doc_aliases.items())),
        "portal": sorted((p, p) for p in data.portals),
    }
    return {name: ([k for k, _ in items], [v for _, v in items]) for name, items in pairs.items()}


def _checklist(data: Data, urls: Urls, doc: Doc, spec: PhotoSpec) -> dict[str, Any]:
    """The photo_checklist prompt for one document: what to check before submitting a photo."""
    f = doc.file
    lines = [f"Check this photo against the official rules for the {doc.country.name} {f.name} before submitting it."]
    if spec.width_mm is not None and spec.height_mm is not None:
        lines.append(f"- Size: {size_text(spec, 'x')}; {spec.width_px} x {spec.height_px} px at {spec.dpi} dpi.")
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
        portal = data.portals[portal_id]
        limit = f"at most {portal.max_bytes} bytes" if portal.max_bytes else "see its limits"
        lines.append(f"- Upload through {portal.name}: {', '.join(portal.formats).upper()}, {limit}.")
    lines.extend(f"- {rule}" for rule in f.requirements)
    lines.append(f"Source: {urls.document(doc.slug)}")
    return {
        "description": f"Checklist for the {doc.country.name} {f.name} photo",
        "messages": [{"role": "user", "content": {"type": "text", "text": "\n".join(lines)}}],
    }
