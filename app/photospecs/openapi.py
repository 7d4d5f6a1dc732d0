"""The OpenAPI 3.1 description of the JSON API, encoded once.

Which paths and methods are documented, and their summaries, come from the route table
(paths.py: the /api rows with a summary); each operation's parameters and responses are here,
keyed by route name. Schemas are generated from the wire Structs, and every example is a body the
service really sends or is built from the dataset and the settings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, urlencode

import msgspec

from photospecs.core.checking import FIELDS
from photospecs.core.photocheck import DESCRIPTION as CHECK_DESCRIPTION
from photospecs.core.search import MAX_QUERY as MAX_SEARCH
from photospecs.core.search import Search, SearchResults
from photospecs.dataset import Data, Doc
from photospecs.http.encoded import Prepared
from photospecs.http.fingerprinted import Fingerprinted
from photospecs.http.query import QUERY_TOO_LONG
from photospecs.mcp.records import BuiltTools
from photospecs.mcp.server import BATCH_VERSIONS, HANDSHAKE_VERSIONS, MAX_BATCH, MODERN_VERSIONS
from photospecs.mcp.transport import NO_EVENT_STREAM, NOT_JSON, body_timeout, body_too_large
from photospecs.paths import BY_NAME, PATHS, Path, at
from photospecs.rest.build import Rest
from photospecs.rest.routes import by_id, check_outcome, comparisons_outcome, dataset_file, search_outcome, specs_outcome
from photospecs.settings import Settings
from photospecs.urls import Urls
from photospecs.wire.errors import DRAINING
from photospecs.wire.rest import Comparisons, Dataset, DatasetIndex, Error, RawSpecs
from photospecs.wire.results import DocumentIndex, IcaoBaseline, PhotoCheck, PhotoSpec, PortalConstraints, PrintSheets

API_VERSION = "1.0.0"
REF = "#/components/schemas/{name}"
EXAMPLE_DOCUMENTS = ("us-visa", "uk-passport", "india-visa")  # shown where they exist; else the first documents
SEARCH_EXAMPLES = ["indian passport", "uk visa", "carte d'identité"]
RAW = "raw"  # the one value of /api/specs?format=


class PortalIndex(msgspec.Struct, frozen=True):
    portals: list[PortalConstraints]


SCHEMAS = (
    Dataset, RawSpecs, Comparisons, Error, DocumentIndex, PhotoSpec, PortalIndex, PortalConstraints, PrintSheets, IcaoBaseline,
    SearchResults, PhotoCheck, DatasetIndex,
)


@dataclass(frozen=True, slots=True)
class Sources:
    """What the operations show, from the built catalog."""

    data: Data
    urls: Urls
    settings: Settings
    specs: dict[tuple[str | None, bool], Prepared]  # (country id or None, raw) -> /api/specs body
    comparisons: dict[str | None, Prepared]  # competitor id or None -> /api/comparisons body
    rest: dict[str, Prepared]  # path -> the other JSON bodies
    search: Search
    tools: BuiltTools
    api: Rest  # the JSON API's slice: its routes' own answers are the error examples

    def body(self, path: str) -> Any:
        return msgspec.json.decode(self.rest[path].identity)

    @property
    def documents(self) -> list[Doc]:
        docs = self.data.docs
        return [docs[d] for d in EXAMPLE_DOCUMENTS if d in docs] or list(docs.values())[:3]

    @property
    def portal_ids(self) -> list[str]:
        return list(self.data.portals)

    @property
    def comparison_ids(self) -> list[str]:
        return [c.id for c in self.data.comparisons]


def openapi_body(data: Data, urls: Urls, settings: Settings, *, rest: Rest, tools: BuiltTools) -> bytes:
    """GET /api/openapi.json's body, from the JSON API's built bodies and the MCP tools."""
    return msgspec.json.encode(document(Sources(data, urls, settings, rest.specs, rest.comparisons, rest.resources, rest.search, tools, rest)))


def document(sources: Sources) -> dict[str, Any]:
    return {"openapi": "3.1.0", "info": INFO, "servers": [{"url": "/"}], "paths": paths(sources), "components": components()}


INFO = {
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
}


def components() -> dict[str, Any]:
    _, schemas = msgspec.json.schema_components(SCHEMAS, ref_template=REF)
    specs = {"description": "Dataset wrapper by default; RawSpecs with format=raw", "anyOf": [_ref("Dataset"), _ref("RawSpecs")]}
    return {"schemas": {**schemas, "Specs": specs}}


def documented(row: Path) -> bool:
    return row.summary != ""


def paths(sources: Sources) -> dict[str, Any]:
    """The documented rows of the route table, each method with its operation from OPERATIONS."""
    described: dict[str, Any] = {}
    for row in filter(documented, PATHS):
        operations = OPERATIONS[row.name](sources)
        if set(operations) != {m.lower() for m in row.methods}:
            raise LookupError(f"{row.name}: the table serves {row.methods}, the description has {sorted(operations)}")
        described[row.template] = {method: {"summary": row.summary, **operation} for method, operation in operations.items()}
    return described


# --- shared pieces ---------------------------------------------------------------------------------

CACHING_HEADERS = {
    "ETag": {"description": "Strong validator of this representation (differs per Content-Encoding)", "schema": {"type": "string"}},
    "Cache-Control": {"description": "public, max-age=<configured seconds>", "schema": {"type": "string"}},
    "Vary": {"description": "Always Accept-Encoding", "schema": {"type": "string"}},
}
NOT_MODIFIED = {"description": "The representation matches If-None-Match; no body.", "headers": CACHING_HEADERS}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": REF.format(name=name)}


def _json(schema_name: str, description: str, example: Any = None) -> dict[str, Any]:
    content: dict[str, Any] = {"schema": _ref(schema_name)}
    if example is not None:
        content["example"] = example
    return {"description": description, "content": {"application/json": content}}


def _cached(schema_name: str, description: str, example: Any = None) -> dict[str, Any]:
    """A 200 with a pre-encoded body and its validators."""
    return {**_json(schema_name, description, example), "headers": CACHING_HEADERS}


def _error(description: str, example: object) -> dict[str, Any]:
    """An error response, its example the body the route itself answers with."""
    assert isinstance(example, Error), example
    return _json("Error", description, msgspec.to_builtins(example))


def _typo(text: str) -> str:
    """`text` as mistyped (a vowel or else a hyphen left out): a miss that still gets suggestions."""
    vowel = next((i for i, letter in enumerate(text) if i and letter in "aeiou"), None)
    dropped = vowel if vowel is not None else text.find("-")
    return text[:dropped] + text[dropped + 1 :] if dropped > 0 else text + "x"


def _query(name: str, description: str, schema: dict[str, Any], required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "description": description, "schema": schema}


def _id(description: str, examples: list[str]) -> dict[str, Any]:
    return {"name": "id", "in": "path", "required": True, "description": description, "schema": {"type": "string", "examples": examples}}


# --- the JSON API -------------------------------------------------------------------------------------

Operations = dict[str, dict[str, Any]]  # method -> operation


def specs_operations(sources: Sources) -> Operations:
    country = sources.documents[0].country
    example = msgspec.json.decode(sources.specs[country.id, False].identity)
    unknown = _typo(country.name)
    codes = ", ".join(code for code in (country.iso2, country.iso3) if code)
    return {
        "get": {
            "operationId": "get_passport_photo_specs",
            "description": (
                "Without parameters: a schema.org Dataset wrapper (@context, @type, name, license, countries, "
                "meta). With format=raw: only countries and meta. meta counts the countries and documents in "
                "this response and gives the dataset version, which changes whenever a fact changes. country accepts our id, an ISO 3166-1 alpha-2 or alpha-3 code or an English "
                "name, in any case, and returns the same bytes as the canonical id."
            ),
            "parameters": [
                _query(
                    "country",
                    f"Country id (e.g. {country.id}), ISO code{f' ({codes})' if codes else ''} or English name ({country.name}).",
                    {"type": "string", "examples": [c.id for c in sources.data.countries[:5]]},
                ),
                _query("format", f"{RAW}: return only countries and meta.", {"type": "string", "enum": [RAW]}),
            ],
            "responses": {
                "200": _cached("Specs", "The specifications", example),
                "304": NOT_MODIFIED,
                "400": _error(
                    "A format other than raw, a repeated parameter or a malformed query string",
                    specs_outcome(sources.api, b"format=xml"),
                ),
                "404": _error(
                    "No country matches; up to three close ids are suggested",
                    specs_outcome(sources.api, b"country=" + quote(unknown).encode()),
                ),
                "414": _error("Query string too long", QUERY_TOO_LONG),
            },
        }
    }


def comparisons_operations(sources: Sources) -> Operations:
    ids = sources.comparison_ids
    return {
        "get": {
            "operationId": "get_competitor_comparisons",
            "parameters": [_query("competitor", "Restrict to one tool.", {"type": "string", "enum": ids})],
            "responses": {
                "200": _cached("Comparisons", "The comparisons", msgspec.json.decode(sources.comparisons[ids[0]].identity)),
                "304": NOT_MODIFIED,
                "400": _error(
                    "Unknown competitor id; allowed lists the valid ones",
                    comparisons_outcome(sources.api, b"competitor=" + quote(_typo(ids[0])).encode()),
                ),
                "414": _error("Query string too long", QUERY_TOO_LONG),
            },
        }
    }


def search_operations(sources: Sources) -> Operations:
    example = msgspec.json.decode(sources.search.encoded(SEARCH_EXAMPLES[1]))
    return {
        "get": {
            "operationId": "search_documents",
            "description": (
                "Ranks pages for q as the site's search box does: country names in English and their own "
                "languages, ISO codes, demonyms and abbreviations (Indian, mexicano, UK, U.S.), kinds of "
                "document and their synonyms (licence, ID, PR card, e-visa, carte d'identité), one typo per "
                "word, and a last word still being typed. The named country's pages come first; at most ten "
                "results, the best first, each with its page URL. Computed per request within fixed bounds."
            ),
            "parameters": [
                _query(
                    "q",
                    f"The words to search for, at most {MAX_SEARCH} characters.",
                    {"type": "string", "minLength": 1, "maxLength": MAX_SEARCH, "examples": SEARCH_EXAMPLES},
                    required=True,
                ),
                _query(
                    "lang",
                    "The site's language to name and link the results in (the URL prefix of its pages, "
                    "such as es or zh-hans); any other value gives them in English. The ranking is the same.",
                    {"type": "string", "examples": ["es", "zh-hans"]},
                ),
            ],
            "responses": {
                "200": {
                    **_json("SearchResults", "The best pages, at most ten", example),
                    "headers": {"Cache-Control": CACHING_HEADERS["Cache-Control"]},
                },
                "400": _error(
                    "q missing, empty or too long, a repeated parameter or a malformed query string",
                    search_outcome(sources.api, b""),
                ),
                "414": _error("Query string too long", QUERY_TOO_LONG),
            },
        }
    }


def check_example(doc: Doc) -> dict[str, str]:
    """Measurements of a photo of `doc` at its print size in px, uploaded to its first portal."""
    example = {"document": doc.id}
    if doc.portals:
        example |= {"portal": doc.portals[0], "bytes": "180000", "format": "jpeg"}
    if doc.width_px and doc.height_px:
        example |= {"widthPx": str(doc.width_px), "heightPx": str(doc.height_px)}
    return example | {"headMm": "32", "eyeMm": "31", "background": "#ffffff"}


def check_operations(sources: Sources) -> Operations:
    doc = sources.documents[0]
    example = check_example(doc)
    parameters = [
        _query(field.name, field.description, {**field.schema(), **({"examples": [example[field.name]]} if field.name in example else {})},
               required=field.name == "document")
        for field in FIELDS
    ]
    return {
        "get": {
            "operationId": "check_photo_measurements",
            "description": (
                CHECK_DESCRIPTION.replace("height_px", "heightPx")
                + " The same answer as the check_photo_measurements MCP tool and the packages' checkPhoto / check_photo."
                " Computed per request within fixed bounds; unknown parameters are ignored."
            ),
            "parameters": parameters,
            "responses": {
                "200": {
                    **_json("PhotoCheck", "Each rule's status, value, limit and sentence, and the verdict",
                            msgspec.json.decode(check_outcome(sources.api, urlencode(example).encode()))),  # type: ignore[arg-type]
                    "headers": {"Cache-Control": CACHING_HEADERS["Cache-Control"]},
                },
                "400": _error(
                    "document missing; a number that is not one, or over its bound; a text too long; a measurement that "
                    "cannot be one (a negative size, a colour by name, a head given in px and in mm, a portal that does "
                    "not take the document); a repeated parameter or a malformed query string",
                    check_outcome(sources.api, b""),
                ),
                "404": _error(
                    "No such document or portal; close ids are suggested",
                    check_outcome(sources.api, b"document=" + quote(_typo(doc.id)).encode()),
                ),
                "414": _error("Query string too long", QUERY_TOO_LONG),
            },
        }
    }


def dataset_operations(sources: Sources) -> Operations:
    example = msgspec.json.decode(sources.api.dataset.index.identity)
    return {
        "get": {
            "operationId": "get_dataset",
            "description": (
                "The open dataset's current version and its files: the JSON of every document and portal, its JSON "
                "Schema, two CSV files and their Frictionless Data descriptor, CITATION.cff, the Python wheel and the "
                "npm package, as `photospecs export` writes them. Each URL carries the file's hash (?v=): asked for "
                "with it, a file is sent Cache-Control immutable for a year."
            ),
            "responses": {"200": _cached("DatasetIndex", "The version and the files", example), "304": NOT_MODIFIED},
        }
    }


def dataset_file_operations(sources: Sources) -> Operations:
    names = [path.removeprefix(BY_NAME["dataset-file"].prefix) for path in sources.api.dataset.files]
    missing = dataset_file(Fingerprinted(sources.api.dataset.files), at("dataset-file", _typo(names[0])), b"")
    media = sorted({file["mediaType"] for file in msgspec.json.decode(sources.api.dataset.index.identity)["files"]})
    return {
        "get": {
            "operationId": "get_dataset_file",
            "parameters": [
                {"name": "file", "in": "path", "required": True, "description": "The file's name, as GET /api/dataset lists it",
                 "schema": {"type": "string", "enum": names}},
                _query("v", "The file's hash, as its URL in GET /api/dataset carries it: the response may then be kept for good.",
                       {"type": "string"}),
            ],
            "responses": {
                "200": {
                    "description": "The file (Cache-Control public, max-age=31536000, immutable when v is its hash)",
                    "content": {kind: {"schema": {}} for kind in media},
                    "headers": CACHING_HEADERS,
                },
                "304": NOT_MODIFIED,
                "404": _error("No such file in the current version", missing),
            },
        }
    }


def documents_operations(sources: Sources) -> Operations:
    return {"get": {"operationId": "list_documents", "responses": {"200": _cached("DocumentIndex", "The documents", sources.body(at("documents"))), "304": NOT_MODIFIED}}}


def document_operations(sources: Sources) -> Operations:
    ids = [d.id for d in sources.documents]
    description = (
        "The same shape as a document in the MCP spec tool's result. `bases` labels every served fact: "
        "\"authority\" only where the authority's words stating it are quoted in `citations`, else what backs "
        "it (\"authority-unquoted\", \"standard\", \"secondary\", \"uncited\") or the published rule of the "
        "print format it comes from (e.g. \"us-2x2-default\"); sizeBasis, headHeightBasis and eyeLineBasis are "
        "their entries in `bases`. digitalPx is the image size the authority states."
    )
    return _by_id(sources, "document", "get_document", "PhotoSpec", "The spec", ids, description)


def portals_operations(sources: Sources) -> Operations:
    return {"get": {"operationId": "list_portals", "responses": {"200": _cached("PortalIndex", "The portals"), "304": NOT_MODIFIED}}}


def portal_operations(sources: Sources) -> Operations:
    return _by_id(sources, "portal", "get_portal", "PortalConstraints", "The portal", sources.portal_ids[:3])


def _by_id(sources: Sources, kind: str, operation: str, schema: str, what: str, ids: list[str], description: str = "") -> Operations:
    """One document's or portal's JSON: its body, 304, and the 404 naming close ids."""
    missing = by_id(sources.api, kind, at(kind, _typo(ids[0])), b"")
    return {
        "get": {
            "operationId": operation,
            **({"description": description} if description else {}),
            "parameters": [_id(f"{kind.capitalize()} id", ids)],
            "responses": {
                "200": _cached(schema, what, sources.body(at(kind, ids[0]))),
                "304": NOT_MODIFIED,
                "404": _error(f"No such {kind}; close ids are suggested", missing),
            },
        }
    }


def print_sheets_operations(sources: Sources) -> Operations:
    return {"get": {"operationId": "get_print_sheets", "responses": {"200": _cached("PrintSheets", "The sheets", sources.body(at("print-sheets"))), "304": NOT_MODIFIED}}}


def icao_operations(sources: Sources) -> Operations:
    return {"get": {"operationId": "get_icao_baseline", "responses": {"200": _cached("IcaoBaseline", "The baseline", sources.body(at("icao"))), "304": NOT_MODIFIED}}}


def openapi_operations(sources: Sources) -> Operations:
    response = {"description": "This document", "content": {"application/json": {"schema": {"type": "object"}}}, "headers": CACHING_HEADERS}
    return {"get": {"operationId": "get_openapi", "responses": {"200": response, "304": NOT_MODIFIED}}}


# --- MCP ------------------------------------------------------------------------------------------------

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


def mcp_operations(sources: Sources) -> Operations:
    settings = sources.settings
    return {
        "post": {
            "operationId": "mcp_jsonrpc",
            "description": _mcp_description(sources),
            "requestBody": {
                "required": True,
                "content": {
                    "application/json": {
                        "schema": {"oneOf": [JSONRPC_REQUEST, {"type": "array", "minItems": 1, "maxItems": MAX_BATCH, "items": {}}]},
                        "examples": tool_examples(sources),
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
                    "description": f"Unknown method (-32601) in the {MODERN_VERSIONS[0]} revision",
                    "content": {"application/json": {"schema": JSONRPC_RESPONSE}},
                },
                "408": _error(
                    "The body did not arrive in time",
                    body_timeout(settings.body_timeout),
                ),
                "413": _error(
                    "Body too large", body_too_large(settings.max_body_bytes)
                ),
                "415": _error("Not JSON", NOT_JSON),
            },
        },
        "get": {
            "operationId": "mcp_discovery",
            "responses": {
                "200": {"description": "Discovery document", "content": {"application/json": {"schema": {"type": "object"}}}},
                "405": _error(
                    "The client asked only for text/event-stream: this server opens no server-to-client stream",
                    NO_EVENT_STREAM,
                ),
            },
        },
    }


def _mcp_description(sources: Sources) -> str:
    tool = sources.tools.records["get_visa_photo_spec"]
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": tool.name, "arguments": _example_arguments(sources, tool.name)}}
    return (
        f"Stateless MCP over HTTP (JSON responses, no session). Methods: initialize, ping (not in "
        f"{MODERN_VERSIONS[0]}), tools/list, tools/call, resources/list, resources/templates/list, "
        "resources/read, completion/complete, prompts/list, prompts/get, server/discover, "
        f"notifications/*. Batches (arrays of 1 to {MAX_BATCH} messages) only in the revisions that define "
        f"them ({', '.join(BATCH_VERSIONS)}); each message's error travels inside the array. The Host "
        "header must name the site, a loopback name or an allowed host (403 otherwise).\n\n"
        + tool_table(sources.tools.definitions)
        + f"\n\nExample:\n\n```sh\ncurl -s {sources.urls.path('mcp')} -H 'content-type: application/json' "
        f"-H 'mcp-protocol-version: {HANDSHAKE_VERSIONS[-1]}' \\\n  -d '{msgspec.json.encode(call).decode()}'\n```"
    )


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


def _example_arguments(sources: Sources, name: str) -> dict[str, Any]:
    return sources.tools.records[name].example(sources.documents[0], sources.portal_ids[0])


def tool_examples(sources: Sources) -> dict[str, Any]:
    def request(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": 1, "method": method, **({"params": params} if params is not None else {})}

    examples: dict[str, Any] = {
        tool["name"]: {
            "summary": tool["title"],
            "value": request("tools/call", {"name": tool["name"], "arguments": _example_arguments(sources, tool["name"])}),
        }
        for tool in sources.tools.definitions
    }
    examples["tools/list"] = {"summary": "List the tools with their input and output schemas", "value": request("tools/list")}
    examples["resources/list"] = {"summary": "List the dataset's resources", "value": request("resources/list")}
    return examples


OPERATIONS: dict[str, Callable[[Sources], Operations]] = {
    "specs": specs_operations,
    "comparisons": comparisons_operations,
    "search": search_operations,
    "check": check_operations,
    "dataset": dataset_operations,
    "dataset-file": dataset_file_operations,
    "documents": documents_operations,
    "document": document_operations,
    "portals": portals_operations,
    "portal": portal_operations,
    "print-sheets": print_sheets_operations,
    "icao": icao_operations,
    "openapi": openapi_operations,
    "mcp": mcp_operations,
    "healthz": lambda sources: {"get": {"operationId": "healthz", "responses": {"200": {"description": "Alive"}}}},
    "readyz": lambda sources: {
        "get": {
            "operationId": "readyz",
            "responses": {"200": {"description": "Ready"}, "503": _error("Shutting down (SIGTERM received)", DRAINING)},
        }
    },
}
