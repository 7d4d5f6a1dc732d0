"""The official MCP conformance suite (pinned in tests/conformance/package.json) against a
real server. Every scenario of the suite is either run here or listed, with its reason, in
tests/conformance/not-applicable.yaml."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

SUITE = Path(__file__).parent / "conformance"
SCENARIOS = ["server-initialize", "ping", "tools-list", "dns-rebinding-protection", "resources-list", "completion-complete"]


@pytest.fixture(scope="module")
def conformance() -> Path:
    assert shutil.which("npm"), "node and npm are needed for the conformance suite"
    if not (SUITE / "node_modules" / ".bin" / "conformance").exists():
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent"], cwd=SUITE, check=True, timeout=300)
    return SUITE / "node_modules" / ".bin" / "conformance"


def test_every_scenario_is_run_or_explained(conformance):
    listed = subprocess.run([str(conformance), "list"], capture_output=True, text=True, check=True, timeout=60).stdout
    server_part = listed.split("Client scenarios")[0]
    offered = {line.strip()[2:] for line in server_part.splitlines() if line.strip().startswith("- ")}
    explained = yaml.safe_load((SUITE / "not-applicable.yaml").read_text())
    assert offered == set(SCENARIOS) | set(explained), offered ^ (set(SCENARIOS) | set(explained))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_scenario_passes(conformance, server, scenario):
    run = subprocess.run(
        [str(conformance), "server", "--url", f"{server.url}/api/mcp", "--scenario", scenario],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0 and " 0 failed" in run.stdout, run.stdout + run.stderr
