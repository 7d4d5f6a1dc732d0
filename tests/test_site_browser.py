"""The pages as a person sees them: real Chromium against a real server."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from conftest import local
from playwright.sync_api import expect
from test_search import QUERIES


@pytest.fixture(scope="module")
def tab(browser):
    """One tab the module's tests each open their pages in, as a person moves from page to page:
    a tab of its own for each test cost the browser about 0.35 s of CPU more (a new renderer)."""
    tab = browser.new_page(viewport={"width": 1100, "height": 900})
    tab.on("console", lambda message: tab.problems.append(message.text) if message.type == "error" else None)
    tab.on("pageerror", lambda error: tab.problems.append(str(error)))
    yield tab
    tab.close()


@pytest.fixture
def page(tab):
    tab.problems = []  # what this test's pages logged
    return tab


@pytest.fixture(scope="module")
def plain(browser):
    """A tab with JavaScript off."""
    context = browser.new_context(java_script_enabled=False)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("doc_id", ["us-visa", "uk-passport", "china-passport", "canada-passport"])
def test_document_page_draws_the_photo_to_scale(server, page, doc_id):
    spec = local.get(f"{server.url}/api/documents/{doc_id}").json()
    page.goto(f"{server.url}/{spec['slug']}")
    frame = page.locator("#frame")
    width, height = (float(frame.get_attribute(name)) for name in ("width", "height"))
    assert width / height == pytest.approx(spec["widthMm"] / spec["heightMm"], rel=1e-6)
    box = frame.bounding_box()
    assert box["width"] / box["height"] == pytest.approx(spec["widthMm"] / spec["heightMm"], rel=0.02)  # as drawn
    head = spec.get("headHeightMm")
    if head:
        outer = page.locator("#head-band .head-outer")
        inner = page.locator("#head-band .head-inner")
        assert float(outer.get_attribute("height")) == pytest.approx(head["max"], abs=0.02)
        assert float(inner.get_attribute("height")) == pytest.approx(head["min"], abs=0.02)
        assert float(outer.get_attribute("y")) >= 0 and float(outer.get_attribute("y")) + head["max"] <= spec["heightMm"] + 0.02
    eyes = spec.get("eyeLineMm")
    if eyes:
        band = page.locator("#eye-band rect")
        top = float(band.get_attribute("y"))
        assert spec["heightMm"] - top == pytest.approx(eyes["max"], abs=0.02)  # eyes measured from the bottom edge
    assert page.locator("h1").count() == 1
    assert page.problems == []


def expected_path(server, target: str) -> str:
    """The page of a QUERIES target: a document id, or a country id for its page."""
    found = local.get(f"{server.url}/api/documents/{target}")
    return urlsplit(found.json()["canonicalUrl"]).path if found.status_code == 200 else f"/countries/{target}"


# Every query of test_search is ranked there, in-process and by the real server's API and search
# page; the box is typed into key by key for one of each kind (a partial word, a typo, punctuation,
# an accent, another script, words in any order), where a late answer to an earlier key could win.
TYPED = ("united ki", "germny passport", "u.s.", "Österreich", "日本", "licence uk", "carte d'identité")


@pytest.mark.parametrize(("query", "target"), [(query, QUERIES[query]) for query in TYPED])
def test_typing_in_the_home_box_lists_the_right_page_first_and_enter_opens_it(server, page, query, target):
    page.goto(server.url + "/")
    box = page.locator("#search-q")
    box.press_sequentially(query)  # key by key, as a person types
    best = page.locator("#search-live li.best a")
    path = expected_path(server, target)
    expect(best).to_have_attribute("href", path)
    box.press("Enter")
    page.wait_for_url(server.url + path)
    assert page.problems == []


def test_the_countries_page_has_the_same_box(server, page):
    page.goto(server.url + "/countries")
    page.locator("#search-q").press_sequentially("japan driving license")
    expect(page.locator("#search-live li.best a")).to_have_attribute("href", expected_path(server, "japan-drivers-licence"))
    page.locator("#search-live li.best a").focus()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.closest('#search-live') !== null")
    assert page.problems == []


@pytest.mark.parametrize("query", ["Indian passport", "UK visa", "carte d'identité", "mexicano"])
def test_without_javascript_the_form_gives_the_same_first_result(server, plain, query):
    plain.goto(server.url + "/")
    plain.fill("#search-q", query)
    plain.press("#search-q", "Enter")
    plain.wait_for_url(f"{server.url}/search?q=*")
    api_best = local.get(f"{server.url}/api/search", params={"q": query}).json()["results"][0]["url"]
    assert server.url + plain.locator("ol.results li.best a").get_attribute("href") == api_best


def test_on_a_phone_a_document_page_shows_what_to_bring_and_the_figure_first(server, browser, tmp_path):
    phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True)
    try:
        spec = local.get(f"{server.url}/api/documents/us-visa").json()
        phone.goto(spec["canonicalUrl"])
        answer = phone.locator(".bring-answer").bounding_box()
        figure = phone.locator("figure.photo-figure svg").bounding_box()
        facts = phone.locator("#size-heading").bounding_box()
        assert answer["y"] > 0 and answer["y"] + answer["height"] <= 844
        assert figure["y"] + figure["height"] <= 844, "the whole figure is above the fold"
        assert figure["y"] < facts["y"], "the figure comes before the facts"
        assert phone.locator(".trust").is_visible()
        shot = tmp_path / "us-visa-phone.png"
        phone.screenshot(path=str(shot))
        assert shot.stat().st_size > 10_000
    finally:
        phone.close()


def test_flags_render_as_images(server, page):
    page.goto(server.url + "/countries/japan")
    flag = page.locator("h1 img.flag")  # a heading's SVG
    flag.wait_for()
    assert page.evaluate("(img) => img.complete && img.naturalWidth > 0", flag.element_handle())
    page.goto(server.url + "/countries")
    listed = page.locator("img.flag").first  # a list's PNG, sharp at three device pixels to one
    listed.scroll_into_view_if_needed()
    expect(listed).to_have_js_property("complete", True)
    assert page.evaluate("(img) => [img.naturalWidth, img.naturalHeight]", listed.element_handle()) == [60, 45]
    assert page.problems == []


def test_api_docs_render_operations_with_the_viewer(server, page):
    page.goto(server.url + "/api/docs")
    page.wait_for_selector(".opblock", timeout=15000)
    assert page.locator(".opblock").count() >= 3
    page.locator(".opblock-summary-path", has_text="/api/specs").first.click()
    page.wait_for_selector("text=country", timeout=5000)
    assert page.problems == []


@pytest.mark.parametrize(
    "path",
    ["/", "/countries", "/countries/canada", "/us-visa-photo", "/germany-id-card-photo", "/germany-visa-photo", "/search?q=uk+visa", "/portals", "/compare", "/portals/ds-160",
     # a translated page left to right and right to left
     "/es/us-visa-photo", "/ar/us-visa-photo", "/ar/countries/egypt"],
)
def test_pages_have_no_accessibility_violations(server, page, path):
    from axe_playwright_python.sync_playwright import Axe

    page.goto(server.url + path)
    if path == "/":
        page.locator("#search-q").press_sequentially("uk visa")  # with the live results showing
        page.locator("#search-live li.best").wait_for()
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_each_fact_opens_its_source_from_the_keyboard(server, page):
    """The disclosure under a fact is a native <details>: focusable, opened with Enter, named for
    screen readers, and opening it moves nothing above it."""
    from axe_playwright_python.sync_playwright import Axe

    spec = local.get(f"{server.url}/api/documents/finland-passport").json()
    page.goto(spec["canonicalUrl"])
    quoted = sum(label == "authority" for label in spec["bases"].values())
    expect(page.locator("p.stated")).to_contain_text(f"quoted stating {quoted} of the {len(spec['bases'])} facts")
    size = page.locator("details.cite", has=page.locator("summary", has_text="of the size"))
    heading = page.locator("#size-heading").bounding_box()
    size.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(size).to_have_attribute("open", "")
    quote = size.locator("blockquote")
    expect(quote).to_have_attribute("lang", "fi")
    expect(size.locator(".gloss")).to_contain_text("height 47 mm, width 36 mm")
    assert page.locator("#size-heading").bounding_box() == heading
    page.evaluate("document.querySelectorAll('details.cite').forEach(d => { d.open = true; })")
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_a_first_visit_in_another_language_is_offered_that_version_once(server, browser):
    context = browser.new_context(locale="es-MX", viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server.url + "/countries/us")
    hint = page.locator("aside.language-hint")
    expect(hint).to_contain_text("Esta página también está en español")
    assert page.url == server.url + "/countries/us"  # offered, never redirected
    hint.get_by_role("button").click()
    expect(hint).to_have_count(0)
    page.reload()
    expect(page.locator("aside.language-hint")).to_have_count(0)  # remembered
    # The menu keeps the page: the same country in Arabic, right to left.
    page.locator("nav.languages summary").click()
    page.locator('nav.languages a[hreflang="ar"]').click()
    assert urlsplit(page.url).path == "/ar/countries/us"
    assert page.locator("html").get_attribute("dir") == "rtl"
    context.close()


def test_the_search_box_answers_in_the_pages_language(server, page):
    page.goto(server.url + "/es")
    page.locator("#search-q").press_sequentially("pasaporte estadounidense")
    best = page.locator("#search-live li.best a")
    expect(best).to_have_attribute("href", "/es/us-passport-photo")
    expect(page.locator("#search-status")).to_contain_text("resultados")
    page.locator("#search-q").press("Enter")
    page.wait_for_url("**/es/us-passport-photo")
    assert page.problems == []
