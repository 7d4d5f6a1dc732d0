"""Every page of the site, rendered and encoded once from the view models; no page but the
search results is rendered per request."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import jinja2
import swagger_ui_bundle

from photospecs.core.names import Names
from photospecs.core.search import Search
from photospecs.core.views import Views
from photospecs.dataset import Data
from photospecs.dataset.schema import CountryFile
from photospecs.http.encoded import HTML, LARGE_BODY, PackedPages, Prepared, prepare, prepare_brotli
from photospecs.paths import BY_NAME, at
from photospecs.site import languages
from photospecs.site.figure import figure
from photospecs.site.headers import PAGE_HEADERS, TOOL_PAGE_HEADERS
from photospecs.site.i18n import Texts, hint_offers, texts_of
from photospecs.site.icons import favicon_ico, favicon_svg, og_image
from photospecs.site.offline import service_worker
from photospecs.site.provenance import offices, provenance, stated_line
from photospecs.site.render import environment, fingerprinted, static_files, versioned
from photospecs.site.situation import authority, link_check_note, situation
from photospecs.site.tool_messages import tool_messages
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
    language: str = ""  # the URL prefix of a page in another language than English


class Site(NamedTuple):
    pages: dict[str, Page]  # by path
    not_found: dict[str, Page]  # by language: sent with status 404, never at an address of its own
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
    languages: tuple[str, ...] = ()  # the URL prefixes of the languages served besides English
    not_found_in: dict[str, Prepared] = field(default_factory=dict)  # the 404 page of each of those languages
    packed: dict[str, PackedPages] = field(default_factory=dict)  # each of those languages' pages (but the tool)


def build_site(data: Data, urls: Urls, views: Views, names: Names, search: Search, cache_control: bytes,
               languages: tuple[str, ...] = ()) -> SiteSlice:
    site = build(data, urls, swagger_assets(), views, languages)
    tools = {at("tool-page", language=code) for code in languages}
    # Each language's pages but its tool page (which has headers of its own) are packed together.
    packed = {
        code: PackedPages.of({path: page.body for path, page in site.pages.items() if page.language == code and path not in tools},
                             HTML, cache_control, PAGE_HEADERS)
        for code in languages
    }
    pages = {path: encoded(path, page, cache_control) for path, page in site.pages.items() if not page.language or path in tools}
    # Sent with status 404: never cached, so a page added later is found at once.
    not_found = {code: encoded("", page, b"no-store") for code, page in site.not_found.items()}
    return SiteSlice(pages, not_found[""], site.fingerprints, names, search, data, urls, cache_control, languages,
                     {code: page for code, page in not_found.items() if code}, packed)


def encoded(path: str, page: Page, cache_control: bytes) -> Prepared:
    """Every file in brotli, gzip and identity; English pages in brotli and gzip, pages in other
    languages in brotli only, the rest made when a client asks (encoded.Derived)."""
    is_tool = path in {at("tool-page", language=lang.code) for lang in languages.ALL}
    headers = (TOOL_PAGE_HEADERS if is_tool else PAGE_HEADERS) if page.html else None
    if page.language:
        return prepare_brotli(page.body, page.content_type, cache_control, headers)
    return prepare(
        page.body, page.content_type, cache_control, headers,
        compressible=page.compressible and (page.content_type[:6] != b"image/" or page.content_type == b"image/svg+xml"),
        keep_identity=not page.html,
    )


def swagger_assets() -> dict[str, bytes]:
    """Swagger UI's own files, from the swagger-ui-bundle package, served under /static/swagger-ui/."""
    root = Path(swagger_ui_bundle.swagger_ui_path)
    return {f"swagger-ui/{name}": (root / name).read_bytes() for name in ("swagger-ui.css", "swagger-ui-bundle.js")}


def build(data: Data, urls: Urls, docs_assets: dict[str, bytes], views: Views, codes: tuple[str, ...] = ()) -> Site:
    """Pages show documents and portals as their view models (`views`), the objects the JSON is made of.
    Every page is rendered once in English and once in each language of `codes`."""
    served = languages.served(codes)
    assets, hashes = fingerprinted({**static_files(), **docs_assets, "hints.json": hint_offers(served)})
    static = versioned(hashes)
    pages: dict[str, Page] = {}
    not_found: dict[str, Page] = {}
    checked: dict[str, datetime.date] = {}  # English path -> when its facts were last checked, for the sitemap
    listed: list[tuple[str, str]] = []  # every page, as (route, value), in English
    for language in served:
        texts = texts_of(language)
        env = environment(urls, static, data.version, texts)
        render_language(data, urls, views, env, texts, served, pages, checked, listed if language is languages.ENGLISH else None)
        not_found[language.code] = Page(
            env.get_template("not_found.html").render(canonical=urls.home(), data=data, alternates=[]).encode(), HTML,
            html=True, language=language.code,
        )

    locations = [
        ([(lang.tag, urls.site + at(route, value, lang.code)) for lang in (served if BY_NAME[route].localized else served[:1])],
         checked.get(at(route, value)))
        for route, value in listed
    ]
    env = environment(urls, static, data.version)
    pages[at("page", "sitemap.xml")] = Page(env.get_template("sitemap.xml").render(locations=locations).encode(), XML)
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


def render_language(data: Data, urls: Urls, views: Views, env: jinja2.Environment, texts: Texts, served: tuple[languages.Language, ...],
                    pages: dict[str, Page], checked: dict[str, datetime.date], listed: list[tuple[str, str]] | None) -> None:
    """Every page of the site in the language of `texts`, into `pages`."""
    code = texts.language.code
    _ = texts.gettext

    def render(route: str, value: str, template: str, **context: Any) -> None:
        path = at(route, value, code)
        # The same page in every language served, for hreflang and the language menu.
        alternates = [(lang, urls.site + at(route, value, lang.code)) for lang in served]
        body = env.get_template(template).render(canonical=urls.site + path, data=data, alternates=alternates, **context)
        pages[path] = Page(body.encode(), HTML, html=True, language=code)
        if listed is not None:
            listed.append((route, value))

    def local(route: str, value: str = "") -> str:
        return at(route, value, code)

    specs = {cid: [views.documents[d.id] for d in docs] for cid, docs in data.docs_by_country.items()}
    render("home", "", "home.html", countries=data.countries, specs=specs)
    render("countries-page", "", "countries.html", countries=data.countries, specs=specs)
    countries = (_("Countries"), local("countries-page"))
    for country in data.countries:
        country_portals = [p for p in views.portals.values() if p.country == country.id]
        render("country-page", country.id, "country.html", country=country, specs=specs[country.id], portals=country_portals,
               supplied=any(s.capture != "office" for s in specs[country.id]),
               crumbs=[countries, (texts.country(country), local("country-page", country.id))])
        checked[at("country-page", country.id)] = max(s.checked for s in specs[country.id])
    for doc in data.docs.values():
        spec = views.documents[doc.id]
        portals = [views.portals[p] for p in spec.portals]
        # The document's kind and the standards its default geometry comes from, in words, are the
        # dataset's own and not part of the spec that is sent.
        render("page", spec.slug, "document.html", spec=spec, country=doc.country, kind=doc.file.kind,
               head_standard=doc.head_height_standard, eye_standard=doc.eye_line_standard, portals=portals, size_bases=SIZE_BASES,
               fig=figure(spec), prov=provenance(spec), stated=stated_line(spec, texts), offices=offices(spec),
               sit=situation(spec, doc.file.kind, portals), authority=authority(spec.sources), link_note=link_check_note(spec.sources, texts),
               crumbs=[countries, (texts.country(doc.country), local("country-page", doc.country.id)), (texts.data_or_english(spec.name), local("page", spec.slug))])
        checked[at("page", spec.slug)] = spec.checked
    groups = [(c, [p for p in views.portals.values() if p.country == c.id]) for c in data.countries]
    render("portals-page", "", "portals.html", groups=[(c, ps) for c, ps in groups if ps], portal_count=len(views.portals))
    for portal in views.portals.values():
        documents = [(data.docs[d].country, views.documents[d]) for d in portal.documents]
        owner = country_of(data, portal.country)
        trail = [(_("Upload portals"), local("portals-page")),
                 *([(texts.country(owner), local("country-page", owner.id))] if owner else []),
                 (portal.name, local("portal-page", portal.id))]
        render("portal-page", portal.id, "portal.html", portal=portal, documents=documents, country=owner, crumbs=trail)
    render("comparisons-page", "", "comparisons.html", comparisons=data.comparisons)
    for item in data.comparisons:
        render("comparison-page", item.id, "compare.html", item=item, others=data.comparisons,
               crumbs=[(_("Photo tools compared"), local("comparisons-page")), (item.name, local("comparison-page", item.id))])
    # The tool names documents and their background colours from the data it fetches: those
    # names come from the dataset's catalogue, handed over with the tool's own messages.
    words = {word for doc in data.docs.values() for word in (doc.file.name, doc.file.bg_color_label) if word}
    named = {} if texts.english else {word: said for word in sorted(words) if (said := texts.data(word))}
    render("tool-page", "", "tool.html", tool_messages={**tool_messages(texts), **named},
           tool_countries={c.id: texts.country(c) for c in data.countries})
    if texts.english:  # the API reference is in English only, as the API is
        path = at("docs-page")
        body = env.get_template("docs.html").render(canonical=urls.site + path, data=data, alternates=[])
        pages[path] = Page(body.encode(), HTML, html=True)
        if listed is not None:
            listed.append(("docs-page", ""))


def country_of(data: Data, country_id: str | None) -> CountryFile | None:
    return next((c for c in data.countries if c.id == country_id), None)
