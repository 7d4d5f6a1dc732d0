"""The pages as a person sees them: real Chromium against a real server."""

from __future__ import annotations

import httpx
import pytest


@pytest.fixture
def page(browser):
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.problems = []
    page.on("console", lambda message: page.problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    yield page
    page.close()


@pytest.mark.parametrize("doc_id", ["us-visa", "uk-passport", "china-passport", "canada-passport"])
def test_document_page_draws_the_photo_to_scale(server, page, doc_id):
    spec = httpx.get(f"{server.url}/api/documents/{doc_id}").json()
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


def test_home_filter_narrows_the_country_list(server, page):
    page.goto(server.url + "/")
    visible = page.locator("#country-list li:visible")
    everything = visible.count()
    page.fill("#country-filter", "united kingdom")
    assert 0 < visible.count() < everything
    assert "United Kingdom" in page.locator("#country-list li:visible").first.inner_text()
    assert page.problems == []


def test_api_docs_render_operations_with_the_viewer(server, page):
    page.goto(server.url + "/api/docs")
    page.wait_for_selector(".opblock", timeout=15000)
    assert page.locator(".opblock").count() >= 3
    page.locator(".opblock-summary-path", has_text="/api/specs").first.click()
    page.wait_for_selector("text=country", timeout=5000)
    assert page.problems == []
