"""GET /api/specs and /api/comparisons as a client sees them (Litestar test client)."""

from __future__ import annotations

import pytest
from conftest import SITE
from litestar.testing import TestClient
from photospecs.dataset import px_from_mm
from photospecs.main import app_for

CONTRACT_DOCUMENT_FIELDS = {
    "id", "name", "slug", "widthMm", "heightMm", "widthPx", "heightPx", "dpi",
    "background", "bgColor", "bgColorLabel", "requirements",
}
IDENTITY = {"accept-encoding": "identity"}


def get(client, url, **headers):
    return client.get(url, headers={**IDENTITY, **headers})


def test_default_is_a_schema_org_dataset_with_computed_counts(client, bundled):
    body = get(client, "/api/specs").json()
    assert body["@context"] == "https://schema.org"
    assert body["@type"] == "Dataset"
    assert body["license"] == "https://opensource.org/licenses/MIT"
    assert body["name"]
    data = bundled
    # A photo whose size the authority does not publish cannot fill the twelve numeric fields,
    # so /api/specs (and its counts) hold the sized documents; /api/documents has every one.
    sized = [d for d in data.docs.values() if d.width_px is not None]
    assert len(sized) < len(data.docs)
    assert body["meta"] == {
        "countries": len(data.countries), "documents": len(sized), "version": data.version,
    }
    assert len(body["countries"]) == body["meta"]["countries"]
    assert sum(len(c["documents"]) for c in body["countries"]) == body["meta"]["documents"]


def test_raw_is_exactly_countries_and_meta(client):
    body = get(client, "/api/specs?format=raw").json()
    assert set(body) == {"countries", "meta"}
    assert body["countries"] == get(client, "/api/specs").json()["countries"]


KEPT_REFERENCE_IDS = {
    "saudi-passport", "saudi-id-card", "saudi-work-permit", "hk-passport", "hk-id-card", "hk-visa",
    "nz-passport", "nz-visa", "czech-passport", "czech-id-card",
}


def test_documents_carry_exactly_the_twelve_contract_fields(client):
    for country in get(client, "/api/specs?format=raw").json()["countries"]:
        assert set(country) == {"id", "name", "flag", "documents"}
        for doc in country["documents"]:
            assert set(doc) == CONTRACT_DOCUMENT_FIELDS, doc["id"]
            # "<country>-<kind>", except ids kept from passport-photo-specs 1.3.0 for its clients
            assert doc["id"].startswith(country["id"] + "-") or doc["id"] in KEPT_REFERENCE_IDS
            assert doc["bgColor"].startswith("#") and len(doc["bgColor"]) == 7


def test_pixel_sizes_follow_mm_and_dpi(client, bundled):
    """The contract's pixels are the print at `dpi` (an authority's own rounding may differ by one
    pixel); a digital image size the authority states is served apart, as digitalPx."""
    data = bundled
    for doc in data.docs.values():
        if doc.file.width_mm is None:
            assert doc.width_px is None and doc.height_px is None
            assert doc.file.capture == "office" or doc.file.size_basis == "unpublished"
        else:
            assert abs(doc.width_px - px_from_mm(doc.file.width_mm, doc.file.dpi)) <= 1, doc.id
            assert abs(doc.height_px - px_from_mm(doc.file.height_mm, doc.file.dpi)) <= 1, doc.id
    india = get(client, "/api/documents/india-passport").json()
    assert (india["widthPx"], india["heightPx"], india["dpi"]) == (413, 531, 300)
    assert india["digitalPx"] == {"width": 630, "height": 810, "rule": "exact"}


def test_us_passport_is_two_inches_at_300_dpi(client):
    doc = get(client, "/api/specs?country=us").json()["countries"][0]["documents"][0]
    assert (doc["id"], doc["widthPx"], doc["heightPx"], doc["dpi"]) == ("us-passport", 600, 600, 300)
    assert doc["widthMm"] == doc["heightMm"] == 50.8


@pytest.mark.parametrize("query", ["country=us", "country=US", "country=usa", "country=United%20States",
                                   "country=united_states", "country=+us+"])
def test_country_aliases_serve_the_same_bytes(client, query):
    canonical = get(client, "/api/specs?country=us")
    alias = get(client, f"/api/specs?{query}")
    assert alias.status_code == 200
    assert alias.content == canonical.content
    assert alias.headers["etag"] == canonical.headers["etag"]


def test_country_filter_combines_with_raw_in_either_order(client, bundled):
    one = get(client, "/api/specs?country=us&format=raw")
    other = get(client, "/api/specs?format=raw&country=us")
    assert one.content == other.content
    body = one.json()
    assert set(body) == {"countries", "meta"}
    assert [c["id"] for c in body["countries"]] == ["us"]
    assert body["meta"] == {"countries": 1, "documents": len(body["countries"][0]["documents"]), "version": bundled.version}


def test_unknown_country_is_404_with_suggestions(client):
    response = get(client, "/api/specs?country=unitd-states")
    assert response.status_code == 404
    body = response.json()
    assert body["error"] == "unknown_country"
    assert "unitd-states" in body["message"]
    assert body["suggestions"][0] == "us"
    assert len(body["suggestions"]) <= 3


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ("format=xml", 400, "unknown_format"),
        ("format=", 400, "unknown_format"),
        ("country=us&country=uk", 400, "repeated_parameter"),
        ("country=%ff", 400, "bad_query"),
        ("country=" + "a" * 3000, 414, "query_too_long"),
    ],
)
def test_bad_queries_get_json_errors(client, query, status, code):
    response = get(client, f"/api/specs?{query}")
    assert response.status_code == status
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert body["status"] == status and body["error"] == code and body["message"]
    if code == "unknown_format":
        assert body["allowed"] == ["raw"]


def test_unknown_query_parameters_are_ignored(client):
    assert get(client, "/api/specs?country=us&utm_source=x").content == get(client, "/api/specs?country=us").content


def test_comparisons_list_five_tools_and_filter(client):
    body = get(client, "/api/comparisons").json()
    ids = [c["id"] for c in body["comparisons"]]
    assert len(ids) == 5 == len(set(ids))
    for item in body["comparisons"]:
        assert {"id", "name", "pageUrl", "category", "summary", "strengths", "tradeoffs", "website"} <= set(item)
        assert item["pageUrl"].startswith("http://127.0.0.1:8000/compare/")
    one = get(client, f"/api/comparisons?competitor={ids[2]}").json()
    assert one == {"comparisons": [body["comparisons"][2]]}


def test_unknown_competitor_is_400_listing_the_five(client):
    response = get(client, "/api/comparisons?competitor=nope")
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "unknown_competitor"
    assert body["allowed"] == [c["id"] for c in get(client, "/api/comparisons").json()["comparisons"]]


# --- HTTP behaviour CDNs and browsers rely on ------------------------------------------------


@pytest.mark.parametrize("path", ["/api/specs", "/api/specs?country=us", "/api/comparisons", "/api/openapi.json"])
def test_cache_headers(client, path):
    response = get(client, path)
    assert response.headers["cache-control"] == "public, max-age=3600"
    assert response.headers["vary"] == "Accept-Encoding"
    assert response.headers["access-control-allow-origin"] == "*"
    assert response.headers["x-content-type-options"] == "nosniff"
    etag = response.headers["etag"]
    assert etag.startswith('"') and etag.endswith('"')


def test_max_age_is_configurable(configured):
    with TestClient(app_for(configured), base_url=SITE) as custom:  # max_age=60
        assert custom.get("/api/specs").headers["cache-control"] == "public, max-age=60"


@pytest.mark.parametrize(
    ("accept", "coding"),
    [
        ("br, gzip", "br"),
        ("gzip, deflate, br", "br"),
        ("gzip", "gzip"),
        ("gzip;q=1.0, br;q=0.5", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("*", "br"),
        ("identity", None),
        ("deflate", None),
        ("br;q=0, gzip;q=0", None),
    ],
)
def test_content_coding_follows_accept_encoding(client, accept, coding):
    response = client.get("/api/specs", headers={"accept-encoding": accept})
    assert response.headers.get("content-encoding") == coding
    assert response.json() == get(client, "/api/specs").json()  # decoded body is the same resource


def test_each_coding_has_its_own_strong_etag(client):
    etags = {client.get("/api/specs", headers={"accept-encoding": c}).headers["etag"] for c in ("br", "gzip", "identity")}
    assert len(etags) == 3


@pytest.mark.parametrize("form", ["{etag}", "W/{etag}", '"other", {etag}', "*"])
def test_if_none_match_gives_304(client, form):
    etag = client.get("/api/specs?country=us", headers={"accept-encoding": "br"}).headers["etag"]
    response = client.get("/api/specs?country=us", headers={"accept-encoding": "br", "if-none-match": form.format(etag=etag)})
    assert response.status_code == 304
    assert response.content == b""
    assert response.headers["etag"] == etag
    assert response.headers["cache-control"].startswith("public")


def test_stale_etag_gets_the_full_body(client):
    response = client.get("/api/specs?country=us", headers={"if-none-match": '"stale"'})
    assert response.status_code == 200 and response.content


def test_head_has_headers_and_no_body(client):
    full = get(client, "/api/specs")
    head = client.head("/api/specs", headers=IDENTITY)
    assert head.status_code == 200
    assert head.content == b""
    assert head.headers["content-length"] == str(len(full.content))
    assert head.headers["etag"] == full.headers["etag"]


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
def test_other_methods_get_405_with_allow(client, method):
    response = client.request(method, "/api/specs")
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, HEAD, OPTIONS"
    assert response.json()["error"] == "method_not_allowed"


@pytest.mark.parametrize("path", ["/api/specs", "/api/comparisons", "/api/mcp", "/api/openapi.json"])
def test_cors_preflight(client, path):
    response = client.options(
        path,
        headers={"origin": "https://example.org", "access-control-request-method": "GET",
                 "access-control-request-headers": "content-type"},
    )
    assert response.status_code == 204
    assert response.headers["access-control-allow-origin"] == "*"
    assert "GET" in response.headers["access-control-allow-methods"]
    assert "content-type" in response.headers["access-control-allow-headers"].lower()


def test_errors_carry_cors_and_are_not_cached(client):
    response = get(client, "/api/specs?country=zz-nowhere")
    assert response.headers["access-control-allow-origin"] == "*"
    assert response.headers["cache-control"] == "no-store"


def test_unknown_path_is_a_json_404(client):
    response = client.get("/api/nothing-here")
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


def test_health_and_readiness(client):
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz").json()
    assert ready["status"] == "ready" and ready["countries"] > 0


def test_brotli_body_decodes_to_identity(client):
    raw = client.get("/api/specs?format=raw", headers={"accept-encoding": "br"})
    # httpx decodes br itself (brotli is installed); compare the decoded resource.
    assert raw.headers["content-encoding"] == "br"
    assert raw.content == get(client, "/api/specs?format=raw").content
