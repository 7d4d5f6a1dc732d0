"""Everything /api/mcp answers that does not depend on the request, built once: tool
definitions and results, resources, prompts, completion indexes, the handshake bodies, the
discovery document, and the deflated form of every large result (gzip_splice)."""

from __future__ import annotations

from dataclasses import dataclass

from photospecs.core.checking import Checker
from photospecs.core.names import Names
from photospecs.core.views import Views
from photospecs.dataset import Data
from photospecs.http.encoded import Prepared
from photospecs.http.gzip_splice import Deflated, deflate_segments
from photospecs.mcp.discovery import discovery
from photospecs.mcp.records import BuiltTools, Lookups, build_tools, dataset_ref
from photospecs.mcp.resource_tables import ResourceTables, build_resources
from photospecs.mcp.server import ServerBodies, server_bodies
from photospecs.settings import Settings
from photospecs.urls import Urls

GZIP_MIN = 500  # bytes; smaller bodies gain less from gzip than its header and trailer cost


@dataclass(frozen=True, slots=True)
class McpCatalog:
    tools: BuiltTools
    resources: ResourceTables
    server: ServerBodies
    discovery: Prepared  # GET /api/mcp
    deflated: dict[bytes, Deflated]  # pre-built result -> its deflated segments (gzip_splice)
    lookups: Lookups  # what tool resolvers read at request time


def build_mcp(
    data: Data,
    urls: Urls,
    settings: Settings,
    views: Views,
    names: Names,
    checker: Checker,
    specs: dict[tuple[str | None, bool], Prepared],
    rest: dict[str, Prepared],
) -> McpCatalog:
    """`specs` and `rest` are the JSON API's bodies (by country and raw flag; by path), which
    resources serve unchanged: handed over as bytes, so MCP imports nothing of REST."""
    tools = build_tools(data, urls, views)
    resources = build_resources(data, urls, views, specs, rest)
    # Where a reply may end a result early: a tool result's text block ends the handshake
    # revisions' shape. Every other result is sent whole (but for its closing brace).
    cuts: dict[bytes, tuple[int, ...]] = dict.fromkeys([tools.listing, *resources.prebuilt()], ())
    cuts |= {encoded.structured: (encoded.text_end,) for encoded in tools.results.values()}
    return McpCatalog(
        tools=tools,
        resources=resources,
        server=server_bodies(settings.site, settings.max_age),
        discovery=discovery(data, urls, settings, tools.definitions),
        deflated={result: deflate_segments(result, at) for result, at in cuts.items() if len(result) >= GZIP_MIN},
        lookups=Lookups(data, names, checker, urls, dataset_ref(urls)),
    )
