"""Sending responses over raw ASGI: content negotiation, conditional requests, CORS, errors."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from photospecs.http.encoded import COMMON_HEADERS, JSON, Headers, Prepared
from photospecs.wire.errors import encode_error
from photospecs.wire.rest import Error

Send = Callable[[dict[str, Any]], Awaitable[None]]
Scope = dict[str, Any]

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
    accept_encoding = if_none_match = None
    for name, value in scope["headers"]:  # one pass for both headers (names in ASGI are lowercase)
        if name == b"accept-encoding":
            accept_encoding = value
        elif name == b"if-none-match":
            if_none_match = value
    variant = prepared.variants[choose_coding(accept_encoding)]
    if if_none_match is not None and _matches(if_none_match, variant.etag):
        await send({"type": "http.response.start", "status": 304, "headers": variant.not_modified_headers})
        await send({"type": "http.response.body", "body": b""})
        return 304
    await send({"type": "http.response.start", "status": 200, "headers": variant.headers})
    if variant.file is not None and scope["method"] != "HEAD":
        await send({"type": "http.response.pathsend", "path": variant.file})
        return 200
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


async def send_error(scope: Scope, send: Send, error: Error, extra: Headers | None = None) -> int:
    return await send_bytes(send, error.status, encode_error(error), [*ERROR_HEADERS, *(extra or [])], scope["method"] == "HEAD")


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


async def send_method_not_allowed(scope: Scope, send: Send, allow: bytes, errors: ErrorRenderer | None = None) -> int:
    error = Error(
        status=405,
        error="method_not_allowed",
        message=f"{scope['method']} is not allowed here; use one of: {allow.decode()}",
        allowed=allow.decode().split(", "),
    )
    if errors is not None:
        return await errors(scope, send, error, [(b"allow", allow)])
    return await send_error(scope, send, error, [(b"allow", allow)])


async def send_redirect(send: Send, location: bytes) -> int:
    """308 Permanent Redirect: the canonical URL, for good, with the same method."""
    headers: Headers = [
        (b"location", location),
        (b"content-length", b"0"),
        (b"cache-control", REDIRECT_CACHE),
        *COMMON_HEADERS,
    ]
    await send({"type": "http.response.start", "status": 308, "headers": headers})
    await send({"type": "http.response.body", "body": b""})
    return 308


# A day, not forever: a redirect is permanent by status, but a cache should still learn if an
# alias later becomes a page of its own.
REDIRECT_CACHE = b"public, max-age=86400"


class ErrorRenderer:
    """Every error the service sends: JSON in the contract's Error shape, except a 404 asked for
    by a browser outside /api, which gets the site's not-found page (with the same status)."""

    def __init__(self, not_found_page: Prepared | None = None, in_languages: dict[str, Prepared] | None = None) -> None:
        self._page = not_found_page
        # A path under a language's prefix ("/es/...") gets the 404 page in that language.
        self._in = {f"/{code}/": page for code, page in (in_languages or {}).items()}

    def _page_for(self, path: str) -> Prepared | None:
        if self._in and path.count("/") > 1:
            return self._in.get(path[: path.index("/", 1) + 1], self._page)
        return self._page

    def wants_page(self, scope: Scope, error: Error) -> bool:
        if error.status != 404 or self._page is None or scope["path"].startswith("/api/"):
            return False
        accept = header(scope, b"accept")
        return accept is not None and b"text/html" in accept

    async def __call__(self, scope: Scope, send: Send, error: Error, extra: Headers | None = None) -> int:
        if self._page is not None and self.wants_page(scope, error):
            page = self._page_for(scope["path"])
            assert page is not None  # wants_page said there is a page
            variant = page.variants[choose_coding(header(scope, b"accept-encoding"))]
            await send({"type": "http.response.start", "status": 404, "headers": variant.headers})
            await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else variant.body})
            return 404
        return await send_error(scope, send, error, extra)
