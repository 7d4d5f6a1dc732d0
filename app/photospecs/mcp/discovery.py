"""GET /api/mcp: the MCP server described for people and crawlers (the protocol's own discovery
is server/discover, in server.py)."""

from __future__ import annotations

from typing import Any

import msgspec

from photospecs import __version__
from photospecs.dataset import Data
from photospecs.http.encoded import JSON, Prepared, cache_control, prepare
from photospecs.mcp.server import MAX_BATCH, SUPPORTED_VERSIONS
from photospecs.settings import Settings
from photospecs.urls import Urls
from photospecs.wire.rest import LICENSE_URL

# key in the document -> route name in paths.py
ENDPOINTS = {"mcp": "mcp", "specs": "specs", "comparisons": "comparisons", "dataset": "dataset", "openapi": "openapi", "docs": "docs-page"}


def discovery(data: Data, urls: Urls, settings: Settings, tools: list[dict[str, Any]]) -> Prepared:
    """`tools` are the tools/list entries."""
    document = {
        "name": "photospecs",
        "version": __version__,
        "description": "Passport, visa, ID card, residence permit and driving licence photo specifications, as MCP tools.",
        "protocol": "Model Context Protocol over JSON-RPC 2.0 (streamable HTTP, stateless, JSON responses)",
        "protocolVersions": list(SUPPORTED_VERSIONS),
        "endpoints": {key: urls.path(name) for key, name in ENDPOINTS.items()},
        "limits": {"maxBodyBytes": settings.max_body_bytes, "maxBatch": MAX_BATCH, "rateLimit": None},
        "tools": [{"name": t["name"], "title": t["title"], "description": t["description"]} for t in tools],
        "dataset": {"url": urls.path("dataset"), "version": data.version, "license": "MIT", "licenseUrl": LICENSE_URL},
        "authentication": None,
    }
    return prepare(msgspec.json.encode(document), JSON, cache_control(settings.max_age))

