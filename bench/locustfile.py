"""A realistic traffic mix for photospecs, for locust.

    locust -f bench/locustfile.py --headless -u 50 -r 10 -t 60s --host http://127.0.0.1:8000

Most requests ask for one country's specs; some fetch the whole dataset (raw or wrapped, with
and without compression); some read the comparisons; a steady share are MCP tool calls across
the four tools, as agents send them. Country, document and portal ids are read from the
server at start, so the mix follows the dataset it is pointed at.
"""

from __future__ import annotations

import itertools
import os
import random

from locust import FastHttpUser, between, constant_throughput, events, task

IDS: dict[str, list] = {"countries": [], "documents": [], "portals": []}
_request_ids = itertools.count(1)


@events.test_start.add_listener
def load_ids(environment, **_):
    import httpx

    host = environment.host
    raw = httpx.get(f"{host}/api/specs?format=raw", timeout=30).json()
    IDS["countries"] = [c["id"] for c in raw["countries"]]
    IDS["documents"] = [(c["id"], d["id"]) for c in raw["countries"] for d in c["documents"]]
    tools = httpx.post(f"{host}/api/mcp", json={"jsonrpc": "2.0", "id": 0, "method": "tools/list"}, timeout=30).json()
    portal_tool = next(t for t in tools["result"]["tools"] if t["name"] == "get_portal_constraints")
    IDS["portals"] = portal_tool["inputSchema"]["properties"]["portal"]["enum"]


class Visitor(FastHttpUser):
    # bench/soak.py sets a fixed rate per user; otherwise users pause briefly between requests.
    _rate = float(os.environ.get("PHOTOSPECS_SOAK_RATE_PER_USER", "0"))
    wait_time = constant_throughput(_rate) if _rate else between(0.01, 0.1)

    @task(60)
    def one_country(self):
        country = random.choice(IDS["countries"])
        self.client.get(f"/api/specs?country={country}", name="/api/specs?country=[id]",
                        headers={"accept-encoding": random.choice(["br, gzip", "gzip", "identity"])})

    @task(5)
    def whole_dataset(self):
        query = random.choice(["", "?format=raw"])
        encoding = random.choice(["br", "gzip", "identity"])
        self.client.get(f"/api/specs{query}", name=f"/api/specs{query} ({encoding})", headers={"accept-encoding": encoding})

    @task(5)
    def comparisons(self):
        self.client.get("/api/comparisons", headers={"accept-encoding": "br, gzip"})

    @task(30)
    def mcp_tool_call(self):
        country, document = random.choice(IDS["documents"])
        name, arguments = random.choice([
            ("get_visa_photo_spec", {"country": country, "document_type": document}),
            ("get_visa_photo_spec", {"country": country}),
            ("list_supported_countries", {}),
            ("get_portal_constraints", {"portal": random.choice(IDS["portals"])}),
            ("get_photo_tool_url", {"country": country, "document_type": document}),
        ])
        body = {"jsonrpc": "2.0", "id": next(_request_ids), "method": "tools/call", "params": {"name": name, "arguments": arguments}}
        with self.client.post("/api/mcp", json=body, name=f"/api/mcp {name}", catch_response=True,
                              headers={"mcp-protocol-version": "2025-11-25"}) as response:
            reply = response.json() if response.status_code == 200 else {}
            if reply.get("id") != body["id"] or reply.get("result", {}).get("isError", True):
                response.failure(f"bad reply: {response.status_code} {str(reply)[:200]}")
