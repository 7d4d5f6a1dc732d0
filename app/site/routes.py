"""The site's routes: each page, the sitemap and each static file by its exact path."""

from __future__ import annotations

from photospecs.asgi.send import Route, constant, read_only_route
from photospecs.catalog import Catalog


def routes(catalog: Catalog) -> list[Route]:
    out = []
    for path, prepared in catalog.pages.items():
        if path == "/404":
            continue  # sent by the not-found handler, never at its own address
        family = "/static/{file}" if path.startswith("/static/") else None if path.count("/") == 1 and "." in path else "/{page}"
        out.append(read_only_route(path, path, constant(prepared), family))
    return out
