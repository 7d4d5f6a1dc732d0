"""GET /search (and /<language>/search): the search results as a page, for visitors without
JavaScript and for the form's own submit. The one page rendered per request: the same ranking
as /api/search, through the same autoescaping templates as every other page, within the bounds
search.py sets, in the page's language (names, sizes and links of the results included)."""

from __future__ import annotations

import functools
from typing import NamedTuple

import jinja2

from photospecs.core.search import MAX_QUERY, SearchResult
from photospecs.http.encoded import COMMON_HEADERS, HTML
from photospecs.http.query import parse_query
from photospecs.http.routing import Handler, get_only
from photospecs.http.send import ErrorRenderer, Scope, Send
from photospecs.paths import at
from photospecs.site import languages
from photospecs.site.build import SiteSlice
from photospecs.site.headers import PAGE_HEADERS
from photospecs.site.i18n import Texts, texts_of
from photospecs.site.render import environment, versioned
from photospecs.wire.rest import Error


class Result(NamedTuple):
    name: str
    path: str
    summary: str


def search_page(site: SiteSlice, code: str = "") -> Handler:
    language = languages.BY_CODE[code]

    @functools.cache
    def prepared() -> tuple[Texts, jinja2.Template]:
        # Made on the first search in this language, not at start-up: twelve catalogues and
        # template environments would cost every worker a few tenths of a second and some memory.
        texts = texts_of(language)
        # Pages rendered after start-up link static files by the fingerprints the site serves.
        env = environment(site.urls, versioned(site.fingerprints), site.data.version, texts)
        return texts, env.get_template("search.html")

    if not code:
        prepared()  # English is most searches: ready before the first

    canonical = site.urls.site + at("search-page", language=code)
    served = languages.served(site.languages)
    alternates = [(lang, site.urls.site + at("search-page", language=lang.code)) for lang in served]
    page_headers = [(b"content-type", HTML), *COMMON_HEADERS, *PAGE_HEADERS]
    cached = [(b"cache-control", site.cache_control), *page_headers]
    uncached = [(b"cache-control", b"no-store"), *page_headers]
    search = site.search
    data = site.data

    def shown(found: SearchResult) -> Result:
        """A result as this language's page shows it (named at start-up, search_results)."""
        return Result(found.name, found.url.removeprefix(site.urls.site), found.summary)

    def render(query: bytes) -> tuple[int, bytes]:
        texts, template = prepared()
        params = parse_query(query)
        problem, text, results = None, "", []
        if isinstance(params, Error):
            problem = texts.gettext("The address has a malformed query. Type your search again.")
        else:
            text = params.get("q", "")
            if len(text) > MAX_QUERY:
                problem = texts.gettext("The search is limited to %(count)s characters.") % {"count": MAX_QUERY}
                text = text[:MAX_QUERY]
            elif text.strip():
                results = [shown(found) for found in search.results_in(text, code)]
        body = template.render(canonical=canonical, data=data, query=text.strip(), results=results, problem=problem, alternates=alternates)
        return (400 if problem else 200), body.encode()

    async def answer(scope: Scope, send: Send, errors: ErrorRenderer) -> int:
        status, body = render(scope["query_string"])
        headers = [(b"content-length", str(len(body)).encode()), *(cached if status == 200 else uncached)]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})
        return status

    return get_only(answer)
