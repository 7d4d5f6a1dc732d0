"""Where the head goes, worked out once for the page's figure and the photo tool: for every
document, every band and every head the guides place keeps every published rule."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from photospecs.core.guides import EYE_SHARE, guides
from photospecs.dataset.schema import Range
from photospecs.site.figure import figure
from photospecs.wire.guides import Guides, Placement

SLACK = 0.011  # the guides are rounded to 0.01 mm
TOOL_FIXTURE = Path(__file__).parent / "js" / "guides.json"


@pytest.fixture(scope="module")
def data(bundled):
    return bundled


def of(doc) -> Guides | None:
    f = doc.file
    return guides(f.width_mm, f.height_mm, doc.head_height_mm, doc.eye_line_mm, f.top_margin_mm)


def within(value: float, low: float, high: float) -> bool:
    return low - SLACK <= value <= high + SLACK


def assert_keeps_the_rules(doc, g: Guides, head: Placement) -> None:
    f = doc.file
    assert within(head.crown_mm, 0, g.height_mm) and within(head.chin_mm, 0, g.height_mm), (doc.id, head)
    assert head.chin_mm - head.crown_mm == pytest.approx(head.head_mm, abs=0.02), (doc.id, head)
    assert head.eyes_mm == pytest.approx(head.crown_mm + EYE_SHARE * head.head_mm, abs=0.02), (doc.id, head)
    if doc.head_height_mm is not None:
        assert within(head.head_mm, doc.head_height_mm.min, doc.head_height_mm.max), (doc.id, head)
    if f.top_margin_mm is not None:
        assert within(head.crown_mm, f.top_margin_mm.min, f.top_margin_mm.max), (doc.id, head)
    if doc.eye_line_mm is not None and doc.head_height_mm is not None:
        above_bottom = g.height_mm - head.eyes_mm
        assert within(above_bottom, doc.eye_line_mm.min, doc.eye_line_mm.max), (doc.id, head)
    assert within(head.crown_mm, g.crown_limits_mm.min, g.crown_limits_mm.max), (doc.id, head)
    if g.crown_mm is not None:
        assert within(head.crown_mm, g.crown_mm.min, g.crown_mm.max), (doc.id, head)
    if g.chin_mm is not None:
        assert within(head.chin_mm, g.chin_mm.min, g.chin_mm.max), (doc.id, head)


def test_every_sized_document_gets_guides_that_keep_its_rules(data):
    sized = [d for d in data.docs.values() if d.file.width_mm is not None and d.file.height_mm is not None]
    assert len(sized) > 400
    for doc in data.docs.values():
        g = of(doc)
        if doc not in sized:
            assert g is None, doc.id
            continue
        assert g is not None and (g.width_mm, g.height_mm) == (doc.file.width_mm, doc.file.height_mm)
        for band in (g.crown_mm, g.chin_mm, g.eyes_mm):
            assert band is None or 0 <= band.min <= band.max <= g.height_mm, (doc.id, band)
        if doc.eye_line_mm is not None:
            assert g.eyes_mm is not None, doc.id
            assert g.eyes_mm.min == pytest.approx(g.height_mm - doc.eye_line_mm.max, abs=0.005), doc.id
            assert g.eyes_mm.max == pytest.approx(g.height_mm - doc.eye_line_mm.min, abs=0.005), doc.id
        assert_keeps_the_rules(doc, g, g.target)
        head = doc.head_height_mm
        if head is None:
            assert g.head_mm is None and g.chin_mm is None and g.smallest is None, doc.id
            continue
        assert g.head_mm is not None and (g.head_mm.min, g.head_mm.max) == (head.min, head.max), doc.id
        assert g.smallest is not None and g.largest is not None
        # Every document's rules leave room for both its least and its greatest head.
        assert (g.smallest.head_mm, g.largest.head_mm) == (head.min, head.max), doc.id
        assert g.target.head_mm == pytest.approx((head.min + head.max) / 2, abs=0.01), doc.id
        for placed in (g.smallest, g.largest):
            assert_keeps_the_rules(doc, g, placed)


def test_a_published_top_margin_holds_the_crown(data):
    margined = [d for d in data.docs.values() if d.file.top_margin_mm is not None]
    assert len(margined) >= 12 and sum(d.head_height_mm is not None for d in margined) >= 10
    for doc in margined:
        g, margin = of(doc), doc.file.top_margin_mm
        assert g is not None and g.crown_mm is not None, doc.id
        assert margin.min - SLACK <= g.crown_mm.min <= g.crown_mm.max <= margin.max + SLACK, doc.id
        assert (g.crown_limits_mm.min, g.crown_limits_mm.max) == (margin.min, margin.max), doc.id
        assert within(g.target.crown_mm, margin.min, margin.max), doc.id


def test_where_the_rules_clash_the_eye_band_yields_to_the_frame_and_the_margin():
    # Eyes 2-4 mm above the bottom cannot be met by a 30 mm head under a 3-5 mm margin.
    g = guides(35, 45, Range(min=28, max=32), Range(min=2, max=4), Range(min=3, max=5))
    assert g is not None and g.smallest is not None and g.largest is not None
    assert (g.smallest.head_mm, g.largest.head_mm) == (28, 32)
    assert g.crown_mm is not None and 3 <= g.crown_mm.min <= g.crown_mm.max <= 5
    assert g.eyes_mm is not None and (g.eyes_mm.min, g.eyes_mm.max) == (41, 43), "the band is still drawn"


def test_no_size_no_guides():
    assert guides(None, None, Range(min=32, max=36), None, None) is None
    assert guides(35, None, None, None, None) is None


def test_the_figure_draws_the_guides(data, views):
    for doc in data.docs.values():
        g, fig = of(doc), figure(views.documents[doc.id])
        assert (g is None) == (fig is None), doc.id
        if g is None or fig is None:
            continue
        for band, span in ((fig.crown, g.crown_mm), (fig.chin, g.chin_mm), (fig.eyes, g.eyes_mm)):
            assert (band is None and span is None) or (band is not None and span is not None
                                                       and (band.top, band.bottom) == (span.min, span.max)), doc.id
        if g.largest is not None and g.smallest is not None:
            assert fig.head_outer is not None and fig.head_inner is not None
            assert (fig.head_outer.top, fig.head_outer.bottom) == (g.largest.crown_mm, g.largest.chin_mm), doc.id
            assert (fig.head_inner.top, fig.head_inner.bottom) == (g.smallest.crown_mm, g.smallest.chin_mm), doc.id


def test_the_tools_unit_tests_use_the_guides_the_service_sends(data):
    fixture = json.loads(TOOL_FIXTURE.read_text())
    assert fixture, "no guides for the tool's unit tests"
    for doc_id, sent in fixture.items():
        assert json.loads(msgspec.json.encode(of(data.docs[doc_id]))) == sent, f"{TOOL_FIXTURE}: {doc_id} is stale"
