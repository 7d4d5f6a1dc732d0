"""The pre-built catalog as a pod uses it: the file `photospecs build` writes, the huge bodies
kept in files of their own beside it and sent from there, and a catalog whose files are not all
there refused (the server then builds its own)."""

from __future__ import annotations

import shutil
from pathlib import Path

import brotli
import httpx
import pytest
from conftest import ROOT, Server
from litestar.testing import TestClient
from photospecs import prebuilt as prebuilt_module
from photospecs.main import create_app
from photospecs.settings import from_env

WASM = "tool/vendor/mediapipe/face_mesh/face_mesh_solution_simd_wasm_bin.wasm"
ORIGINAL = (ROOT / "app/photospecs/site/static" / WASM).read_bytes()


@pytest.fixture(scope="module")
def running(prebuilt):
    server = Server(env=prebuilt)
    yield server
    server.stop()


def raw(server: Server, method: str, path: str, **headers: str) -> tuple[httpx.Headers, bytes, int]:
    with httpx.Client() as client, client.stream(method, server.url + path, headers=headers) as response:
        return response.headers, b"".join(response.iter_raw()), response.status_code


def test_huge_bodies_are_sent_from_their_own_files(running, prebuilt):
    headers, body, status = raw(running, "GET", f"/static/{WASM}", **{"accept-encoding": "br"})
    assert status == 200 and headers["content-encoding"] == "br" and headers["content-type"] == "application/wasm"
    assert int(headers["content-length"]) == len(body) < len(ORIGINAL) / 3
    assert brotli.decompress(body) == ORIGINAL
    headers, body, status = raw(running, "GET", f"/static/{WASM}", **{"accept-encoding": "identity"})
    assert status == 200 and "content-encoding" not in headers and body == ORIGINAL
    assert int(headers["content-length"]) == len(ORIGINAL)
    # HEAD and a revalidation send no body; the headers are those of the file's variant.
    headers, body, status = raw(running, "HEAD", f"/static/{WASM}", **{"accept-encoding": "identity"})
    assert status == 200 and body == b"" and int(headers["content-length"]) == len(ORIGINAL)
    _, body, status = raw(running, "GET", f"/static/{WASM}", **{"accept-encoding": "identity", "if-none-match": headers["etag"]})
    assert (status, body) == (304, b"")
    # Kept beside the catalog file, not in it: a worker's memory never holds them.
    catalog_file = Path(prebuilt["PHOTOSPECS_CATALOG_FILE"])
    assert ORIGINAL[:65536] not in catalog_file.read_bytes()
    assert any(f.read_bytes() == ORIGINAL for f in prebuilt_module.files_of(catalog_file).iterdir())
    assert '"catalog":"prebuilt"' in running.output()


def test_a_catalog_missing_one_of_its_files_is_refused(prebuilt, tmp_path):
    source = Path(prebuilt["PHOTOSPECS_CATALOG_FILE"])
    copy = tmp_path / "catalog.bin"
    shutil.copy(source, copy)
    shutil.copytree(prebuilt_module.files_of(source), prebuilt_module.files_of(copy))
    settings = from_env({**prebuilt, "PHOTOSPECS_CATALOG_FILE": str(copy)})
    assert not isinstance(prebuilt_module.read(settings), str)
    gone = next(prebuilt_module.files_of(copy).iterdir())
    gone.unlink()
    reason = prebuilt_module.read(settings)
    assert isinstance(reason, str) and gone.name in reason and "photospecs build" in reason


def test_building_again_leaves_only_the_files_the_new_catalog_names(catalog, tmp_path):
    path = tmp_path / "catalog.bin"
    files = prebuilt_module.files_of(path)
    files.mkdir()
    (files / "0123456789abcdef0123456789abcdef").write_bytes(b"a body an older catalog named")
    prebuilt_module.write(catalog, path)
    huge = {v.body for p in catalog.prepared() for v in p.variants.values() if len(v.body) >= 2**20}
    assert len(huge) >= 5  # the tool's models (identity and brotli), Swagger UI's bundle, the dataset's JSON file
    assert {f.read_bytes() for f in files.iterdir()} == huge


def test_the_factory_other_servers_call_loads_the_file(prebuilt, monkeypatch):
    """create_app, for `granian --factory photospecs.main:create_app` and other ASGI servers,
    reads the settings from the environment and loads the pre-built catalog they name."""
    for name, value in prebuilt.items():
        monkeypatch.setenv(name, value)
    with TestClient(create_app(), base_url="https://prebuilt.example") as client:
        page = client.get("/api/comparisons?competitor=visafoto").json()["comparisons"][0]["pageUrl"]
    assert page == "https://prebuilt.example/compare/visafoto"
