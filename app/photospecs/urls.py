"""Every URL the service emits on its own site, built in one place on the configured site URL.

Pages, sitemap, JSON bodies and MCP results all take their links from here, and every path
comes from the route table (paths.py), so a link the service hands out and the route that
answers it cannot drift apart (tests/test_site_links.py follows every one).
"""

from __future__ import annotations

from urllib.parse import urlencode

from photospecs.paths import BY_NAME, named


class Urls:
    """`language` (a URL prefix, "es") makes every page of the site a page in that language:
    the API, static files and root files have one URL in every language."""

    def __init__(self, site: str, tool: str, language: str = "") -> None:
        self.site = site  # no trailing slash
        self._tool = tool
        self.language = language

    def in_language(self, language: str) -> Urls:
        return Urls(self.site, self._tool, language)

    def local(self, name: str, value: str = "") -> str:
        """The path (no site) of route `name`, in this language when the route is a page."""
        row = BY_NAME[name]
        # The files every site keeps at its root (/favicon.svg, /sitemap.xml) share the "page" row
        # with documents but exist once, in no language; a document's slug never has a dot.
        if not row.localized or (name == "page" and "." in value):
            return row.url(value)
        return BY_NAME[named(name, self.language)].url(value)

    def path(self, name: str, value: str = "") -> str:
        """The absolute URL of route `name` from paths.py, its parameter filled with `value`."""
        return self.site + self.local(name, value)

    def home(self) -> str:
        return self.path("home")

    def countries(self) -> str:
        return self.path("countries-page")

    def country(self, country_id: str) -> str:
        return self.path("country-page", country_id)

    def document(self, slug: str) -> str:
        return self.path("page", slug)

    def portal(self, portal_id: str) -> str:
        return self.path("portal-page", portal_id)

    def comparison(self, competitor_id: str) -> str:
        return self.path("comparison-page", competitor_id)

    def tool(self, country_id: str | None = None, document_id: str | None = None) -> str:
        query = {key: value for key, value in (("country", country_id), ("document", document_id)) if value}
        # The tool in this language when it is ours; a tool elsewhere is linked as configured.
        tool = self.path("tool-page") if self._tool == self.site + BY_NAME["tool-page"].url() else self._tool
        return f"{tool}?{urlencode(query)}" if query else tool

    def country_json(self, country_id: str) -> str:
        return f"{self.path('specs')}?country={country_id}"

    def static(self, path: str) -> str:
        return self.path("static", path)
