"""The route table: every row served with its derived methods, one canonical-URL policy for the
site and the API, and one error renderer."""

from __future__ import annotations

import pytest
from conftest import LANGUAGES
from photospecs.http.routing import location, without_trailing_slash
from photospecs.paths import BY_NAME, PATHS, Path

# A concrete path for each row, to ask for it.
EXAMPLES = {
    "document": "/api/documents/us-visa",
    "portal": "/api/portals/ds-160",
    "country-page": "/countries/us",
    "portal-page": "/portals/ds-160",
    "comparison-page": "/compare/persofoto",
    "static": "/static/site.css",
    "page": "/us-visa-photo",
    "search": "/api/search?q=uk",
    "search-page": "/search?q=uk",
    "check": "/api/check?document=us-visa",
    "dataset-file": "/api/dataset/CITATION.cff",
}
REDIRECTS = [
    # trailing slashes, API and site alike; the query is kept
    ("/api/specs/", "/api/specs"),
    ("/api/specs/?country=us", "/api/specs?country=us"),
    ("/api/documents/us-visa/", "/api/documents/us-visa"),
    ("/us-visa-photo/", "/us-visa-photo"),
    ("/countries/", "/countries"),
    ("/api/mcp/", "/api/mcp"),
    # aliases of an id
    ("/countries/usa", "/countries/us"),
    ("/countries/USA", "/countries/us"),
    ("/countries/India", "/countries/india"),
    ("/countries/united%20kingdom", "/countries/uk"),
    ("/countries/GB", "/countries/uk"),
    ("/api/documents/US-Visa", "/api/documents/us-visa"),
    ("/api/portals/DS-160", "/api/portals/ds-160"),
    ("/portals/DS-160", "/portals/ds-160"),
    ("/us-visa", "/us-visa-photo"),
    ("/US-Visa-Photo", "/us-visa-photo"),
]


def concrete(row: Path) -> str:
    """An example path of the row; a row in another language is its English row's under the prefix."""
    if row.language:
        english = concrete(BY_NAME[row.name.split(":", 1)[1]])
        return f"/{row.language}" + ("" if english == "/" else english)
    return EXAMPLES.get(row.name, row.template)


def test_every_row_is_served_with_its_methods(client):
    for row in PATHS:
        if row.language and row.language not in LANGUAGES.split(","):
            continue  # a language the tests' catalog leaves out: its rows answer 404
        path = concrete(row)
        assert "{" not in path, row
        if row.name == "metrics":
            continue  # off unless configured; tests/test_metrics.py covers it
        get = client.get(path, follow_redirects=False)
        assert get.status_code == 200, (path, get.status_code, get.text[:200])
        head = client.head(path)
        assert head.status_code == 200 and head.content == b"", path
        options = client.options(path)
        assert options.status_code == 204 and options.headers["allow"] == row.allow.decode(), path
        if "POST" not in row.methods:
            refused = client.delete(path)
            assert refused.status_code == 405, path
            assert refused.headers["allow"] == row.allow.decode()
            assert refused.json()["allowed"] == row.allow.decode().split(", ")


@pytest.mark.parametrize(("asked", "canonical"), REDIRECTS)
def test_other_names_redirect_permanently_to_the_canonical_url(client, asked, canonical):
    response = client.get(asked, follow_redirects=False)
    assert response.status_code == 308, response.text
    assert response.headers["location"] == canonical
    assert response.headers["access-control-allow-origin"] == "*"
    assert client.get(canonical).status_code == 200


def test_a_redirect_keeps_the_method_of_an_mcp_post(client):
    body = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    response = client.post("/api/mcp/", json=body, follow_redirects=True)
    assert response.status_code == 200
    assert response.json()["id"] == 1


@pytest.mark.parametrize("path", ["/nope", "/countries/atlantis", "/portals/nope", "/compare/nope", "/static/nope.js", "/a/b/c"])
def test_a_missing_page_is_the_404_page_for_a_browser_and_json_otherwise(client, path):
    page = client.get(path, headers={"accept": "text/html"})
    assert page.status_code == 404
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert "<h1>" in page.text
    assert page.headers["x-content-type-options"] == "nosniff"
    data = client.get(path, headers={"accept": "application/json"})
    assert data.status_code == 404
    assert data.json()["error"] == "not_found"


@pytest.mark.parametrize("path", ["/api/nope", "/api/documents/atlantis-passport", "/api/portals/nope"])
def test_the_api_answers_json_even_to_a_browser(client, path):
    response = client.get(path, headers={"accept": "text/html"})
    assert response.status_code == 404
    assert response.headers["content-type"] == "application/json"
    assert response.json()["error"] in ("not_found", "unknown_document", "unknown_portal")


def test_the_404_page_is_not_served_at_its_own_address(client):
    assert client.get("/404").status_code == 404


@pytest.mark.parametrize("path", ["//evil.example/", "///evil.example//", "/"])
def test_no_redirect_leaves_the_site(path):
    canonical = without_trailing_slash(path)
    assert canonical is None or not canonical.startswith("//")


def test_a_location_never_carries_a_decoded_line_break():
    assert location("/a\r\nSet-Cookie: x/", b"") == b"/a%0D%0ASet-Cookie:%20x/"


def test_redirect_targets_of_a_crafted_path_stay_on_the_site(client):
    response = client.get("/%2F%2Fevil.example/", follow_redirects=False)
    assert response.status_code in (308, 404)
    assert not response.headers.get("location", "/").startswith("//")
