"""The site's routes: pages, root files and static files by their exact path, aliases of an id
redirected to its page, and the search results page."""

from __future__ import annotations

from collections.abc import Callable

from photospecs.http.encoded import Prepared
from photospecs.http.fingerprinted import Fingerprinted
from photospecs.http.routing import Handler, Lookup, Moved, Outcome, constant, read_only
from photospecs.paths import BY_NAME, at
from photospecs.site.build import SiteSlice
from photospecs.site.search_page import search_page
from photospecs.wire.rest import Error

NOT_FOUND = Error(status=404, error="not_found", message="No such page. The site's pages are listed at /sitemap.xml.")


def handlers(site: SiteSlice) -> dict[str, Handler]:
    pages = site.pages
    canonical = site.names
    static = StaticFiles(site)
    return {
        **{name: read_only(constant(pages[at(name)])) for name in ("home", "countries-page", "portals-page", "comparisons-page", "tool-page", "docs-page")},
        "search-page": search_page(site),
        "country-page": read_only(aliased(pages, "country-page", canonical.country), hot=under(pages, "country-page")),
        "portal-page": read_only(aliased(pages, "portal-page", canonical.portal), hot=under(pages, "portal-page")),
        "comparison-page": read_only(aliased(pages, "comparison-page", canonical.comparison), hot=under(pages, "comparison-page")),
        # /us-visa-photo, and /us-visa or /US-Visa-Photo redirected to it
        "page": read_only(aliased(pages, "page", canonical.slug), hot=under(pages, "page")),
        "static": read_only(static, hot=static.bodies.hot()),
    }


def under(pages: dict[str, Prepared], route: str) -> list[tuple[str, bytes]]:
    """Every page of a route with a parameter, asked for with no query."""
    row = BY_NAME[route]
    return [(path, b"") for path in pages if path.startswith(row.prefix) and "/" not in path[len(row.prefix) :]]


def aliased(pages: dict[str, Prepared], route: str, resolve: Callable[[str], str | None]) -> Lookup:
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
