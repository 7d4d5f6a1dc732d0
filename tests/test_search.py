"""Search: the ranking (in-process), GET /api/search and the /search page over HTTP against a real
server. The table below is also typed into the site's box in Chromium (test_site_browser.py)."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from conftest import local
from photospecs.core.search import MAX_QUERY, Search
from photospecs.core.search_terms import COUNTRY_TERMS, KIND_TERMS
from photospecs.urls import Urls

# What people type -> the page that must come first: a document id, or a country id for its page.
QUERIES = {
    "Indian passport": "india-passport",
    "Japanese": "japan",
    "japan driving license": "japan-drivers-licence",
    "u.s.": "us",
    "USA": "us",
    "UK": "uk",
    "UK visa": "uk-visa",
    "US visa": "us-visa",
    "carte d'identité": "france-id-card",
    "mexicano": "mexico",
    "Deutschland": "germany",
    "España": "spain",
    "Österreich": "austria",
    "日本": "japan",
    "Россия": "russia",
    "Nippon passport": "japan-passport",
    "PR card": "canada-pr-card",
    "india e-visa": "india-evisa",
    "licence uk": "uk-drivers-licence",
    "germny passport": "germany-passport",
    "pasport france": "france-passport",
    "ID germany": "germany-id-card",
    "schengen visa": "schengen-visa",
    "british passport": "uk-passport",
    "united ki": "uk",
}


@pytest.fixture(scope="module")
def search(bundled, views) -> Search:
    return Search(bundled, Urls("http://127.0.0.1:8000", "http://127.0.0.1:8000/tool"), views)


def first_id(results: list[dict]) -> str:
    return results[0]["id"]


@pytest.mark.parametrize(("query", "expected"), QUERIES.items())
def test_what_people_type_puts_the_right_page_first(search, query, expected):
    best = search.results(query)[0]
    assert best.id == expected, [t.id for t in search.results(query)]


def test_a_named_country_comes_before_every_other_country(search):
    results = search.results("UK visa")
    countries = [t.country for t in results]
    assert countries[: countries.count("uk")] == ["uk"] * countries.count("uk")
    assert {"uk-visa", "uk"} <= {t.id for t in results}
    # Ukraine starts with "uk" but is not the United Kingdom: only a prefix, it ranks after it
    typed = [t.country for t in search.results("uk")]
    assert typed[0] == "uk" and "bhutan" not in typed


def test_the_country_page_leads_when_no_document_is_named(search):
    assert [t.type for t in search.results("India")][:2] == ["country", "document"]
    assert search.results("India passport")[0].type == "document"


def test_a_kind_alone_lists_that_kind_in_every_country(search):
    results = search.results("driving licence")
    assert len(results) == 10 and all("licen" in t.id or "driving" in t.id for t in results)


def test_nothing_matches_nonsense_or_empty_words(search):
    assert search.results("zzzzqx") == []
    assert search.results("the photo of a") == []
    assert search.results("   ") == []


def test_cost_is_bounded_by_the_query_caps(search):
    # A huge query ranks only its first MAX_QUERY characters, and the same as that prefix does
    long = "UK visa " + "x" * 10_000
    assert [t.id for t in search.results(long)] == [t.id for t in search.results(long[:MAX_QUERY])]
    assert len(search.results("passport visa id licence residence " * 20)) <= 10


def test_curated_terms_name_real_countries_and_kinds(search, bundled):
    data = bundled
    countries = {c.id for c in data.countries}
    kinds = {d.file.kind for d in data.docs.values()}
    assert set(COUNTRY_TERMS) <= countries, set(COUNTRY_TERMS) - countries
    for _terms, weights, home in KIND_TERMS:
        assert set(weights) <= kinds | {"driving-license"}, set(weights) - kinds
        assert set(home) <= countries, set(home) - countries


# --- over HTTP: a real server ----------------------------------------------------------------


@pytest.mark.parametrize(("query", "expected"), QUERIES.items())
def test_the_api_and_the_page_give_the_same_first_result(server, query, expected):
    api = local.get(f"{server.url}/api/search", params={"q": query})
    assert api.status_code == 200 and api.headers["content-type"] == "application/json"
    body = api.json()
    assert body["query"] == query and first_id(body["results"]) == expected
    best = body["results"][0]
    page = local.get(f"{server.url}/search", params={"q": query})
    assert page.status_code == 200 and page.headers["content-type"] == "text/html; charset=utf-8"
    first_link = re.search(r'<li class="best"><a href="([^"]+)">', page.text).group(1)
    assert server.url + first_link == best["url"]


def test_search_responses_carry_the_common_headers(server):
    for path in ("/api/search?q=uk", "/search?q=uk"):
        response = local.get(server.url + path)
        assert response.headers["access-control-allow-origin"] == "*", path
        assert response.headers["x-content-type-options"] == "nosniff", path
        assert "max-age" in response.headers["cache-control"], path
    page = local.get(server.url + "/search?q=uk")
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert local.head(server.url + "/api/search?q=uk").content == b""
    assert local.options(server.url + "/api/search").status_code == 204
    assert local.post(server.url + "/api/search?q=uk").status_code == 405


@pytest.mark.parametrize(
    ("query", "status", "error"),
    [
        ("", 400, "missing_parameter"),
        ("q=", 400, "empty_parameter"),
        ("q=%20%20", 400, "empty_parameter"),
        (f"q={'a' * (MAX_QUERY + 1)}", 400, "parameter_too_long"),
        ("q=uk&q=us", 400, "repeated_parameter"),
        ("q=%ff", 400, "bad_query"),
        ("q=" + "a" * 3000, 414, "query_too_long"),
    ],
)
def test_bad_search_input_is_a_clear_4xx(server, query, status, error):
    response = local.get(f"{server.url}/api/search?{query}")
    assert response.status_code == status and response.json()["error"] == error
    assert response.headers["cache-control"] == "no-store"


def test_the_results_page_escapes_the_query_and_works_without_one(server):
    hostile = '<script>alert(1)</script>"'
    page = local.get(f"{server.url}/search?q={quote(hostile)}")
    assert page.status_code == 200 and "<script>alert(1)" not in page.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&#34;" in page.text
    empty = local.get(f"{server.url}/search")
    assert empty.status_code == 200 and 'name="q"' in empty.text and "results for" not in empty.text
    long = local.get(f"{server.url}/search?q={'a' * (MAX_QUERY + 1)}")
    assert long.status_code == 400 and "limited to" in long.text and long.headers["cache-control"] == "no-store"


def test_search_is_in_the_openapi_document(server):
    operation = local.get(f"{server.url}/api/openapi.json").json()["paths"]["/api/search"]["get"]
    assert operation["operationId"] == "search_documents"
    assert operation["parameters"][0]["schema"]["maxLength"] == MAX_QUERY
    assert {"200", "400", "414"} <= set(operation["responses"])
    assert operation["responses"]["200"]["content"]["application/json"]["example"]["results"][0]["id"] == "uk-visa"
