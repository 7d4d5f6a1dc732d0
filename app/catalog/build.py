"""The catalog: every REST response the service can give, built once from the dataset.

A pure function of the dataset and the settings. Handlers look responses up here; nothing is
JSON-encoded per request.
"""

from __future__ import annotations

import difflib
import time
from dataclasses import dataclass
from pathlib import Path

import msgspec
import swagger_ui_bundle
from photospecs.catalog.encoded import JSON, Prepared, cache_control, prepare
from photospecs.catalog.rest import (
    comparison_wire,
    country_wire,
    document_index,
    photo_spec,
    portal_constraints,
    print_sheets,
    specs_body,
)
from photospecs.catalog.search import Search
from photospecs.catalog.suggest import MAX_KEY, Suggester
from photospecs.dataset import Data, Doc, alias_key
from photospecs.settings import Settings
from photospecs.site import pages as site_pages
from photospecs.urls import Urls
from photospecs.wire.rest import Comparisons

encode = msgspec.json.Encoder().encode


@dataclass(frozen=True, slots=True)
class Catalog:
    data: Data
    settings: Settings
    specs: dict[tuple[str | None, bool], Prepared]  # (country id or None, raw) -> response
    comparisons: dict[str | None, Prepared]  # competitor id or None -> response
    resources: dict[str, Prepared]  # path -> JSON with no query: documents, portals, print sheets, ICAO
    pages: dict[str, Prepared]  # path -> HTML pages, sitemap, robots.txt, icons, static files
    build_seconds: float
    country_suggester: Suggester
    document_suggester: Suggester
    portal_suggester: Suggester
    search: Search  # GET /api/search and the site's /search

    def resolve_country(self, text: str) -> str | None:
        """Our id for an id, ISO alpha-2/alpha-3 code or English name, in any case."""
        aliases = self.data.country_aliases
        return aliases.get(text) or aliases.get(alias_key(text))  # exact ids skip normalising

    def suggest_countries(self, text: str) -> list[str]:
        return self.country_suggester(alias_key(text[:MAX_KEY]))

    def suggest_documents(self, text: str) -> list[str]:
        return self.document_suggester(alias_key(text[:MAX_KEY]))

    def suggest_portals(self, text: str) -> list[str]:
        return self.portal_suggester(alias_key(text[:MAX_KEY]))

    @property
    def urls(self) -> Urls:
        return Urls(self.settings.site, self.settings.photo_tool_url)

    def canonical_url(self, doc: Doc) -> str:
        return self.urls.document(doc.slug)

    def comparison_ids(self) -> list[str]:
        return [c.id for c in self.data.comparisons]


def suggest(key: str, aliases: dict[str, str], limit: int = 3) -> list[str]:
    """Up to `limit` distinct ids close to `key`, for a small closed set (one country's
    documents): difflib over a dozen short ids costs little once the key is capped."""
    found: list[str] = []
    for match in difflib.get_close_matches(key[:MAX_KEY], aliases.keys(), n=12, cutoff=0.6):
        target = aliases[match]
        if target not in found:
            found.append(target)
    return found[:limit]


# Pages run only our own scripts, fetch only from us, and send no image anywhere: connect-src
# 'self' is what guarantees the photo tool cannot upload a photo.
CONTENT_SECURITY_POLICY = (
    b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
    b"media-src 'self' blob: mediastream:; connect-src 'self'; worker-src 'self'; object-src 'none'; "
    b"frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
PAGE_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY),
    (b"referrer-policy", b"strict-origin-when-cross-origin"),
    (b"x-frame-options", b"DENY"),
    (b"permissions-policy", b"camera=(self), microphone=(), geolocation=()"),
]
# /tool only: the vendored face-landmark runtime compiles WebAssembly ('wasm-unsafe-eval') and its
# Emscripten glue builds functions with `new Function` while it loads, which only 'unsafe-eval'
# permits. Scripts still come from this site alone, and connect-src 'self' still keeps the photo here.
TOOL_PAGE_HEADERS = [
    (name, value.replace(b"script-src 'self'", b"script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'") if name == b"content-security-policy" else value)
    for name, value in PAGE_HEADERS
]


def swagger_assets() -> dict[str, bytes]:
    """Swagger UI's own files, from the swagger-ui-bundle package, served under /static/swagger-ui/."""
    root = Path(swagger_ui_bundle.swagger_ui_path)
    return {f"swagger-ui/{name}": (root / name).read_bytes() for name in ("swagger-ui.css", "swagger-ui-bundle.js")}


def build(data: Data, settings: Settings) -> Catalog:
    started = time.perf_counter()
    control = cache_control(settings.max_age)
    countries = {c.id: country_wire(c, data.docs_by_country[c.id]) for c in data.countries}
    all_countries = list(countries.values())

    specs: dict[tuple[str | None, bool], Prepared] = {}
    for key, selection in [(None, all_countries), *((cid, [c]) for cid, c in countries.items())]:
        for raw in (False, True):
            specs[key, raw] = prepare(encode(specs_body(selection, raw, data.version)), JSON, control)

    urls = Urls(settings.site, settings.photo_tool_url)
    wire = [comparison_wire(c, urls) for c in data.comparisons]
    comparisons: dict[str | None, Prepared] = {None: prepare(encode(Comparisons(wire)), JSON, control)}
    for item in wire:
        comparisons[item.id] = prepare(encode(Comparisons([item])), JSON, control)


    def json(value: object) -> Prepared:
        return prepare(encode(value), JSON, control)

    documents = {d.id: json(photo_spec(d, urls.document(d.slug))) for d in data.docs.values()}
    portals = {p.id: json(portal_constraints(p)) for p in data.portals.values()}
    resources = {
        "/api/documents": json(document_index(data, urls)),
        "/api/portals": json({"portals": [portal_constraints(p) for p in data.portals.values()]}),
        "/api/print-sheets": json(print_sheets(data)),
        "/api/icao": json(data.icao),
        **{f"/api/documents/{key}": documents[key] for key in documents},
        **{f"/api/portals/{key}": portals[key] for key in portals},
    }
    pages = {
        path: prepare(page.body, page.content_type, control, (TOOL_PAGE_HEADERS if path == "/tool" else PAGE_HEADERS) if page.html else None, compressible=page.compressible and (page.content_type[:6] != b"image/" or page.content_type == b"image/svg+xml"))
        for path, page in site_pages.build(data, urls, swagger_assets()).items()
    }
    return Catalog(
        data,
        settings,
        specs,
        comparisons,
        resources,
        pages,
        time.perf_counter() - started,
        country_suggester=Suggester(data.country_aliases),
        document_suggester=Suggester({**{d: d for d in data.docs}, **data.doc_aliases}),
        portal_suggester=Suggester({p: p for p in data.portals}),
        search=Search(data, urls),
    )


