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
    portal = client.get("/api/portals/india-evisa").json()
    assert all(source["secondary"] for source in portal["sources"]) and portal["secondaryReason"]
    assert "Why only secondary sources:" in client.get("/portals/india-evisa").text
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


def test_dataset_strings_are_escaped(dataset, urls):
    """A dataset people edit must never inject markup into a page."""
    from photospecs.core.views import build_views
    from photospecs.dataset import load
    from photospecs.site import build as site_build

    us = dataset / "countries" / "us.toml"
    us.write_text(us.read_text().replace('name = "Visa"', 'name = "Visa <script>alert(1)</script>"', 1))
    # The English pages as rendered, before they are encoded: the catalog around them would
    # cost three times as much to build, and encoding does not touch markup.
    data = load(dataset)
    html = site_build.build(data, urls, site_build.swagger_assets(), build_views(data, urls)).pages["/us-visa-photo"].body.decode()
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


# --- navigation, plumbing, trust -------------------------------------------------------------


def test_portals_and_comparisons_have_index_pages_linked_from_every_page(client):
    portals = client.get("/portals").text
    for portal in client.get("/api/portals").json()["portals"]:
        assert f'href="/portals/{portal["id"]}"' in portals, portal["id"]
    compare = client.get("/compare").text
    for item in client.get("/api/comparisons").json()["comparisons"]:
        assert f'href="/compare/{item["id"]}"' in compare, item["id"]
    for path in ("/", "/countries", "/us-visa-photo", "/tool", "/compare/visafoto"):
        footer = client.get(path).text.split('<footer class="site-footer">')[1]
        assert 'href="/portals"' in footer and 'href="/compare"' in footer and 'href="/search"' in footer, path


def test_a_country_page_links_its_portals_and_the_comparisons(client):
    canada = client.get("/countries/canada").text
    for portal in client.get("/api/portals").json()["portals"]:
        if portal.get("country") == "canada":
            assert f'href="/portals/{portal["id"]}"' in canada, portal["id"]
    assert 'href="/compare"' in canada


def test_the_404_page_has_one_charset_and_the_common_headers(client):
    page = client.get("/no-such-page", headers={"accept": "text/html"})
    assert page.status_code == 404
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert page.headers["x-content-type-options"] == "nosniff"
    assert page.headers["access-control-allow-origin"] == "*"
    assert page.headers["cache-control"] == "no-store" and "default-src 'self'" in page.headers["content-security-policy"]


def fingerprint(client, path: str) -> str:
    return client.get(path).headers["etag"].strip('"')[:10]


def test_fingerprinted_assets_are_immutable_and_nothing_else_is(client):
    home = client.get("/").text
    assets = re.findall(r'(?:href|src)="(/static/[^"?]+)\?v=([0-9a-f]{10})"', home)
    assert {path for path, _ in assets} >= {"/static/site.css", "/static/search.js"}
    for path, version in assets:
        assert version == fingerprint(client, path), path
        pinned = client.get(f"{path}?v={version}")
        assert pinned.headers["cache-control"] == "public, max-age=31536000, immutable", path
        assert "immutable" not in client.get(path).headers["cache-control"], path
        assert "immutable" not in client.get(f"{path}?v=0000000000").headers["cache-control"], path
        assert "immutable" not in client.get(home_page := "/").headers["cache-control"], home_page


def test_every_module_import_carries_the_imported_files_fingerprint(client):
    tool = client.get("/tool").text
    modules = re.findall(r'<script type="module" src="(/static/[^"?]+)\?v=', tool)
    assert modules
    seen, queue = set(), list(modules)
    while queue:
        path = queue.pop()
        if path in seen:
            continue
        seen.add(path)
        source = client.get(path).text
        for specifier in re.findall(r'(?:\bfrom\s*|\bimport\s*\(?\s*)["\'](\.{1,2}/[^"\']+)["\']', source):
            target, _, version = specifier.partition("?v=")
            resolved = "/".join(path.split("/")[:-1]) + "/" + target.removeprefix("./")
            assert version == fingerprint(client, resolved), f"{path} imports {specifier}"
            queue.append(resolved)
    assert len(seen) > len(modules), "the tool's modules import each other"


def test_the_sitemap_dates_each_document_by_its_check(client):
    sitemap = client.get("/sitemap.xml").text
    dated = dict(re.findall(r"<loc>([^<]+)</loc><lastmod>([^<]+)</lastmod>", sitemap))
    for doc_id in ("us-visa", "india-passport", "uk-passport"):
        doc = client.get(f"/api/documents/{doc_id}").json()
        assert dated[doc["canonicalUrl"]] == doc["checked"], doc_id
    assert len(dated) > 600


def sitemap_pages(client) -> list[str]:
    return [path_of(loc) for loc in re.findall(r"<loc>([^<]+)</loc>", client.get("/sitemap.xml").text)]


def test_every_title_is_short_and_says_no_word_twice(client):
    paths = sitemap_pages(client)
    assert "/tool" in paths
    for path in paths:
        title = re.search(r"<title>([^<]+)</title>", client.get(path).text).group(1).replace("&amp;", "&").replace("&#39;", "'")
        assert len(title) < 70, (path, title)
        words = [w for w in re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", title.casefold()) if len(w) >= 3 and w != "and"]
        assert len(words) == len(set(words)), (path, title)


def test_every_page_has_a_link_preview_image(client):
    image = client.get("/og-image.png")
    assert image.headers["content-type"] == "image/png" and image.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert image.content[16:24] == (1200).to_bytes(4, "big") + (630).to_bytes(4, "big")
    for path in ("/", "/us-visa-photo", "/countries/india", "/portals", "/compare/visafoto"):
        assert f'<meta property="og:image" content="{SITE}/og-image.png">' in client.get(path).text, path


def test_breadcrumbs_are_shown_and_described_for_search_engines(client):
    import json

    html = client.get("/us-visa-photo").text
    scripts = [json.loads(s) for s in re.findall(r'<script type="application/ld\+json">(.+?)</script>', html)]
    crumbs = next(s for s in scripts if s["@type"] == "BreadcrumbList")["itemListElement"]
    assert [c["position"] for c in crumbs] == [1, 2, 3]
    assert [c["item"] for c in crumbs] == [f"{SITE}/countries", f"{SITE}/countries/us", f"{SITE}/us-visa-photo"]
    visible = re.search(r'<nav aria-label="Breadcrumb" class="crumbs">(.+?)</nav>', html).group(1)
    assert [re.sub(r"<[^>]+>", "", part).strip() for part in visible.split("›")] == [c["name"] for c in crumbs]
    portal = client.get("/portals/ds-160").text
    assert '"BreadcrumbList"' in portal and 'href="/portals">Upload portals</a>' in portal


# --- the document page's first screen --------------------------------------------------------


def bring_html(html: str) -> str:
    return re.search(r'<p class="bring-answer">(.+?)</p>', html, re.S).group(1)


def bring(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", bring_html(html))).strip()


def test_what_to_bring_is_answered_first_and_the_tool_offered_only_for_a_supplied_photo(client):
    documents = client.get("/api/documents").json()["documents"]
    checked = set()
    for entry in documents:
        doc = client.get(f"/api/documents/{entry['id']}").json()
        html = client.get(path_of(doc["canonicalUrl"])).text
        answer = bring(html)
        assert html.index('class="bring"') < html.index('id="size-heading"'), doc["id"]
        tool = "Make this photo in the photo tool" in html
        if doc["capture"] == "office":
            assert answer.startswith("No photo.") and not tool, doc["id"]
        elif doc.get("portals") and doc["capture"] == "supplied":
            assert answer.startswith("A digital photo, uploaded to"), doc["id"]
            assert all(f'href="/portals/{p["id"] if isinstance(p, dict) else p}"' in html for p in doc["portals"]), doc["id"]
        if doc["capture"] != "office" and "widthMm" in doc and doc.get("sizeBasis") != "common-format":
            assert tool, doc["id"]
        checked.add(re.search(r"<strong>(.+?)</strong>", bring_html(html)).group(1))
    assert {"No photo.", "A digital photo", "A printed photo", "No photo, or one of your own."} <= checked
    # Adults applying in India bring no photo; missions take an upload (the issue's own example)
    india = client.get("/india-passport-photo").text
    assert bring(india).startswith("No photo, or one of your own.") and 'href="/portals/india-global-passport-seva"' in bring_html(india)


def test_the_authority_and_the_check_date_lead_and_secondary_sources_are_tucked_away(client):
    html = client.get("/us-visa-photo").text
    doc = client.get("/api/documents/us-visa").json()
    trust = re.search(r'<p class="trust">(.+?)</p>', html).group(1)
    assert "From <strong>" in trust and f'datetime="{doc["checked"]}"' in trust
    assert html.index('class="trust"') < html.index('class="bring"')
    assert "not yet verified" not in html and html.count("link checker") == 1
    samoa = client.get("/api/documents/samoa-passport").json()
    page = client.get(path_of(samoa["canonicalUrl"])).text
    details = re.search(r'<details class="secondary"[^>]*>(.+?)</details>', page, re.S).group(1)
    assert all(s["url"].replace("&", "&amp;") in details for s in samoa["sources"] if s.get("secondary"))
    assert samoa.get("secondaryReason") is None or "Why a secondary source" in details


def test_flags_are_our_own_files_and_the_api_keeps_the_emoji(client):
    import hashlib
    import io
    import json
    from pathlib import Path

    from PIL import Image

    folder = Path(__file__).resolve().parent.parent / "app" / "photospecs" / "site" / "static" / "flags"
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["package"] == "flag-icons" and re.fullmatch(r"\d+\.\d+\.\d+", manifest["version"])
    assert "MIT" in (folder / "LICENSE.txt").read_text()
    home = client.get("/").text
    # A list shows each flag as a small PNG drawn from the SVG, three pixels to each it shows.
    flags = re.findall(r'<img class="flag" src="(/static/flags/([a-z]{2})\.png)\?v=[0-9a-f]{10}" alt="" width="20" height="15"', home)
    countries = client.get("/api/specs").json()["countries"]
    assert len(flags) == len(countries)
    for path, code in flags:
        served = client.get(path)
        assert served.headers["content-type"] == "image/png"
        assert hashlib.sha256(served.content).hexdigest() == manifest["sha256"][f"{code}.png"], code
        assert Image.open(io.BytesIO(served.content)).size == (60, 45), code
    # A heading shows one flag larger: the SVG itself.
    heading = re.search(r'<h1><img class="flag flag-large" src="(/static/flags/jp\.svg)\?v=[0-9a-f]{10}"', client.get("/countries/japan").text)
    served = client.get(heading.group(1))
    assert served.headers["content-type"] == "image/svg+xml"
    assert hashlib.sha256(served.content).hexdigest() == manifest["sha256"]["jp.svg"]
    assert all(c["flag"] and not c["flag"].isascii() for c in countries)
