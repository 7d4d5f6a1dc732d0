"""A bad dataset fails `photospecs validate` (and start-up) naming the file and the field."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import edit, problems
from photospecs.dataset import load

ROOT = Path(__file__).resolve().parent.parent


def test_bundled_dataset_validates():
    data = load()
    assert data.countries and data.docs and data.portals and data.comparisons


@pytest.mark.parametrize(
    ("old", "new", "field", "says"),
    [
        ('kind = "visa"', 'kind = "visa"\nshade = "red"', "documents[1]", "unknown field"),
        ("dpi = 300", 'dpi = "300"', "documents[0].dpi", "Expected `int"),
        ('bg_color = "#ffffff"', 'bg_color = "#fff"', "documents[0].bg_color", "matching regex"),
        ('bg_color = "#ffffff"', 'bg_color = "#FFFFFF"', "documents[0].bg_color", "matching regex"),
        ('kind = "visa"', 'kind = "Visa Photo"', "documents[1].kind", "matching regex"),
        ('kind = "visa"', 'kind = "passport"', "documents.kind", "more than once"),
        # The print's pixels follow from mm and dpi (one pixel of rounding allowed); an image
        # size the authority states goes in digital_px, exact or minimum.
        ("dpi = 300", "dpi = 300\nwidth_px = 602", "documents[0].width_px", "is not width_mm at 300 dpi (600)"),
        ("dpi = 300", "dpi = 300\nheight_px = 810", "documents[0].height_px", "digital_px"),
        ("rule = \"minimum\" }", "rule = \"about\" }", "documents[0].digital_px.rule", "Invalid enum value"),
        # The largest head and the least space asked for above it must fit the photo.
        ("eye_line_mm = { min = 28.6, max = 34.9 }", "eye_line_mm = { min = 28.6, max = 34.9 }\ntop_margin_mm = { min = 16, max = 18 }",
         "documents[0].head_height_mm", "a 34.9 mm head (authority) with 16 mm above it does not fit a 50.8 mm photo"),
        ("dpi = 300", 'dpi = 300\nsize_basis = "secondary"', "documents[0].size_basis", "secondary source that reports it"),
        ('flag = "🇺🇸"', 'flag = "🇬🇧"', "flag", "not the flag of US"),
        ('iso3 = "USA"', 'iso3 = "UMI"', "iso3", "the alpha-3 code of US is USA"),
        ('id = "us"', 'id = "usa"', "id", "must match the file name"),
        ("head_height_mm = { min = 25.4, max = 34.9 }", "head_height_mm = { min = 36, max = 30 }", "head_height_mm", "min <= max"),
        ('url = "https://travel.state.gov/content/travel/en/passports/how-apply/photos.html"', 'url = "http://example.org"', "sources[0].url", "matching regex"),
    ],
)
def test_country_file_problems_name_file_and_field(dataset, old, new, field, says):
    edit(dataset / "countries" / "us.toml", old, new)
    report = problems(dataset)
    line = next((found for found in report.splitlines() if "us.toml" in found), "")
    assert field in line and says in line, report


def test_a_size_the_authority_does_not_publish_is_left_out(dataset):
    """A photo the applicant supplies may have no size only when marked so, and only on the
    authority's own word that it asks for one."""
    path = dataset / "countries" / "kiribati.toml"
    edit(path, 'width_mm = 35\nheight_mm = 45\ndpi = 300\nsize_basis = "secondary"', 'size_basis = "unpublished"')
    doc = load(dataset).docs["kiribati-passport"]
    assert doc.width_px is None and doc.head_height_mm is None

    edit(path, 'size_basis = "unpublished"', 'size_basis = "unpublished"\ndpi = 300')
    assert 'documents[0].size_basis: "unpublished" is for a photo the applicant supplies' in problems(dataset)
    edit(path, 'size_basis = "unpublished"\ndpi = 300', 'size_basis = "authority"')
    assert "documents[0]: width_mm, height_mm, dpi, bg_color and bg_color_label are required" in problems(dataset)
    edit(path, 'size_basis = "authority"', 'size_basis = "unpublished"')
    edit(path, 'url = "https://www.mfa.gov.ki/immigration/", title', 'url = "https://www.mfa.gov.ki/immigration/", secondary = true, title')
    assert "needs the authority's own page asking for the photo" in problems(dataset)


def test_too_few_requirements(dataset):
    path = dataset / "countries" / "us.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index("requirements = [", text.index('kind = "green-card"'))
    end = text.index("]", start)
    path.write_text(text[:start] + 'requirements = ["a", "b"]' + text[end + 1 :], encoding="utf-8")
    assert "documents[2].requirements" in problems(dataset)


def test_syntax_error_names_the_file(dataset):
    (dataset / "countries" / "us.toml").write_text('id = "us\n', encoding="utf-8")
    assert "us.toml: (syntax)" in problems(dataset)


def test_duplicate_alias_across_countries(dataset):
    copy = (dataset / "countries" / "us.toml").read_text(encoding="utf-8")
    copy = copy.replace('id = "us"', 'id = "usb"').replace('name = "United States"', 'name = "United States B"')
    copy = copy.replace('iso2 = "US"\niso3 = "USA"\n', "")
    copy = copy.replace('flag = "🇺🇸"', 'flag = "🏳"')
    (dataset / "countries" / "usb.toml").write_text(copy, encoding="utf-8")
    report = problems(dataset)
    assert "usb.toml: names: 'United States of America' already names country 'us'" in report


def test_portal_pointing_at_a_missing_document(dataset):
    edit(dataset / "portals.toml", 'documents = ["us-visa"]', 'documents = ["us-nothing"]')
    assert "portals.toml: portals[0].documents: no document 'us-nothing'" in problems(dataset)


def test_portal_resting_only_on_secondary_sources_must_say_why(dataset):
    ds160_source = 'title = "U.S. Department of State: Photo requirements for visas (digital image requirements)" }'
    edit(dataset / "portals.toml", ds160_source, ds160_source.removesuffix(" }") + ", secondary = true }")
    assert "portals.toml: portals[0].secondary_reason: every source is secondary; say why no authority page was used" in problems(dataset)


def test_only_the_authority_can_ask_for_an_uncropped_photo(dataset):
    ds160_source = 'title = "U.S. Department of State: Photo requirements for visas (digital image requirements)" }'
    edit(dataset / "portals.toml", 'aspect_ratio = "1:1"', 'aspect_ratio = "1:1"\nuncropped = true')
    assert load(dataset).portals["ds-160"].uncropped  # the State Department's own page is cited
    edit(dataset / "portals.toml", ds160_source, ds160_source.removesuffix(" }") + ", secondary = true }")
    assert "portals.toml: portals[0].uncropped: only the authority's own page can ask for an uncropped photo" in problems(dataset)


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        # The figure as written is what a client checks against, so the bytes must follow from it.
        ("max_bytes = 240000", "max_bytes = 245760", "portals[0].max_bytes: '240 kB' read as unspecified is 240000 bytes, not 245760"),
        ('size_unit = "unspecified"', 'size_unit = "binary"', "portals[0].max_bytes: '240 kB' read as binary is 245760 bytes, not 240000"),
        ('max_size_stated = "240 kB"\n', "", "portals[0].max_size_stated: give max_bytes and the limit as written"),
        ('max_size_stated = "240 kB"', 'max_size_stated = "240 thousand"', 'portals[0].max_size_stated: write a figure and a unit'),
    ],
)
def test_portal_byte_limit_follows_the_figure_the_authority_wrote(dataset, old, new, says):
    edit(dataset / "portals.toml", old, new)
    assert f"portals.toml: {says}" in problems(dataset)


def test_missing_file_is_named(dataset):
    (dataset / "icao.toml").unlink()
    assert "icao.toml: file is missing" in problems(dataset)


def run_cli(*args: str, dataset_dir: Path | None = None) -> subprocess.CompletedProcess:
    env_args = ["--dataset", str(dataset_dir)] if dataset_dir else []
    return subprocess.run([sys.executable, "-m", "photospecs.cli", *args, *env_args], cwd=ROOT, capture_output=True, text=True)


def test_validate_command_passes_and_reports(tmp_path):
    result = run_cli("validate", "--report")
    assert result.returncode == 0, result.stderr
    assert "dataset ok" in result.stdout
    for row in ("countries", "documents", "documents with head height", "documents with an official source", "portals"):
        assert row in result.stdout
    docs = list(load().docs.values())
    framed = [d for d in docs if d.width_px is not None or d.file.size_basis == "unpublished"]
    share = 100 * sum(d.head_height_mm is not None for d in framed) / len(framed)
    assert f"head height: {share:.1f} % of documents not photographed at the office" in result.stdout


def test_validate_command_fails_on_a_bad_dataset(dataset):
    edit(dataset / "countries" / "us.toml", "dpi = 300", 'dpi = "x"')
    result = run_cli("validate", dataset_dir=dataset)
    assert result.returncode == 1
    assert "us.toml: documents[0].dpi" in result.stderr


def test_serve_refuses_to_start_on_a_bad_dataset(dataset):
    edit(dataset / "countries" / "us.toml", "dpi = 300", 'dpi = "x"')
    result = subprocess.run(
        [sys.executable, "-m", "photospecs.cli", "serve", "--port", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
        env={"PHOTOSPECS_DATASET_DIR": str(dataset), "PATH": ""},
    )
    assert result.returncode == 1
    assert "us.toml: documents[0].dpi" in result.stderr
