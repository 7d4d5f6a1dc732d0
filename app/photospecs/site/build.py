"""Every page of the site, rendered and encoded once from the view models; no page but the
search results is rendered per request."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import swagger_ui_bundle

from photospecs.core.names import Names
from photospecs.core.search import Search
from photospecs.core.views import Views
from photospecs.dataset import Data
from photospecs.dataset.schema import CountryFile
from photospecs.http.encoded import HTML, LARGE_BODY, Prepared, prepare
from photospecs.paths import at
from photospecs.site.figure import figure
from photospecs.site.headers import PAGE_HEADERS, TOOL_PAGE_HEADERS
from photospecs.site.icons import favicon_ico, favicon_svg, og_image
from photospecs.site.offline import service_worker
from photospecs.site.provenance import offices, provenance, stated_line
from photospecs.site.render import environment, fingerprinted, static_files, versioned
from photospecs.site.situation import authority, link_check_note, situation
from photospecs.urls import Urls
from photospecs.wire.results import SIZE_BASES

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


class Site(NamedTuple):
    pages: dict[str, Page]  # by path
    not_found: Page  # sent with status 404, never at an address of its own
    fingerprints: dict[str, str]  # static file ("site.css") -> the hash in its URL (render.versioned)


@dataclass(frozen=True, slots=True)
class SiteSlice:
    """Everything the site answers, encoded once, and what its one per-request page (search)
    renders with."""

    pages: dict[str, Prepared]  # path -> pages, sitemap, robots.txt, icons, static files
    not_found: Prepared  # the 404 page, sent with status 404 to browsers
    fingerprints: dict[str, str]  # static file ("tool/tool.js") -> the hash in its URL (?v=...)
    names: Names  # aliases of ids -> the ids, for redirects
    search: Search
    data: Data
    urls: Urls
    cache_control: bytes


def build_site(data: Data, urls: Urls, views: Views, names: Names, search: Search, cache_control: bytes) -> SiteSlice:
    site = build(data, urls, swagger_assets(), views)
    pages = {
        path: prepare(
            page.body,
            page.content_type,
            cache_control,
            (TOOL_PAGE_HEADERS if path == at("tool-page") else PAGE_HEADERS) if page.html else None,
            compressible=page.compressible and (page.content_type[:6] != b"image/" or page.content_type == b"image/svg+xml"),
        )
        for path, page in site.pages.items()
    }
    # Sent with status 404: never cached, so a page added later is found at once.
    not_found = prepare(site.not_found.body, site.not_found.content_type, b"no-store", PAGE_HEADERS)
    return SiteSlice(pages, not_found, site.fingerprints, names, search, data, urls, cache_control)


def swagger_assets() -> dict[str, bytes]:
    """Swagger UI's own files, from the swagger-ui-bundle package, served under /static/swagger-ui/."""
    root = Path(swagger_ui_bundle.swagger_ui_path)
    return {f"swagger-ui/{name}": (root / name).read_bytes() for name in ("swagger-ui.css", "swagger-ui-bundle.js")}


def build(data: Data, urls: Urls, docs_assets: dict[str, bytes], views: Views) -> Site:
    """Pages show documents and portals as their view models (`views`), the objects the JSON is made of."""
    assets, hashes = fingerprinted({**static_files(), **docs_assets})
    static = versioned(hashes)
    env = environment(urls, static, data.version)
    pages: dict[str, Page] = {}

    def render(path: str, template: str, **context: Any) -> None:
        canonical = urls.site + path
        body = env.get_template(template).render(canonical=canonical, data=data, **context)
        pages[path] = Page(body.encode(), HTML, html=True)

    specs = {cid: [views.documents[d.id] for d in docs] for cid, docs in data.docs_by_country.items()}
    render(at("home"), "home.html", countries=data.countries, specs=specs)
    render(at("countries-page"), "countries.html", countries=data.countries, specs=specs)
    countries = ("Countries", at("countries-page"))
    checked: dict[str, datetime.date] = {}  # path -> when its facts were last checked, for the sitemap
    for country in data.countries:
        country_portals = [p for p in views.portals.values() if p.country == country.id]
        path = at("country-page", country.id)
        render(path, "country.html", country=country, specs=specs[country.id], portals=country_portals,
               supplied=any(s.capture != "office" for s in specs[country.id]), crumbs=[countries, (country.name, path)])
        checked[path] = max(s.checked for s in specs[country.id])
    for doc in data.docs.values():
        spec = views.documents[doc.id]
        portals = [views.portals[p] for p in spec.portals]
        path = at("page", spec.slug)
        # The document's kind and the standards its default geometry comes from, in words, are the
        # dataset's own and not part of the spec that is sent.
        render(path, "document.html", spec=spec, country=doc.country, kind=doc.file.kind,
               head_standard=doc.head_height_standard, eye_standard=doc.eye_line_standard, portals=portals, size_bases=SIZE_BASES,
               fig=figure(spec), prov=provenance(spec), stated=stated_line(spec), offices=offices(spec),
               sit=situation(spec, doc.file.kind, portals), authority=authority(spec.sources), link_note=link_check_note(spec.sources),
               crumbs=[countries, (doc.country.name, at("country-page", doc.country.id)), (spec.name, path)])
        checked[path] = spec.checked
    groups = [(c, [p for p in views.portals.values() if p.country == c.id]) for c in data.countries]
    render(at("portals-page"), "portals.html", groups=[(c, ps) for c, ps in groups if ps], portal_count=len(views.portals))
    for portal in views.portals.values():
        documents = [(data.docs[d].country, views.documents[d]) for d in portal.documents]
        owner = country_of(data, portal.country)
        trail = [("Upload portals", at("portals-page")), *([(owner.name, at("country-page", owner.id))] if owner else []),
                 (portal.name, at("portal-page", portal.id))]
        render(at("portal-page", portal.id), "portal.html", portal=portal, documents=documents, country=owner, crumbs=trail)
    render(at("comparisons-page"), "comparisons.html", comparisons=data.comparisons)
    for item in data.comparisons:
        path = at("comparison-page", item.id)
        render(path, "compare.html", item=item, others=data.comparisons, crumbs=[("Photo tools compared", at("comparisons-page")), (item.name, path)])
    render(at("tool-page"), "tool.html")
    render(at("docs-page"), "docs.html")
    not_found = Page(env.get_template("not_found.html").render(canonical=urls.home(), data=data).encode(), HTML, html=True)

    listed = [(urls.site + path, checked.get(path)) for path, page in pages.items() if page.html]
    pages[at("page", "sitemap.xml")] = Page(env.get_template("sitemap.xml").render(locations=listed).encode(), XML)
    pages[at("page", "og-image.png")] = Page(og_image(), CONTENT_TYPES["png"])
    robots = f"User-agent: *\nAllow: /\nDisallow: {at('mcp')}\nSitemap: {urls.path('page', 'sitemap.xml')}\n"
    pages[at("page", "robots.txt")] = Page(robots.encode(), TEXT)
    pages[at("page", "favicon.svg")] = Page(favicon_svg(), CONTENT_TYPES["svg"])
    pages[at("page", "favicon.ico")] = Page(favicon_ico(), b"image/x-icon")
    for path, body in assets.items():
        kind = CONTENT_TYPES.get(path.rsplit(".", 1)[-1], b"application/octet-stream")
        # The nine largest flags (coats of arms, 690 KB together) would take 1.4 s of brotli at
        # the effort bodies of their size get; they are sent as they are, and cached for a year.
        big_flag = path.startswith("flags/") and len(body) >= LARGE_BODY
        if path == "sw.js":  # at the root, so that its scope covers the tool
            pages[at("page", path)] = Page(service_worker(body, assets, hashes), kind)
        else:
            pages[at("static", path)] = Page(body, kind, compressible=not big_flag)
    return Site(pages, not_found, hashes)


def country_of(data: Data, country_id: str | None) -> CountryFile | None:
    return next((c for c in data.countries if c.id == country_id), None)
