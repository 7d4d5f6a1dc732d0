"""The composition: every protocol's slice built once from the dataset and the settings.

A pure function of the two. The core's view models, names, search index and check are built once
and handed to each protocol's build (rest/, mcp/, site/), which encodes its own bodies in every
content coding; the open dataset's files are made here, by the function `photospecs export`
writes with, and handed to REST as bytes; the OpenAPI document, which describes every protocol's
paths, is built here from their bodies. The pre-built file (prebuilt.py) stores this object,
bytes and all.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import msgspec

from photospecs.core.checking import Checker
from photospecs.core.names import Names
from photospecs.core.search import Search
from photospecs.core.views import Views, build_views
from photospecs.dataset import Data
from photospecs.export.bundle import NAME
from photospecs.export.published import about, dataset_day, published
from photospecs.http.encoded import JSON, Prepared, cache_control, prepare
from photospecs.mcp.build import McpCatalog, build_mcp
from photospecs.openapi import openapi_body
from photospecs.rest.build import Rest
from photospecs.rest.build import build as build_rest
from photospecs.rest.dataset import Offered, Release
from photospecs.settings import Settings
from photospecs.site import languages
from photospecs.site.build import SiteSlice, build_site
from photospecs.site.i18n import texts_of
from photospecs.site.search_results import localize
from photospecs.urls import Urls


class Facts(msgspec.Struct, frozen=True):
    """What health, metrics and the start-up log say about the served catalog."""

    countries: int
    documents: int
    portals: int
    build_seconds: float
    rest_bytes: int  # pre-encoded /api/specs and /api/comparisons bodies, every coding
    warnings: list[str]  # what the dataset check reported without refusing the dataset


@dataclass(frozen=True, slots=True)
class Catalog:
    settings: Settings
    rest: Rest
    mcp: McpCatalog
    site: SiteSlice
    openapi: Prepared
    facts: Facts

    def prepared(self) -> list[Prepared]:
        """Every pre-encoded response (the pre-built file stores their bodies apart)."""
        return [
            *self.rest.specs.values(), *self.rest.comparisons.values(), *self.rest.resources.values(),
            self.rest.dataset.index, *(prepared for prepared, _ in self.rest.dataset.files.values()),
            *self.site.pages.values(), self.site.not_found, self.openapi, self.mcp.discovery,
        ]


def build(data: Data, settings: Settings) -> Catalog:
    started = time.perf_counter()
    control = cache_control(settings.max_age)
    urls = Urls(settings.site, settings.photo_tool_url)
    views = build_views(data, urls)
    names = Names(data)
    search = build_search(data, urls, views, settings.language_codes)
    checker = Checker(views, names)
    rest = build_rest(data, urls, views, names, search, checker, release(data, views, urls), control)
    mcp = build_mcp(data, urls, settings, views, names, checker, rest.specs, rest.resources)
    openapi = openapi_body(data, urls, settings, rest=rest, tools=mcp.tools)
    site = build_site(data, urls, views, names, search, control, settings.language_codes)
    rest_bytes = sum(len(v.body) for r in [*rest.specs.values(), *rest.comparisons.values()] for v in r.variants.values())
    facts = Facts(len(data.countries), len(data.docs), len(data.portals), time.perf_counter() - started, rest_bytes, data.warnings)
    return Catalog(settings, rest, mcp, site, prepare(openapi, JSON, control), facts)


def build_search(data: Data, urls: Urls, views: Views, codes: tuple[str, ...]) -> Search:
    """The search index, which finds a document by its words in English and in each language of `codes`."""
    served = languages.served(codes)[1:]
    # Every country's name in each language the site speaks (CLDR), so a search in one finds it,
    # and every document's translated name (the dataset's catalogues), for its words and kinds.
    translated = {doc.id: [name for lang in served if (name := texts_of(lang).data(doc.file.name))] for doc in data.docs.values()}
    search = Search(data, urls, views, {c.id: [texts_of(lang).country(c) for lang in served] for c in data.countries}, translated)
    for lang in served:  # the live box of each language's pages asks /api/search?lang=
        localize(search, data, urls, texts_of(lang))
    return search


def release(data: Data, views: Views, urls: Urls) -> Release:
    """The open dataset's files as `photospecs export --site-url <site>` writes them, dated the
    dataset's latest check date so that every start makes the same bytes."""
    made = published(data, views, urls.site, dataset_day(data))
    files = [Offered(name, body, *about(name)) for name, body in made.files.items()]
    return Release(NAME, made.version, data.version, made.generated.isoformat(), files)
