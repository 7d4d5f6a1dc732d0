"""Every URL the service hands out on its own site opens a real page (in-process)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

SITE = "http://127.0.0.1:8000"  # the default site URL: a local run links to itself


def mcp_call(client, name: str, arguments: dict) -> dict:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name, "arguments": arguments}}
    response = client.post("/api/mcp", json=body, headers={"mcp-protocol-version": "2025-11-25"})
    return response.json()["result"]["structuredContent"]


def urls_in(value) -> set[str]:
    if isinstance(value, str):
        return {value} if value.startswith(SITE) else set()
    if isinstance(value, dict):
        return set().union(*(urls_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(urls_in(v) for v in value)) if value else set()
    return set()


@pytest.fixture(scope="module")
def emitted(client) -> set[str]:
    """Every URL on our own origin that REST, MCP and the discovery document hand out."""
    found: set[str] = set()
    specs = client.get("/api/specs").json()
    for country in specs["countries"]:
        found |= {f"{SITE}/{doc['slug']}" for doc in country["documents"]}
    found |= urls_in(client.get("/api/comparisons").json())
    found |= urls_in(client.get("/api/mcp").json())
    found |= urls_in(client.get("/api/documents").json())
    countries = mcp_call(client, "list_supported_countries", {})
    found |= urls_in(countries)
    for country in countries["countries"]:
        found |= urls_in(mcp_call(client, "get_visa_photo_spec", {"country": country["id"]}))
        found |= urls_in(mcp_call(client, "get_photo_tool_url", {"country": country["id"]}))
        for doc_id in country["documents"]:
            found |= urls_in(mcp_call(client, "get_photo_tool_url", {"country": country["id"], "document_type": doc_id}))
    for portal in client.get("/api/portals").json()["portals"]:
        found |= urls_in(mcp_call(client, "get_portal_constraints", {"portal": portal["id"]}))
    return found


def path_of(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def test_every_emitted_url_opens_a_page_with_its_own_canonical_link(client, emitted):
    assert len(emitted) > 600
    pages = {url.split("?")[0] for url in emitted if "/api/" not in url}
    for url in sorted(emitted):
        response = client.get(path_of(url), headers={"accept": "text/html"})
        assert response.status_code == 200, url
        if response.headers["content-type"].startswith("text/html"):
            html = response.text
            assert re.search(r"<title>[^<]{5,}</title>", html), url
            canonical = re.search(r'<link rel="canonical" href="([^"]+)">', html).group(1)
            assert canonical == url.split("?")[0], url
    sitemap = client.get("/sitemap.xml").text
    listed = set(re.findall(r"<loc>([^<]+)</loc>", sitemap))
    assert pages - listed == set(), "every page handed out is in the sitemap"


def test_every_link_on_every_page_answers(client):
    sitemap = client.get("/sitemap.xml").text
    seen: set[str] = set()
    for loc in re.findall(r"<loc>([^<]+)</loc>", sitemap):
        html = client.get(path_of(loc)).text
        for link in re.findall(r'(?:href|src)="(/[^"#]*)"', html):
            seen.add(link.replace("&amp;", "&"))
    assert len(seen) > 500
    for link in sorted(seen):
        assert client.get(link).status_code == 200, link


def test_pages_are_pre_encoded_and_cacheable(client):
    first = client.get("/us-visa-photo", headers={"accept-encoding": "br"})
    assert first.headers["content-encoding"] == "br" and first.headers["etag"]
    assert "max-age" in first.headers["cache-control"]
    assert client.get("/us-visa-photo", headers={"accept-encoding": "br", "if-none-match": first.headers["etag"]}).status_code == 304
    head = client.head("/us-visa-photo")
    assert head.status_code == 200 and head.content == b""
    csp = first.headers["content-security-policy"]
    assert "connect-src 'self'" in csp and "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
    assert first.headers["referrer-policy"]


def test_unknown_paths_get_a_page_for_browsers_and_json_under_api(client):
    page = client.get("/no-such-page", headers={"accept": "text/html"})
    assert page.status_code == 404 and "<h1>Page not found</h1>" in page.text
    api = client.get("/api/no-such-thing", headers={"accept": "text/html"})
    assert api.status_code == 404 and api.json()["error"] == "not_found"
    doc = client.get("/api/documents/us-vsa")
    assert doc.status_code == 404 and doc.json()["error"] == "unknown_document" and "us-visa" in doc.json()["suggestions"]


def test_a_document_page_shows_the_spec(client):
    html = client.get("/us-visa-photo").text
    for text in ("50.8 × 50.8 mm", "2 × 2 in", "600 × 600 px", "25.4–34.9 mm", "DS-160", "application/ld+json", 'og:title'):
        assert text in html, text
    assert 'href="http://127.0.0.1:8000/tool?country=us&amp;document=us-visa"' in html


def test_a_size_no_authority_states_is_marked_so(client):
    doc = client.get("/api/documents/samoa-passport").json()
    assert doc["sizeBasis"] == "secondary" and any(source.get("secondary") for source in doc["sources"])
    assert "states no size" in client.get(doc["canonicalUrl"].removeprefix("http://127.0.0.1:8000")).text


def test_a_size_the_authority_does_not_publish_is_not_guessed(client):
    doc = client.get("/api/documents/tuvalu-passport").json()
    assert doc["sizeBasis"] == "unpublished" and doc["capture"] == "supplied"
    assert not {"widthMm", "heightMm", "widthPx", "heightPx", "dpi", "headHeightMm"} & set(doc)
    listed = client.get("/api/specs?country=tuvalu").json()["countries"][0]["documents"]
    assert "tuvalu-passport" not in [d["id"] for d in listed]
    html = client.get(doc["canonicalUrl"].removeprefix("http://127.0.0.1:8000")).text
    assert "Not published: the authority asks for a photo of your own but states no size" in html
    assert "Make this photo in the photo tool" not in html
    assert "Bring your own photo; the authority publishes no size." in client.get("/countries/tuvalu").text


def test_portal_without_an_authority_source_says_why(client):
    portal = client.get("/api/portals/uk-eta").json()
    assert all(source["secondary"] for source in portal["sources"]) and portal["secondaryReason"]
    assert "Why only secondary sources:" in client.get("/portals/uk-eta").text
    official = client.get("/api/portals/ireland-passport-online").json()
    assert "secondaryReason" not in official and not all(s["secondary"] for s in official["sources"])


def test_portal_keeps_disagreeing_sources_apart_from_the_rules_it_enforces(client):
    # A tool that applies every rule must not be asked to apply "older copies say 600 KB"
    portal = client.get("/api/portals/hong-kong-passport-online").json()
    assert any("600 KB" in d for d in portal["discrepancies"])
    assert not any("600 KB" in r for r in portal["rules"])
    html = client.get("/portals/hong-kong-passport-online").text
    assert html.index("Gaps and disagreements in the sources") < html.index("600 KB")
    assert "discrepancies" not in client.get("/api/portals/ireland-passport-online").json()


def test_portal_page_gives_each_limit_as_written_and_in_bytes(client):
    # Mexico's "2 MB" to "5 MB" leaves the unit undefined: the floor reads as binary, the cap as decimal
    html = client.get("/portals/mexico-evisa").text
    for text in ("2 MB (2097152 bytes)", "5 MB (5000000 bytes)", "steps of 1000 or 1024 bytes"):
        assert text in html, text


def test_dataset_strings_are_escaped(tmp_path):
    """A dataset people edit must never inject markup into a page."""
    import shutil

    from litestar.testing import TestClient
    from photospecs.dataset import DEFAULT_DATASET_DIR
    from photospecs.main import create_app
    from photospecs.settings import Settings

    copy = tmp_path / "dataset"
    shutil.copytree(DEFAULT_DATASET_DIR, copy)
    us = copy / "countries" / "us.toml"
    us.write_text(us.read_text().replace('name = "Visa"', 'name = "Visa <script>alert(1)</script>"', 1))
    with TestClient(create_app(Settings(dataset_dir=str(copy)))) as custom:
        html = custom.get("/us-visa-photo").text
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
