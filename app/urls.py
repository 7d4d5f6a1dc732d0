"""Every URL the service emits on its own site, built in one place on the configured site URL.

Pages, sitemap, JSON bodies and MCP results all take their links from here, so a link the
service hands out and the route that answers it cannot drift apart (tests/test_site_links.py
follows every one).
"""

from __future__ import annotations

from urllib.parse import urlencode


class Urls:
    def __init__(self, site: str, tool: str) -> None:
        self.site = site  # no trailing slash
        self._tool = tool

    def home(self) -> str:
        return f"{self.site}/"

    def countries(self) -> str:
        return f"{self.site}/countries"

    def country(self, country_id: str) -> str:
        return f"{self.site}/countries/{country_id}"

    def document(self, slug: str) -> str:
        return f"{self.site}/{slug}"

    def portal(self, portal_id: str) -> str:
        return f"{self.site}/portals/{portal_id}"

    def comparison(self, competitor_id: str) -> str:
        return f"{self.site}/compare/{competitor_id}"

    def tool(self, country_id: str | None = None, document_id: str | None = None) -> str:
        query = {key: value for key, value in (("country", country_id), ("document", document_id)) if value}
        return f"{self._tool}?{urlencode(query)}" if query else self._tool

    def api(self, path: str) -> str:
        """A JSON resource: "specs", "documents/us-visa", "portals/ds-160", "mcp", ..."""
        return f"{self.site}/api/{path}"

    def country_json(self, country_id: str) -> str:
        return f"{self.site}/api/specs?country={country_id}"

    def static(self, path: str) -> str:
        return f"{self.site}/static/{path}"
