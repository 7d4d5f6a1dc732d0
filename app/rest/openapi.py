"""The OpenAPI 3.1 description of the service, with schemas generated from the wire Structs."""

from __future__ import annotations

from typing import Any

import msgspec
from photospecs.catalog import Catalog
from photospecs.catalog.search import MAX_QUERY as MAX_SEARCH
from photospecs.catalog.search import SearchResults
from photospecs.dataset.schema import IcaoFile
from photospecs.mcp.tools import Tools
from photospecs.wire.rest import Comparisons, Dataset, Error, RawSpecs
from photospecs.wire.results import DocumentIndex, PhotoSpec, PortalConstraints, PrintSheets


class PortalIndex(msgspec.Struct, frozen=True):
    portals: list[PortalConstraints]

API_VERSION = "1.0.0"
REF = "#/components/schemas/{name}"


def _json(schema_name: str, description: str, example: Any = None) -> dict[str, Any]:
    content: dict[str, Any] = {"schema": {"$ref": REF.format(name=schema_name)}}
    if example is not None:
        content["example"] = example
    return {"description": description, "content": {"application/json": content}}


def _error(description: str, example: Error) -> dict[str, Any]:
    return _json("Error", description, msgspec.to_builtins(example))


CACHING_HEADERS = {
    "ETag": {"description": "Strong validator of this representation (differs per Content-Encoding)", "schema": {"type": "string"}},
    "Cache-Control": {"description": "public, max-age=<configured seconds>", "schema": {"type": "string"}},
    "Vary": {"description": "Always Accept-Encoding", "schema": {"type": "string"}},
}
NOT_MODIFIED = {"description": "The representation matches If-None-Match; no body.", "headers": CACHING_HEADERS}
JSONRPC_REQUEST = {
    "type": "object",
    "required": ["jsonrpc", "method"],
    "properties": {
        "jsonrpc": {"const": "2.0"},
        "id": {"type": ["number", "string", "null"]},
        "method": {"type": "string", "examples": ["initialize", "tools/list", "tools/call", "ping"]},
        "params": {"type": "object"},
    },
}
JSONRPC_RESPONSE = {
    "type": "object",
    "required": ["jsonrpc", "id"],
    "properties": {
        "jsonrpc": {"const": "2.0"},
        "id": {"type": ["number", "string", "null"]},
        "result": {"type": "object"},
        "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {"code": {"type": "integer"}, "message": {"type": "string"}, "data": {}},
        },
    },
}


def tool_table(tools: list[dict[str, Any]]) -> str:
    """The tools as a Markdown table: arguments and what each returns (its outputSchema is in
    tools/list, and in the request examples below)."""
    rows = ["| Tool | Arguments | Returns |", "|---|---|---|"]
    for tool in tools:
        schema = tool["inputSchema"]
        arguments = ", ".join(
            f"`{name}`{'' if name in schema.get('required', []) else ' (optional)'}: {prop.get('description', '')}"
            for name, prop in schema["properties"].items()
        ) or "none"
        rows.append(f"| `{tool['name']}` | {arguments} | {tool['description']} |")
    return "\n".join(rows)


def tool_examples(tools: list[dict[str, Any]]) -> dict[str, Any]:
    arguments = {
        "list_supported_countries": {},
        "get_visa_photo_spec": {"country": "us", "document_type": "visa"},
        "get_portal_constraints": {"portal": "ds-160"},
        "get_photo_tool_url": {"country": "us", "document_type": "us-visa"},
    }
    examples: dict[str, Any] = {
        tool["name"]: {
            "summary": tool["title"],
            "value": {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool["name"], "arguments": arguments.get(tool["name"], {})}},
        }
        for tool in tools
    }
    examples["tools/list"] = {"summary": "List the tools with their input and output schemas", "value": {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}}
    examples["resources/list"] = {"summary": "List the dataset's resources", "value": {"jsonrpc": "2.0", "id": 1, "method": "resources/list"}}
    return examples


def build(catalog: Catalog) -> dict[str, Any]:
    _, components = msgspec.json.schema_components(
        (Dataset, RawSpecs, Comparisons, Error, DocumentIndex, PhotoSpec, PortalIndex, PortalConstraints, PrintSheets, IcaoFile, SearchResults),
        ref_template=REF,
    )

    def example(path: str) -> Any:
        return msgspec.json.decode(catalog.resources[path].identity)

    doc_ids = [d for d in ("us-visa", "uk-passport", "india-visa") if d in catalog.data.docs] or list(catalog.data.docs)[:3]
    portal_ids = list(catalog.data.portals)
    tools = Tools(catalog).definitions
    us = catalog.specs.get(("us", True)) or next(iter(catalog.specs.values()))
    raw_example = msgspec.json.decode(us.identity)
    dataset_example = msgspec.json.decode(catalog.specs[raw_example["countries"][0]["id"], False].identity)
    comparison_ids = catalog.comparison_ids()
    comparison_example = msgspec.json.decode(catalog.comparisons[comparison_ids[0]].identity)
    country_ids = [c.id for c in catalog.data.countries]

    return {
        "openapi": "3.1.0",
        "info": {
            "title": "photospecs",
            "version": API_VERSION,
            "summary": "Passport, visa, ID card, residence permit and driving licence photo specifications by country.",
            "description": (
                "Read-only, unauthenticated. Responses are pre-encoded, cacheable (Cache-Control public, strong "
                "ETag, 304 on If-None-Match) and served br, gzip or identity by Accept-Encoding. CORS is open. "
                "Every error is a JSON object with status, error (a stable code), message and, where useful, "
                "allowed values or suggestions. The dataset is MIT licensed."
            ),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "/"}],
        "paths": {
            "/api/specs": {
                "get": {
                    "operationId": "get_passport_photo_specs",
                    "summary": "Photo specifications, for every country or one",
                    "description": (
                        "Without parameters: a schema.org Dataset wrapper (@context, @type, name, license, countries, "
                        "meta). With format=raw: only countries and meta. meta counts the countries and documents in "
                        "this response and gives the dataset version, which changes whenever a fact changes. country accepts our id, an ISO 3166-1 alpha-2 or alpha-3 code or an English "
                        "name, in any case, and returns the same bytes as the canonical id."
                    ),
                    "parameters": [
                        {
                            "name": "country",
                            "in": "query",
                            "required": False,
                            "description": "Country id (e.g. us), ISO code (US, USA) or English name (United States).",
                            "schema": {"type": "string", "examples": country_ids[:5]},
                        },
                        {
                            "name": "format",
                            "in": "query",
                            "required": False,
                            "description": "raw: return only countries and meta.",
                            "schema": {"type": "string", "enum": ["raw"]},
                        },
                    ],
                    "responses": {
                        "200": {
                            **_json("Specs", "The specifications", dataset_example),
                            "headers": CACHING_HEADERS,
                        },
                        "304": NOT_MODIFIED,
                        "400": _error(
                            "A format other than raw, a repeated parameter or a malformed query string",
                            Error(status=400, error="unknown_format", message="format 'xml' is not supported; the only value is 'raw', or leave it out.", allowed=["raw"]),
                        ),
                        "404": _error(
                            "No country matches; up to three close ids are suggested",
                            Error(status=404, error="unknown_country", message="No country matches 'germny'.", suggestions=["germany"]),
                        ),
                        "414": _error("Query string too long", Error(status=414, error="query_too_long", message="The query string is limited to 2048 bytes.")),
                    },
                }
            },
            "/api/comparisons": {
                "get": {
                    "operationId": "get_competitor_comparisons",
                    "summary": "How other passport-photo tools compare",
                    "parameters": [
                        {
                            "name": "competitor",
                            "in": "query",
                            "required": False,
                            "description": "Restrict to one tool.",
                            "schema": {"type": "string", "enum": comparison_ids},
                        }
                    ],
                    "responses": {
                        "200": {**_json("Comparisons", "The comparisons", comparison_example), "headers": CACHING_HEADERS},
                        "304": NOT_MODIFIED,
                        "400": _error(
                            "Unknown competitor id; allowed lists the valid ones",
                            Error(status=400, error="unknown_competitor", message="competitor 'x' is not one of the 5 compared tools.", allowed=comparison_ids),
                        ),
                        "414": _error("Query string too long", Error(status=414, error="query_too_long", message="The query string is limited to 2048 bytes.")),
                    },
                }
            },
            "/api/mcp": {
                "post": {
                    "operationId": "mcp_jsonrpc",
                    "summary": "Model Context Protocol endpoint (JSON-RPC 2.0)",
                    "description": (
                        "Stateless MCP over HTTP (JSON responses, no session). Methods: initialize, ping (not in "
                        "2026-07-28), tools/list, tools/call, resources/list, resources/templates/list, "
                        "resources/read, completion/complete, prompts/list, prompts/get, server/discover, "
                        "notifications/*. Batches (arrays of 1 to 32 messages) only in the revisions that define "
                        "them (2024-11-05, 2025-03-26); each message's error travels inside the array. The Host "
                        "header must name the site, a loopback name or an allowed host (403 otherwise).\n\n"
                        + tool_table(tools)
                        + f"\n\nExample:\n\n```sh\ncurl -s {catalog.settings.site}/api/mcp -H 'content-type: application/json' "
                        "-H 'mcp-protocol-version: 2025-11-25' \\\n  -d '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\","
                        "\"params\":{\"name\":\"get_visa_photo_spec\",\"arguments\":{\"country\":\"us\",\"document_type\":\"visa\"}}}'\n```"
                    ),
                    "requestBody": {
                        "required": True,
                        "content": {
                            "application/json": {
                                "schema": {"oneOf": [JSONRPC_REQUEST, {"type": "array", "minItems": 1, "maxItems": 32, "items": {}}]},
                                "examples": tool_examples(tools),
                            }
                        },
                    },
                    "responses": {
                        "200": {
                            "description": "JSON-RPC response (or an array for a batch)",
                            "content": {"application/json": {"schema": {"oneOf": [JSONRPC_RESPONSE, {"type": "array", "items": JSONRPC_RESPONSE}]}}},
                        },
                        "202": {"description": "The message was a notification (or a batch of them); no body."},
                        "400": {
                            "description": "Not valid JSON-RPC (-32700, -32600), or a protocol revision error (-32022, -32020)",
                            "content": {"application/json": {"schema": JSONRPC_RESPONSE}},
                        },
                        "404": {
                            "description": "Unknown method (-32601) in the 2026-07-28 revision",
                            "content": {"application/json": {"schema": JSONRPC_RESPONSE}},
                        },
                        "408": _error("The body did not arrive in time", Error(status=408, error="body_timeout", message="The request body did not arrive within 10 s.")),
                        "413": _error("Body too large", Error(status=413, error="body_too_large", message="Request bodies are limited to 65536 bytes.")),
                        "415": _error("Not JSON", Error(status=415, error="unsupported_media_type", message="Send Content-Type: application/json.")),
                    },
                },
                "get": {
                    "operationId": "mcp_discovery",
                    "summary": "MCP server metadata: name, version, protocol revisions, tools, endpoints",
                    "responses": {
                        "200": {"description": "Discovery document", "content": {"application/json": {"schema": {"type": "object"}}}},
                        "405": _error(
                            "The client asked only for text/event-stream: this server opens no server-to-client stream",
                            Error(status=405, error="method_not_allowed", message="This server does not open event streams."),
                        ),
                    },
                },
            },
            "/api/search": {
                "get": {
                    "operationId": "search_documents",
                    "summary": "Find document and country pages from the words a person types",
                    "description": (
                        "Ranks pages for q as the site's search box does: country names in English and their own "
                        "languages, ISO codes, demonyms and abbreviations (Indian, mexicano, UK, U.S.), kinds of "
                        "document and their synonyms (licence, ID, PR card, e-visa, carte d'identité), one typo per "
                        "word, and a last word still being typed. The named country's pages come first; at most ten "
                        "results, the best first, each with its page URL. Computed per request within fixed bounds."
                    ),
                    "parameters": [
                        {
                            "name": "q",
                            "in": "query",
                            "required": True,
                            "description": f"The words to search for, at most {MAX_SEARCH} characters.",
                            "schema": {"type": "string", "minLength": 1, "maxLength": MAX_SEARCH, "examples": ["indian passport", "uk visa", "carte d'identité"]},
                        }
                    ],
                    "responses": {
                        "200": {
                            **_json("SearchResults", "The best pages, at most ten", msgspec.json.decode(catalog.search.encoded("uk visa"))),
                            "headers": {"Cache-Control": CACHING_HEADERS["Cache-Control"]},
                        },
                        "400": _error(
                            "q missing, empty or too long, a repeated parameter or a malformed query string",
                            Error(status=400, error="missing_parameter", message="q is required: the words to search for, such as 'indian passport' or 'uk visa'."),
                        ),
                        "414": _error("Query string too long", Error(status=414, error="query_too_long", message="The query string is limited to 2048 bytes.")),
                    },
                }
            },
            "/api/documents": {
                "get": {
                    "operationId": "list_documents",
                    "summary": "Every document: id, name, country and the URL of its full spec",
                    "responses": {"200": {**_json("DocumentIndex", "The documents", example("/api/documents")), "headers": CACHING_HEADERS}, "304": NOT_MODIFIED},
                }
            },
            "/api/documents/{id}": {
                "get": {
                    "operationId": "get_document",
                    "summary": "One document's full spec: the twelve contract fields plus head geometry, rules, portals and sources",
                    "description": (
                        "The same shape as a document in the MCP spec tool's result. headHeightBasis and "
                        "eyeLineBasis say whether a figure is the authority's (\"authority\") or which published rule of the "
                        "print format it comes from (e.g. \"us-2x2-default\"); digitalPx is the image size the authority states."
                    ),
                    "parameters": [{"name": "id", "in": "path", "required": True, "description": "Document id",
                                    "schema": {"type": "string", "examples": doc_ids}}],
                    "responses": {
                        "200": {**_json("PhotoSpec", "The spec", example(f"/api/documents/{doc_ids[0]}")), "headers": CACHING_HEADERS},
                        "304": NOT_MODIFIED,
                        "404": _error("No such document; close ids are suggested",
                                      Error(status=404, error="unknown_document", message="No document 'us-vsa'.", suggestions=["us-visa"])),
                    },
                }
            },
            "/api/portals": {
                "get": {
                    "operationId": "list_portals",
                    "summary": "Every government upload portal with its limits",
                    "responses": {"200": {**_json("PortalIndex", "The portals"), "headers": CACHING_HEADERS}, "304": NOT_MODIFIED},
                }
            },
            "/api/portals/{id}": {
                "get": {
                    "operationId": "get_portal",
                    "summary": "One upload portal's file, pixel and format limits",
                    "parameters": [{"name": "id", "in": "path", "required": True, "description": "Portal id",
                                    "schema": {"type": "string", "examples": portal_ids[:3]}}],
                    "responses": {
                        "200": {**_json("PortalConstraints", "The portal", example(f"/api/portals/{portal_ids[0]}")), "headers": CACHING_HEADERS},
                        "304": NOT_MODIFIED,
                        "404": _error("No such portal; close ids are suggested",
                                      Error(status=404, error="unknown_portal", message="No portal 'ds160'.", suggestions=["ds-160"])),
                    },
                }
            },
            "/api/print-sheets": {
                "get": {
                    "operationId": "get_print_sheets",
                    "summary": "Paper sizes a photo is laid out on for printing",
                    "responses": {"200": {**_json("PrintSheets", "The sheets", example("/api/print-sheets")), "headers": CACHING_HEADERS}, "304": NOT_MODIFIED},
                }
            },
            "/api/icao": {
                "get": {
                    "operationId": "get_icao_baseline",
                    "summary": "The ICAO 9303 portrait baseline that national rules overlay",
                    "responses": {"200": {**_json("IcaoFile", "The baseline", example("/api/icao")), "headers": CACHING_HEADERS}, "304": NOT_MODIFIED},
                }
            },
            "/healthz": {"get": {"operationId": "healthz", "summary": "Process is alive", "responses": {"200": {"description": "Alive"}}}},
            "/readyz": {
                "get": {
                    "operationId": "readyz",
                    "summary": "Catalog built, serving",
                    "responses": {
                        "200": {"description": "Ready"},
                        "503": _error("Shutting down (SIGTERM received)", Error(status=503, error="draining", message="Shutting down: send new requests elsewhere.")),
                    },
                }
            },
        },
        "components": {
            "schemas": {
                **components,
                "Specs": {
                    "description": "Dataset wrapper by default; RawSpecs with format=raw",
                    "anyOf": [{"$ref": REF.format(name="Dataset")}, {"$ref": REF.format(name="RawSpecs")}],
                },
            }
        },
    }
