"""The catalog: every body the service sends, built once from the dataset and the settings.

A pure function of the two. REST bodies, pages and static files, MCP results and resources,
OpenAPI and discovery all come out of `build`, encoded in every content coding; the transports
(rest/, mcp/, site/) only look bytes up, and nothing is encoded per request.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import msgspec
import swagger_ui_bundle

from photospecs.catalog.canonical import Canonical
from photospecs.catalog.encoded import JSON, Prepared, cache_control, prepare
from photospecs.catalog.mcp.build import McpCatalog, build_mcp
from photospecs.catalog.openapi import openapi_body
from photospecs.catalog.pages import site as site_pages
from photospecs.catalog.pages.headers import PAGE_HEADERS, TOOL_PAGE_HEADERS
from photospecs.catalog.rest import comparison_wire, country_wire, document_index, print_sheets, specs_body
from photospecs.catalog.search import Search
from photospecs.catalog.suggest import MAX_KEY, Suggester
from photospecs.catalog.views import Views, build_views, icao_baseline
from photospecs.dataset import Data, alias_key
from photospecs.paths import at
from photospecs.settings import Settings
from photospecs.urls import Urls
from photospecs.wire.rest import Comparisons

encode = msgspec.json.Encoder().encode


@dataclass(frozen=True, slots=True)
class Catalog:
    data: Data
    settings: Settings
    views: Views  # every document's and portal's view model: JSON, pages and MCP results read these
    specs: dict[tuple[str | None, bool], Prepared]  # (country id or None, raw) -> /api/specs
    comparisons: dict[str | None, Prepared]  # competitor id or None -> /api/comparisons
    resources: dict[str, Prepared]  # path -> JSON with no query: documents, portals, print sheets, ICAO
    openapi: Prepared
    mcp: McpCatalog
    pages: dict[str, Prepared]  # path -> HTML pages, sitemap, robots.txt, icons, static files
    not_found: Prepared  # the site's 404 page, sent with status 404 to browsers
    fingerprints: dict[str, str]  # static file ("tool/tool.js") -> the hash in its URL (?v=...)
    canonical: Canonical  # aliases of ids -> the ids, for redirects
    search: Search  # GET /api/search and the site's /search
    country_suggester: Suggester
    document_suggester: Suggester
    portal_suggester: Suggester
    country_document_suggesters: dict[str, Suggester]  # country id -> over its documents' ids
    build_seconds: float

    def resolve_country(self, text: str) -> str | None:
        """Our id for an id, ISO alpha-2/alpha-3 code or English name, in any case."""
        return self.canonical.country(text)

    def suggest_countries(self, text: str) -> list[str]:
        return self.country_suggester(alias_key(text[:MAX_KEY]))

    def suggest_documents(self, text: str) -> list[str]:
        return self.document_suggester(alias_key(text[:MAX_KEY]))

    def suggest_documents_of(self, country: str, text: str) -> list[str]:
        """Close ids among one country's documents only (a kind mistyped for that country)."""
        return self.country_document_suggesters[country](alias_key(text[:MAX_KEY]))

    def suggest_portals(self, text: str) -> list[str]:
        return self.portal_suggester(alias_key(text[:MAX_KEY]))

    @property
    def urls(self) -> Urls:
        return Urls(self.settings.site, self.settings.photo_tool_url)

    def comparison_ids(self) -> list[str]:
        return [c.id for c in self.data.comparisons]


def swagger_assets() -> dict[str, bytes]:
    """Swagger UI's own files, from the swagger-ui-bundle package, served under /static/swagger-ui/."""
    root = Path(swagger_ui_bundle.swagger_ui_path)
    return {f"swagger-ui/{name}": (root / name).read_bytes() for name in ("swagger-ui.css", "swagger-ui-bundle.js")}


def build(data: Data, settings: Settings) -> Catalog:
    started = time.perf_counter()
    control = cache_control(settings.max_age)
    urls = Urls(settings.site, settings.photo_tool_url)

    def json(value: object) -> Prepared:
        return prepare(encode(value), JSON, control)

    views = build_views(data, urls)
    countries = {c.id: country_wire(c, [views.documents[d.id] for d in data.docs_by_country[c.id]]) for c in data.countries}
    specs = {
        (key, raw): json(specs_body(selection, raw, data.version))
        for key, selection in [(None, list(countries.values())), *((cid, [c]) for cid, c in countries.items())]
        for raw in (False, True)
    }
    wire = [comparison_wire(c, urls) for c in data.comparisons]
    comparisons: dict[str | None, Prepared] = {None: json(Comparisons(wire)), **{item.id: json(Comparisons([item])) for item in wire}}
    resources = {
        at("documents"): json(document_index(data, urls)),
        at("portals"): json({"portals": list(views.portals.values())}),
        at("print-sheets"): json(print_sheets(data)),
        at("icao"): json(icao_baseline(data.icao)),
        **{at("document", key): json(spec) for key, spec in views.documents.items()},
        **{at("portal", key): json(portal) for key, portal in views.portals.items()},
    }
    search = Search(data, urls)
    mcp = build_mcp(data, urls, settings, views, specs, resources)
    openapi = openapi_body(
        data, urls, settings, specs=specs, comparisons=comparisons, rest=resources, search=search, tools=mcp.tools
    )

    site = site_pages.build(data, urls, swagger_assets(), views)
    pages = {
        path: prepare(
            page.body,
            page.content_type,
            control,
            (TOOL_PAGE_HEADERS if path == at("tool-page") else PAGE_HEADERS) if page.html else None,
            compressible=page.compressible and (page.content_type[:6] != b"image/" or page.content_type == b"image/svg+xml"),
        )
        for path, page in site.pages.items()
    }
    return Catalog(
        data=data,
        settings=settings,
        views=views,
        specs=specs,
        comparisons=comparisons,
        resources=resources,
        openapi=prepare(openapi, JSON, control),
        mcp=mcp,
        pages=pages,
        # Sent with status 404: never cached, so a page added later is found at once.
        not_found=prepare(site.not_found.body, site.not_found.content_type, b"no-store", PAGE_HEADERS),
        fingerprints=site.fingerprints,
        canonical=Canonical(data),
        search=search,
        country_suggester=Suggester(data.country_aliases),
        document_suggester=Suggester({**{d: d for d in data.docs}, **data.doc_aliases}),
        portal_suggester=Suggester({p: p for p in data.portals}),
        country_document_suggesters={cid: Suggester({d.id: d.id for d in docs}) for cid, docs in data.docs_by_country.items()},
        build_seconds=time.perf_counter() - started,
    )
