"""`photospecs export`: the JSON is what the API serves, it validates against the schema made
from the same Structs, the CSVs and their descriptor agree, and the version follows the rule in
dataset/README.md."""

from __future__ import annotations

import csv
import datetime
import hashlib
import io
import json
import zipfile
from pathlib import Path

import msgspec
import pytest
import yaml
from exported import DAY, SITE, export_into, one
from jsonschema import Draft202012Validator
from packaging.version import Version
from photospecs.core.views import build_views
from photospecs.export import version as versions
from photospecs.export.bundle import json_schema
from photospecs.export.run import export
from photospecs.settings import Settings
from photospecs.urls import Urls

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return export_into(tmp_path_factory.mktemp("export"))


@pytest.fixture(scope="module")
def exported(out):
    return json.loads((out / "photospecs-data.json").read_bytes())


@pytest.fixture(scope="module")
def views(bundled):
    settings = Settings(site_url=SITE)
    return build_views(bundled, Urls(settings.site, settings.photo_tool_url))


def test_the_json_validates_against_its_schema(out, exported):
    schema = json.loads((out / "photospecs-data.schema.json").read_bytes())
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)
    errors = list(Draft202012Validator(schema).iter_errors(exported))
    assert errors == [], errors[:3]
    # and a record with a field of the wrong type does not
    broken = {**exported, "documents": [{**exported["documents"][0], "widthMm": "35"}]}
    assert not Draft202012Validator(schema).is_valid(broken)


def test_every_document_and_portal_is_what_the_api_serves(exported, views):
    """The in-process body of /api/documents/{id} (the view model, encoded as the server encodes
    it), decoded, equals the exported record."""
    encode = msgspec.json.Encoder().encode
    assert [d["id"] for d in exported["documents"]] == list(views.documents)
    for record in exported["documents"]:
        assert record == json.loads(encode(views.documents[record["id"]])), record["id"]
    assert [p["id"] for p in exported["portals"]] == list(views.portals)
    for record in exported["portals"]:
        assert record == json.loads(encode(views.portals[record["id"]])), record["id"]


def test_meta_says_version_counts_date_and_licence(exported, bundled):
    meta = exported["meta"]
    assert meta["datasetVersion"] == bundled.version
    assert meta["version"] == versions.package_version(bundled.version)
    assert meta["counts"] == {"countries": len(bundled.countries), "documents": len(bundled.docs), "portals": len(bundled.portals)}
    assert meta["generated"] == DAY and meta["license"] == "MIT" and meta["site"] == SITE
    assert [c["id"] for c in exported["countries"]] == [c.id for c in bundled.countries]


def test_the_csvs_hold_one_row_per_record_and_match_their_descriptor(out, exported):
    package = json.loads((out / "datapackage.json").read_bytes())
    assert package["version"] == exported["meta"]["version"]
    for resource, records in zip(package["resources"], (exported["documents"], exported["portals"]), strict=True):
        body = (out / resource["path"]).read_bytes()
        assert resource["bytes"] == len(body) and resource["hash"] == f"sha256:{hashlib.sha256(body).hexdigest()}"
        rows = list(csv.DictReader(io.StringIO(body.decode("utf-8"), newline="")))
        assert list(rows[0]) == [field["name"] for field in resource["schema"]["fields"]]
        assert [row["id"] for row in rows] == [record["id"] for record in records]
    documents = list(csv.DictReader(io.StringIO((out / "photospecs-data.csv").read_text(encoding="utf-8"), newline="")))
    us = next(row for row in documents if row["id"] == "us-visa")
    assert (us["widthMm"], us["widthPx"], us["bgColor"], us["headHeightMm.min"], us["countryName"]) == ("50.8", "600", "#ffffff", "25.4", "United States")
    assert us["portals"] == "ds-160" and us["icaoCompliant"] in {"true", "false"}
    types = {f["name"]: f["type"] for f in package["resources"][0]["schema"]["fields"]}
    assert (types["widthMm"], types["widthPx"], types["checked"], types["icaoCompliant"]) == ("number", "integer", "date", "boolean")


def test_a_field_added_to_the_view_model_reaches_the_csv():
    """The columns follow the schema, not a list written here."""
    from photospecs.export.tables import columns

    names = [c.name for c in columns(json_schema(), "Document")]
    assert {"dpiStated", "digitalPx.width", "eyeLineMm.max", "requirements"} <= set(names)
    assert "sources" not in names and "guides" not in names


def test_citation_names_the_version_and_the_licence(out, exported):
    cff = yaml.safe_load((out / "CITATION.cff").read_text())
    assert cff["cff-version"] == "1.2.0" and cff["type"] == "dataset" and cff["license"] == "MIT"
    assert cff["version"] == exported["meta"]["version"] and cff["date-released"] == DAY


def test_the_wheel_is_a_wheel(out, exported):
    version = exported["meta"]["version"]
    path = one(out, "photospecs_data-*-py3-none-any.whl")
    assert path.name == f"photospecs_data-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        info = f"photospecs_data-{version}.dist-info"
        assert names[-1] == f"{info}/RECORD" and f"{info}/licenses/LICENSE" in names
        metadata = wheel.read(f"{info}/METADATA").decode()
        assert f"Version: {version}" in metadata and "Requires-Dist" not in metadata  # no dependency at all
        assert json.loads(wheel.read("photospecs_data/photospecs-data.json")) == exported
        assert wheel.read("photospecs_data/_check.py") == (ROOT / "app/photospecs/core/photocheck.py").read_bytes()
        assert "photospecs_data/py.typed" in names
        record = wheel.read(f"{info}/RECORD").decode().splitlines()
        assert len(record) == len(names)


def test_the_npm_tarball_is_named_for_the_version(out, exported):
    import tarfile

    path = one(out, "photospecs-data-*.tgz")
    assert path.name == f"photospecs-data-{exported['meta']['version']}.tgz"
    with tarfile.open(path) as tar:
        manifest = json.load(tar.extractfile("package/package.json"))  # type: ignore[arg-type]
        names = set(tar.getnames())
    assert manifest["name"] == "photospecs-data" and manifest["version"] == exported["meta"]["version"]
    assert {f"package/{name}" for name in manifest["files"]} <= names


def test_the_same_dataset_and_day_give_the_same_bytes(out, tmp_path, bundled):
    again = export(tmp_path, bundled, Urls(SITE, f"{SITE}/tool"), datetime.date.fromisoformat(DAY))
    for path in again.files:
        assert path.read_bytes() == (out / path.name).read_bytes(), path.name


def test_no_field_of_the_current_major_is_gone():
    """dataset/README.md, "Versions": removing a field is a new major version. A field removed
    from the exported shape fails here until files/fields.json gets a new entry (MAJOR + 1)
    listing the fields that version promises; a field added is written into the current entry."""
    promised = versions.promised()[str(versions.major())]
    current = versions.schema_fields(json_schema())
    gone = {name: sorted(set(fields) - set(current.get(name, []))) for name, fields in promised.items()}
    assert {name: fields for name, fields in gone.items() if fields} == {}, "a field was removed: add a new major to fields.json"
    assert current == promised, "a field was added: write it into the current major's entry of fields.json"


def test_the_version_follows_the_dataset():
    assert versions.package_version("2026.11.25-bb87f76b") == f"{versions.major()}.20261125.{0xBB87F76B}"
    # a later check date is a later version, whatever the hashes
    assert Version(versions.package_version("2026.11.26-00000001")) > Version(versions.package_version("2026.11.25-ffffffff"))


def test_the_licence_shipped_is_the_repository_licence():
    assert (ROOT / "app/photospecs/export/files/LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()


def test_a_bad_site_url_is_refused(tmp_path, capsys):
    from photospecs.cli import main

    assert main(["export", str(tmp_path), "--site-url", "photospecs.example"]) == 2
    assert "--site-url" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())

