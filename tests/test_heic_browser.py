"""HEIC and HEIF photos in a browser that cannot open them (Chrome and Firefox on the desktop):
the tool decodes them with its vendored decoder, fetched only then.

The test file is iPhone-like, made with pillow-heif: 4032 x 3024 pixels stored on their side, a
rotation ('irot') to show them upright, and an EXIF orientation that says the same again, as the
iPhone writes both. The head must land where it lands from a JPEG of the same picture.
"""

from __future__ import annotations

import io

import pytest
from conftest import local
from PIL import Image
from playwright.sync_api import expect
from test_tool_browser import assert_clean_jpeg, assert_in_ranges, download, head_in_mm, open_photo, report, tool_url
from tool_photos import Portrait

# The same picture as a phone shows it: upright, 3024 wide and 4032 high.
UPRIGHT = Portrait(size=(3024, 4032), head_share=0.14, centre=(0.47, 0.38))


def iphone_heic(upright: Image.Image) -> bytes:
    """The picture as an iPhone stores it: on its side, with 'irot' and EXIF orientation 6."""
    import pillow_heif

    pillow_heif.register_heif_opener()
    stored = upright.transpose(Image.Transpose.ROTATE_90)  # turned left: orientation 6 turns it back
    exif = Image.Exif()
    exif[0x0112] = 6
    out = io.BytesIO()
    # x265's fastest preset: the same kind of file (HEVC in HEIF), made in a sixth of the time.
    stored.save(out, "HEIF", quality=90, exif=exif.tobytes(), enc_params={"preset": "ultrafast"})
    data = out.getvalue()
    # Like the iPhone, pillow-heif writes the turn twice: as 'irot', and as the EXIF tag (id 0x0112,
    # type SHORT, count 1, value 6; big- or little-endian). The decoder must turn the picture once.
    assert b"\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06" in data or b"\x12\x01\x03\x00\x01\x00\x00\x00\x06\x00" in data
    assert data[4:12] == b"ftypheic" and b"irot" in data
    return data


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("heic")
    upright = Image.open(io.BytesIO(UPRIGHT.jpeg()))
    (folder / "IMG_4032.HEIC").write_bytes(iphone_heic(upright))
    (folder / "same.jpg").write_bytes(UPRIGHT.jpeg())
    return folder


@pytest.fixture(scope="module")
def page(browser):
    context = browser.new_context(viewport={"width": 1100, "height": 1000}, accept_downloads=True)
    page = context.new_page()
    page.problems = []
    page.requests = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    page.on("console", lambda message: page.problems.append(message.text) if message.type == "error" else None)
    page.on("request", lambda request: page.requests.append(request.url))
    yield page
    context.close()


def test_an_iphone_heic_is_placed_like_the_jpeg_of_the_same_picture(server, page, files):
    page.goto(tool_url(server, "germany", "germany-passport"))
    expect(page.locator("#tool-document")).to_have_value("germany-passport")
    spec = local.get(f"{server.url}/api/documents/germany-passport").json()

    status = open_photo(page, files / "same.jpg")
    assert "3024 × 4032" in status, status
    from_jpeg = head_in_mm(assert_clean_jpeg(download(page, "Download photo"), spec["dpi"]), spec["heightMm"])
    assert not [u for u in page.requests if "/vendor/libheif/" in u], "the decoder was fetched for a JPEG"

    status = open_photo(page, files / "IMG_4032.HEIC")
    assert "3024 × 4032" in status, status  # upright: turned once, not twice
    from_heic = head_in_mm(assert_clean_jpeg(download(page, "Download photo"), spec["dpi"]), spec["heightMm"])
    report("germany-passport from JPEG", from_jpeg)
    report("germany-passport from HEIC", from_heic)
    assert_in_ranges(from_heic, spec, "from HEIC")
    # The eyes come from the face mesh, the crown from the person mask, whose edge moves a few
    # pixels between two lossy encodings of one picture (0.25 mm is about 4 px of this photo).
    for measure, slack in (("eyes", 0.2), ("off", 0.2), ("top", 0.5), ("head", 0.6)):
        assert abs(from_heic[measure] - from_jpeg[measure]) < slack, (measure, from_heic, from_jpeg)
    assert [u for u in page.requests if "/vendor/libheif/libheif.wasm?v=" in u]
    assert all(u.startswith((server.url, "blob:", "data:")) for u in page.requests)
    assert page.problems == []


def test_is_heic_by_type_or_brand(server, page):
    page.goto(tool_url(server, "germany", "germany-passport"))
    module = page.evaluate("() => new URL(document.querySelector('script[src*=\"tool.js\"]').src).href.replace(/tool\\.js.*/, 'heic.js')")
    verdicts = page.evaluate(
        """async (module) => {
          const { isHeic } = await import(module);
          const head = (brand) => new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode("ftyp" + brand), 0, 0, 0, 0]);
          return [
            isHeic({ type: "image/heic" }, new Uint8Array()), isHeic({ type: "image/HEIF" }),
            ...["heic", "heix", "hevc", "mif1", "msf1"].map((b) => isHeic({ type: "" }, head(b))),
            isHeic({ type: "" }, head("avif")), isHeic({ type: "image/jpeg" }, new Uint8Array([0xff, 0xd8, 0xff, 0xe0])),
            isHeic({ type: "" }, new Uint8Array(4)),
          ];
        }""",
        module,
    )
    assert verdicts == [True, True, True, True, True, True, True, False, False, False]
