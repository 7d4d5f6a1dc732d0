"""The route table bound to endpoints: matching a request path to its route, the canonical-URL
policy, and the read-only endpoint most routes share.

Canonical URLs: no path but "/" ends in a slash, and an alias of an id (/countries/usa,
/countries/India, /api/documents/US-Visa) is not the id. Both are answered with 308 Permanent
Redirect to the canonical path, the same on the site and the API: 308 keeps the method and body
(an MCP POST to /api/mcp/ is re-sent as a POST), and browsers and crawlers remember it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Any, NamedTuple
from urllib.parse import quote

from photospecs.http.encoded import Prepared
from photospecs.http.send import ErrorRenderer, Scope, Send, send_method_not_allowed, send_options, send_prepared, send_redirect
from photospecs.paths import PATHS, Path
from photospecs.wire.rest import Error

Endpoint = Callable[[Scope, Any, Send], Awaitable[int]]  # returns the status it sent
Handler = Callable[[Path, ErrorRenderer], Endpoint]  # an endpoint for its table row


class Moved(NamedTuple):
    """The canonical path of what was asked for under another name."""

    path: str


Outcome = Prepared | Error | Moved
Lookup = Callable[[str, bytes], Outcome]  # (path, raw query string) -> outcome


class Route(NamedTuple):
    path: Path
    endpoint: Endpoint
    hot: dict[tuple[str, bytes], Prepared] = {}  # (path, query) -> its response, answered before routing (never mutated)

    @property
    def label(self) -> str:
        return self.path.template


def bind(handlers: Mapping[str, Handler], errors: ErrorRenderer, paths: tuple[Path, ...] = PATHS) -> list[Route]:
    """Every row of the table with its endpoint; a row without a handler, or a handler without a
    row, is a bug caught at start-up rather than a path that silently 404s."""
    names = {p.name for p in paths}
    if missing := names - handlers.keys():
        raise LookupError(f"routes without a handler: {sorted(missing)}")
    if extra := handlers.keys() - names:
        raise LookupError(f"handlers without a route: {sorted(extra)}")
    return [Route(p, handlers[p.name](p, errors), _hot(handlers[p.name], p)) for p in paths]


def _hot(handler: Handler, row: Path) -> dict[tuple[str, bytes], Prepared]:
    return handler.answers(row) if isinstance(handler, ReadOnly) else {}


class Matcher:
    """Exact paths by dictionary, then parameter routes by their fixed prefix, longest first
    (so "/{page}", whose prefix is "/", comes last)."""

    def __init__(self, routes: list[Route]) -> None:
        self._exact = {r.path.template: r for r in routes if not r.path.has_parameter}
        self._prefixed = sorted(
            ((r.path.prefix, r.path.spans_segments, r) for r in routes if r.path.has_parameter), key=lambda t: -len(t[0])
        )

    def __call__(self, path: str) -> Route | None:
        route = self._exact.get(path)
        if route is not None:
            return route
        for prefix, spans, candidate in self._prefixed:
            if path.startswith(prefix):
                rest = path[len(prefix) :]
                if rest and (spans or "/" not in rest):
                    return candidate
        return None


def without_trailing_slash(path: str) -> str | None:
    """The canonical form of a path ending in "/", or None when it has none to redirect to.

    "//host" is never produced: a Location starting with two slashes would send the client to
    another host."""
    if len(path) < 2 or not path.endswith("/"):
        return None
    canonical = path.rstrip("/")
    return canonical if canonical and not canonical.startswith("//") else None


def location(path: str, query: bytes) -> bytes:
    """A Location header for `path`: percent-encoded again (the ASGI path is decoded, and a
    decoded CR or LF must never reach a header), with the query kept as the client sent it."""
    encoded = quote(path, safe="/:@!$&'()*+,;=-._~").encode()
    return encoded + b"?" + query if query else encoded


Answer = Callable[[Scope, Send, ErrorRenderer], Awaitable[int]]  # a GET or HEAD, answered
PostAnswer = Callable[[Scope, Any, Send, ErrorRenderer], Awaitable[int]]  # a POST, with its body to receive


def get_only(answer: Answer, post: PostAnswer | None = None) -> Handler:
    """GET and HEAD answered by `answer`, and POST by `post` when given; OPTIONS is a CORS
    preflight; anything else 405 with the row's Allow. The one method switch of every route."""

    def handler(row: Path, errors: ErrorRenderer) -> Endpoint:
        allow = row.allow

        async def endpoint(scope: Scope, receive: Any, send: Send) -> int:
            method = scope["method"]
            if method == "GET" or method == "HEAD":
                return await answer(scope, send, errors)
            if method == "POST" and post is not None:
                return await post(scope, receive, send, errors)
            if method == "OPTIONS":
                return await send_options(send, allow)
            return await send_method_not_allowed(scope, send, allow, errors)

        return endpoint

    return handler


class ReadOnly:
    """A handler: GET and HEAD answered by `lookup(path, query)`, a pre-encoded response, an
    error, or a redirect to the canonical path.

    `hot` names the requests clients make most, (path, raw query) pairs: their responses are
    looked up once here and answered by the app from one dictionary before any routing, which
    is what keeps a hit near the bare server's speed (bench/RESULTS.md). By default that is the
    row's own path with no query, when it has no parameter. Any other request takes the lookup.
    An answer that changes over time (readiness) must say `hot=()`."""

    def __init__(self, lookup: Lookup, hot: Iterable[tuple[str, bytes]] | None = None) -> None:
        self.lookup = lookup
        self.hot = hot

    def answers(self, row: Path) -> dict[tuple[str, bytes], Prepared]:
        hot = self.hot if self.hot is not None else [] if row.has_parameter else [(row.template, b"")]
        found = {(path, query): self.lookup(path, query) for path, query in hot}
        return {key: result for key, result in found.items() if type(result) is Prepared}

    def __call__(self, row: Path, errors: ErrorRenderer) -> Endpoint:
        lookup = self.lookup

        async def answer(scope: Scope, send: Send, errors: ErrorRenderer) -> int:
            result = lookup(scope["path"], scope["query_string"])
            if type(result) is Prepared:
                return await send_prepared(scope, send, result)
            if isinstance(result, Moved):
                return await send_redirect(send, location(result.path, scope["query_string"]))
            assert isinstance(result, Error)
            return await errors(scope, send, result)

        return get_only(answer)(row, errors)


read_only = ReadOnly


def constant(prepared: Prepared) -> Lookup:
    """A lookup for a resource with one representation: path and query do not matter."""
    return lambda path, query: prepared


def by_query(outcome: Callable[[bytes], Outcome]) -> Lookup:
    """A lookup that depends on the query string only."""
    return lambda path, query: outcome(query)
