"""Every page of the site, rendered once from the dataset: path -> (body, content type).

The catalog encodes them like the JSON; no page is rendered per request.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from photospecs.dataset import Data, Doc
from photospecs.dataset.schema import CountryFile, PortalFile
from photospecs.site.figure import figure
from photospecs.site.icons import favicon_ico, favicon_svg
from photospecs.site.render import environment, static_files, versioned
from photospecs.urls import Urls

HTML = b"text/html; charset=utf-8"
XML = b"application/xml"
TEXT = b"text/plain; charset=utf-8"

CONTENT_TYPES = {
    "css": b"text/css; charset=utf-8",
    "js": b"text/javascript; charset=utf-8",
    "mjs": b"text/javascript; charset=utf-8",
    "json": b"application/json",
    "svg": b"image/svg+xml",
    "png": b"image/png",
    "jpg": b"image/jpeg",
    "webmanifest": b"application/manifest+json",
}


class Page(NamedTuple):
    body: bytes
    content_type: bytes
    html: bool = False  # gets the page security headers (CSP and friends)


def build(data: Data, urls: Urls, docs_assets: dict[str, bytes]) -> dict[str, Page]:
    assets = {**static_files(), **docs_assets}
    static = versioned(urls, assets)
    env = environment(urls, static, data.version)
    pages: dict[str, Page] = {}

    def render(path: str, template: str, **context: Any) -> None:
        canonical = urls.site + path
        body = env.get_template(template).render(canonical=canonical, data=data, **context)
        pages[path] = Page(body.encode(), HTML, html=True)

    render("/", "home.html", countries=data.countries, docs_by_country=data.docs_by_country)
    render("/countries", "countries.html", countries=data.countries, docs_by_country=data.docs_by_country)
    for country in data.countries:
        docs = data.docs_by_country[country.id]
        country_portals = [p for p in data.portals.values() if p.country == country.id]
        render(f"/countries/{country.id}", "country.html", country=country, docs=docs, portals=country_portals)
    for doc in data.docs.values():
        render(f"/{doc.slug}", "document.html", doc=doc, f=doc.file, fig=figure(doc), portals=portals_of(data, doc))
    for portal in data.portals.values():
        documents = [data.docs[d] for d in portal.documents]
        render(f"/portals/{portal.id}", "portal.html", portal=portal, documents=documents, country=country_of(data, portal.country))
    for item in data.comparisons:
        render(f"/compare/{item.id}", "compare.html", item=item, others=data.comparisons)
    render("/tool", "tool.html")
    render("/api/docs", "docs.html")
    not_found = env.get_template("not_found.html").render(canonical=urls.home(), data=data)
    pages["/404"] = Page(not_found.encode(), HTML, html=True)

    listed = [urls.site + path for path, page in pages.items() if page.html and path not in ("/404",)]
    pages["/sitemap.xml"] = Page(env.get_template("sitemap.xml").render(locations=listed).encode(), XML)
    pages["/robots.txt"] = Page(f"User-agent: *\nAllow: /\nDisallow: /api/mcp\nSitemap: {urls.site}/sitemap.xml\n".encode(), TEXT)
    pages["/favicon.svg"] = Page(favicon_svg(), CONTENT_TYPES["svg"])
    pages["/favicon.ico"] = Page(favicon_ico(), b"image/x-icon")
    for path, body in assets.items():
        kind = CONTENT_TYPES.get(path.rsplit(".", 1)[-1], b"application/octet-stream")
        # The service worker lives at the root so that its scope covers /tool.
        pages["/sw.js" if path == "sw.js" else f"/static/{path}"] = Page(body, kind)
    return pages


def portals_of(data: Data, doc: Doc) -> list[PortalFile]:
    return [data.portals[p] for p in doc.portals]


def country_of(data: Data, country_id: str | None) -> CountryFile | None:
    return next((c for c in data.countries if c.id == country_id), None)
