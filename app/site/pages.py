"""Every page of the site, rendered once from the dataset: path -> (body, content type).

The catalog encodes them like the JSON; no page is rendered per request.
"""

from __future__ import annotations

import datetime
from typing import Any, NamedTuple

from photospecs.catalog.encoded import LARGE_BODY
from photospecs.dataset import Data, Doc
from photospecs.dataset.schema import CountryFile, PortalFile
from photospecs.site.figure import figure
from photospecs.site.icons import favicon_ico, favicon_svg, og_image
from photospecs.site.offline import service_worker
from photospecs.site.render import environment, fingerprinted, static_files, versioned
from photospecs.site.situation import authority, link_check_note, situation
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
    "txt": TEXT,
    # The photo tool's vendored models: WebAssembly is compiled while it streams only when sent
    # as application/wasm; the graphs and weights are opaque bytes.
    "wasm": b"application/wasm",
    "binarypb": b"application/octet-stream",
    "data": b"application/octet-stream",
    "tflite": b"application/octet-stream",
}


class Page(NamedTuple):
    body: bytes
    content_type: bytes
    html: bool = False  # gets the page security headers (CSP and friends)
    compressible: bool = True


def build(data: Data, urls: Urls, docs_assets: dict[str, bytes]) -> dict[str, Page]:
    assets, hashes = fingerprinted({**static_files(), **docs_assets})
    static = versioned(hashes)
    env = environment(urls, static, data.version)
    pages: dict[str, Page] = {}

    def render(path: str, template: str, **context: Any) -> None:
        canonical = urls.site + path
        body = env.get_template(template).render(canonical=canonical, data=data, **context)
        pages[path] = Page(body.encode(), HTML, html=True)

    render("/", "home.html", countries=data.countries, docs_by_country=data.docs_by_country)
    render("/countries", "countries.html", countries=data.countries, docs_by_country=data.docs_by_country)
    checked: dict[str, datetime.date] = {}  # path -> when its facts were last checked, for the sitemap
    for country in data.countries:
        docs = data.docs_by_country[country.id]
        country_portals = [p for p in data.portals.values() if p.country == country.id]
        path = f"/countries/{country.id}"
        render(path, "country.html", country=country, docs=docs, portals=country_portals,
               supplied=any(d.file.capture != "office" for d in docs), crumbs=[("Countries", "/countries"), (country.name, path)])
        checked[path] = max(d.checked for d in docs)
    for doc in data.docs.values():
        portals = portals_of(data, doc)
        country_path = f"/countries/{doc.country.id}"
        render(f"/{doc.slug}", "document.html", doc=doc, f=doc.file, fig=figure(doc), portals=portals,
               sit=situation(doc, portals), authority=authority(doc.sources), link_note=link_check_note(doc.sources),
               crumbs=[("Countries", "/countries"), (doc.country.name, country_path), (doc.file.name, f"/{doc.slug}")])
        checked[f"/{doc.slug}"] = doc.checked
    groups = [(c, [p for p in data.portals.values() if p.country == c.id]) for c in data.countries]
    render("/portals", "portals.html", groups=[(c, ps) for c, ps in groups if ps], portal_count=len(data.portals))
    for portal in data.portals.values():
        documents = [data.docs[d] for d in portal.documents]
        owner = country_of(data, portal.country)
        trail = [("Upload portals", "/portals"), *([(owner.name, f"/countries/{owner.id}")] if owner else []), (portal.name, f"/portals/{portal.id}")]
        render(f"/portals/{portal.id}", "portal.html", portal=portal, documents=documents, country=owner, crumbs=trail)
    render("/compare", "comparisons.html", comparisons=data.comparisons)
    for item in data.comparisons:
        path = f"/compare/{item.id}"
        render(path, "compare.html", item=item, others=data.comparisons, crumbs=[("Photo tools compared", "/compare"), (item.name, path)])
    render("/tool", "tool.html")
    render("/api/docs", "docs.html")
    not_found = env.get_template("not_found.html").render(canonical=urls.home(), data=data)
    pages["/404"] = Page(not_found.encode(), HTML, html=True)

    listed = [(urls.site + path, checked.get(path)) for path, page in pages.items() if page.html and path not in ("/404",)]
    pages["/sitemap.xml"] = Page(env.get_template("sitemap.xml").render(locations=listed).encode(), XML)
    pages["/og-image.png"] = Page(og_image(), CONTENT_TYPES["png"])
    pages["/robots.txt"] = Page(f"User-agent: *\nAllow: /\nDisallow: /api/mcp\nSitemap: {urls.site}/sitemap.xml\n".encode(), TEXT)
    pages["/favicon.svg"] = Page(favicon_svg(), CONTENT_TYPES["svg"])
    pages["/favicon.ico"] = Page(favicon_ico(), b"image/x-icon")
    for path, body in assets.items():
        kind = CONTENT_TYPES.get(path.rsplit(".", 1)[-1], b"application/octet-stream")
        # The service worker lives at the root so that its scope covers /tool.
        # The nine largest flags (coats of arms, 690 KB together) would take 1.4 s of brotli at
        # the effort bodies of their size get; they are sent as they are, and cached for a year.
        big_flag = path.startswith("flags/") and len(body) >= LARGE_BODY
        if path == "sw.js":
            body = service_worker(body, assets, hashes)
        pages["/sw.js" if path == "sw.js" else f"/static/{path}"] = Page(body, kind, compressible=not big_flag)
    return pages


def portals_of(data: Data, doc: Doc) -> list[PortalFile]:
    return [data.portals[p] for p in doc.portals]


def country_of(data: Data, country_id: str | None) -> CountryFile | None:
    return next((c for c in data.countries if c.id == country_id), None)
