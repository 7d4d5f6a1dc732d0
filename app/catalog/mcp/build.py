"""Everything /api/mcp answers that does not depend on the request, built once: tool
definitions and results, resources, prompts, completion indexes, the handshake bodies, the
discovery document, and the deflated form of every large result (gzip_splice)."""

from __future__ import annotations

from dataclasses import dataclass

from photospecs.catalog.encoded import Prepared
from photospecs.catalog.gzip_splice import deflate_middle
from photospecs.catalog.mcp.discovery import discovery
from photospecs.catalog.mcp.resources import ResourceTables, build_resources
from photospecs.catalog.mcp.server import ServerBodies, cache_hints, server_bodies
from photospecs.catalog.mcp.tools import BuiltTools, build_tools
from photospecs.catalog.views import Views
from photospecs.dataset import Data
from photospecs.settings import Settings
from photospecs.urls import Urls

GZIP_MIN = 500  # bytes; smaller bodies gain less from gzip than its header and trailer cost


@dataclass(frozen=True, slots=True)
class McpCatalog:
    tools: BuiltTools
    resources: ResourceTables
    server: ServerBodies
    discovery: Prepared  # GET /api/mcp
    deflated: dict[bytes, bytes]  # pre-built result -> deflate_middle of it without its closing brace


def build_mcp(
    data: Data, urls: Urls, settings: Settings, views: Views, specs: dict[tuple[str | None, bool], Prepared], rest: dict[str, Prepared]
) -> McpCatalog:
    """`specs` and `rest` are the catalog's REST bodies (by country and raw flag; by path),
    which resources serve unchanged."""
    hints = cache_hints(settings.max_age)
    tools = build_tools(data, urls, views, hints)
    resources = build_resources(data, urls, specs, rest, hints)
    prebuilt = [
        *tools.lists.values(),
        *(body for encoded in tools.results.values() for body in (encoded.plain, encoded.structured, encoded.modern)),
        *resources.prebuilt(),
    ]
    return McpCatalog(
        tools=tools,
        resources=resources,
        server=server_bodies(settings.site, settings.max_age),
        discovery=discovery(data, urls, settings, tools.definitions),
        deflated={result: deflate_middle(result[:-1]) for result in prebuilt if len(result) >= GZIP_MIN},
    )
