"""GET /api/dataset and the files it lists: each is the very file `photospecs export` writes for
the same site URL, served at a URL carrying its hash and cached for good when asked with it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from urllib.parse import urlsplit

import msgspec
import pytest
from photospecs.cli import main

IDENTITY = {"accept-encoding": "identity"}


@pytest.fixture(scope="module")
def index(client):
    response = client.get("/api/dataset", headers=IDENTITY)
    assert response.status_code == 200 and response.headers["content-type"] == "application/json"
    return response.json()


@pytest.fixture(scope="module")
def exported(catalog, index, tmp_path_factory) -> Path:
    """`photospecs export` with the served catalog's site URL and no --date: the dataset's day."""
    out = tmp_path_factory.mktemp("export")
    assert main(["export", str(out), "--site-url", catalog.settings.site]) == 0
    return out


def local(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}" if parts.query else parts.path


def test_the_index_names_the_current_version_and_every_file(client, index):
    specs = client.get("/api/specs?format=raw").json()
    assert index["datasetVersion"] == specs["meta"]["version"]
    assert index["version"].startswith("1.") and index["license"] == "MIT"
    names = [file["name"] for file in index["files"]]
    assert names[:2] == ["photospecs-data.json", "photospecs-data.schema.json"]
    assert {"photospecs-data.csv", "photospecs-portals.csv", "datapackage.json", "CITATION.cff"} <= set(names)
    assert f"photospecs_data-{index['version']}-py3-none-any.whl" in names and f"photospecs-data-{index['version']}.tgz" in names


def test_every_file_is_what_export_writes(client, index, exported):
    assert sorted(p.name for p in exported.iterdir()) == sorted(file["name"] for file in index["files"])
    for file in index["files"]:
        response = client.get(local(file["url"]), headers=IDENTITY)
        assert response.status_code == 200, file["name"]
        assert response.content == (exported / file["name"]).read_bytes(), file["name"]
        assert (len(response.content), hashlib.sha256(response.content).hexdigest()) == (file["bytes"], file["sha256"])
        assert response.headers["content-type"] == file["mediaType"]


def test_the_json_records_are_the_api_bodies(client, index):
    [file] = [f for f in index["files"] if f["name"] == "photospecs-data.json"]
    records = client.get(local(file["url"])).json()
    assert records["meta"]["generated"] == index["generated"] and records["meta"]["datasetVersion"] == index["datasetVersion"]
    for document in records["documents"][:: max(1, len(records["documents"]) // 25)]:
        assert client.get(f"/api/documents/{document['id']}").json() == document
    for portal in records["portals"]:
        assert client.get(f"/api/portals/{portal['id']}").json() == portal


def test_a_file_asked_with_its_hash_is_cached_for_good_and_only_then(client, index):
    for file in index["files"]:
        url = local(file["url"])
        assert "?v=" in url and file["sha256"].startswith(url.rsplit("=", 1)[1])
        pinned = client.get(url)
        assert pinned.headers["cache-control"] == "public, max-age=31536000, immutable", url
        assert pinned.headers["access-control-allow-origin"] == "*"
        bare = url.split("?")[0]
        assert "immutable" not in client.get(bare).headers["cache-control"]
        assert "immutable" not in client.get(bare + "?v=0000000000000000").headers["cache-control"]
    assert "immutable" not in client.get("/api/dataset").headers["cache-control"]


def test_text_files_are_compressed_and_packages_are_sent_as_they_are(client, index):
    for file in index["files"]:
        coding = client.get(local(file["url"]), headers={"accept-encoding": "br, gzip"}).headers.get("content-encoding")
        packed = file["name"].endswith((".whl", ".tgz"))
        assert (coding is None) == (packed or file["bytes"] < 512), file["name"]


def test_an_unknown_file_is_404_naming_the_index(client):
    response = client.get("/api/dataset/photospecs-data.xml")
    assert response.status_code == 404
    assert response.json()["error"] == "unknown_file" and "/api/dataset" in response.json()["message"]


def test_the_npm_tarball_is_laid_out_as_npm_packs(client, index):
    import io
    import tarfile

    [file] = [f for f in index["files"] if f["name"].endswith(".tgz")]
    with tarfile.open(fileobj=io.BytesIO(client.get(local(file["url"])).content)) as tar:
        members = tar.getmembers()
        manifest = json.load(tar.extractfile("package/package.json"))  # type: ignore[arg-type]
    assert members[0].name == "package/package.json" and all(m.name.startswith("package/") and m.mode == 0o644 for m in members)
    assert {f"package/{name}" for name in manifest["files"]} <= {m.name for m in members}
    assert manifest["version"] == index["version"]


def test_the_dataset_is_cited_by_every_mcp_answer(client, index):
    discovery = client.get("/api/mcp").json()
    assert discovery["dataset"]["url"].endswith("/api/dataset") and discovery["dataset"]["version"] == index["datasetVersion"]
    reply = client.post("/api/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                                          "params": {"name": "get_portal_constraints", "arguments": {"portal": "ds-160"}}},
                        headers={"mcp-protocol-version": "2025-11-25"}).json()
    assert reply["result"]["structuredContent"]["dataset"]["url"] == discovery["dataset"]["url"]


def test_the_home_page_links_the_dataset(client):
    assert 'href="/api/dataset"' in client.get("/").text


def test_the_pre_built_catalog_keeps_the_files(catalog, tmp_path):
    from photospecs import prebuilt

    path = tmp_path / "catalog.bin"
    prebuilt.write(catalog, path)
    loaded = prebuilt.read(msgspec.structs.replace(catalog.settings, catalog_file=str(path)))
    assert not isinstance(loaded, str), loaded
    for key, (prepared, fingerprint) in catalog.rest.dataset.files.items():
        again, same = loaded.rest.dataset.files[key]
        assert same == fingerprint
        assert {c: v.body or Path(v.file or "").read_bytes() for c, v in again.variants.items()} == {
            c: v.body for c, v in prepared.variants.items()
        }
