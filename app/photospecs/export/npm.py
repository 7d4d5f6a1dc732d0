"""The npm package: a generated folder (the JSON, CommonJS and ES module entry points, their
TypeScript declarations, README and licence) packed by `npm pack`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from photospecs.export.templates import template

NAME = "photospecs-data"


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


def pack(npm: str, directory: Path, version: str, description: str, data: bytes, declarations: str, readme: str, licence: str) -> Path:
    """Write the package into a temporary folder and `npm pack` it into `directory`."""
    with tempfile.TemporaryDirectory(prefix="photospecs-npm-") as temporary:
        root = Path(temporary)
        files = {
            "package.json": json.dumps(package_json(version, description), indent=2) + "\n",
            "index.cjs": template("index.cjs"),
            "index.mjs": template("index.mjs"),
            "index.d.cts": declarations,
            "index.d.mts": declarations,
            "README.md": readme,
            "LICENSE": licence,
        }
        for name, text in files.items():
            (root / name).write_text(text, encoding="utf-8")
        (root / "photospecs-data.json").write_bytes(data)
        # A private cache and no update check: packing must not touch the user's npm state or the network.
        env = {**os.environ, "npm_config_cache": str(root / ".cache"), "npm_config_update_notifier": "false", "npm_config_fund": "false"}
        done = subprocess.run(
            [npm, "pack", "--json", "--ignore-scripts", "--pack-destination", str(directory.resolve())],
            cwd=root, env=env, capture_output=True, text=True, check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"npm pack failed: {done.stderr.strip()[-2000:]}")
        packed: list[dict[str, str]] = json.loads(done.stdout)
        return directory / packed[0]["filename"]


def find_npm() -> str | None:
    return shutil.which("npm")
