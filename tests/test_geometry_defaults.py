"""Head heights, eye lines, pixel sizes and size bases a client reads: each is the authority's
own figure or a rule that names its origin and fits the print format, and every supplied photo
gets a figure drawn inside its frame."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from conftest import edit, problems
from photospecs.dataset import load
from photospecs.dataset.loader import px_from_mm, rests_on_secondary
from photospecs.site.figure import figure
from photospecs.wire.results import FACT_BASES

TWO_INCHES = 50.8
US_RULE_MAX = 34.9  # 1 3/8 in, the U.S. Department of State's largest head on a 2 x 2 in print


@pytest.fixture(scope="module")
def data(bundled):
    return bundled


# --- head heights and eye lines -------------------------------------------------------------


def test_a_two_inch_print_never_gets_more_than_the_us_rule_from_a_default(data):
    square = [d for d in data.docs.values() if d.file.width_mm == d.file.height_mm == TWO_INCHES]
    defaulted = [d for d in square if d.file.head_height_mm is None]
    assert defaulted, "no 2 x 2 in document takes a default: the test would prove nothing"
    for doc in defaulted:
        assert doc.head_height_basis == "us-2x2-default", doc.id
        assert doc.head_height_mm.max <= US_RULE_MAX, doc.id


def test_every_default_names_a_rule_of_the_documents_own_format(data):
    rules = {rule.basis: rule for rule in data.geometry_defaults}
    for doc in data.docs.values():
        if doc.file.head_height_mm is None and doc.head_height_basis is not None:
            rule = rules[doc.head_height_basis]
            assert (rule.width_mm, rule.height_mm) == (doc.file.width_mm, doc.file.height_mm), doc.id
            assert doc.head_height_mm == rule.head_height_mm and doc.head_height_standard == rule.standard
        elif doc.head_height_basis is None:
            # No figure of the authority and no rule of this format: left out, never scaled.
            assert doc.file.head_height_mm is None and (doc.file.width_mm, doc.file.height_mm) not in {
                (r.width_mm, r.height_mm) for r in rules.values()
            }, doc.id
        # The document's own figure is labelled by its citations (FACT_BASES); a default by its rule.
        own = doc.file.eye_line_mm is not None
        assert doc.eye_line_basis in ((*FACT_BASES,) if own else (None, "iso-19794-5-default", *rules)), doc.id


def test_a_format_without_its_own_rule_gets_no_head_height(data):
    """40 x 60 mm prints once got 42.7-48 mm, ICAO's share of a 45 mm photo scaled to 60 mm."""
    doc = data.docs["vietnam-passport"]
    assert (doc.file.width_mm, doc.file.height_mm) == (40, 60)
    assert doc.head_height_mm is None and doc.head_height_basis is None


def test_a_document_that_loses_its_own_figure_takes_its_formats_rule(dataset):
    edit(dataset / "countries" / "us.toml", "head_height_mm = { min = 25.4, max = 34.9 }\neye_line_mm = { min = 28.6, max = 34.9 }\n", "")
    doc = load(dataset).docs["us-passport"]
    assert (doc.head_height_mm.min, doc.head_height_mm.max, doc.head_height_basis) == (25.4, 34.9, "us-2x2-default")
    assert (doc.eye_line_mm.min, doc.eye_line_mm.max, doc.eye_line_basis) == (28.6, 34.9, "us-2x2-default")


def test_a_head_height_is_never_scaled_from_the_photo_height(dataset):
    edit(dataset / "icao.toml", "eye_line = {", "head_height = { min = 0.7111, max = 0.8 }\neye_line = {")
    assert "icao.toml: (top level): Object contains unknown field `head_height`" in problems(dataset)


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("head_height_mm = { min = 25.4, max = 34.9 }", "head_height_mm = { min = 25.4, max = 52 }", "formats[1].head_height_mm: needs min <= max <= height_mm (50.8)"),
        ('basis = "us-2x2-default"', 'basis = "authority"', 'formats[1].basis: name the standard and end in "-default"'),
        ("width_mm = 33\nheight_mm = 48", "width_mm = 35\nheight_mm = 45", "formats (width_mm x height_mm): '35 x 45' appears more than once"),
    ],
)
def test_geometry_default_problems_name_the_rule(dataset, old, new, says):
    edit(dataset / "geometry-defaults.toml", old, new)
    assert f"geometry-defaults.toml: {says}" in problems(dataset)


def test_a_default_head_must_fit_with_the_published_crown_margin(dataset):
    # Vietnam's 40 x 60 mm visa has no head rule; a 33 x 48 mm one takes China's 28-33 mm.
    path = dataset / "countries" / "vietnam.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index('kind = "visa"')
    visa = text[start:].replace("width_mm = 40\nheight_mm = 60", "width_mm = 33\nheight_mm = 48\ntop_margin_mm = { min = 16, max = 18 }", 1)
    path.write_text(text[:start] + visa, encoding="utf-8")
    assert "a 33 mm head (china-33x48-default) with 16 mm above it does not fit a 48 mm photo" in problems(dataset)


# --- pixels -----------------------------------------------------------------------------------


def test_print_pixels_follow_mm_and_dpi_and_digital_sizes_stand_apart(data):
    for doc in data.docs.values():
        f = doc.file
        if f.width_mm is None:
            continue
        assert abs(doc.width_px - px_from_mm(f.width_mm, f.dpi)) <= 1, doc.id
        assert abs(doc.height_px - px_from_mm(f.height_mm, f.dpi)) <= 1, doc.id
    india = data.docs["india-passport"]
    assert (india.width_px, india.height_px) == (413, 531)
    assert (india.file.digital_px.width, india.file.digital_px.height, india.file.digital_px.rule) == (630, 810, "exact")
    estonia = data.docs["estonia-passport"].file.digital_px
    assert (estonia.width, estonia.height, estonia.rule) == (1300, 1600, "minimum")


# --- size basis -------------------------------------------------------------------------------


def test_size_basis_follows_the_sources(data):
    for doc in data.docs.values():
        if doc.file.size_basis == "authority" and doc.file.width_mm is not None:
            assert not rests_on_secondary(doc.sources), doc.id
        if doc.file.width_mm is not None and rests_on_secondary(doc.sources):
            assert doc.file.size_basis in ("secondary", "common-format"), doc.id
    # Sizes whose own text says they come from a photo guide, a visa agent or an older dataset.
    for doc_id in ("bahrain-visa", "iraq-visa", "malaysia-evisa", "nepal-visa", "pakistan-visa", "yemen-passport"):
        assert data.docs[doc_id].file.size_basis == "secondary", doc_id


def only_secondary_sources(path: Path) -> None:
    """Back us-passport with a photo guide alone (its own sources replace the country's)."""
    edit(path, 'kind = "passport"\n', 'kind = "passport"\nsecondary_reason = "No authority page (test)"\n'
         'sources = [{ url = "https://visafoto.com/us-passport-photo", title = "A photo guide", secondary = true }]\n')


def test_a_size_resting_only_on_secondary_sources_is_secondary(dataset):
    only_secondary_sources(dataset / "countries" / "us.toml")
    assert load(dataset).docs["us-passport"].file.size_basis == "secondary"


def test_authority_basis_needs_an_authority_source(dataset):
    path = dataset / "countries" / "us.toml"
    only_secondary_sources(path)
    edit(path, 'kind = "passport"\n', 'kind = "passport"\nsize_basis = "authority"\n')
    assert 'us.toml: documents[0].size_basis: "authority" needs a source of the authority' in problems(dataset)


# --- figures ----------------------------------------------------------------------------------


def test_every_supplied_photo_gets_a_figure_inside_its_frame(data, views):
    guided = considered = 0
    for doc in data.docs.values():
        f = doc.file
        if f.capture == "office" or f.width_mm is None:
            continue
        considered += 1
        fig = figure(views.documents[doc.id])
        assert fig is not None, doc.id
        bands = [b for b in (fig.head_outer, fig.head_inner, fig.eyes, fig.crown, fig.chin) if b is not None]
        for band in bands:
            assert 0 <= band.top <= band.bottom <= fig.height + 0.01, (doc.id, band)
        if doc.head_height_mm is not None:
            assert fig.head_outer.height == pytest.approx(doc.head_height_mm.max, abs=0.02), doc.id
            assert fig.head_inner.height == pytest.approx(doc.head_height_mm.min, abs=0.02), doc.id
            assert fig.outline and {label.text.split()[0] for label in fig.labels} >= {"crown", "chin"}
        if doc.eye_line_mm is not None:
            assert any(label.text.startswith("eyes ") for label in fig.labels), doc.id
        if f.top_margin_mm is not None:
            assert fig.crown is not None, doc.id
        guided += bool(bands)
        if not bands:
            # Nothing to draw only where nothing is published: no figure of the authority, no rule
            # of the format, and no ICAO eye band.
            assert doc.head_height_basis is None and doc.eye_line_basis is None and not f.icao_compliant, doc.id
    # Most supplied photos have a figure with bands (400 of 469 on 2026-11-25); a drop means
    # the geometry rules stopped reaching documents they should.
    assert guided > 0.8 * considered, (guided, considered)


def test_labels_never_overlap(data, views):
    for doc in data.docs.values():
        fig = figure(views.documents[doc.id])
        if fig is None:
            continue
        ys = [label.text_y for label in fig.labels]
        assert all(b - a >= 3 for a, b in itertools.pairwise(ys)), doc.id
