"""The photo figure as Chromium draws it, for a sample of print shapes: every guide inside the
frame, the outline kept to the frame, and the figure described for assistive technology."""

from __future__ import annotations

import pytest
from conftest import local

# Square, portrait, tall and small prints; authority figures, format rules and none at all.
SAMPLE = ["us-passport", "bahamas-passport", "india-passport", "china-passport", "macau-passport",
          "vietnam-visa", "canada-passport", "japan-drivers-licence", "indonesia-evisa"]


@pytest.fixture(scope="module")
def page(browser):
    """One tab for the module: each test opens its document in it."""
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    yield page
    page.close()


@pytest.mark.parametrize("doc_id", SAMPLE)
def test_figure_guides_stay_inside_the_frame(server, page, doc_id):
    spec = local.get(f"{server.url}/api/documents/{doc_id}").json()
    page.goto(f"{server.url}/{spec['slug']}")
    frame = page.locator("#frame").bounding_box()
    guides = page.locator("#head-band rect, #eye-band rect, #guide-lines line")
    for index in range(guides.count()):
        box = guides.nth(index).bounding_box()
        assert box["y"] >= frame["y"] - 0.5 and box["y"] + box["height"] <= frame["y"] + frame["height"] + 0.5, doc_id
    outline = page.locator("#head-outline")
    assert outline.count() == (1 if spec.get("headHeightMm") else 0)
    assert outline.count() == 0 or outline.get_attribute("clip-path") == "url(#frame-clip)"
    labels = page.locator("#line-labels text").all_text_contents()
    if spec.get("headHeightMm"):
        assert any(t.startswith("crown ") for t in labels) and any(t.startswith("chin ") for t in labels)
    if spec.get("eyeLineMm"):
        eyes = spec["eyeLineMm"]
        assert any(t.startswith("eyes ") and f"{eyes['max']:g}" in t for t in labels), labels
    svg = page.locator("#photo-svg")
    assert svg.get_attribute("role") == "img" and page.locator("#fig-title").count() == 1
    desc = page.locator("#fig-desc").text_content()
    if spec.get("headHeightBasis", "").endswith("-default"):  # a print format's rule, not the authority's figure
        assert "the authority publishes no figure" in desc
