"""Compatibility with the open passport-photo-specs 1.3.0 dataset: its ids keep working here,
and every size in which we differ from it has been reviewed (dataset/known-differences.toml).
A document whose authority states no size (size_basis "unpublished") keeps its id and page but
has no size to serve: /api/documents serves it, and its review says so with an empty `ours`."""

from __future__ import annotations

import re
import tomllib

import passport_photo_specs
import pytest
from photospecs.dataset import DEFAULT_DATASET_DIR

SIZE_FIELDS = ("widthMm", "heightMm", "widthPx", "heightPx", "dpi")
REFERENCE = passport_photo_specs.raw()
REFERENCE_DOCS = {d["id"]: d for c in REFERENCE["countries"] for d in c["documents"]}
KNOWN = {e["id"]: e for e in tomllib.loads((DEFAULT_DATASET_DIR / "known-differences.toml").read_text())["differences"]}


@pytest.fixture(scope="module")
def data(bundled):
    return bundled


def ours(data, reference_id):
    """Our five size fields for a reference id; None where the authority publishes no size."""
    doc = data.docs[reference_id if reference_id in data.docs else data.doc_aliases[reference_id]]
    return {"widthMm": doc.file.width_mm, "heightMm": doc.file.height_mm, "widthPx": doc.width_px,
            "heightPx": doc.height_px, "dpi": doc.file.dpi}


def test_reference_version():
    assert passport_photo_specs.__version__ == "1.3.0"


@pytest.mark.parametrize("country", [c["id"] for c in REFERENCE["countries"]])
def test_every_reference_country_id_is_served(client, data, country):
    response = client.get(f"/api/specs?country={country}&format=raw")
    assert response.status_code == 200
    served = {d["id"]: d for d in response.json()["countries"][0]["documents"]}
    reference = next(c for c in REFERENCE["countries"] if c["id"] == country)
    for doc in reference["documents"]:
        own_id = doc["id"] if doc["id"] in data.docs else data.doc_aliases.get(doc["id"])
        assert own_id in data.docs, f"{doc['id']} does not resolve"
        if data.docs[own_id].file.size_basis == "unpublished":
            # No size to fill the listing's required size fields: the id is served on its own.
            spec = client.get(f"/api/documents/{doc['id']}").json()
            assert spec["sizeBasis"] == "unpublished" and spec["slug"] == doc["slug"], doc["id"]
            continue
        assert own_id in served, f"{doc['id']} is not listed in /api/specs"
        assert served[own_id]["slug"] == doc["slug"], "the photo page address must not move"


def test_every_difference_is_reviewed_and_no_review_is_stale(data):
    unreviewed, stale = [], []
    for reference_id, reference in REFERENCE_DOCS.items():
        mine = ours(data, reference_id)
        differing = {f for f in SIZE_FIELDS if mine[f] is None or float(mine[f]) != float(reference[f])}
        entry = KNOWN.get(reference_id)
        if entry is None:
            if differing:
                unreviewed.append(f"{reference_id}: {sorted(differing)}")
            continue
        if set(entry["theirs"]) != differing:
            stale.append(f"{reference_id}: reviewed {sorted(entry['theirs'])}, differing now {sorted(differing)}")
        for field in differing & set(entry["theirs"]):
            if (float(entry["theirs"][field]), entry["ours"].get(field)) != (float(reference[field]), mine[field]):
                stale.append(f"{reference_id}.{field}: the reviewed values are not the current ones")
    assert not unreviewed, "differences from passport-photo-specs with no entry in known-differences.toml:\n" + "\n".join(unreviewed)
    assert not stale, "entries in known-differences.toml out of date:\n" + "\n".join(stale)


def test_known_differences_give_a_reason_and_a_source():
    for entry in KNOWN.values():
        assert entry["id"] in REFERENCE_DOCS
        assert len(entry["reason"]) > 20
        assert entry["sources"] and all(s.startswith("https://") for s in entry["sources"])


def test_the_us_head_rule_is_the_state_departments(data):
    """The reference says the face fills 70-80% of the frame; the US rule is a 1 to 1 3/8 inch head."""
    passport = data.docs["us-passport"]
    assert (passport.file.head_height_mm.min, passport.file.head_height_mm.max) == (25.4, 34.9)
    assert not any("70" in r and "80" in r for r in passport.file.requirements)


def _words(text: str) -> str:
    return re.sub(r"\W+", " ", text.lower()).strip()


def test_no_requirement_is_copied_from_the_reference(data):
    theirs = {_words(r) for d in REFERENCE_DOCS.values() for r in d["requirements"] if len(_words(r).split()) >= 3}
    copied = [f"{d.id}: {r}" for d in data.docs.values() for r in d.file.requirements if _words(r) in theirs]
    assert not copied, "write these in our own words:\n" + "\n".join(copied)
