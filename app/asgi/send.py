"""Sending responses over raw ASGI: content negotiation, conditional requests, CORS, errors."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple

from photospecs.asgi.errors import encode_error
from photospecs.catalog.encoded import COMMON_HEADERS, JSON, Headers, Prepared
from photospecs.wire.rest import Error

Send = Callable[[dict[str, Any]], Awaitable[None]]
Scope = dict[str, Any]

READ_METHODS = b"GET, HEAD, OPTIONS"
PREFLIGHT_MAX_AGE = b"86400"
# Every header an MCP or REST client sends (the 2026-07-28 revision adds Mcp-Method and Mcp-Name);
# Authorization is listed though nothing here needs it, because SDK clients may send one.
ALLOWED_REQUEST_HEADERS = (
    b"Accept, Accept-Encoding, Authorization, Content-Type, If-None-Match, Last-Event-ID, "
    b"Mcp-Method, Mcp-Name, MCP-Protocol-Version, Mcp-Session-Id"
)

def header(scope: Scope, name: bytes) -> bytes | None:
    """The first value of a request header (names in ASGI scopes are lowercase)."""
    for key, value in scope["headers"]:
        if key == name:
            found: bytes = value
            return found
    return None


# --- content negotiation -------------------------------------------------------------------

ALL_CODINGS = {"br": 3, "gzip": 2, "identity": 1}  # our preference on ties
GZIP_OR_IDENTITY = {"gzip": 2, "identity": 1}  # bodies spliced per request (gzip_splice)
_negotiated: dict[tuple[bytes, int], str] = {}
_NEGOTIATION_CACHE_SIZE = 512


def choose_coding(accept_encoding: bytes | None, offered: dict[str, int] = ALL_CODINGS) -> str:
    """The best of `offered` by the client's q-values first and our preference on ties."""
    if not accept_encoding:
        return "identity"
    key = (accept_encoding, len(offered))  # the offered sets above differ in size
    choice = _negotiated.get(key)
    if choice is None:
        choice = _parse_accept_encoding(accept_encoding.decode("latin-1"), offered)
        if len(_negotiated) < _NEGOTIATION_CACHE_SIZE:  # bounded: header values are client-chosen
            _negotiated[key] = choice
    return choice


def _parse_accept_encoding(value: str, offered: dict[str, int]) -> str:
    weights: dict[str, float] = {}
    for item in value.split(","):
        coding, *params = (part.strip() for part in item.split(";"))
        coding = coding.lower()
        q = 1.0
        for param in params:
            name, _, number = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = min(max(float(number), 0.0), 1.0)
                except ValueError:
                    q = 0.0
        if coding:
            weights[coding] = q
    wildcard = weights.get("*")
    best, best_rank = "identity", (-1.0, 0)
    for coding, preference in offered.items():
        # An unlisted identity is acceptable, but only as the last resort (RFC 9110 12.5.3).
        q = weights.get(coding, wildcard if wildcard is not None else (0.001 if coding == "identity" else 0.0))
        if q > 0 and (q, preference) > best_rank:
            best, best_rank = coding, (q, preference)
    # When the client refuses everything we have, identity is still the sane answer (RFC 9110 12.5.3).
    return best


def _matches(if_none_match: bytes, etag: bytes) -> bool:
    if if_none_match.strip() == b"*":
        return True
    # Weak comparison, as RFC 9110 requires for If-None-Match: W/"x" matches "x".
    return any(tag.strip().removeprefix(b"W/") == etag for tag in if_none_match.split(b","))


# --- sending ----------------------------------------------------------------------------------


# Every sender returns the status it sent: the app records it without wrapping `send`.


async def send_prepared(scope: Scope, send: Send, prepared: Prepared) -> int:
    variant = prepared.variants[choose_coding(header(scope, b"accept-encoding"))]
    if_none_match = header(scope, b"if-none-match")
    if if_none_match is not None and _matches(if_none_match, variant.etag):
        await send({"type": "http.response.start", "status": 304, "headers": variant.not_modified_headers})
        await send({"type": "http.response.body", "body": b""})
        return 304
    await send({"type": "http.response.start", "status": 200, "headers": variant.headers})
    await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else variant.body})
    return 200


async def send_bytes(send: Send, status: int, body: bytes, headers: Headers, head: bool = False) -> int:
    await send({
        "type": "http.response.start",
        "status": status,
        "headers": [(b"content-type", JSON), (b"content-length", str(len(body)).encode()), *headers],
    })
    await send({"type": "http.response.body", "body": b"" if head else body})
    return status


ERROR_HEADERS: Headers = [(b"cache-control", b"no-store"), *COMMON_HEADERS]


def error_body(error: Error) -> bytes:
    return encode_error(error)


async def send_error(scope: Scope, send: Send, error: Error, extra: Headers | None = None) -> int:
    return await send_bytes(send, error.status, error_body(error), [*ERROR_HEADERS, *(extra or [])], scope["method"] == "HEAD")


async def send_options(send: Send, allow: bytes) -> int:
    """Answer a CORS preflight (or a plain OPTIONS) for a route allowing `allow`."""
    headers: Headers = [
        (b"allow", allow),
        (b"access-control-allow-methods", allow),
        (b"access-control-allow-headers", ALLOWED_REQUEST_HEADERS),
        (b"access-control-max-age", PREFLIGHT_MAX_AGE),
        (b"content-length", b"0"),
        *COMMON_HEADERS,
    ]
    await send({"type": "http.response.start", "status": 204, "headers": headers})
    await send({"type": "http.response.body", "body": b""})
    return 204


async def send_method_not_allowed(scope: Scope, send: Send, allow: bytes) -> int:
    error = Error(
        status=405,
        error="method_not_allowed",
        message=f"{scope['method']} is not allowed here; use one of: {allow.decode()}",
        allowed=allow.decode().split(", "),
    )
    return await send_error(scope, send, error, [(b"allow", allow)])


Endpoint = Callable[[Scope, Any, Send], Awaitable[int]]


class Route(NamedTuple):
    """A raw ASGI endpoint and where it is served; it returns the status it sent.

    `family` groups the many routes of one kind (every document's JSON, every page) under one
    name for metrics, and keeps them out of Litestar's router: they are served by exact path
    only. A `prefix` route answers any path under `path` that no exact route holds (unknown
    ids, with suggestions).
    """

    path: str
    name: str
    endpoint: Endpoint
    family: str | None = None
    prefix: bool = False

    @property
    def label(self) -> str:
        return self.family or self.path


def read_only_route(
    path: str, name: str, lookup: Callable[[bytes], Prepared | Error], family: str | None = None
) -> Route:
    """GET and HEAD answered by `lookup(raw query string)`; OPTIONS is a CORS preflight,
    anything else is 405 with Allow."""

    async def endpoint(scope: Scope, receive: Any, send: Send) -> int:
        method = scope["method"]
        if method == "GET" or method == "HEAD":
            result = lookup(scope["query_string"])
            if isinstance(result, Error):
                return await send_error(scope, send, result)
            return await send_prepared(scope, send, result)
        if method == "OPTIONS":
            return await send_options(send, READ_METHODS)
        return await send_method_not_allowed(scope, send, READ_METHODS)

    return Route(path, name, endpoint, family)


def missing_route(prefix: str, name: str, error_for: Callable[[str], Error]) -> Route:
    """Any path under `prefix` that no exact route holds: an unknown id, answered with
    `error_for(path)` (a 404 naming close ids)."""

    async def endpoint(scope: Scope, receive: Any, send: Send) -> int:
        if scope["method"] == "OPTIONS":
            return await send_options(send, READ_METHODS)
        if scope["method"] not in ("GET", "HEAD"):
            return await send_method_not_allowed(scope, send, READ_METHODS)
        return await send_error(scope, send, error_for(scope["path"]))

    return Route(prefix, name, endpoint, f"{prefix}{{id}}", prefix=True)


def constant(prepared: Prepared) -> Callable[[bytes], Prepared]:
    """A lookup that ignores the query: for documents with one representation."""
    return lambda query: prepared
