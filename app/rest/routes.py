"""GET /api/specs and GET /api/comparisons: parse the query, look the response up, send it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any
from urllib.parse import parse_qsl, unquote

from photospecs.asgi.errors import quoted
from photospecs.asgi.send import (
    READ_METHODS,
    Route,
    Scope,
    Send,
    constant,
    missing_route,
    read_only_route,
    send_bytes,
    send_error,
    send_method_not_allowed,
    send_options,
)
from photospecs.catalog import Catalog
from photospecs.catalog.encoded import COMMON_HEADERS, Prepared, cache_control
from photospecs.catalog.search import MAX_QUERY as MAX_SEARCH
from photospecs.wire.rest import Error

MAX_QUERY_BYTES = 2048
Outcome = Prepared | Error


def parse_query(query: bytes) -> dict[str, str] | Error:
    if len(query) > MAX_QUERY_BYTES:
        return Error(status=414, error="query_too_long", message=f"The query string is limited to {MAX_QUERY_BYTES} bytes.")
    try:
        pairs = parse_qsl(query.decode("ascii"), keep_blank_values=True, errors="strict")
    except (UnicodeDecodeError, ValueError):
        return Error(status=400, error="bad_query", message="The query string is not valid percent-encoded UTF-8.")
    params: dict[str, str] = {}
    for name, value in pairs:
        if name in params:
            return Error(status=400, error="repeated_parameter", message=f"The parameter {quoted(name)} is given more than once.")
        params[name] = value
    return params


def specs_outcome(catalog: Catalog, query: bytes) -> Outcome:
    params = parse_query(query)
    if isinstance(params, Error):
        return params
    raw = False
    if "format" in params:
        if params["format"] != "raw":  # exactly as documented: RAW and Raw are not values
            return Error(
                status=400,
                error="unknown_format",
                message=f"format {quoted(params['format'])} is not supported; the only value is 'raw', or leave it out.",
                allowed=["raw"],
            )
        raw = True
    country = None
    if "country" in params:
        text = params["country"]
        if not text.strip():
            return Error(
                status=400,
                error="empty_parameter",
                message="country is empty: give a country id, an ISO 3166 code or an English name, or leave it out for every country.",
            )
        country = catalog.resolve_country(text)
        if country is None:
            return Error(
                status=404,
                error="unknown_country",
                message=f"No country matches {quoted(text)}. Use an id from GET /api/specs, an ISO 3166 code or an English name.",
                suggestions=catalog.suggest_countries(text),
            )
    return catalog.specs[country, raw]


def comparisons_outcome(catalog: Catalog, query: bytes) -> Outcome:
    params = parse_query(query)
    if isinstance(params, Error):
        return params
    if "competitor" not in params:
        return catalog.comparisons[None]
    competitor = params["competitor"].strip().lower()
    if competitor not in catalog.comparisons:
        return Error(
            status=400,
            error="unknown_competitor",
            message=f"competitor {quoted(params['competitor'])} is not one of the {len(catalog.comparison_ids())} compared tools.",
            allowed=catalog.comparison_ids(),
        )
    return catalog.comparisons[competitor]


def search_outcome(catalog: Catalog, query: bytes) -> bytes | Error:
    """The /api/search body for `q`, ranked per request: the one endpoint that computes, within
    the bounds search.py sets (a capped query, capped candidates, pre-encoded results)."""
    params = parse_query(query)
    if isinstance(params, Error):
        return params
    if "q" not in params:
        return Error(status=400, error="missing_parameter", message="q is required: the words to search for, such as 'indian passport' or 'uk visa'.")
    text = params["q"]
    if not text.strip():
        return Error(status=400, error="empty_parameter", message="q is empty: give the words to search for, such as 'indian passport'.")
    if len(text) > MAX_SEARCH:
        return Error(status=400, error="parameter_too_long", message=f"q is limited to {MAX_SEARCH} characters.")
    return catalog.search.encoded(text)


def search_route(catalog: Catalog) -> Route:
    headers = [(b"cache-control", cache_control(catalog.settings.max_age)), *COMMON_HEADERS]

    async def endpoint(scope: Scope, receive: Any, send: Send) -> int:
        method = scope["method"]
        if method == "GET" or method == "HEAD":
            result = search_outcome(catalog, scope["query_string"])
            if isinstance(result, Error):
                return await send_error(scope, send, result)
            return await send_bytes(send, 200, result, headers, method == "HEAD")
        if method == "OPTIONS":
            return await send_options(send, READ_METHODS)
        return await send_method_not_allowed(scope, send, READ_METHODS)

    return Route("/api/search", "search", endpoint)


def fast_lookup(outcome: Callable[[bytes], Outcome], common_queries: list[str]) -> Callable[[bytes], Outcome]:
    """Key the responses to the query strings clients usually send by their raw bytes, so those
    requests skip parsing; anything else is parsed."""
    fast: dict[bytes, Prepared] = {}
    for query in common_queries:
        result = outcome(query.encode())
        assert isinstance(result, Prepared), query
        fast[query.encode()] = result

    def lookup(query: bytes) -> Outcome:
        return fast.get(query) or outcome(query)

    return lookup


def routes(catalog: Catalog) -> list[Route]:
    country_ids = [c.id for c in catalog.data.countries]
    spec_queries = ["", "format=raw"]
    for cid in country_ids:
        spec_queries += [f"country={cid}", f"country={cid}&format=raw", f"format=raw&country={cid}"]
    comparison_queries = ["", *(f"competitor={cid}" for cid in catalog.comparison_ids())]
    return [
        *resource_routes(catalog),
        read_only_route("/api/specs", "specs", fast_lookup(partial(specs_outcome, catalog), spec_queries)),
        read_only_route(
            "/api/comparisons", "comparisons", fast_lookup(partial(comparisons_outcome, catalog), comparison_queries)
        ),
        search_route(catalog),
    ]


# Paths with an id: each id's JSON is its own exact route; an unknown id gets a 404 naming close ids.
FAMILIES = {"/api/documents/": "document", "/api/portals/": "portal"}


def resource_routes(catalog: Catalog) -> list[Route]:
    routes = []
    for path, prepared in catalog.resources.items():
        family = next((f"{prefix}{{id}}" for prefix in FAMILIES if path.startswith(prefix)), None)
        routes.append(read_only_route(path, path.removeprefix("/api/"), constant(prepared), family))
    for prefix, kind in FAMILIES.items():
        routes.append(missing_route(prefix, kind, partial(unknown_id, catalog, prefix, kind)))
    return routes


def unknown_id(catalog: Catalog, prefix: str, kind: str, path: str) -> Error:
    text = unquote(path.removeprefix(prefix))[:80]
    suggestions = catalog.suggest_documents(text) if kind == "document" else catalog.suggest_portals(text)
    return Error(
        status=404,
        error=f"unknown_{kind}",
        message=f"No {kind} {quoted(text)}. GET {prefix.rstrip('/')} lists them all.",
        suggestions=suggestions,
    )
