"""Every path the service answers, in one table.

The dispatcher (main.py's matcher), the metrics labels, the OpenAPI `paths` and the URL
builder all read this table, so a path cannot be served without a metrics label, documented
under another name or linked somewhere it is not served. It imports nothing of ours: every
layer may read it.

Methods are the ones a route answers itself: HEAD comes with GET and OPTIONS (a CORS preflight)
with every route, and anything else is 405 with an Allow header derived from the same list.
A template has at most one parameter, always its last segment ("{id}", "{file}") or, for static files,
the rest of the path ("{file:path}").
"""

from __future__ import annotations

from typing import NamedTuple

GET = ("GET",)


class Path(NamedTuple):
    name: str
    template: str
    methods: tuple[str, ...] = GET
    summary: str = ""  # the OpenAPI operation's summary; empty: not in the OpenAPI document
    localized: bool = False  # a page of the site, also served in every other language under /<language>
    language: str = ""  # the language of a generated row ("es"); empty for the English original

    @property
    def prefix(self) -> str:
        """The fixed part before the parameter ("/api/documents/"); the whole path when there is none."""
        return self.template.split("{", 1)[0]

    @property
    def has_parameter(self) -> bool:
        return "{" in self.template

    @property
    def spans_segments(self) -> bool:
        """The parameter may hold slashes (static files in folders)."""
        return self.template.endswith(":path}")

    @property
    def allow(self) -> bytes:
        """The Allow header: the declared methods, HEAD with GET, and OPTIONS."""
        methods = [m for m in ("GET", "HEAD", "POST") if m in self.methods or (m == "HEAD" and "GET" in self.methods)]
        return ", ".join([*methods, "OPTIONS"]).encode()

    def url(self, value: str = "") -> str:
        """The path with its parameter filled in (the caller passes canonical ids only)."""
        return self.prefix + value if self.has_parameter else self.template


ENGLISH_PATHS = (
    # The JSON API
    Path("specs", "/api/specs", summary="Photo specifications of every country, or of one"),
    Path("comparisons", "/api/comparisons", summary="How other photo tools compare"),
    Path("search", "/api/search", summary="Find documents by what a person would type"),
    Path("check", "/api/check", summary="Check a photo's measurements against a document's rules"),
    Path("documents", "/api/documents", summary="Every document format, one line each"),
    Path("document", "/api/documents/{id}", summary="One document's full specification"),
    Path("portals", "/api/portals", summary="Every upload portal's own limits"),
    Path("portal", "/api/portals/{id}", summary="One upload portal's limits"),
    Path("print-sheets", "/api/print-sheets", summary="Paper sizes for printing several photos on one sheet"),
    Path("icao", "/api/icao", summary="The ICAO 9303 baseline that national rules adjust"),
    Path("dataset", "/api/dataset", summary="The open dataset: its version and its files"),
    Path("dataset-file", "/api/dataset/{file}", summary="One file of the open dataset"),
    Path("openapi", "/api/openapi.json", summary="This document"),
    Path("mcp", "/api/mcp", ("GET", "POST"), summary="MCP: JSON-RPC 2.0 for AI agents (POST), discovery (GET)"),
    # Operations
    Path("healthz", "/healthz", summary="The process is alive"),
    Path("readyz", "/readyz", summary="The catalog is loaded and the process takes requests"),
    Path("metrics", "/metrics"),
    # The site
    Path("home", "/", localized=True),
    Path("countries-page", "/countries", localized=True),
    Path("country-page", "/countries/{id}", localized=True),
    Path("portals-page", "/portals", localized=True),
    Path("portal-page", "/portals/{id}", localized=True),
    Path("comparisons-page", "/compare", localized=True),
    Path("comparison-page", "/compare/{id}", localized=True),
    Path("tool-page", "/tool", localized=True),
    Path("search-page", "/search", localized=True),
    Path("docs-page", "/api/docs"),
    Path("static", "/static/{file:path}"),
    # A document's page (/us-visa-photo) and the files every site keeps at its root
    # (/sitemap.xml, /robots.txt, /favicon.ico, /sw.js): one segment, looked up by path.
    Path("page", "/{page}", localized=True),
)

# The site's languages besides English, as their URL prefixes (/es/us-visa-photo). English keeps
# the paths above; site/languages.py says what each is (locale, name, script direction). A
# language is added here once its catalogue is complete (tests/test_i18n.py).
LANGUAGES = ("es", "zh-hans", "hi", "ar", "pt", "fr", "ru", "tr", "vi", "id", "bn", "ur")


def named(name: str, language: str = "") -> str:
    """The name of route `name` in `language`: the English row's own, "es:country-page" for others."""
    return f"{language}:{name}" if language and language != "en" else name


def _translated(row: Path, language: str) -> Path:
    # "/" becomes "/es", not "/es/": no path but the root ends in a slash.
    template = f"/{language}" + ("" if row.template == "/" else row.template)
    return row._replace(name=named(row.name, language), template=template, language=language)


# Every localized row once more per language, generated rather than written out: the matcher,
# the metrics labels and the URL builder see them as rows like any other.
PATHS = (*ENGLISH_PATHS, *(_translated(row, lang) for lang in LANGUAGES for row in ENGLISH_PATHS if row.localized))

BY_NAME = {path.name: path for path in PATHS}


def at(name: str, value: str = "", language: str = "") -> str:
    """The path of route `name` with its parameter filled: at("country-page", "us") -> "/countries/us",
    at("country-page", "us", "es") -> "/es/countries/us"."""
    return BY_NAME[named(name, language)].url(value)
