"""The photo tool as a person uses it: real Chromium, a real portrait, the URL the MCP tool hands out.

The portrait is scikit-image's `astronaut` (a NASA photograph in the public domain, shipped inside
the package). Each case follows the URL `get_photo_tool_url` returns, loads the photo, downloads
the digital file and a print sheet, and checks the files and that nothing carried the photo away.
"""

from __future__ import annotations

import io
from pathlib import Path

import httpx
import pytest
import skimage
from PIL import Image
from playwright.sync_api import expect

PORTRAIT = Path(skimage.__file__).parent / "data" / "astronaut.png"

# One of each shape: a square 2 x 2 in visa with DS-160's 240 KB cap and pixel window, a 35 x 45 mm
# passport whose portal wants at least 600 x 750 px, and a 33 x 48 mm visa whose portal sets a
# byte window with a minimum (40 to 120 KB).
CASES = [("us", "us-visa", "ds-160"), ("uk", "uk-passport", "uk-passport-online"), ("china", "china-visa", "china-cova")]


def tool_url(server, country: str, document: str) -> str:
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "get_photo_tool_url", "arguments": {"country": country, "document_type": document}}}
    result = httpx.post(f"{server.url}/api/mcp", json=call, headers={"mcp-protocol-version": "2025-11-25"}).json()["result"]
    return result["structuredContent"]["url"]


@pytest.fixture
def tool_page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 1000}, accept_downloads=True)
    page = context.new_page()
    page.problems = []
    page.requests = []
    page.on("console", lambda message: page.problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    context.on("request", lambda request: page.requests.append(request))
    yield page
    context.close()


def download(page, button: str) -> bytes:
    with page.expect_download() as info:
        page.get_by_role("button", name=button).click()
    return Path(info.value.path()).read_bytes()


@pytest.mark.parametrize(("country", "document", "portal_id"), CASES)
def test_makes_a_photo_and_a_sheet_with_nothing_uploaded(server, tool_page, country, document, portal_id):
    page = tool_page
    url = tool_url(server, country, document)
    assert url.startswith(server.url + "/tool?")
    page.goto(url)
    expect(page.locator("#tool-document")).to_have_value(document)  # preselected from the URL
    expect(page.locator("#tool-portal")).to_have_value(portal_id)
    spec = httpx.get(f"{server.url}/api/documents/{document}").json()
    portal = httpx.get(f"{server.url}/api/portals/{portal_id}").json()
    loaded = len(page.requests)

    page.locator("#tool-file").set_input_files(str(PORTRAIT))
    expect(page.locator("#tool-status")).to_contain_text("Photo loaded")
    page.locator("#tool-canvas").focus()
    for key in ["ArrowUp", "+", "]", "["]:  # the keyboard moves, zooms and turns the photo
        page.keyboard.press(key)

    photo = download(page, "Download photo")
    image = Image.open(io.BytesIO(photo))
    assert image.format == "JPEG"
    width, height = image.size
    if portal.get("minPx"):
        assert width >= portal["minPx"]["width"] and height >= portal["minPx"]["height"]
    if portal.get("maxPx"):
        assert width <= portal["maxPx"]["width"] and height <= portal["maxPx"]["height"]
    if not portal.get("minPx") and not portal.get("maxPx"):
        assert (width, height) == (spec["widthPx"], spec["heightPx"])
    assert width / height == pytest.approx(spec["widthMm"] / spec["heightMm"], rel=0.01)
    assert portal.get("minBytes", 0) <= len(photo) <= portal.get("maxBytes", 10**9)

    page.locator("#tool-sheet-kind").select_option("4x6in")
    sheet = Image.open(io.BytesIO(download(page, "Download print sheet")))
    assert sheet.size[0] * sheet.size[1] > 4 * spec["widthPx"] * spec["heightPx"]  # several copies
    assert sorted(sheet.size) == [1200, 1800]  # 4 x 6 in at 300 dpi
    page.locator("#tool-sheet-format").select_option("pdf")
    assert download(page, "Download print sheet").startswith(b"%PDF-")

    after = page.requests[loaded:]
    assert all(r.url.startswith(server.url) or r.url.startswith(("blob:", "data:")) for r in after), [r.url for r in after]
    assert all(r.method == "GET" and not r.post_data_buffer for r in after), "a request after load carried a body"
    assert page.problems == []


def test_checks_speak_plainly_and_the_page_says_nothing_is_uploaded(server, tool_page):
    page = tool_page
    page.goto(tool_url(server, "us", "us-passport"))
    assert "never leaves your device" in page.locator(".privacy").inner_text()
    expect(page.locator("#tool-document")).to_have_value("us-passport")
    page.locator("#tool-file").set_input_files(str(PORTRAIT))
    expect(page.locator("#tool-checks li")).to_have_count(4)
    checks = page.locator("#tool-checks").inner_text()
    # The astronaut stands before a dark, busy background, not a plain white one.
    assert "not white enough" in checks or "uneven" in checks
    csp = httpx.get(f"{server.url}/tool").headers["content-security-policy"]
    assert "connect-src 'self'" in csp
    assert page.problems == []


def test_a_photo_the_office_takes_offers_nothing_to_make(server, tool_page):
    page = tool_page
    page.goto(tool_url(server, "eswatini", "eswatini-travel-document"))  # captured at the office, no size
    expect(page.locator("#tool-facts")).to_contain_text("The office takes this photo")
    for part in ("#tool-editor", "#tool-drop", "#tool-download", "#tool-sheet"):
        expect(page.locator(part)).to_be_hidden()
    page.locator("#tool-country").select_option("us")
    page.locator("#tool-document").select_option("us-passport")
    expect(page.get_by_role("button", name="Download photo")).to_be_visible()
    expect(page.locator("#tool-drop")).to_be_visible()
    assert page.problems == []


def test_a_size_the_authority_does_not_publish_offers_nothing_to_make(server, tool_page):
    page = tool_page
    page.goto(tool_url(server, "tuvalu", "tuvalu-passport"))
    expect(page.locator("#tool-facts")).to_contain_text("publishes no size")
    for part in ("#tool-editor", "#tool-drop", "#tool-download", "#tool-sheet"):
        expect(page.locator(part)).to_be_hidden()
    assert page.problems == []


def test_a_size_only_secondary_sources_report_says_to_confirm_it(server, tool_page):
    page = tool_page
    page.goto(tool_url(server, "samoa", "samoa-passport"))
    expect(page.locator("#tool-facts")).to_contain_text("Confirm it with the authority")
    page.locator("#tool-country").select_option("us")
    expect(page.locator("#tool-facts")).not_to_contain_text("Confirm it with the authority")
    assert page.problems == []
