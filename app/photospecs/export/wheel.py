"""A pure-Python wheel written directly as a zip, per the binary distribution format: fixed
timestamps, permissions and order, so the same dataset gives the same bytes (no build backend,
no temporary tree)."""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile

EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip can hold


def wheel(name: str, version: str, files: dict[str, bytes], metadata: str, licence: bytes) -> tuple[str, bytes]:
    """The wheel's file name and bytes. `files` maps paths inside the wheel to their bytes; the .dist-info, the licence in it, is
    added here, after the package, as the format recommends."""
    dist = f"{name.replace('-', '_')}-{version}"
    info = f"{dist}.dist-info"
    wheel = "Wheel-Version: 1.0\nGenerator: photospecs export\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries = {
        **dict(sorted(files.items())),
        f"{info}/licenses/LICENSE": licence,
        f"{info}/METADATA": metadata.encode(),
        f"{info}/WHEEL": wheel.encode(),
    }
    record = "".join(f"{path},sha256={_digest(body)},{len(body)}\n" for path, body in entries.items()) + f"{info}/RECORD,,\n"
    entries[f"{info}/RECORD"] = record.encode()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for member, body in entries.items():
            entry = zipfile.ZipInfo(member, EPOCH)
            entry.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, body)
    return f"{dist}-py3-none-any.whl", out.getvalue()


def _digest(body: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(body).digest()).rstrip(b"=").decode()


def metadata(name: str, version: str, summary: str, readme: str, license_file: str) -> str:
    """Core metadata 2.4: the licence as an SPDX expression and its file under .dist-info/licenses/."""
    return (
        "Metadata-Version: 2.4\n"
        f"Name: {name}\n"
        f"Version: {version}\n"
        f"Summary: {summary}\n"
        "License-Expression: MIT\n"
        f"License-File: {license_file}\n"
        "Requires-Python: >=3.11\n"
        "Classifier: Programming Language :: Python :: 3\n"
        "Classifier: Typing :: Typed\n"
        "Description-Content-Type: text/markdown\n"
        "\n" + readme
    )
