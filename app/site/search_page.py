"""GET /search: the search results as a page, for visitors without JavaScript and for the form's
own submit. The one page rendered per request: the same ranking as /api/search, through the same
autoescaping templates as every other page, within the bounds search.py sets."""

from __future__ import annotations

from typing import Any

from photospecs.asgi.send import READ_METHODS, Route, Scope, Send, send_method_not_allowed, send_options
from photospecs.catalog import Catalog
from photospecs.catalog.build import PAGE_HEADERS
from photospecs.catalog.encoded import COMMON_HEADERS, HTML, cache_control
from photospecs.catalog.search import MAX_QUERY
from photospecs.rest.routes import parse_query
from photospecs.site.render import environment
from photospecs.wire.rest import Error


def pinned_static(catalog: Catalog) -> Any:
    """static(path) for pages rendered after start-up: the fingerprint is the ETag's hash, which
    is the hash of the bytes served (render.fingerprinted)."""

    def static(path: str) -> str:
        etag = catalog.pages[f"/static/{path}"].variants["identity"].etag
        return f"/static/{path}?v={etag[1:11].decode()}"

    return static


def search_page_route(catalog: Catalog) -> Route:
    env = environment(catalog.urls, pinned_static(catalog), catalog.data.version)
    template = env.get_template("search.html")
    canonical = catalog.urls.site + "/search"
    page_headers = [(b"content-type", HTML), *COMMON_HEADERS, *PAGE_HEADERS]
    cached = [(b"cache-control", cache_control(catalog.settings.max_age)), *page_headers]
    uncached = [(b"cache-control", b"no-store"), *page_headers]
    search = catalog.search

    def render(query: bytes) -> tuple[int, bytes]:
        params = parse_query(query)
        problem, text, results = None, "", []
        if isinstance(params, Error):
            problem = params.message
        else:
            text = params.get("q", "")
            if len(text) > MAX_QUERY:
                problem, text = f"The search is limited to {MAX_QUERY} characters.", text[:MAX_QUERY]
            elif text.strip():
                results = search.results(text)
        body = template.render(canonical=canonical, data=catalog.data, query=text.strip(), results=results, problem=problem)
        return (400 if problem else 200), body.encode()

    async def endpoint(scope: Scope, receive: Any, send: Send) -> int:
        method = scope["method"]
        if method == "GET" or method == "HEAD":
            status, body = render(scope["query_string"])
            headers = [(b"content-length", str(len(body)).encode()), *(cached if status == 200 else uncached)]
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": b"" if method == "HEAD" else body})
            return status
        if method == "OPTIONS":
            return await send_options(send, READ_METHODS)
        return await send_method_not_allowed(scope, send, READ_METHODS)

    return Route("/search", "search-page", endpoint)
