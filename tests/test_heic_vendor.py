"""The vendored HEIC/HEIF decoder (libheif with libde265, compiled to WebAssembly by the npm
package libheif-js, LGPL-3.0): pinned and checksummed, its licence beside it, served byte for byte
as files of its own, fingerprinted, and named only by the tool page."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "app/photospecs/site/static/tool/vendor/libheif"
VERSION = "1.23.2"


def test_every_vendored_file_matches_its_pinned_sha256():
    manifest = json.loads((VENDOR / "manifest.json").read_text())
    assert manifest["packages"] == {"libheif-js": VERSION}
    on_disk = {p.name for p in VENDOR.iterdir()} - {"manifest.json", "LICENSE.txt", "GPL-3.0.txt", "NOTICE.txt"}
    assert on_disk == set(manifest["sha256"]) == {"libheif.js", "libheif.wasm"}
    for name, digest in manifest["sha256"].items():
        assert hashlib.sha256((VENDOR / name).read_bytes()).hexdigest() == digest, name
    # LGPL-3.0 asks for its own text and the GPL's it supplements, and for a way to the sources.
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in (VENDOR / "LICENSE.txt").read_text()
    assert "GNU GENERAL PUBLIC LICENSE" in (VENDOR / "GPL-3.0.txt").read_text()
    notice = (VENDOR / "NOTICE.txt").read_text()
    assert VERSION in notice and "libheif" in notice and "libde265" in notice
    assert f"LIBHEIF_JS={VERSION}" in (ROOT / "scripts/update-libheif.sh").read_text()


def test_the_decoder_is_typed_encoded_fingerprinted_and_only_on_the_tool(client):
    page = client.get("/tool")
    urls = json.loads(re.search(r'<script type="application/json" id="tool-heic">(.*?)</script>', page.text).group(1))
    assert set(urls) == {"libheif.js", "libheif.wasm"}
    assert all(re.fullmatch(r"/static/tool/vendor/libheif/libheif\.(js|wasm)\?v=[0-9a-f]{10}", u) for u in urls.values())
    wasm = client.get(urls["libheif.wasm"], headers={"accept-encoding": "br"})
    assert wasm.headers["content-type"] == "application/wasm" and wasm.headers["content-encoding"] == "br"
    assert wasm.content == (VENDOR / "libheif.wasm").read_bytes()  # unmodified, as the licence asks
    glue = client.get(urls["libheif.js"])
    assert glue.headers["content-type"] == "text/javascript; charset=utf-8" and glue.content == (VENDOR / "libheif.js").read_bytes()
    # The page's policy lets it compile WebAssembly; the decoder needs nothing more.
    assert "'wasm-unsafe-eval'" in page.headers["content-security-policy"]
    # The tool's modules, followed from tool.js by their pinned URLs, import heic.js by one too,
    # on demand only, and heic.js is served.
    entry = re.search(r'src="/static/tool/(tool\.js\?v=[0-9a-f]+)"', page.text).group(1)
    seen, queue, heic_js = {entry}, [entry], None
    while queue and heic_js is None:
        text = client.get("/static/tool/" + queue.pop()).text
        found = re.search(r'import\("\./(heic\.js\?v=[0-9a-f]{10})"\)', text)
        heic_js = found.group(1) if found else None
        for module in re.findall(r'from "\./([a-z]+\.js\?v=[0-9a-f]{10})"', text):
            if module not in seen:
                seen.add(module)
                queue.append(module)
    assert heic_js is not None, seen
    assert client.get("/static/tool/" + heic_js).status_code == 200
    for path in ("/", "/us-passport-photo"):
        assert "/vendor/libheif/" not in client.get(path).text, path
