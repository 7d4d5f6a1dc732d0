"""The photo tool's vendored models: the files are the pinned packages' own, served like every
asset (typed, pre-encoded, fingerprinted), and only /tool may run them."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

VENDOR = Path(__file__).resolve().parent.parent / "app/photospecs/site/static/tool/vendor/mediapipe"


def test_every_vendored_file_matches_its_pinned_sha256():
    manifest = json.loads((VENDOR / "manifest.json").read_text())
    assert manifest["packages"] == {"@mediapipe/face_mesh": "0.4.1657299874", "@mediapipe/selfie_segmentation": "0.1.1675465747"}
    on_disk = {str(p.relative_to(VENDOR)) for p in VENDOR.glob("*/*")}
    assert on_disk == set(manifest["sha256"]), "a file is missing from the manifest or from the folder"
    for name, digest in manifest["sha256"].items():
        assert hashlib.sha256((VENDOR / name).read_bytes()).hexdigest() == digest, name
    assert "Apache License" in (VENDOR / "LICENSE.txt").read_text()
    notice = (VENDOR / "NOTICE.txt").read_text()
    assert all(version in notice for version in manifest["packages"].values())


def test_model_files_are_typed_encoded_and_fingerprinted(client):
    page = client.get("/tool")
    urls = json.loads(re.search(r'<script type="application/json" id="tool-models">(.*?)</script>', page.text).group(1))
    assert len(urls) == 11 and all(re.fullmatch(r"/static/tool/vendor/mediapipe/[a-z_/.]+\?v=[0-9a-f]{10}", u) for u in urls.values())
    expected = {".wasm": "application/wasm", ".data": "application/octet-stream", ".binarypb": "application/octet-stream",
                ".tflite": "application/octet-stream", ".js": "text/javascript; charset=utf-8"}
    for name, url in urls.items():
        response = client.get(url, headers={"accept-encoding": "br"})
        assert response.status_code == 200
        assert response.headers["content-type"] == expected[Path(name).suffix], name
        if name.endswith(".wasm"):
            assert response.headers["content-encoding"] == "br"
            assert response.content == (VENDOR / name).read_bytes()  # served byte for byte


def test_only_the_tool_may_run_the_models_runtime(client):
    tool = client.get("/tool").headers["content-security-policy"]
    assert "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval';" in tool
    assert "connect-src 'self';" in tool
    for path in ("/", "/countries", "/us-passport-photo", "/api/docs"):
        policy = client.get(path).headers["content-security-policy"]
        assert "script-src 'self';" in policy and "eval" not in policy, path
        assert "/vendor/mediapipe/" not in client.get(path).text, path
