"""The MCP tools: one record per tool in TOOLS, and every valid result built from the records.

A record holds everything about its tool: what tools/list shows (title, description, argument
schemas, the output schema from the wire Struct), the resolver that turns a call's arguments
into a result key with dictionary lookups only, and the builder of every result that key can
name, encoded once here. Adding a tool is one record and its two functions.

One tool cannot be answered ahead: check_photo_measurements takes numbers, so its answers are
not a finite set. Its record has `compute` instead, a bounded computation per call
(core/checking.py), encoded as the others are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple

import msgspec

from photospecs.core import photocheck
from photospecs.core.checking import FIELDS, Checked, Checker, Refused
from photospecs.core.names import Names
from photospecs.core.views import Views, icao_baseline
from photospecs.dataset import Data, Doc, alias_key
from photospecs.dataset.schema import PortalFile
from photospecs.urls import Urls
from photospecs.wire.errors import quoted
from photospecs.wire.rest import LICENSE_URL
from photospecs.wire.results import (
    CheckedRule,
    CountryList,
    CountryRef,
    CountrySummary,
    DatasetRef,
    IcaoBaseline,
    PhotoCheckResult,
    PortalResult,
    SpecResult,
    ToolUrlResult,
)

encode = msgspec.json.Encoder().encode
READ_ONLY = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False}

Key = tuple[Any, ...]  # the tool's name, then the resolved arguments
Link = dict[str, str]


@dataclass(frozen=True, slots=True)
class Encoded:
    """A tools/call result, once for every revision: since 2025-06-18 the whole of `structured`
    (2026-07-28 adds resultType as the reply is written); before, its first `text_end` bytes,
    the text block alone, closed by PLAIN_END (no resource links, no structuredContent)."""

    structured: bytes
    text_end: int


@dataclass(frozen=True, slots=True)
class ToolError:
    """A tool-level failure (an unknown country, document or portal): the model reads it as a
    result with isError true."""

    message: str
    suggestions: list[str]


class Lookups(NamedTuple):
    """What resolvers read at request time: the dataset's tables and the names behind ids; and
    what a computed tool needs besides: the check, the URLs and the dataset to cite."""

    data: Data
    names: Names
    checker: Checker
    urls: Urls
    dataset: DatasetRef


@dataclass(frozen=True, slots=True)
class Context:
    """What result builders read at start-up."""

    data: Data
    urls: Urls
    views: Views  # every document's and portal's full shape, built once for every reader
    icao: IcaoBaseline
    dataset: DatasetRef  # cited by every result


Result = tuple[Key, msgspec.Struct, list[Link]]  # a key, its structuredContent and resource links
Computed = tuple[msgspec.Struct, list[Link]]  # a computed tool's structuredContent and resource links


@dataclass(frozen=True, slots=True)
class Tool:
    name: str
    title: str
    description: str
    # The arguments' JSON Schemas: a string (maxLength) or a number (maximum), which tools.call
    # checks before any resolver sees the arguments.
    properties: Callable[[Data], dict[str, Any]]
    required: tuple[str, ...]
    output: type[msgspec.Struct]  # structuredContent, and so the outputSchema
    example: Callable[[Doc, str], dict[str, Any]]  # arguments for the API reference, from a document and a portal id
    resolve: Callable[[Lookups, dict[str, Any]], Key | ToolError] | None = None
    results: Callable[[Context], Iterator[Result]] | None = None  # every result a key can name
    compute: Callable[[Lookups, dict[str, Any]], Computed | ToolError] | None = None  # instead of the two above

    def definition(self, data: Data) -> dict[str, Any]:
        """The tool's tools/list entry."""
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "inputSchema": {"type": "object", "properties": self.properties(data), "required": list(self.required), "additionalProperties": False},
            "outputSchema": inline_schema(self.output),
            "annotations": {"title": self.title, **READ_ONLY},
        }

    def __reduce__(self) -> tuple[Callable[[str], Tool], tuple[str]]:
        """Pickled by name (a pre-built catalog file holds the records): TOOLS is code, not data."""
        return _tool_named, (self.name,)


def _tool_named(name: str) -> Tool:
    return next(tool for tool in TOOLS if tool.name == name)


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


# --- arguments --------------------------------------------------------------------------------

COUNTRY = {"type": "string", "description": "Country id (us, uk, india, schengen), ISO 3166 alpha-2/alpha-3 code or English name."}
DOCUMENT_TYPE = {"type": "string", "description": "A document id (india-visa) or just its kind (visa, passport, id-card)."}


def _country_and_document(lookups: Lookups, country_text: str, document_type: str | None) -> tuple[str, str | None] | ToolError:
    country = lookups.names.country_or_close(country_text)
    if isinstance(country, list):
        return ToolError(f"no country {quoted(country_text)}", country)
    if document_type is None:
        return country, None
    data = lookups.data
    doc_id = _document_id(data, document_type, country)
    if doc_id is None or data.docs[doc_id].country.id != country:
        ids = {d.id: d.id for d in data.docs_by_country[country]}
        return ToolError(
            f"{country} has no document {quoted(document_type)}; its documents are: {', '.join(ids)}",
            lookups.names.suggest_documents_of(country, f"{country}-{document_type}"),
        )
    return country, doc_id


def _document_id(data: Data, text: str, country: str | None = None) -> str | None:
    """A full id, a legacy id, or (with a country) a kind such as "visa"."""
    docs = data.docs
    if text in docs:  # the common cases, an exact id or kind, need no normalising
        return text
    if country and f"{country}-{text}" in docs:
        return f"{country}-{text}"
    key = alias_key(text)
    if key in docs:
        return key
    if key in data.doc_aliases:
        return data.doc_aliases[key]
    if country and f"{country}-{key}" in docs:
        return f"{country}-{key}"
    return None


def _link(uri: str, name: str, title: str, mime_type: str) -> Link:
    return {"type": "resource_link", "uri": uri, "name": name, "title": title, "mimeType": mime_type}


# --- list_supported_countries -------------------------------------------------------------------


def _list_key(lookups: Lookups, arguments: dict[str, str]) -> Key:
    return ("list_supported_countries",)


def _list_results(context: Context) -> Iterator[Result]:
    data = context.data
    summaries = [CountrySummary(c.id, c.name, c.flag, [d.id for d in data.docs_by_country[c.id]]) for c in data.countries]
    listing = CountryList(count=len(data.countries), countries=summaries, source_url=context.urls.countries(), dataset=context.dataset)
    yield ("list_supported_countries",), listing, []


# --- get_visa_photo_spec ----------------------------------------------------------------------------


def _spec_key(lookups: Lookups, arguments: dict[str, str]) -> Key | ToolError:
    if "country" not in arguments:
        return ToolError("country is required: a country id, ISO code or English name (see list_supported_countries)", [])
    resolved = _country_and_document(lookups, arguments["country"], arguments.get("document_type"))
    return resolved if isinstance(resolved, ToolError) else ("get_visa_photo_spec", *resolved)


def _spec_results(context: Context) -> Iterator[Result]:
    urls, data = context.urls, context.data
    for country in data.countries:
        ref = CountryRef(country.id, country.name, country.flag)
        docs = data.docs_by_country[country.id]
        specs = {d.id: context.views.documents[d.id] for d in docs}
        yield (
            ("get_visa_photo_spec", country.id, None),
            SpecResult(ref, list(specs.values()), source_url=urls.country(country.id), dataset=context.dataset),
            [
                _link(urls.country(country.id), f"{country.id}-page", f"{country.name}: page", "text/html"),
                _link(urls.country_json(country.id), country.id, f"{country.name}: every document", "application/json"),
            ],
        )
        for doc in docs:
            spec = specs[doc.id]
            yield ("get_visa_photo_spec", country.id, doc.id), SpecResult(ref, [spec], source_url=spec.canonical_url, dataset=context.dataset), _doc_links(urls, doc)


def _doc_links(urls: Urls, doc: Doc) -> list[Link]:
    name = f"{doc.country.name} {doc.file.name} photo"
    links = [
        _link(urls.document(doc.slug), f"{doc.id}-page", f"{name}: page", "text/html"),
        _link(urls.path("document", doc.id), doc.id, f"{name}: full spec", "application/json"),
    ]
    return links + [_link(s.url, f"{doc.id}-source-{i}", s.title, "text/html") for i, s in enumerate(doc.sources, 1)]


# --- get_portal_constraints -------------------------------------------------------------------------


def _portal_properties(data: Data) -> dict[str, Any]:
    return {"portal": {"type": "string", "enum": list(data.portals), "description": "Portal id, e.g. ds-160."}}


def _portal_key(lookups: Lookups, arguments: dict[str, str]) -> Key | ToolError:
    portals = lookups.data.portals
    if "portal" not in arguments:
        return ToolError("portal is required", list(portals)[:3])
    portal = arguments["portal"].strip().lower()
    if portal not in portals:
        return ToolError(f"no portal {quoted(arguments['portal'])}", lookups.names.suggest_portals(portal))
    return ("get_portal_constraints", portal)


def _portal_results(context: Context) -> Iterator[Result]:
    urls = context.urls
    for portal in context.data.portals.values():
        result = PortalResult(context.views.portals[portal.id], context.icao, source_url=urls.portal(portal.id), dataset=context.dataset)
        yield ("get_portal_constraints", portal.id), result, _portal_links(urls, portal)


def _portal_links(urls: Urls, portal: PortalFile) -> list[Link]:
    return [
        _link(urls.portal(portal.id), f"{portal.id}-page", f"{portal.name}: page", "text/html"),
        _link(urls.path("portal", portal.id), portal.id, f"{portal.name}: limits", "application/json"),
        *(_link(s.url, f"{portal.id}-source-{i}", s.title, "text/html") for i, s in enumerate(portal.sources, 1)),
    ]


# --- get_photo_tool_url -------------------------------------------------------------------------------


def _tool_url_key(lookups: Lookups, arguments: dict[str, str]) -> Key | ToolError:
    country, document_type = arguments.get("country"), arguments.get("document_type")
    if country is None and document_type is not None:
        doc_id = _document_id(lookups.data, document_type)
        if doc_id is None:
            return ToolError(f"no document {quoted(document_type)}; give a full document id or add country", [])
        country = lookups.data.docs[doc_id].country.id
    if country is None:
        return ("get_photo_tool_url", None, None)
    resolved = _country_and_document(lookups, country, document_type)
    return resolved if isinstance(resolved, ToolError) else ("get_photo_tool_url", *resolved)


def _tool_url_results(context: Context) -> Iterator[Result]:
    urls = context.urls

    def answer(country_id: str | None, doc: Doc | None) -> ToolUrlResult:
        url = urls.tool(country_id, doc.id if doc else None)
        source = urls.document(doc.slug) if doc else url
        return ToolUrlResult(url, country_id, doc.id if doc else None, source_url=source, dataset=context.dataset)

    for country in context.data.countries:
        yield ("get_photo_tool_url", country.id, None), answer(country.id, None), []
        for doc in context.data.docs_by_country[country.id]:
            yield ("get_photo_tool_url", country.id, doc.id), answer(country.id, doc), []
    yield ("get_photo_tool_url", None, None), answer(None, None), []


# --- check_photo_measurements -----------------------------------------------------------------------


def _check_properties(data: Data) -> dict[str, Any]:
    return {field.name: {**field.schema(), "description": field.description} for field in FIELDS}


def _check(lookups: Lookups, arguments: dict[str, Any]) -> Computed | ToolError:
    answer = lookups.checker.check(arguments)
    if isinstance(answer, Refused):
        return ToolError(answer.message, answer.suggestions)
    return _check_result(lookups, answer), _doc_links(lookups.urls, lookups.data.docs[answer.document])


def _check_result(lookups: Lookups, checked: Checked) -> PhotoCheckResult:
    result = checked.result
    return PhotoCheckResult(
        document=checked.document,
        portal=checked.portal,
        verdict=result["verdict"],
        rules=msgspec.convert(result["rules"], list[CheckedRule]),
        source_url=lookups.urls.document(lookups.data.docs[checked.document].slug),
        dataset=lookups.dataset,
    )


def _check_example(doc: Doc, portal: str) -> dict[str, Any]:
    """A document's own print size in px, a head and eye line in mm, a white background."""
    example: dict[str, Any] = {"document": doc.id}
    if doc.width_px and doc.height_px:
        example |= {"widthPx": doc.width_px, "heightPx": doc.height_px}
    return example | {"headMm": 32, "eyeMm": 31, "background": "#ffffff"}


# --- the tools ------------------------------------------------------------------------------------------

TOOLS = [
    Tool(
        name="list_supported_countries",
        title="List supported countries",
        description="Every country (or group, such as schengen) with a photo spec, and its document ids.",
        properties=lambda data: {},
        required=(),
        output=CountryList,
        resolve=_list_key,
        results=_list_results,
        example=lambda doc, portal: {},
    ),
    Tool(
        name="get_visa_photo_spec",
        title="Get a photo specification",
        description=(
            "The official photo specification for a country's passport, visa, ID card, residence permit or "
            "driving licence: size in mm and px, dpi, background colour, head height and eye line where "
            "published, the full list of requirements, upload portals and official sources. Without "
            "document_type, every document of the country."
        ),
        properties=lambda data: {"country": COUNTRY, "document_type": DOCUMENT_TYPE},
        required=("country",),
        output=SpecResult,
        resolve=_spec_key,
        results=_spec_results,
        # the document's kind: the id without its country
        example=lambda doc, portal: {"country": doc.country.id, "document_type": doc.id.removeprefix(f"{doc.country.id}-")},
    ),
    Tool(
        name="get_portal_constraints",
        title="Get upload portal constraints",
        description=(
            "File formats, file-size and pixel limits, aspect ratio and other rules a government upload "
            "portal enforces (the national overlay), with the ICAO 9303 baseline returned beside it."
        ),
        properties=_portal_properties,
        required=("portal",),
        output=PortalResult,
        resolve=_portal_key,
        results=_portal_results,
        example=lambda doc, portal: {"portal": portal},
    ),
    Tool(
        name="get_photo_tool_url",
        title="Get the photo tool URL",
        description=(
            "The URL of the browser tool that makes a compliant photo, with the country and document "
            "preselected. Photos are processed in the user's browser, never uploaded here."
        ),
        properties=lambda data: {"country": COUNTRY, "document_type": DOCUMENT_TYPE},
        required=(),
        output=ToolUrlResult,
        resolve=_tool_url_key,
        results=_tool_url_results,
        example=lambda doc, portal: {"country": doc.country.id, "document_type": doc.id},
    ),
    Tool(
        name="check_photo_measurements",
        title="Check a photo's measurements",
        # the reference's own text, in this schema's names; the photo stays with the caller
        description=photocheck.DESCRIPTION.replace("height_px", "heightPx") + " Only the numbers travel: no image is ever sent.",
        properties=_check_properties,
        required=("document",),
        output=PhotoCheckResult,
        compute=_check,
        example=_check_example,
    ),
]


# --- built once ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BuiltTools:
    records: dict[str, Tool]  # by name
    arguments: dict[str, dict[str, Any]]  # tool name -> the arguments it takes -> their JSON Schemas
    definitions: list[dict[str, Any]]  # tools/list entries, in TOOLS order
    listing: bytes  # the tools/list result
    results: dict[Key, Encoded]  # every valid call's result


def dataset_ref(urls: Urls) -> DatasetRef:
    """The open dataset every result cites: its page names the version and the files."""
    return DatasetRef(name="photospecs open dataset", url=urls.path("dataset"), license="MIT", license_url=LICENSE_URL)


def build_tools(data: Data, urls: Urls, views: Views) -> BuiltTools:
    context = Context(data, urls, views, icao_baseline(data.icao), dataset_ref(urls))
    definitions = [tool.definition(data) for tool in TOOLS]
    return BuiltTools(
        records={tool.name: tool for tool in TOOLS},
        arguments={tool.name: tool.properties(data) for tool in TOOLS},
        definitions=definitions,
        listing=encode({"tools": definitions}),
        results={key: encoded for tool in TOOLS for key, encoded in _results(tool, context)},
    )


def _results(tool: Tool, context: Context) -> Iterator[tuple[Key, Encoded]]:
    for key, payload, links in tool.results(context) if tool.results is not None else ():
        yield key, encoded(tool, payload, links)


PLAIN_END = b'],"isError":false}'


def encoded(tool: Tool, payload: msgspec.Struct, links: list[Link]) -> Encoded:
    if type(payload) is not tool.output:  # the outputSchema would not describe it
        raise TypeError(f"{tool.name}: a result is a {type(payload).__name__}, its output a {tool.output.__name__}")
    structured = msgspec.to_builtins(payload)
    text = {"type": "text", "text": encode(structured).decode()}
    # resource_link blocks (from 2025-06-18): the page to cite, the resource to fetch or
    # attach, and the official sources behind the facts.
    body = encode({"content": [text, *links], "structuredContent": structured, "isError": False})
    return Encoded(body, len(b'{"content":[') + len(encode(text)))
