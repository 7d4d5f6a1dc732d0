"""The npm package: the JSON, the CommonJS and ES module entry points, their TypeScript
declarations, README and licence, packed here as `npm pack` packs a folder (a gzip'd tar whose
entries sit under package/), so neither the export nor the server needs npm. Fixed times,
owners, modes and order: one dataset gives one set of bytes."""

from __future__ import annotations

import gzip
import io
import json
import tarfile

from photospecs.export.templates import template

NAME = "photospecs-data"
# The time npm itself writes into every entry of a package it packs (1985-10-26T08:15:00Z):
# an install sees the dates it sees on any registry package.
NPM_EPOCH = 499162500


def package_json(version: str, description: str) -> dict[str, object]:
    return {
        "name": NAME,
        "version": version,
        "description": description,
        "license": "MIT",
        "keywords": ["passport", "visa", "photo", "id-photo", "dataset", "icao"],
        "main": "./index.cjs",
        "types": "./index.d.cts",
        # Both module systems, each with its own declarations, so TypeScript's node16 resolution
        # types an import and a require alike.
        "exports": {
            ".": {
                "import": {"types": "./index.d.mts", "default": "./index.mjs"},
                "require": {"types": "./index.d.cts", "default": "./index.cjs"},
            },
            "./photospecs-data.json": "./photospecs-data.json",
            "./package.json": "./package.json",
        },
        "files": ["index.cjs", "index.mjs", "index.d.cts", "index.d.mts", "photospecs-data.json", "README.md", "LICENSE"],
        "sideEffects": False,
        "engines": {"node": ">=18"},
    }


def tarball(version: str, description: str, data: bytes, declarations: str, readme: str, licence: str) -> tuple[str, bytes]:
    """The package's file name (as npm names it) and bytes."""
    texts = {
        "package.json": json.dumps(package_json(version, description), indent=2) + "\n",
        "index.cjs": template("index.cjs"),
        "index.mjs": template("index.mjs"),
        "index.d.cts": declarations,
        "index.d.mts": declarations,
        "README.md": readme,
        "LICENSE": licence,
    }
    files = {**{name: text.encode() for name, text in texts.items()}, "photospecs-data.json": data}
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, body in files.items():  # package.json first, as npm writes it
            entry = tarfile.TarInfo(f"package/{name}")
            entry.size, entry.mtime, entry.mode = len(body), NPM_EPOCH, 0o644
            tar.addfile(entry, io.BytesIO(body))
    # mtime 0 in the gzip header too: the bytes depend on the files only
    return f"{NAME}-{version}.tgz", gzip.compress(out.getvalue(), compresslevel=9, mtime=0)
