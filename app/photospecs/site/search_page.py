"""GET /search: the search results as a page, for visitors without JavaScript and for the form's
own submit. The one page rendered per request: the same ranking as /api/search, through the same
autoescaping templates as every other page, within the bounds search.py sets."""

from __future__ import annotations

from photospecs.core.search import MAX_QUERY
from photospecs.http.encoded import COMMON_HEADERS, HTML
from photospecs.http.query import parse_query
from photospecs.http.routing import Handler, get_only
from photospecs.http.send import ErrorRenderer, Scope, Send
from photospecs.site.build import SiteSlice
from photospecs.site.headers import PAGE_HEADERS
from photospecs.site.render import environment, versioned
from photospecs.wire.rest import Error


def search_page(site: SiteSlice) -> Handler:
    # Pages rendered after start-up link static files by the fingerprints the site serves.
    env = environment(site.urls, versioned(site.fingerprints), site.data.version)
    template = env.get_template("search.html")
    canonical = site.urls.path("search-page")
    page_headers = [(b"content-type", HTML), *COMMON_HEADERS, *PAGE_HEADERS]
    cached = [(b"cache-control", site.cache_control), *page_headers]
    uncached = [(b"cache-control", b"no-store"), *page_headers]
    search = site.search

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
        body = template.render(canonical=canonical, data=site.data, query=text.strip(), results=results, problem=problem)
        return (400 if problem else 200), body.encode()

    async def answer(scope: Scope, send: Send, errors: ErrorRenderer) -> int:
        status, body = render(scope["query_string"])
        headers = [(b"content-length", str(len(body)).encode()), *(cached if status == 200 else uncached)]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})
        return status

    return get_only(answer)
