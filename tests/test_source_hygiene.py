"""Source hosts: what `validate` refuses, what it reports, and the bundled dataset against both."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import edit, problems
from photospecs.dataset import load
from photospecs.dataset.sources import host_kind, host_of, is_front_page

VISA_URL = "https://travel.state.gov/content/travel/en/us-visas/visa-information-resources/photos.html"
VISA_SOURCE = f'{{ url = "{VISA_URL}", title = "U.S. Department of State: Photo requirements for visas" }}'


def cite(directory: Path, *sources: str) -> None:
    """Replace us-visa's sources with the given inline tables."""
    edit(directory / "countries" / "us.toml", VISA_SOURCE, ", ".join(sources))


def us_problems(directory: Path) -> list[str]:
    return [line for line in problems(directory).splitlines() if "us.toml" in line]


@pytest.mark.parametrize(
    ("url", "secondary", "says"),
    [
        ("https://idea.staging.devopsites.com/answer/1", True, "is a staging or preview deployment"),
        ("https://refugee-info-ppdj0vrpi-signpost.vercel.app/hc/articles/1", True, "is a staging or preview deployment"),
        ("https://visa-photos.netlify.app/us", True, "is a staging or preview deployment"),
        ("https://photo-rules.herokuapp.com/us", True, "is a staging or preview deployment"),
        ("https://travel.state.gov./content/travel/en/photos.html", False, "the host ends in a dot; write travel.state.gov"),
        # An unrelated business, or any host nobody has classed, cannot back a fact.
        (
            "https://sushibarhanoi.com/quy-dinh-chup-anh/",
            True,
            "sushibarhanoi.com is neither an authority's domain nor a named secondary publisher",
        ),
        # Photo sellers and other publishers only as labelled secondary sources.
        ("https://www.ivisa.com/us-visa-photo", False, "www.ivisa.com sells photos or visas; mark it secondary = true"),
        ("https://fastpassportphotoonline.com/usa", False, "sells photos or visas; mark it secondary = true"),
        ("https://gulfnews.com/world/us-visa-photo", False, "gulfnews.com is not the authority; mark it secondary = true"),
    ],
)
def test_a_host_that_is_no_source_is_refused(dataset, url, secondary, says):
    flag = ", secondary = true" if secondary else ""
    cite(dataset, f'{{ url = "{url}", title = "A page"{flag} }}', VISA_SOURCE)
    found = us_problems(dataset)
    assert any("documents[1].sources" in line and says in line for line in found), found


def test_a_labelled_photo_seller_beside_the_authority_is_accepted(dataset):
    cite(dataset, VISA_SOURCE, '{ url = "https://www.ivisa.com/us-visa-photo", title = "iVisa: US visa photo", secondary = true }')
    assert not [w for w in load(dataset).warnings if "us.toml" in w]


def test_a_document_resting_only_on_photo_sellers_is_reported(dataset):
    cite(dataset, '{ url = "https://www.ivisa.com/us-visa-photo", title = "iVisa: US visa photo", secondary = true }')
    path = dataset / "countries" / "us.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('kind = "visa"', 'kind = "visa"\nsecondary_reason = "No page found"', 1), encoding="utf-8")
    assert any("documents[1].sources: only photo or visa sellers back this document" in w for w in load(dataset).warnings)


@pytest.mark.parametrize(
    "url",
    [
        "https://www.gov.pl/web/diplomacy",
        "https://www.gov.pl/web/udsc/",
        "https://www.gov.br/pf/pt-br",
        "https://www.gob.mx/sre",
        "https://www.gob.pe/migraciones",
        "https://www.gov.uk/government/organisations/hm-passport-office",
        "https://www.interior.gov.kh/",
        "https://evisa.dgdi.ga/",
        "https://example.gov.xx/en/",
        "https://example.gov.xx/index.html",
    ],
)
def test_front_pages_and_section_front_pages(url):
    assert is_front_page(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://www.gov.pl/web/diplomacy/visa-photo",
        "https://www.gov.br/pf/pt-br/assuntos/passaporte",
        "https://www.gob.pe/institucion/reniec/informes-publicaciones/7664737-guia",
        "https://www.gob.pe/174-obtener-pasaporte-electronico-para-mayores-de-edad",
        "https://www.gov.uk/photos-for-passports",
        "https://www.testdomain.gov.xx/?p=5238",
    ],
)
def test_pages_that_state_figures_are_not_front_pages(url):
    assert not is_front_page(url)


def test_a_section_front_page_is_reported(dataset):
    cite(dataset, VISA_SOURCE, '{ url = "https://www.gov.pl/web/diplomacy", title = "Polish diplomacy" }')
    assert any("documents[1].sources: https://www.gov.pl/web/diplomacy is a site's front page" in w for w in load(dataset).warnings)


@pytest.mark.parametrize(
    ("host", "kind"),
    [
        ("www.gov.uk", "authority"),
        ("migracion.gob.bo", "authority"),
        ("www.bmi.gv.at", "authority"),
        ("immigration.govt.nz", "authority"),
        ("www.fedpol.admin.ch", "authority"),
        ("eur-lex.europa.eu", "authority"),
        ("www.un.int", "authority"),
        ("tokyo.mae.ro", "authority"),
        ("www.ambassade-benin.de", "authority"),
        ("consuladordny.com", "authority"),
        ("tuvaluhc.org.nz", "authority"),
        # A visa agent whose domain says "embassy" is still a visa agent.
        ("angolaembassyvisa.co.uk", "commercial"),
        ("www.ivisa.com", "commercial"),
        ("backgroundremoval.passlens.com", "commercial"),
        ("idphotodiy.com", "commercial"),
        ("www.timpson.co.uk", "commercial"),
        ("www.khaleejtimes.com", "publisher"),
        ("www.testdomain18.gov.zw", "preview"),
        ("staging.passport.gov.xx", "preview"),
        ("sushibarhanoi.com", "unknown"),
    ],
)
def test_host_kinds(host, kind):
    assert host_kind(host) == kind


# --- the bundled dataset ------------------------------------------------------------------


def test_every_bundled_source_is_on_a_classed_host_and_labelled(bundled):
    data = bundled
    every = [(doc.id, s) for doc in data.docs.values() for s in doc.sources]
    every += [(portal.id, s) for portal in data.portals.values() for s in portal.sources]
    assert len(every) > 1000
    bad = []
    for owner, source in every:
        host = host_of(source.url)
        kind = host_kind(host)
        if host.endswith(".") or kind in ("preview", "unknown") or (kind in ("commercial", "publisher") and not source.secondary):
            bad.append(f"{owner}: {source.url} ({kind})")
    assert not bad, bad
