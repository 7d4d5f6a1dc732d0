"""The OpenAPI 3.1 description of the service, with schemas generated from the wire Structs."""

from __future__ import annotations

from typing import Any

import msgspec
from photospecs.catalog import Catalog
from photospecs.wire.rest import Comparisons, Dataset, Error, RawSpecs

API_VERSION = "1.0.0"
REF = "#/components/schemas/{name}"


def _json(schema_name: str, description: str, example: Any = None) -> dict:
    content: dict[str, Any] = {"schema": {"$ref": REF.format(name=schema_name)}}
    if example is not None:
        content["example"] = example
    return {"description": description, "content": {"application/json": content}}


def _error(description: str, example: Error) -> dict:
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


def build(catalog: Catalog) -> dict:
    (_, _, _, _), components = msgspec.json.schema_components((Dataset, RawSpecs, Comparisons, Error), ref_template=REF)
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
                        "this response. country accepts our id, an ISO 3166-1 alpha-2 or alpha-3 code or an English "
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
                        "Stateless MCP over HTTP. Methods: initialize, ping, tools/list, tools/call, server/discover, "
                        "notifications/*. Tools: list_supported_countries, get_visa_photo_spec, "
                        "get_portal_constraints, get_photo_tool_url. Batches (arrays) are accepted."
                    ),
                    "requestBody": {
                        "required": True,
                        "content": {"application/json": {"schema": {"oneOf": [JSONRPC_REQUEST, {"type": "array", "items": JSONRPC_REQUEST}]}}},
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
