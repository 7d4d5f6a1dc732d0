"""The official MCP TypeScript SDK as a client, over streamable HTTP, against a real granian process.

tests/node/client.mjs (a plain ES module, no build step) lists tools, lists every page of
resources and reads one, lists resource templates and completes a template argument, lists
and gets prompts, calls a tool and reads a missing resource; it prints what it got as JSON.
Both official TypeScript SDK lines are pinned in tests/node/package.json:

- v1, @modelcontextprotocol/sdk 1.32.2: the handshake revisions only (its newest revision is
  2025-11-25; it cannot speak 2026-07-28), so it runs in the handshake era only;
- v2, @modelcontextprotocol/client 2.4.0: both eras, run as "legacy" (the initialize
  handshake), "auto" (server/discover probe, which picks 2026-07-28 here) and pinned to
  2026-07-28.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import node_tools
import pytest

CLIENT = node_tools.FOLDER / "client.mjs"
RUNS = [("v1", "legacy"), ("v2", "legacy"), ("v2", "auto"), ("v2", "2026-07-28")]
TOOLS = ["list_supported_countries", "get_visa_photo_spec", "get_portal_constraints", "get_photo_tool_url", "check_photo_measurements"]


@pytest.fixture(scope="module")
def node() -> str:
    found = shutil.which("node")
    assert found, "node and npm are needed for the TypeScript SDK client"
    node_tools.install()
    return found


def test_the_sdk_versions_are_the_pinned_ones(node):
    for name in ("@modelcontextprotocol/client", "@modelcontextprotocol/sdk"):
        assert node_tools.installed(name) == node_tools.pinned()[name], name


@pytest.mark.parametrize(("sdk", "mode"), RUNS)
def test_lists_reads_and_completes(node, server, sdk, mode):
    run = subprocess.run([node, str(CLIENT), f"{server.url}/api/mcp", sdk, mode], capture_output=True, text=True, timeout=60, cwd=node_tools.FOLDER)
    assert run.returncode == 0, run.stdout + run.stderr
    out = json.loads(run.stdout)

    modern = mode != "legacy"  # auto picks 2026-07-28, since this server speaks it
    assert out["era"] == ("modern" if modern else "legacy")
    assert out["protocolVersion"] == ("2026-07-28" if modern else "2025-11-25")
    assert out["server"]["name"] == "photospecs"  # from initialize, or from _meta on 2026-07-28
    assert out["tools"] == TOOLS

    # Every page: more than one page was served and no resource came twice.
    resources = out["resources"]
    assert resources["count"] == resources["distinct"] > 300
    if sdk == "v1":
        assert resources["pages"] > 1  # v1 hands back single pages; the script followed nextCursor
    assert out["read"]["uri"] == resources["documentUri"] == f"{server.url}/api/documents/us-visa"
    assert out["read"]["mimeType"] == "application/json"
    assert out["read"]["spec"]["id"] == "us-visa" and out["read"]["spec"]["widthPx"] == 600

    assert {t["name"] for t in out["templates"]} == {"document", "country", "portal"}
    assert "japan-passport" in out["completion"]["values"]
    assert all(value.startswith("japan-") for value in out["completion"]["values"])

    assert out["prompts"] == ["photo_checklist"]
    assert "Japan" in out["promptText"]

    assert out["call"]["isError"] is False
    assert out["call"]["structuredContent"]["documents"][0]["id"] == "us-passport"

    # A missing resource: -32002 on the handshake revisions, -32602 on 2026-07-28 (SEP-2164).
    # v2 reports either as its ResourceNotFoundError, whose code is -32602, so only v1 shows
    # the handshake revisions' wire code.
    assert out["missingResource"]["code"] == (-32002 if sdk == "v1" else -32602)
    assert "not found" in out["missingResource"]["message"].lower()
