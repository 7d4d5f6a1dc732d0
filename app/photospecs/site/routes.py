"""The site's routes: pages, root files and static files by their exact path, aliases of an id
redirected to its page, and the search results page."""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Callable, Mapping

from photospecs.http.encoded import Prepared
from photospecs.http.fingerprinted import Fingerprinted
from photospecs.http.routing import Handler, Lookup, Moved, Outcome, constant, read_only
from photospecs.paths import BY_NAME, LANGUAGES, PATHS, at, named
from photospecs.site.build import SiteSlice
from photospecs.site.search_page import search_page
from photospecs.wire.rest import Error

NOT_FOUND = Error(status=404, error="not_found", message="No such page. The site's pages are listed at /sitemap.xml.")


def handlers(site: SiteSlice) -> dict[str, Handler]:
    static = StaticFiles(site)
    return {
        "docs-page": read_only(constant(site.pages[at("docs-page")])),
        "static": read_only(static, hot=static.bodies.hot()),
        # The pages in English and, under their prefix, in every other language; a language the
        # settings leave out has its rows in the table but no pages: 404 there.
        **{named(name, code): handler for code in ("", *LANGUAGES) for name, handler in pages_in(site, code).items()},
    }


def pages_in(site: SiteSlice, code: str) -> dict[str, Handler]:
    """The handlers of one language's pages."""
    if code and code not in site.languages:
        return {row.name: read_only(lambda path, query: NOT_FOUND) for row in PATHS if row.localized and not row.language}
    canonical = site.names
    pages: Mapping[str, Prepared] = site.pages if not code else ChainMap(site.pages, site.packed[code])  # type: ignore[arg-type]

    def route(name: str, resolve: Callable[[str], str | None]) -> Handler:
        # A language's pages are put together when asked for: none is answered before routing.
        return read_only(aliased(pages, named(name, code), resolve), hot=under(site.pages, named(name, code)) if not code else [])

    return {
        **{name: read_only(constant(pages[at(name, language=code)])) for name in ("home", "countries-page", "portals-page", "comparisons-page", "tool-page")},
        "search-page": search_page(site, code),
        "country-page": route("country-page", canonical.country),
        "portal-page": route("portal-page", canonical.portal),
        "comparison-page": route("comparison-page", canonical.comparison),
        # /us-visa-photo, and /us-visa or /US-Visa-Photo redirected to it
        "page": route("page", canonical.slug),
    }


def under(pages: Mapping[str, Prepared], route: str) -> list[tuple[str, bytes]]:
    """Every page of a route with a parameter, asked for with no query."""
    row = BY_NAME[route]
    return [(path, b"") for path in pages if path.startswith(row.prefix) and "/" not in path[len(row.prefix) :]]


def aliased(pages: Mapping[str, Prepared], route: str, resolve: Callable[[str], str | None]) -> Lookup:
    """The page at the path; another name of its id is redirected to it; anything else is 404."""
    row = BY_NAME[route]

    def lookup(path: str, query: bytes) -> Outcome:
        page = pages.get(path)
        if page is not None:
            return page
        text = path[len(row.prefix) :]
        found = resolve(text)
        if found is not None and found != text and row.url(found) in pages:
            return Moved(row.url(found))
        return NOT_FOUND

    return lookup


class StaticFiles:
    """Each static file; for good when the query is its own fingerprint (http/fingerprinted.py)."""

    def __init__(self, site: SiteSlice) -> None:
        prefix = BY_NAME["static"].prefix
        self.bodies = Fingerprinted(
            {path: (site.pages[path], site.fingerprints[path.removeprefix(prefix)]) for path in site.pages if path.startswith(prefix)}
        )

    def __call__(self, path: str, query: bytes) -> Outcome:
        found = self.bodies.get(path, query)
        return NOT_FOUND if found is None else found
