"""The photo tool as a person uses it: real Chromium, the URL the MCP tool hands out, a phone-sized
portrait, and only the "Download" buttons pressed.

Where the head lands in each downloaded file is measured by `tool_photos.locate`, which matches
the astronaut's own pixels and owes nothing to the face model the tool runs: the measured head
height, eye line, centring and top margin must be inside the document's published ranges, on the
digital file and on every tile of the print sheet.
"""

from __future__ import annotations

import base64
import io
import json
import re
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest
from conftest import local
from photospecs.site.i18n import texts_of
from photospecs.site.languages import BY_CODE
from PIL import Image
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from tool_photos import Portrait, locate

ROOT = Path(__file__).resolve().parent.parent
GEOMETRY = ROOT / "app/photospecs/site/static/tool/geometry.js"
PLACED = "placed as the document asks"
TIMEOUT = 90_000  # ms: the first photo of a page loads and compiles the models on a busy machine


def tool_url(server, country: str, document: str) -> str:
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "get_photo_tool_url", "arguments": {"country": country, "document_type": document}}}
    result = local.post(f"{server.url}/api/mcp", json=call, headers={"mcp-protocol-version": "2025-11-25"}).json()["result"]
    return result["structuredContent"]["url"]


@pytest.fixture(scope="module")
def photos(tmp_path_factory):
    """Test portraits as files, made once per module."""
    folder = tmp_path_factory.mktemp("portraits")
    made: dict[str, Path] = {}

    def photo(name: str, portrait: Portrait | None = None, body: bytes | None = None) -> Path:
        if name not in made:
            path = folder / name
            path.write_bytes(body if body is not None else (portrait or Portrait()).jpeg())
            made[name] = path
        return made[name]

    return photo


@pytest.fixture(scope="module")
def context(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 1000}, accept_downloads=True)
    context.problems = []
    context.requests = []
    context.on("request", lambda request: context.requests.append(request))
    yield context
    context.close()


@pytest.fixture(scope="module")
def page(context):
    page = context.new_page()
    page.on("pageerror", lambda error: context.problems.append(str(error)))
    page.on("console", lambda message: context.problems.append(message.text) if message.type == "error" else None)
    return page


def open_photo(page, path: Path, expected: str = PLACED) -> str:
    page.locator("#tool-file").set_input_files(str(path))
    expect(page.locator("#tool-status")).to_contain_text(expected, timeout=TIMEOUT)
    return page.locator("#tool-status").inner_text()


def download(page, button: str) -> bytes:
    try:
        with page.expect_download(timeout=TIMEOUT) as info:
            page.get_by_role("button", name=button).click()
    except PlaywrightTimeout:
        # Seen twice in some fifty runs, cause unknown: say what the page showed meanwhile.
        shown = {selector: page.locator(selector).inner_text() for selector in ("#tool-status", "#tool-checks")}
        raise AssertionError(f"no download after pressing {button!r}; the page showed {shown}; it logged {getattr(page.context, 'problems', '?')}") from None
    return Path(info.value.path()).read_bytes()


def jpeg_segments(data: bytes) -> list[int]:
    """The JPEG's marker bytes before its image data."""
    markers, at = [], 2
    while data[at] == 0xFF and data[at + 1] != 0xDA:
        markers.append(data[at + 1])
        at += 2 + int.from_bytes(data[at + 2:at + 4], "big")
    return markers


def assert_clean_jpeg(data: bytes, dpi: int) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "JPEG"
    assert image.info.get("jfif_unit") == 1 and image.info.get("jfif_density") == (dpi, dpi)
    markers = jpeg_segments(data)
    assert markers.count(0xE0) == 1 and not [m for m in markers if 0xE1 <= m <= 0xEF or m == 0xFE], [hex(m) for m in markers]
    return image


def head_in_mm(image: Image.Image, height_mm: float) -> dict[str, float]:
    """The document's measures in an image whose height is the document's height."""
    landing = locate(image)
    k = image.height / height_mm
    return {
        "head": landing.head_px() / k,
        "eyes": (image.height - landing.eyes[1]) / k,
        "top": landing.crown[1] / k,
        "off": ((landing.eyes[0] + landing.chin[0]) / 2 - image.width / 2) / k,
    }


def assert_in_ranges(found: dict[str, float], spec: dict, where: str) -> None:
    head, eyes = spec["headHeightMm"], spec["eyeLineMm"]
    assert head["min"] <= found["head"] <= head["max"], f"{where}: head {found['head']:.2f} mm, asked {head}"
    assert eyes["min"] <= found["eyes"] <= eyes["max"], f"{where}: eyes {found['eyes']:.2f} mm, asked {eyes}"
    assert abs(found["off"]) <= 1.5, f"{where}: face {found['off']:.2f} mm off centre"
    assert found["top"] > 0, f"{where}: crown cut off"
    if spec.get("topMarginMm"):
        top = spec["topMarginMm"]
        # The crown is read by eye on the original to within a pixel or two: 0.3 mm of slack.
        assert top["min"] - 0.3 <= found["top"] <= top["max"] + 0.3, f"{where}: {found['top']:.2f} mm above the head, asked {top}"
    # Where the document page draws the crown and the chin: the tool places by the same guides.
    for line, band in (("top", spec["guides"]["crownMm"]), ("chin", spec["guides"]["chinMm"])):
        at = found["top"] + (found["head"] if line == "chin" else 0)
        assert band["min"] - 0.3 <= at <= band["max"] + 0.3, f"{where}: {line} {at:.2f} mm from the top, the page draws {band}"


def sheet_layout(sheet: dict, spec: dict) -> dict:
    """The tool's own layout function, run by node: where the tiles are on the sheet."""
    script = (f"import {{ sheetLayout }} from {json.dumps(GEOMETRY.as_uri())};"
              f"console.log(JSON.stringify(sheetLayout({json.dumps(sheet)}, {{ width: {spec['widthMm']}, height: {spec['heightMm']} }})));")
    run = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def report(name: str, found: dict[str, float]) -> None:
    """What was measured, for the record (pytest -s shows it)."""
    print(f"\n{name}: head {found['head']:.2f} mm, eyes {found['eyes']:.2f} mm, top {found['top']:.2f} mm, off centre {found['off']:+.2f} mm")


# A 2 x 2 in visa with DS-160's 240 KB cap; a 35 x 45 mm passport whose portal wants at least
# 600 x 750 px and 50 KB; a 50 x 70 mm passport with the eye line high up; a 33 x 48 mm visa with a
# top margin whose portal wants 3:4 and 40 to 120 KB.
DOCUMENTS = [("us", "us-visa", "ds-160"), ("uk", "uk-passport", "uk-passport-online"),
             ("canada", "canada-passport", None), ("china", "china-visa", "china-cova")]


@pytest.mark.parametrize(("country", "document", "portal_id"), DOCUMENTS)
def test_an_untouched_download_is_inside_the_documents_ranges(server, context, page, photos, country, document, portal_id):
    url = tool_url(server, country, document)
    assert url.startswith(server.url + "/tool?")
    page.goto(url)
    expect(page.locator("#tool-document")).to_have_value(document)  # preselected from the URL
    if portal_id:
        expect(page.locator("#tool-portal")).to_have_value(portal_id)
    expect(page.get_by_role("button", name="Download photo")).to_be_disabled()  # until there is a photo
    spec = local.get(f"{server.url}/api/documents/{document}").json()
    portal = local.get(f"{server.url}/api/portals/{portal_id}").json() if portal_id else {}
    loaded = len(context.requests)

    open_photo(page, photos("portrait.jpg"))
    # A portal that crops the photo itself gets the uncropped file by default (tested below);
    # here, the document's crop.
    expect(page.locator("#tool-framing")).to_have_value("uncropped" if portal.get("uncropped") else "document")
    page.locator("#tool-framing").select_option("document")
    photo = download(page, "Download photo")
    width, height = Image.open(io.BytesIO(photo)).size
    image = assert_clean_jpeg(photo, round(height / (spec["heightMm"] / 25.4)))
    if portal.get("minPx"):
        assert width >= portal["minPx"]["width"] and height >= portal["minPx"]["height"]
    if portal.get("maxPx"):
        assert width <= portal["maxPx"]["width"] and height <= portal["maxPx"]["height"]
    if portal.get("aspectRatio"):
        w, h = map(int, portal["aspectRatio"].split(":"))
        assert abs(width / height - w / h) < 0.01
    elif not portal.get("minPx"):
        digital = spec.get("digitalPx") or {"width": spec["widthPx"], "height": spec["heightPx"]}
        assert (width, height) == (digital["width"], digital["height"])
    assert portal.get("minBytes", 0) <= len(photo) <= portal.get("maxBytes", 10**9)
    found = head_in_mm(image, spec["heightMm"])
    report(document, found)
    assert_in_ranges(found, spec, f"{document} photo")

    # The print sheet: the same crop at 300 dpi on every tile.
    page.locator("#tool-sheet-kind").select_option("4x6in")
    sheet_bytes = download(page, "Download print sheet")
    sheet = assert_clean_jpeg(sheet_bytes, 300)
    paper = next(s for s in local.get(f"{server.url}/api/print-sheets").json()["sheets"] if s["id"] == "4x6in")
    layout = sheet_layout(paper, spec)
    assert sheet.size == (layout["width"], layout["height"]) and sorted(sheet.size) == [1200, 1800]
    assert layout["copies"] >= (8 if (spec["widthMm"], spec["heightMm"]) == (35, 45) else 2)
    for number, tile in enumerate(layout["tiles"]):
        box = (tile["x"], tile["y"], tile["x"] + layout["photo"]["width"], tile["y"] + layout["photo"]["height"])
        on_tile = head_in_mm(sheet.crop(box), spec["heightMm"])
        report(f"{document} sheet tile {number}", on_tile)
        assert_in_ranges(on_tile, spec, f"{document} sheet tile {number}")
        if not portal.get("aspectRatio"):  # a 3:4 file shows more at the sides than the print
            assert abs(on_tile["head"] - found["head"]) < 0.5 and abs(on_tile["eyes"] - found["eyes"]) < 0.5, (on_tile, found)
    page.locator("#tool-sheet-format").select_option("pdf")
    pdf = download(page, "Download print sheet")
    assert pdf.startswith(b"%PDF-") and b"/DCTDecode" in pdf
    page.locator("#tool-sheet-format").select_option("jpeg")

    after = context.requests[loaded:]
    assert all(r.url.startswith(server.url) or r.url.startswith(("blob:", "data:")) for r in after), [r.url for r in after]
    assert all(r.method == "GET" and not r.post_data_buffer for r in after), "a request carried a body"
    assert context.problems == []


# Variations of the photo on one page (the models load once), placed for one document: India's
# passport, whose head range is the narrowest the tool meets. The page opens on Germany's, which
# the other tests on it use (its 600 dpi file is where sharpness once failed good faces).
VARIATIONS = {
    "far": Portrait(head_share=0.08),
    "near": Portrait(head_share=0.24, centre=(0.5, 0.4)),
    "off-centre": Portrait(centre=(0.7, 0.28)),
    "rolled-6": Portrait(roll=6),
    "white-wall": Portrait(background="#ffffff"),
    "grey-wall": Portrait(background="#9a9a98"),
    "busy-wall": Portrait(background="busy"),
    "small-600x800": Portrait(size=(600, 800), head_share=0.2),
}


@pytest.fixture(scope="module")
def variation_page(server, page):
    page.goto(tool_url(server, "germany", "germany-passport"))
    expect(page.locator("#tool-document")).to_have_value("germany-passport")
    return page


def choose(page, country: str, document: str) -> None:
    page.locator("#tool-country").select_option(country)
    page.locator("#tool-document").select_option(document)


@pytest.mark.parametrize("name", VARIATIONS)
def test_variations_of_the_photo_land_inside_the_ranges(server, context, variation_page, photos, name):
    # Placed for India's passport, the narrowest head range the tool meets (36-38.3 mm, its
    # guideline's 80-85 % of the height): a placement that drifts shows there first.
    spec = local.get(f"{server.url}/api/documents/india-passport").json()
    choose(variation_page, "india", "india-passport")
    try:
        open_photo(variation_page, photos(f"{name}.jpg", VARIATIONS[name]))
        photo = download(variation_page, "Download photo")
        checks = variation_page.locator("#tool-checks").inner_text()
    finally:
        choose(variation_page, "germany", "germany-passport")  # the page the other tests here expect
    image = assert_clean_jpeg(photo, round(spec["digitalPx"]["height"] / (spec["heightMm"] / 25.4)))
    assert image.size == (spec["digitalPx"]["width"], spec["digitalPx"]["height"])
    found = head_in_mm(image, spec["heightMm"])
    report(f"india-passport {name}", found)
    assert_in_ranges(found, spec, name)
    assert "Head level" in checks, checks  # the roll is straightened
    if name == "small-600x800":
        assert "px across the photo where" in checks
    assert context.problems == []


def failed_lines(page) -> list[str]:
    """The check's fail lines, once the pixel measures are in."""
    expect(page.locator("#tool-checks")).not_to_contain_text("Measuring", timeout=TIMEOUT)
    return page.locator("#tool-checks li.check-fail").all_inner_texts()


@pytest.mark.parametrize("name", ["portrait", "off-centre", "rolled-6", "white-wall"])
def test_a_good_frontal_photo_gets_no_fail_line(variation_page, photos, name):
    """Pose, sharpness, pixels, light and background all pass or warn; the one fail allowed is her
    open smile, which Germany's closed-mouth rule rightly fails."""
    open_photo(variation_page, photos(f"{name}.jpg", VARIATIONS.get(name, Portrait())))
    fails = [line for line in failed_lines(variation_page) if "mouth is open" not in line]
    checks = variation_page.locator("#tool-checks").inner_text()
    print(f"\ngermany-passport {name}:\n{checks}")  # the figures, for the record (pytest -s shows them)
    assert fails == [], fails
    for words in ("Facing the camera", "Sharp at print size", "between the eye centres", "Face well exposed", "Natural skin colour"):
        assert words in checks, checks


def test_a_head_cut_by_the_photos_edge_fails_and_is_not_called_placed(variation_page, photos):
    status = open_photo(variation_page, photos("cut-left.jpg", Portrait(centre=(0.03, 0.36), head_share=0.2)), "runs off the photo's left edge")
    assert PLACED not in status, status
    expect(variation_page.locator("#tool-status")).to_have_attribute("data-kind", "problem")
    assert any("runs off the photo's left edge" in line and "Take the photo again" in line for line in failed_lines(variation_page))


def two_people() -> bytes:
    base = Image.open(io.BytesIO(Portrait(size=(4000, 3000), centre=(0.3, 0.4), head_share=0.16).jpeg()))
    other = Image.open(io.BytesIO(Portrait(size=(4000, 3000), centre=(0.7, 0.4), head_share=0.16).jpeg()))
    base.paste(other.crop((2000, 0, 4000, 3000)), (2000, 0))
    out = io.BytesIO()
    base.save(out, "JPEG", quality=90)
    return out.getvalue()


def plain_wall() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (1200, 1600), "#e8e4dc").save(out, "JPEG")
    return out.getvalue()


BAD_FILES = {
    "notes.jpg": (lambda: b"these are my notes, not a photo\n" * 20, "cannot be opened as a photo"),
    "IMG_0001.HEIC": (lambda: b"\0\0\0\x18ftypheic\0\0\0\0mif1heic" + bytes(4000), "HEIC"),
    "cut-short.jpg": (lambda: Portrait().jpeg()[:200_000], "cut short"),
    "wall.jpg": (plain_wall, "No face found"),
    "two.jpg": (two_people, "Two faces found"),
}


def test_bad_files_each_get_their_message_and_a_good_one_clears_it(server, context, variation_page, photos):
    for name, (make, message) in BAD_FILES.items():
        status = open_photo(variation_page, photos(name, body=make()), message)
        assert PLACED not in status, status
        expect(variation_page.locator("#tool-status")).to_have_attribute("data-kind", "problem")
        if name not in ("wall.jpg", "two.jpg"):  # nothing to download from a file that did not open
            expect(variation_page.get_by_role("button", name="Download photo")).to_be_disabled()
    open_photo(variation_page, photos("portrait.jpg"))
    expect(variation_page.locator("#tool-status")).not_to_have_attribute("data-kind", "problem")
    assert context.problems == []


def test_adjusting_by_hand_moves_zooms_and_resets(server, variation_page, photos):
    page = variation_page
    open_photo(page, photos("portrait.jpg"))
    readout = page.locator("#tool-readout")
    spec = local.get(f"{server.url}/api/documents/germany-passport").json()

    def numbers() -> tuple[float, float]:
        text = readout.inner_text()
        head = float(text.split("Head ")[1].split(" mm")[0])
        eyes = float(text.split("eyes ")[1].split(" mm")[0])
        return head, eyes

    head, eyes = numbers()
    page.locator("#tool-canvas").scroll_into_view_if_needed()
    box = page.locator("#tool-canvas").bounding_box()
    mm_per_px = spec["widthMm"] / box["width"]  # no portal: the frame is the document's width
    # A drag of 40 px up moves the photo 40 px up: the eyes rise by that many mm.
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2 - 40, steps=4)
    page.mouse.up()
    moved_head, moved_eyes = numbers()
    assert moved_head == pytest.approx(head, abs=0.05)
    assert moved_eyes - eyes == pytest.approx(40 * mm_per_px, abs=0.2)
    # Zoom is bounded by the document's head range.
    page.locator("#tool-zoom").fill(page.locator("#tool-zoom").get_attribute("max"))
    assert numbers()[0] <= spec["headHeightMm"]["max"] + 0.05
    page.get_by_role("button", name="Reset").click()
    assert numbers() == pytest.approx((head, eyes), abs=0.05)


def test_phone_layout_sharp_canvas_touch_hints(server, browser, photos):
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3, is_mobile=True, has_touch=True, accept_downloads=True)
    page = context.new_page()
    page.goto(tool_url(server, "uk", "uk-passport"))
    expect(page.locator("#tool-hint")).to_contain_text("finger")
    open_photo(page, photos("portrait.jpg"))
    canvas = page.locator("#tool-canvas")
    backing, css_width = canvas.evaluate("c => [c.width, c.clientWidth]")
    assert backing == pytest.approx(css_width * 3, abs=3)
    assert css_width <= 390
    # The status sits with the picker, not below the editor.
    status, picker = page.locator("#tool-status").bounding_box(), page.locator("#tool-file").bounding_box()
    assert 0 < status["y"] - picker["y"] < 300
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width} px)"
    context.close()


def test_models_load_only_after_a_photo_and_only_on_the_tool(server, browser, photos):
    context = browser.new_context()
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    page = context.new_page()
    page.goto(f"{server.url}/")
    page.goto(tool_url(server, "uk", "uk-passport"))
    expect(page.locator("#tool-document")).to_have_value("uk-passport")
    time.sleep(0.5)  # no timing is asserted: this only gives a wrong eager load the chance to show
    assert not [u for u in requested if "/vendor/" in u]
    open_photo(page, photos("portrait.jpg"))
    vendor = [u for u in requested if "/vendor/" in u]
    assert vendor and all("?v=" in u for u in vendor), vendor  # fingerprinted
    assert not [u for u in vendor if "_simd_" not in u and u.split("?")[0].endswith((".wasm", "_wasm_bin.js"))]
    context.close()


# The person masks of photos, in the order given, each as the SHA-256 of its alpha: through the
# page's own models module (its fingerprinted URL, so the models it loaded are the ones asked).
MASK_DIGESTS = """async (photos) => {
  const module = performance.getEntriesByType("resource").map((entry) => entry.name).find((name) => name.includes("/models.js?v="));
  const { alphaOf, loadModels, personMask } = await import(module);
  const models = await loadModels();
  const digests = [];
  for (const base64 of photos) {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/jpeg" }));
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [384, 512];
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const digest = await crypto.subtle.digest("SHA-256", alphaOf(await personMask(models, canvas)));
    digests.push(Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join(""));
  }
  return digests;
}"""


def test_the_person_mask_owes_nothing_to_the_photo_before(server, page, photos):
    # The person model is not reset between calls, as the face model is (a reset rebuilds its
    # graph, 65 ms a call): so its mask of a photo must be the same whatever it was shown before.
    page.goto(tool_url(server, "us", "us-visa"))
    open_photo(page, photos("portrait.jpg"))  # the models are loaded
    near = base64.b64encode(Portrait(size=(1200, 1600), head_share=0.2, centre=(0.3, 0.3)).jpeg()).decode()
    far = base64.b64encode(Portrait(size=(1200, 1600), head_share=0.12, centre=(0.6, 0.45), background="#d0d8e0").jpeg()).decode()
    first, between, again = page.evaluate(MASK_DIGESTS, [far, near, far])
    assert first == again and first != between


def test_checks_speak_plainly(server, page):
    page.goto(tool_url(server, "us", "us-passport"))
    assert "never leaves your device" in page.locator(".privacy").inner_text()
    # The astronaut as published: before a dark, busy backdrop, smiling.
    page.locator("#tool-file").set_input_files(str(Path(__import__("skimage").__file__).parent / "data" / "astronaut.png"))
    expect(page.locator("#tool-status")).to_contain_text(PLACED, timeout=TIMEOUT)
    expect(page.locator("#tool-checks")).not_to_contain_text("Measuring", timeout=TIMEOUT)
    checks = page.locator("#tool-checks").inner_text()
    for words in ("One face found", "Head ", "Eyes ", "Both eyes open", "mm above the bottom edge"):
        assert words in checks, checks
    assert "The background is not white" in checks or "uneven" in checks, checks
    csp = local.get(f"{server.url}/tool").headers["content-security-policy"]
    assert "connect-src 'self'" in csp and "'wasm-unsafe-eval'" in csp
    home = local.get(f"{server.url}/").headers["content-security-policy"]
    assert "unsafe-eval" not in home


def test_replacement_is_offered_only_where_editing_allows(server, page, photos):
    page.goto(tool_url(server, "uk", "uk-passport"))  # no alteration allowed
    expect(page.locator("#tool-replace")).to_be_disabled()
    expect(page.locator("#tool-replace-note")).to_contain_text("Not offered")
    page.goto(tool_url(server, "china", "china-visa"))  # no editing rule recorded
    expect(page.locator("#tool-replace")).to_be_enabled()
    expect(page.locator("#tool-replace")).not_to_be_checked()
    open_photo(page, photos("grey-wall.jpg", VARIATIONS["grey-wall"]))
    corner = (8, 8, 60, 60)  # wall beside the crown, outside the person

    def wall_colour(data: bytes) -> tuple[float, ...]:
        patch = Image.open(io.BytesIO(data)).convert("RGB").crop(corner)
        return tuple(float(v) for v in np.asarray(patch, dtype=np.float64).reshape(-1, 3).mean(axis=0))

    assert max(wall_colour(download(page, "Download photo"))) < 200  # the grey wall as taken
    page.locator("#tool-replace").check()
    replaced = download(page, "Download photo")
    assert min(wall_colour(replaced)) > 245  # the document's white
    found = head_in_mm(Image.open(io.BytesIO(replaced)), 48)
    assert 28 <= found["head"] <= 33  # the person untouched


def test_a_photo_the_office_takes_offers_nothing_to_make(server, page):
    page.goto(tool_url(server, "eswatini", "eswatini-travel-document"))  # captured at the office, no size
    expect(page.locator("#tool-facts")).to_contain_text("The office takes this photo")
    for part in ("#tool-editor", "#tool-drop", "#tool-download", "#tool-sheet"):
        expect(page.locator(part)).to_be_hidden()
    choose(page, "us", "us-passport")
    expect(page.get_by_role("button", name="Download photo")).to_be_visible()
    expect(page.locator("#tool-drop")).to_be_visible()


def test_a_size_the_authority_does_not_publish_offers_nothing_to_make(server, page):
    page.goto(tool_url(server, "tuvalu", "tuvalu-passport"))
    expect(page.locator("#tool-facts")).to_contain_text("publishes no size")
    for part in ("#tool-editor", "#tool-drop", "#tool-download", "#tool-sheet"):
        expect(page.locator(part)).to_be_hidden()


def test_a_size_only_secondary_sources_report_says_to_confirm_it(server, context, page):
    page.goto(tool_url(server, "samoa", "samoa-passport"))
    expect(page.locator("#tool-facts")).to_contain_text("Confirm it with the authority")
    page.locator("#tool-country").select_option("us")
    expect(page.locator("#tool-facts")).not_to_contain_text("Confirm it with the authority")
    assert context.problems == []



def test_without_webassembly_simd_the_person_lines_up_by_hand(server, browser, photos):
    context = browser.new_context(accept_downloads=True)
    context.add_init_script("WebAssembly.validate = () => false;")  # a browser without SIMD
    page = context.new_page()
    page.goto(tool_url(server, "uk", "uk-passport"))
    open_photo(page, photos("portrait.jpg"), "lacks WebAssembly SIMD")
    expect(page.locator("#tool-checks")).to_contain_text("Line up the top of your head")
    expect(page.get_by_role("button", name="Download photo")).to_be_enabled()
    page.locator("#tool-framing").select_option("document")
    image = Image.open(io.BytesIO(download(page, "Download photo")))
    assert image.size == (600, 772)
    context.close()


def test_a_portal_that_crops_the_photo_itself_gets_it_uncropped(server, context, page, photos):
    """GOV.UK's online service asks for head, shoulders and upper body, not cropped: pressing only
    "Download photo" gives that, centred and level, in the portal's window, never enlarged."""
    page.goto(tool_url(server, "uk", "uk-passport"))
    expect(page.locator("#tool-portal")).to_have_value("uk-passport-online")
    portal = local.get(f"{server.url}/api/portals/uk-passport-online").json()
    spec = local.get(f"{server.url}/api/documents/uk-passport").json()
    assert portal["uncropped"] is True
    assert "uncropped" not in local.get(f"{server.url}/api/portals/ds-160").json()  # false is left out
    expect(page.locator("#tool-framing")).to_have_value("uncropped")
    expect(page.locator("#tool-framing-note")).to_contain_text("asks for a photo that is not cropped")
    source = Portrait()
    open_photo(page, photos("portrait.jpg", source))
    expect(page.locator("#tool-checks")).to_contain_text("Enough pixels")  # for the uncropped file
    data = download(page, "Download photo")
    expect(page.locator("#tool-saved")).to_contain_text("not cropped, as UK online passport")
    assert portal["minBytes"] <= len(data) <= portal["maxBytes"]
    image = Image.open(io.BytesIO(data))
    dpi = image.info["jfif_density"][0]
    assert_clean_jpeg(data, dpi)
    width, height = image.size
    assert width >= portal["minPx"]["width"] and height >= portal["minPx"]["height"], image.size
    assert abs(width / height - portal["minPx"]["width"] / portal["minPx"]["height"]) < 0.005, image.size
    landing = locate(image)
    head = landing.head_px()
    print(f"\nuk uncropped {width} x {height} px: head {head:.0f} px ({head / height:.0%}), crown {landing.crown[1]:.0f} px down, "
          f"off centre {(landing.eyes[0] + landing.chin[0]) / 2 - width / 2:+.1f} px, roll {landing.roll():+.2f} deg, {dpi} dpi")
    # Never enlarged: the head has no more pixels than in the photo taken.
    assert head <= source.head_share * source.size[1] * 1.03
    # Centred and level, the whole head inside with room above it, and room for the shoulders.
    assert abs((landing.eyes[0] + landing.chin[0]) / 2 - width / 2) <= 0.02 * width
    assert abs(landing.roll()) <= 1.5
    assert 0.08 * height <= landing.crown[1] and landing.chin[1] <= 0.7 * height
    assert 0.3 <= head / height <= 0.5
    # Its dpi prints the head at the document's size, should it ever be printed.
    assert spec["headHeightMm"]["min"] - 1 <= head / dpi * 25.4 <= spec["headHeightMm"]["max"] + 1

    # A 600 x 800 photo cannot fill 600 x 750 px with room around the head: the file keeps its own
    # pixels and the page says why, rather than enlarging them.
    small = Portrait(size=(600, 800), head_share=0.2)
    open_photo(page, photos("small-600x800.jpg", small))
    expect(page.locator("#tool-checks")).to_contain_text("where 600 are needed")
    data = download(page, "Download photo")
    expect(page.locator("#tool-saved")).to_contain_text("too few pixels")
    image = Image.open(io.BytesIO(data))
    assert image.height < portal["minPx"]["height"] and image.size[0] <= 600
    assert locate(image).head_px() <= small.head_share * small.size[1] * 1.03
    # The document's crop is still there for other uses.
    page.locator("#tool-framing").select_option("document")
    expect(page.locator("#tool-framing-note")).to_contain_text("Choose “Not cropped” for it")
    assert context.problems == []


def test_the_tool_works_offline_once_loaded(server, browser, photos):
    """The service worker keeps exactly what the tool page requests, and the face models once they
    have been used: offline, the page reloads, opens a document and places a face."""
    context = browser.new_context(accept_downloads=True)
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    page = context.new_page()
    page.goto(f"{server.url}/tool")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT)
    worker = local.get(f"{server.url}/sw.js").text
    shell = json.loads(worker.split("const SHELL = ", 1)[1].split(";\n", 1)[0])
    for url in shell:
        assert local.get(server.url + url).status_code == 200, url
    asked = {u.removeprefix(server.url) for u in requested if u.startswith(server.url)} - {"/sw.js"}
    assert asked == set(shell), (sorted(asked ^ set(shell)))
    page.goto(tool_url(server, "uk", "uk-passport"))
    open_photo(page, photos("portrait.jpg"))  # the face models are fetched, and kept
    page.goto(f"{server.url}/es/tool")  # a translated tool page is kept once visited
    # Offline, and without the browser's HTTP cache (which holds our fingerprinted files for a
    # year): whatever loads now comes from the worker.
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    context.set_offline(True)
    page.goto(tool_url(server, "uk", "uk-passport"))
    expect(page.locator("#tool-document")).to_have_value("uk-passport")
    open_photo(page, photos("portrait.jpg"))
    expect(page.get_by_role("button", name="Download photo")).to_be_enabled()
    assert len(download(page, "Download photo")) > 50_000
    page.goto(f"{server.url}/es/tool?country=uk&document=uk-passport")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#tool-document")).to_have_value("uk-passport")
    context.close()


def test_the_tool_speaks_the_pages_language(server, browser, photos):
    """On /es/tool a person reads Spanish throughout: the document's name and background colour
    from the dataset's catalogue, every check line from the site's, numbers with a decimal comma."""
    spanish = texts_of(BY_CODE["es"])
    spec = local.get(f"{server.url}/api/documents/uk-passport").json()
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server.url}/es/tool?country=uk&document=uk-passport")
    expect(page.locator("#tool-document option:checked")).to_have_text(spanish.data(spec["name"]))
    expect(page.locator("#tool-facts")).to_contain_text(f"{spanish.data(spec['bgColorLabel'])} ({spec['bgColor']})")
    page.locator("#tool-file").set_input_files(str(photos("portrait.jpg")))
    expect(page.locator("#tool-readout")).to_contain_text(" mm", timeout=TIMEOUT)  # the face is measured
    expect(page.get_by_role("button", name=spanish.gettext("Download photo"))).to_be_enabled()
    lines = page.locator("#tool-checks li").all_inner_texts()
    english = {line for line in lines if re.search(r"\b(the|photo|head|eyes|face)\b", line, re.IGNORECASE)}
    assert lines and not english, english
    assert not [line for line in lines if re.search(r"\d\.\d", line)], lines  # "22,5–31,5 mm", not "22.5"
    # A measured head is written as Spanish writes numbers (the figures carry a decimal now and then).
    readout = page.locator("#tool-readout").inner_text()
    assert re.search(r"\d+(,\d)? mm", readout) and not re.search(r"\d\.\d", readout), readout
    context.close()
