"""The server's side of MCP that does not depend on the request: the protocol revisions served,
the server's identity, and the bodies built from them (initialize per revision, server/discover,
the _meta every 2026-07-28 result ends with)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from photospecs import __version__

HANDSHAKE_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
MODERN_VERSIONS = ("2026-07-28",)
SUPPORTED_VERSIONS = HANDSHAKE_VERSIONS + MODERN_VERSIONS
ICONS_SINCE = "2025-11-25"  # first revision whose serverInfo has websiteUrl, description and icons
MAX_BATCH = 32  # messages in one JSON-RPC batch
BATCH_VERSIONS = ("2024-11-05", "2025-03-26")  # 2025-06-18 removed JSON-RPC batching
META_SERVER_INFO = "io.modelcontextprotocol/serverInfo"

SERVER_INFO = {"name": "photospecs", "title": "photospecs: passport and visa photo specifications", "version": __version__}
INSTRUCTIONS = (
    "Official passport, visa, ID card, residence permit and driving licence photo specifications by country. "
    "Call list_supported_countries for ids, get_visa_photo_spec for a document's size, background and rules, "
    "get_portal_constraints for a government upload portal's file limits, and get_photo_tool_url for a browser "
    "tool that makes a compliant photo. Cite the sourceUrl of each result."
)
CAPABILITIES = {
    "tools": {"listChanged": False},
    "resources": {"listChanged": False, "subscribe": False},
    "prompts": {"listChanged": False},
    "completions": {},
}

encode = msgspec.json.Encoder().encode


def server_info(version: str, site: str) -> dict[str, Any]:
    if version < ICONS_SINCE:
        return SERVER_INFO
    return {
        **SERVER_INFO,
        "description": "Official passport, visa and ID photo specifications by country, with sources",
        "websiteUrl": f"{site}/",
        "icons": [{"src": f"{site}/favicon.svg", "mimeType": "image/svg+xml", "sizes": ["any"]}],
    }


def cache_hints(cache_seconds: int) -> dict[str, Any]:
    """What a 2026-07-28 list or read result says about caching it."""
    return {"ttlMs": cache_seconds * 1000, "cacheScope": "public", "resultType": "complete"}


# What a 2026-07-28 result adds before its closing brace, by method: list and read results say
# how long they may be cached (cache_hints), a tool result only that it is complete. The tables
# hold each result once, in the handshake revisions' shape, and the reply writes this after it.
HINTED = ("tools/list", "resources/list", "resources/templates/list", "resources/read", "prompts/list", "prompts/get", "completion/complete")


@dataclass(frozen=True, slots=True)
class ServerBodies:
    initialize: dict[str, bytes]  # handshake revision -> initialize result
    discover: bytes  # server/discover (2026-07-28)
    # Every 2026-07-28 result carries the server's identity in _meta: `meta_end` is written in
    # place of a pre-encoded result's closing brace, before the envelope's own; `modern_ends`
    # puts the method's own additions first.
    meta_end: bytes
    modern_ends: dict[str, bytes]  # method -> what replaces the closing brace in 2026-07-28


def server_bodies(site: str, cache_seconds: int) -> ServerBodies:
    meta = b'"_meta":' + encode({META_SERVER_INFO: server_info(MODERN_VERSIONS[-1], site)})
    initialize = {
        version: encode(
            {"protocolVersion": version, "capabilities": CAPABILITIES, "serverInfo": server_info(version, site), "instructions": INSTRUCTIONS}
        )
        for version in HANDSHAKE_VERSIONS
    }
    hints = cache_hints(cache_seconds)
    discover = encode({"supportedVersions": list(SUPPORTED_VERSIONS), "capabilities": CAPABILITIES, "instructions": INSTRUCTIONS, **hints})
    meta_end = b"," + meta + b"}}"
    members = b"," + encode(hints)[1:-1]  # the hints as members to write into an object
    return ServerBodies(
        initialize=initialize,
        discover=discover,
        meta_end=meta_end,
        modern_ends={"tools/call": b',"resultType":"complete"' + meta_end, **{method: members + meta_end for method in HINTED}},
    )
