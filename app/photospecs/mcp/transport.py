"""The /api/mcp route: POST carries JSON-RPC, GET returns the discovery document.

HTTP concerns only (methods, content type, body size); the protocol lives in protocol.py.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any
from urllib.parse import urlsplit

from photospecs.http.deadlines import Deadlines, Expired
from photospecs.http.encoded import COMMON_HEADERS, JSON
from photospecs.http.gzip_splice import gzip_spliced
from photospecs.http.routing import Endpoint, Handler, get_only
from photospecs.http.send import (
    GZIP_OR_IDENTITY,
    ErrorRenderer,
    Scope,
    Send,
    choose_coding,
    header,
    send_bytes,
    send_error,
    send_prepared,
)
from photospecs.mcp.build import McpCatalog
from photospecs.mcp.protocol import Server, rpc_error
from photospecs.paths import BY_NAME, Path
from photospecs.settings import Settings
from photospecs.wire.rest import Error

NO_STORE = [(b"cache-control", b"no-store"), (b"vary", b"accept-encoding"), *COMMON_HEADERS]
GZIPPED = [(b"content-encoding", b"gzip"), *NO_STORE]
ACCEPTED = [(b"content-length", b"0"), *NO_STORE]
NO_EVENT_STREAM = Error(
    status=405,
    error="no_event_stream",
    message="This server opens no server-to-client event stream: POST JSON-RPC messages, or GET with Accept: application/json for the discovery document.",
    allowed=["GET", "HEAD", "POST", "OPTIONS"],
)
NOT_JSON = Error(status=415, error="unsupported_media_type", message="Send the JSON-RPC message with Content-Type: application/json.")


def body_timeout(seconds: float) -> Error:
    return Error(status=408, error="body_timeout", message=f"The request body did not arrive within {seconds:g} s.")


def body_too_large(limit: int) -> Error:
    return Error(status=413, error="body_too_large", message=f"Request bodies are limited to {limit} bytes.")


# DNS rebinding: a page on an attacker's domain that resolves to this server's address sends
# requests whose Host names that domain. Origin stays open (the endpoint is CORS-open by
# contract), so the Host header is what is checked: the site's host, a loopback name, or one
# of PHOTOSPECS_ALLOWED_HOSTS.
FORBIDDEN_HOST = rpc_error(None, -32600, "Forbidden: this Host is not served here (DNS rebinding protection); see PHOTOSPECS_ALLOWED_HOSTS")
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "[::1]"})


class HostCheck:
    """Whether a Host header names this service: the site's host, a loopback name, or one of
    PHOTOSPECS_ALLOWED_HOSTS. Verdicts are remembered per header value (a few per deployment;
    bounded, since the value is the client's choice)."""

    CACHE_SIZE = 256

    def __init__(self, settings: Any) -> None:
        site_host = urlsplit(settings.site).hostname or ""
        extra = [h.strip().lower() for h in settings.allowed_hosts.split(",") if h.strip()]
        self.allowed = frozenset({*map(_bracketed, [site_host.lower(), *extra]), *LOOPBACK_HOSTS})
        self._verdicts: dict[bytes, bool] = {}

    def __call__(self, host: bytes | None) -> bool:
        if host is None:
            return True  # HTTP/1.0 without Host: no browser sends such a request
        verdict = self._verdicts.get(host)
        if verdict is None:
            name = authority_host(host.decode("latin-1").lower())
            verdict = name is not None and name in self.allowed
            if len(self._verdicts) < self.CACHE_SIZE:
                self._verdicts[host] = verdict
        return verdict


def _bracketed(host: str) -> str:
    """IPv6 addresses as a Host header spells them."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def authority_host(authority: str) -> str | None:
    """The host of a Host header read strictly as RFC 3986's authority without userinfo: a
    bracketed IP literal or a name, then nothing but an optional ":" and digits. Anything else
    (`a:b@c`, `localhost:evil`, `[::1].evil.example`) is None, so no loose reading can pick an
    allowed name out of a hostile value."""
    if authority.startswith("["):
        end = authority.find("]") + 1
        host, rest = authority[:end], authority[end:]
        if end == 0:
            return None
    else:
        host, colon, port = authority.partition(":")
        rest = colon + port
    if rest and not (rest[0] == ":" and (rest[1:].isdigit() or rest == ":") and rest[1:].isascii()):
        return None
    return host if host and _HOST_CHARS.fullmatch(host) else None


# reg-name, IPv4 and IP-literal characters (RFC 3986 3.2.2): unreserved, sub-delims, "%" for
# pct-encoding, and ":" only inside brackets.
_HOST_CHARS = re.compile(r"\[[0-9a-f:.]+\]|[a-z0-9\-._~!$&'()*+,;=%]+")


def host_header(scope_headers: list[tuple[bytes, bytes]]) -> bytes | None:
    """The one Host header; two or more make the request's target ambiguous, so they read as
    an empty (refused) host."""
    found = None
    for name, value in scope_headers:
        if name == b"host":
            if found is not None:
                return b""
            found = value
    return found


def handler(mcp: McpCatalog, settings: Settings) -> Handler:
    server = Server(mcp)
    host_allowed = HostCheck(settings)
    limit = settings.max_body_bytes
    deadlines = Deadlines(settings.body_timeout)
    discovery = mcp.discovery

    allow = BY_NAME["mcp"].allow

    async def discover(scope: Scope, send: Send, errors: ErrorRenderer) -> int:
        accept = header(scope, b"accept") or b""
        # A client opening a server-to-client event stream: this server never sends one.
        if b"text/event-stream" in accept and b"json" not in accept and b"*/*" not in accept:
            return await errors(scope, send, NO_EVENT_STREAM, [(b"allow", allow)])
        return await send_prepared(scope, send, discovery)

    async def post(scope: Scope, receive: Any, send: Send, errors: ErrorRenderer) -> int:
        # One pass over the headers, the Host check's included (the last of any other repeated
        # header wins, as in a dict).
        host = content_type = declared = accept_encoding = version = method = name = None
        for key, value in scope["headers"]:
            if key == b"host":
                host = value if host is None else b""  # two Host headers: see host_header
            elif key == b"content-type":
                content_type = value
            elif key == b"content-length":
                declared = value
            elif key == b"accept-encoding":
                accept_encoding = value
            elif key == b"mcp-protocol-version":
                version = value
            elif key == b"mcp-method":
                method = value
            elif key == b"mcp-name":
                name = value
        if not host_allowed(host):
            return await send_bytes(send, 403, FORBIDDEN_HOST, NO_STORE)
        if content_type != JSON and (content_type or b"").split(b";")[0].strip().lower() != JSON:
            return await send_error(scope, send, NOT_JSON)
        try:  # a client trickling its body is cut off
            body = await _read_body(declared, receive, limit, deadlines)
        except Expired:
            return await send_error(scope, send, body_timeout(deadlines.timeout), [(b"connection", b"close")])
        if body is None:
            return await send_error(scope, send, body_too_large(limit), [(b"connection", b"close")])
        reply = server.handle(body, (version, method, name))
        if reply.head is None:
            await send({"type": "http.response.start", "status": 202, "headers": ACCEPTED})
            await send({"type": "http.response.body", "body": b""})
            return 202
        segments = server.deflated.get(reply.result) if reply.result is not None else None
        if segments is not None and choose_coding(accept_encoding, GZIP_OR_IDENTITY) == "gzip":
            assert reply.result is not None
            stop = reply.cut if reply.cut >= 0 else len(reply.result) + reply.cut
            gzipped = gzip_spliced(reply.head, reply.result, segments, stop, reply.end)
            return await send_bytes(send, reply.status, gzipped, GZIPPED)
        return await send_bytes(send, reply.status, reply.body, NO_STORE)  # type: ignore[arg-type]

    methods = get_only(discover, post)

    def bound(row: Path, errors: ErrorRenderer) -> Endpoint:
        answer = methods(row, errors)

        async def endpoint(scope: Scope, receive: Any, send: Send) -> int:
            # Every method, the preflight included, is refused for a Host this server does not
            # serve (POST checks it in its own pass over the headers).
            if scope["method"] != "POST" and not host_allowed(host_header(scope["headers"])):
                return await send_bytes(send, 403, FORBIDDEN_HOST, NO_STORE)
            return await answer(scope, receive, send)

        return endpoint

    return bound


async def _read_body(declared: bytes | None, receive: Any, limit: int, deadlines: Deadlines) -> bytes | None:
    """The request body, or None as soon as it is known to exceed `limit`; Expired if it does
    not arrive within the deadline.

    Granian hands over even a one-chunk body as that chunk (more_body set) and then an empty
    last one; waiting for the empty one is a second trip through the event loop that cost about
    a sixth of a tools/call's throughput (bench/RESULTS.md). Once the bytes named by
    Content-Length have arrived, HTTP framing says no more body follows, so reading stops there.
    """
    expected = int(declared) if declared is not None and declared.isdigit() else -1
    if expected > limit:
        return None
    task = deadlines.enter()
    try:
        message = await receive()
        body = message.get("body", b"")
        if message["type"] == "http.request" and (len(body) == expected or not message.get("more_body", False)):
            return body if len(body) <= limit else None  # the usual case: all of it in one chunk
        chunks: list[bytes] = []
        size = 0
        while True:
            if message["type"] != "http.request":  # the client went away
                return b""
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                return None
            chunks.append(chunk)
            if size == expected or not message.get("more_body", False):
                return b"".join(chunks)
            message = await receive()
    except asyncio.CancelledError:
        if deadlines.expired(task):
            raise Expired from None
        raise
    finally:
        deadlines.leave(task)
