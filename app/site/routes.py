"""The site's routes: each page, the sitemap and each static file by its exact path, and the
search results page."""

from __future__ import annotations

from collections.abc import Callable

from photospecs.asgi.send import Route, constant, read_only_route
from photospecs.catalog import Catalog
from photospecs.catalog.encoded import Prepared, Variant
from photospecs.site.search_page import search_page_route

# A static file asked for with its own fingerprint (?v=<hash of its bytes>) never changes at that
# URL: browsers may keep it for a year without asking again.
FOREVER = b"public, max-age=31536000, immutable"


def routes(catalog: Catalog) -> list[Route]:
    out = [search_page_route(catalog)]
    for path, prepared in catalog.pages.items():
        if path == "/404":
            continue  # sent by the not-found handler, never at its own address
        if path.startswith("/static/"):
            out.append(read_only_route(path, path, by_fingerprint(prepared), "/static/{file}"))
            continue
        family = None if path.count("/") == 1 and "." in path else "/{page}"
        out.append(read_only_route(path, path, constant(prepared), family))
    return out


def by_fingerprint(prepared: Prepared) -> Callable[[bytes], Prepared]:
    """The file for good when the query is its own fingerprint; otherwise with the usual cache
    lifetime (an old or made-up fingerprint must not pin these bytes to that URL)."""
    own = b"v=" + prepared.variants["identity"].etag[1:11]
    forever = cached_for_good(prepared)
    return lambda query: forever if query == own else prepared


def cached_for_good(prepared: Prepared) -> Prepared:
    """The same encoded bodies with Cache-Control FOREVER; no body is encoded again."""
    done: dict[int, Variant] = {}

    def swap(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
        return [(name, FOREVER if name == b"cache-control" else value) for name, value in headers]

    def variant(v: Variant) -> Variant:
        if id(v) not in done:
            done[id(v)] = Variant(v.body, v.etag, swap(v.headers), swap(v.not_modified_headers))
        return done[id(v)]

    return Prepared({coding: variant(v) for coding, v in prepared.variants.items()})
