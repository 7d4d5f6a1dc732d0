"""The four MCP tools: their definitions, argument resolution, and every valid result pre-built.

A call is resolved to a key (dictionary lookups only) and answered with bytes encoded at
start-up. Only a failed lookup (unknown country, document or portal) encodes anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec
from photospecs.asgi.errors import encode_error, quoted
from photospecs.catalog import LICENSE_URL, Catalog, photo_spec, suggest
from photospecs.catalog.rest import portal_constraints
from photospecs.dataset import Doc, alias_key
from photospecs.wire.results import (
    CountryList,
    CountryRef,
    CountrySummary,
    DatasetRef,
    PortalResult,
    SpecResult,
    ToolUrlResult,
)

encode = msgspec.json.Encoder().encode
READ_ONLY = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}


@dataclass(frozen=True, slots=True)
class Encoded:
    """A tools/call result in the three shapes protocol revisions expect."""

    plain: bytes  # 2024-11-05, 2025-03-26: no structuredContent
    structured: bytes  # 2025-06-18, 2025-11-25
    modern: bytes  # 2026-07-28: structuredContent and resultType

    def for_shape(self, shape: str) -> bytes:
        found: bytes = getattr(self, shape)
        return found


@dataclass(frozen=True, slots=True)
class ToolError:
    """A tool-level failure: sent as a result with isError true, so the model can read it."""

    message: str
    suggestions: list[str]

    def for_shape(self, shape: str) -> bytes:
        text = encode({"error": self.message, "suggestions": self.suggestions}).decode()
        result: dict[str, Any] = {"content": [{"type": "text", "text": text}], "isError": True}
        if shape == "modern":
            result["resultType"] = "complete"
        return encode_error(result)


def _link(uri: str, name: str, title: str, mime_type: str) -> dict[str, str]:
    return {"type": "resource_link", "uri": uri, "name": name, "title": title, "mimeType": mime_type}


class UnknownTool(Exception):
    """A protocol error (-32602): there is no tool by that name."""


def inline_schema(struct: type) -> dict[str, Any]:
    """msgspec's JSON Schema with every $ref resolved: some MCP clients do not follow $ref."""
    schema = msgspec.json.schema(struct)
    defs = schema.pop("$defs", {})

    def resolve(node: Any) -> Any:
        if isinstance(node, dict):
            if "$ref" in node:
                return resolve(defs[node["$ref"].rsplit("/", 1)[1]])
            return {key: resolve(value) for key, value in node.items()}
        if isinstance(node, list):
            return [resolve(item) for item in node]
        return node

    resolved: dict[str, Any] = resolve(schema)
    return resolved


def _input(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


class Tools:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.data = catalog.data
        site = catalog.settings.site
        self.dataset_ref = DatasetRef(
            name="photospecs open dataset", url=f"{site}/api/specs", license="MIT", license_url=LICENSE_URL
        )
        self.definitions = self._definitions()
        self.results: dict[tuple[Any, ...], Encoded] = {}
        self._build_results()

    # --- definitions (tools/list) ------------------------------------------------------------

    def _definitions(self) -> list[dict[str, Any]]:
        country = {
            "type": "string",
            "description": "Country id (us, uk, india, schengen), ISO 3166 alpha-2/alpha-3 code or English name.",
        }
        document_type = {
            "type": "string",
            "description": "A document id (india-visa) or just its kind (visa, passport, id-card).",
        }
        return [
            {
                "name": "list_supported_countries",
                "title": "List supported countries",
                "description": "Every country (or group, such as schengen) with a photo spec, and its document ids.",
                "inputSchema": _input({}, []),
                "outputSchema": inline_schema(CountryList),
                "annotations": {"title": "List supported countries", **READ_ONLY},
            },
            {
                "name": "get_visa_photo_spec",
                "title": "Get a photo specification",
                "description": (
                    "The official photo specification for a country's passport, visa, ID card, residence permit or "
                    "driving licence: size in mm and px, dpi, background colour, head height and eye line where "
                    "published, the full list of requirements, upload portals and official sources. Without "
                    "document_type, every document of the country."
                ),
                "inputSchema": _input({"country": country, "document_type": document_type}, ["country"]),
                "outputSchema": inline_schema(SpecResult),
                "annotations": {"title": "Get a photo specification", **READ_ONLY},
            },
            {
                "name": "get_portal_constraints",
                "title": "Get upload portal constraints",
                "description": (
                    "File formats, file-size and pixel limits, aspect ratio and other rules a government upload "
                    "portal enforces (the national overlay), with the ICAO 9303 baseline returned beside it."
                ),
                "inputSchema": _input(
                    {"portal": {"type": "string", "enum": list(self.data.portals), "description": "Portal id, e.g. ds-160."}},
                    ["portal"],
                ),
                "outputSchema": inline_schema(PortalResult),
                "annotations": {"title": "Get upload portal constraints", **READ_ONLY},
            },
            {
                "name": "get_photo_tool_url",
                "title": "Get the photo tool URL",
                "description": (
                    "The URL of the browser tool that makes a compliant photo, with the country and document "
                    "preselected. Photos are processed in the user's browser, never uploaded here."
                ),
                "inputSchema": _input({"country": country, "document_type": document_type}, []),
                "outputSchema": inline_schema(ToolUrlResult),
                "annotations": {"title": "Get the photo tool URL", **READ_ONLY},
            },
        ]

    # --- pre-built results ---------------------------------------------------------------------

    def _build_results(self) -> None:
        urls = self.catalog.urls
        countries = self.data.countries
        self._store(
            ("list_supported_countries",),
            CountryList(
                count=len(countries),
                countries=[
                    CountrySummary(c.id, c.name, c.flag, [d.id for d in self.data.docs_by_country[c.id]]) for c in countries
                ],
                source_url=urls.countries(),
                dataset=self.dataset_ref,
            ),
        )
        for country in countries:
            ref = CountryRef(country.id, country.name, country.flag)
            docs = self.data.docs_by_country[country.id]
            specs = {d.id: photo_spec(d, self.catalog.canonical_url(d)) for d in docs}
            self._store(
                ("get_visa_photo_spec", country.id, None),
                SpecResult(ref, list(specs.values()), source_url=urls.country(country.id), dataset=self.dataset_ref),
                [
                    _link(urls.country(country.id), f"{country.id}-page", f"{country.name}: page", "text/html"),
                    _link(urls.country_json(country.id), country.id, f"{country.name}: every document", "application/json"),
                ],
            )
            self._store(("get_photo_tool_url", country.id, None), self._tool_url(country.id, None))
            for doc in docs:
                spec = specs[doc.id]
                self._store(
                    ("get_visa_photo_spec", country.id, doc.id),
                    SpecResult(ref, [spec], source_url=spec.canonical_url, dataset=self.dataset_ref),
                    self._doc_links(doc),
                )
                self._store(("get_photo_tool_url", country.id, doc.id), self._tool_url(country.id, doc))
        self._store(("get_photo_tool_url", None, None), self._tool_url(None, None))
        for portal in self.data.portals.values():
            self._store(
                ("get_portal_constraints", portal.id),
                PortalResult(portal_constraints(portal), self.data.icao, source_url=urls.portal(portal.id), dataset=self.dataset_ref),
                [
                    _link(urls.portal(portal.id), f"{portal.id}-page", f"{portal.name}: page", "text/html"),
                    _link(urls.api(f"portals/{portal.id}"), portal.id, f"{portal.name}: limits", "application/json"),
                    *(_link(s.url, f"{portal.id}-source-{i}", s.title, "text/html") for i, s in enumerate(portal.sources, 1)),
                ],
            )

    def _store(self, key: tuple[Any, ...], payload: msgspec.Struct, links: list[dict[str, str]] | None = None) -> None:
        structured = msgspec.to_builtins(payload)
        content = [{"type": "text", "text": encode(structured).decode()}]
        # resource_link blocks (from 2025-06-18): the page to cite, the resource to fetch or
        # attach, and the official sources behind the facts.
        linked = content + (links or [])
        self.results[key] = Encoded(
            plain=encode({"content": content, "isError": False}),
            structured=encode({"content": linked, "structuredContent": structured, "isError": False}),
            modern=encode({"content": linked, "structuredContent": structured, "isError": False, "resultType": "complete"}),
        )

    def prebuilt(self) -> list[bytes]:
        return [body for encoded in self.results.values() for body in (encoded.plain, encoded.structured, encoded.modern)]

    def _doc_links(self, doc: Doc) -> list[dict[str, str]]:
        urls, name = self.catalog.urls, f"{doc.country.name} {doc.file.name} photo"
        links = [
            _link(urls.document(doc.slug), f"{doc.id}-page", f"{name}: page", "text/html"),
            _link(urls.api(f"documents/{doc.id}"), doc.id, f"{name}: full spec", "application/json"),
        ]
        return links + [_link(s.url, f"{doc.id}-source-{i}", s.title, "text/html") for i, s in enumerate(doc.sources, 1)]

    def _tool_url(self, country_id: str | None, doc: Doc | None) -> ToolUrlResult:
        url = self.catalog.urls.tool(country_id, doc.id if doc else None)
        source = self.catalog.canonical_url(doc) if doc else url
        return ToolUrlResult(url, country_id, doc.id if doc else None, source_url=source, dataset=self.dataset_ref)

    # --- calls ---------------------------------------------------------------------------------------

    def call(self, name: str, arguments: Any) -> Encoded | ToolError:
        resolver = self._resolvers.get(name)
        if resolver is None:
            raise UnknownTool(name)
        if arguments is None:
            arguments = {}
        if not isinstance(arguments, dict):
            return ToolError("arguments must be an object", [])
        allowed = self._allowed_arguments[name]
        for key, value in arguments.items():
            if key not in allowed:
                unknown = ", ".join(quoted(k) for k in sorted(k for k in arguments if k not in allowed)[:5])
                return ToolError(f"unknown argument(s): {unknown}; this tool takes: {', '.join(sorted(allowed)) or 'none'}", [])
            if not isinstance(value, str):
                return ToolError(f"argument {quoted(key)} must be a string", [])
        key = resolver(self, arguments)
        return key if isinstance(key, ToolError) else self.results[key]

    def _list(self, arguments: dict[str, Any]) -> tuple[Any, ...]:
        return ("list_supported_countries",)

    def _spec(self, arguments: dict[str, Any]) -> tuple[Any, ...] | ToolError:
        if "country" not in arguments:
            return ToolError("country is required: a country id, ISO code or English name (see list_supported_countries)", [])
        resolved = self._country_and_document(arguments["country"], arguments.get("document_type"))
        return resolved if isinstance(resolved, ToolError) else ("get_visa_photo_spec", *resolved)

    def _tool_url_key(self, arguments: dict[str, Any]) -> tuple[Any, ...] | ToolError:
        country, document_type = arguments.get("country"), arguments.get("document_type")
        if country is None and document_type is not None:
            doc_id = self._document_id(document_type)
            if doc_id is None:
                return ToolError(f"no document {quoted(document_type)}; give a full document id or add country", [])
            country = self.data.docs[doc_id].country.id
        if country is None:
            return ("get_photo_tool_url", None, None)
        resolved = self._country_and_document(country, document_type)
        return resolved if isinstance(resolved, ToolError) else ("get_photo_tool_url", *resolved)

    def _portal_key(self, arguments: dict[str, Any]) -> tuple[Any, ...] | ToolError:
        if "portal" not in arguments:
            return ToolError("portal is required", list(self.data.portals)[:3])
        portal = arguments["portal"].strip().lower()
        if portal not in self.data.portals:
            return ToolError(f"no portal {quoted(arguments['portal'])}", self.catalog.suggest_portals(portal))
        return ("get_portal_constraints", portal)

    _resolvers = {
        "list_supported_countries": _list,
        "get_visa_photo_spec": _spec,
        "get_portal_constraints": _portal_key,
        "get_photo_tool_url": _tool_url_key,
    }
    _allowed_arguments = {
        "list_supported_countries": set(),
        "get_visa_photo_spec": {"country", "document_type"},
        "get_portal_constraints": {"portal"},
        "get_photo_tool_url": {"country", "document_type"},
    }

    def _country_and_document(self, country_text: str, document_type: str | None) -> tuple[str, str | None] | ToolError:
        country = self.catalog.resolve_country(country_text)
        if country is None:
            return ToolError(f"no country {quoted(country_text)}", self.catalog.suggest_countries(country_text))
        if document_type is None:
            return country, None
        doc_id = self._document_id(document_type, country)
        if doc_id is None or self.data.docs[doc_id].country.id != country:
            ids = {d.id: d.id for d in self.data.docs_by_country[country]}
            return ToolError(
                f"{country} has no document {quoted(document_type)}; its documents are: {', '.join(ids)}",
                suggest(f"{country}-{alias_key(document_type)}", ids),
            )
        return country, doc_id

    def _document_id(self, text: str, country: str | None = None) -> str | None:
        """A full id, a legacy id, or (with a country) a kind such as "visa"."""
        docs = self.data.docs
        if text in docs:  # the common cases, an exact id or kind, need no normalising
            return text
        if country and f"{country}-{text}" in docs:
            return f"{country}-{text}"
        key = alias_key(text)
        if key in docs:
            return key
        if key in self.data.doc_aliases:
            return self.data.doc_aliases[key]
        if country and f"{country}-{key}" in docs:
            return f"{country}-{key}"
        return None
