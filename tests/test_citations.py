"""Provenance per fact: the loader checks every quote's references, and a fact is labelled
`authority` only where the authority's own words are quoted stating it."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import edit, problems
from photospecs.cli import main
from photospecs.core.views import build_views
from photospecs.dataset import load
from photospecs.settings import Settings
from photospecs.urls import Urls

VISA_CODE = 'standard = "ICAO 9303", facts = ["size", "headHeight", "background"] }'
DS_160 = 'title = "U.S. Department of State: Photo requirements for visas (digital image requirements)" }'


def slovakia_visa(dataset: Path, new: str) -> None:
    edit(dataset / "countries" / "slovakia.toml", VISA_CODE, new)


def spec(dataset: Path, doc_id: str) -> object:
    settings = Settings()
    return build_views(load(dataset), Urls(settings.site, settings.photo_tool_url)).documents[doc_id]


@pytest.mark.parametrize(
    ("new", "says"),
    [
        ('standard = "ICAO 9303", facts = ["sise"] }', "facts: unknown fact 'sise'; one of size, dpi,"),
        ('standard = "ICAO 9303", facts = ["topMargin"] }', "facts: 'topMargin' is cited, but slovakia-visa gives no topMargin of its own"),
        ('facts = ["size"] }', "facts: give the quote that states them, or the standard the page refers to"),
        ('quote = "Lichtbild", facts = ["size"] }', "read: give the day the quote was read"),
        ('quote = "fénykép", lang = "hu", read = 2026-11-26, facts = ["size"] }', "gloss: give an English rendering of the hu quote"),
        ('quote = "photo", gloss = "photo", read = 2026-11-26, facts = ["size"] }', "gloss: only for a quote not in English"),
        ('quote = "photo", read = 2026-11-26 }', 'facts: name the facts the quote states'),
        ('read = 2026-11-26 }', "read: only with a quote"),
    ],
)
def test_a_broken_citation_names_file_and_field(dataset, new, says):
    slovakia_visa(dataset, new)
    report = problems(dataset)
    assert "slovakia.toml: documents[" in report and f"].sources[0].{says}" in report, report


def test_a_fact_cited_in_a_further_quote_is_checked_too(dataset):
    slovakia_visa(dataset, 'quotes = [{ quote = "x", read = 2026-11-26, facts = ["eyeLine"] }] }')
    assert "].sources[0].quotes[0].facts: 'eyeLine' is cited, but slovakia-visa gives no eyeLine of its own" in problems(dataset)


def test_a_portal_cites_only_its_own_limits(dataset):
    portals = dataset / "portals.toml"
    edit(portals, DS_160, DS_160[:-2] + ', quote = "x", read = 2026-11-26, facts = ["size", "bytes"] }')
    edit(portals, "max_size_stated = \"240 kB\"\nsize_unit = \"unspecified\"\nmax_bytes = 240000\n", "")
    report = problems(dataset)
    assert "portals.toml: portals[0].sources[0].facts: unknown fact 'size'; one of formats, pixels, bytes, aspectRatio" in report
    assert "portals.toml: portals[0].sources[0].facts: 'bytes' is cited, but ds-160 gives no bytes of its own" in report


def test_authority_written_without_a_quote_is_refused(dataset):
    edit(dataset / "countries" / "slovakia.toml", 'kind = "visa"\n', 'kind = "visa"\nsize_basis = "authority"\n')
    assert '.size_basis: "authority" needs a source of the authority quoted stating the size' in problems(dataset)


def test_labels_follow_the_citations(dataset):
    before = spec(dataset, "slovakia-visa")
    assert before.bases["size"] == "standard" and before.bases["capture"] == "uncited"
    slovakia_visa(dataset, 'quote = "Egy fénykép, 35 x 45 mm", lang = "hu", gloss = "One photo, 35 x 45 mm", read = 2026-11-26, '
                     'facts = ["size", "capture"] }')
    after = spec(dataset, "slovakia-visa")
    assert after.bases["size"] == after.size_basis == "authority" and after.bases["capture"] == "authority"
    assert after.bases["background"] == "authority-unquoted"  # a page with words of its own may state more
    [cited] = after.citations
    assert (cited.lang, cited.gloss, cited.standard) == ("hu", "One photo, 35 x 45 mm", None)


def test_a_secondary_quote_never_makes_authority(dataset):
    edit(dataset / "countries" / "schengen.toml", 'title = "European Commission, Migration and Home Affairs: Visa policy"\n',
         'title = "European Commission, Migration and Home Affairs: Visa policy"\nsecondary = true\n')
    bases = spec(dataset, "schengen-visa").bases
    assert bases["capture"] == "secondary" and bases["size"] == "standard"


def test_the_report_counts_facts_by_label(capsys):
    assert main(["validate", "--report"]) == 0
    out = capsys.readouterr().out
    assert "facts by label" in out
    header = next(line for line in out.splitlines() if line.startswith("    fact "))
    assert header.split() == ["fact", "quoted", "standard", "secondary", "unquoted", "uncited", "no", "figure"]
    size = next(line.split() for line in out.splitlines() if line.split()[:2] and line.split()[0] == "size" and line.split()[1].isdigit())
    assert int(size[1]) > 0 and int(size[2]) >= 10  # quoted pages; the visas resting on the Visa Code


def test_an_office_that_asks_differently_is_served_with_its_words():
    settings = Settings()
    houston = build_views(load(), Urls(settings.site, settings.photo_tool_url)).documents["spain-visa"].variants[0]
    assert houston.office == "Consulate General of Spain in Houston"
    assert (houston.width_mm, houston.height_mm, houston.citation.facts) == (50.8, 50.8, ["size"])
    assert "2x2 inches" in houston.citation.quote and houston.source.url == houston.citation.url


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ('width_mm = 50.8, height_mm = 50.8, ', "", "variants[0]: give what this office asks differently"),
        ('height_mm = 50.8, ', "", "variants[0]: give width_mm and height_mm together"),
        ('facts = ["size"] }', 'facts = ["background"] }', "variants[0].source.facts: cite exactly what the variant gives: size"),
    ],
)
def test_a_variant_needs_its_difference_and_the_words_stating_it(dataset, old, new, says):
    path = dataset / "countries" / "spain.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index("variants = [")
    line = text[start:text.index("\n]\n", start)]
    path.write_text(text.replace(line, line.replace(old, new, 1)), encoding="utf-8")
    assert says in problems(dataset)
