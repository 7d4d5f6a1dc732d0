"""The JSON API's routes: parse the query, look the response up, send it."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from urllib.parse import parse_qsl

from photospecs.asgi.routing import Handler, Moved, Outcome, by_query, constant, get_only, read_only
from photospecs.asgi.send import ErrorRenderer, Scope, Send, send_bytes
from photospecs.catalog import Catalog
from photospecs.catalog.encoded import COMMON_HEADERS, Prepared, cache_control
from photospecs.catalog.search import MAX_QUERY as MAX_SEARCH
from photospecs.paths import BY_NAME, at
from photospecs.wire.errors import quoted
from photospecs.wire.rest import Error

MAX_QUERY_BYTES = 2048

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


def search(catalog: Catalog) -> Handler:
    """Like read_only, for the one JSON body computed per request (see search_outcome)."""
    headers = [(b"cache-control", cache_control(catalog.settings.max_age)), *COMMON_HEADERS]

    async def answer(scope: Scope, send: Send, errors: ErrorRenderer) -> int:
        result = search_outcome(catalog, scope["query_string"])
        if isinstance(result, Error):
            return await errors(scope, send, result)
        return await send_bytes(send, 200, result, headers, scope["method"] == "HEAD")

    return get_only(answer)


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


def handlers(catalog: Catalog) -> dict[str, Handler]:
    country_ids = [c.id for c in catalog.data.countries]
    spec_queries = ["", "format=raw"]
    for cid in country_ids:
        spec_queries += [f"country={cid}", f"country={cid}&format=raw", f"format=raw&country={cid}"]
    comparison_queries = ["", *(f"competitor={cid}" for cid in catalog.comparison_ids())]
    resources = catalog.resources
    return {
        "specs": read_only(by_query(fast_lookup(partial(specs_outcome, catalog), spec_queries))),
        "comparisons": read_only(by_query(fast_lookup(partial(comparisons_outcome, catalog), comparison_queries))),
        "search": search(catalog),
        "documents": read_only(constant(resources[at("documents")])),
        "document": read_only(partial(by_id, catalog, "document")),
        "portals": read_only(constant(resources[at("portals")])),
        "portal": read_only(partial(by_id, catalog, "portal")),
        "print-sheets": read_only(constant(resources[at("print-sheets")])),
        "icao": read_only(constant(resources[at("icao")])),
        "openapi": read_only(constant(catalog.openapi)),
    }


def by_id(catalog: Catalog, kind: str, path: str, query: bytes) -> Outcome:
    """A document's or portal's JSON; an alias of its id is redirected to it, and an unknown id
    is a 404 naming close ids."""
    found = catalog.resources.get(path)
    if found is not None:
        return found
    row = BY_NAME[kind]
    text = path.removeprefix(row.prefix)
    canonical = catalog.canonical.document(text) if kind == "document" else catalog.canonical.portal(text)
    if canonical is not None and canonical != text:
        return Moved(row.url(canonical))
    text = text[:80]
    suggestions = catalog.suggest_documents(text) if kind == "document" else catalog.suggest_portals(text)
    return Error(
        status=404,
        error=f"unknown_{kind}",
        message=f"No {kind} {quoted(text)}. GET {row.prefix.rstrip('/')} lists them all.",
        suggestions=suggestions,
    )
