"""What users send photospecs, as a locust mix.

    locust -f bench/locustfile.py --headless -u 60 -r 20 -t 60s --host http://127.0.0.1:8000

Three kinds of client, in proportion to the users locust starts:

- Browser (6 in 10): site pages from the sitemap, the static files those pages link to
  (revalidated with If-None-Match as a browser does with its cache), now and then one of the
  photo tool's model files (megabytes, sent from files beside a pre-built catalog), one
  country's specs, the odd mistyped id (404 with suggestions), HEAD and CORS preflights (OPTIONS).
- Agent (3 in 10): MCP over POST /api/mcp: tool calls across the tools, resources/list and
  resources/read, prompts/get, completion/complete, and JSON-RPC batches in the revisions
  that have them.
- Integrator (1 in 10): REST clients that fetch documents and portals by id and the whole
  dataset in each encoding, each request on a fresh connection (`Connection: close`): the
  connection churn of short-lived scripts and serverless callers.

Ids, pages and static files are read from the server at start, so the mix follows the dataset
and the site it is pointed at. A response fails the run if its status is not the one expected
(404 is expected for a mistyped id, 304 for a revalidation, 204 for a preflight).
"""

from __future__ import annotations

import html
import itertools
import json
import os
import random
import re

from locust import FastHttpUser, between, constant_throughput, events, task

IDS: dict[str, list] = {"countries": [], "documents": [], "portals": [], "pages": [], "static": [], "models": [], "resources": []}
_request_ids = itertools.count(1)
MODERN = {"mcp-protocol-version": "2025-11-25"}
BATCHING = {"mcp-protocol-version": "2025-03-26"}  # the last revision with JSON-RPC batches
TYPOS = ["germny", "untied-kingdom", "frnace", "austrailia", "new-zeland", "phillipines", "swizerland", "mexiko", "xx", "zzz"]


@events.test_start.add_listener
def load_ids(environment, **_):
    import httpx

    with httpx.Client(base_url=environment.host, timeout=30) as http:
        raw = http.get("/api/specs?format=raw").json()
        IDS["countries"] = [c["id"] for c in raw["countries"]]
        IDS["documents"] = [(c["id"], d["id"]) for c in raw["countries"] for d in c["documents"]]
        tools = http.post("/api/mcp", json={"jsonrpc": "2.0", "id": 0, "method": "tools/list"}).json()
        portal_tool = next(t for t in tools["result"]["tools"] if t["name"] == "get_portal_constraints")
        IDS["portals"] = portal_tool["inputSchema"]["properties"]["portal"]["enum"]
        sitemap = http.get("/sitemap.xml").text
        IDS["pages"] = sorted({re.sub(r"^https?://[^/]+", "", url) for url in re.findall(r"<loc>([^<]+)</loc>", sitemap)})
        home = http.get("/").text
        IDS["static"] = sorted(set(re.findall(r"""["'](/static/[^"'\s]+)["']""", home)))
        models = re.search(r'<script type="application/json" id="tool-models">(.*?)</script>', http.get("/tool").text, re.S)
        IDS["models"] = sorted(json.loads(html.unescape(models.group(1))).values())
        listed = http.post("/api/mcp", json={"jsonrpc": "2.0", "id": 0, "method": "resources/list"}, headers=MODERN).json()
        IDS["resources"] = [r["uri"] for r in listed["result"]["resources"]]


def _rate_or_pause():
    # bench/soak.py sets a fixed rate per user; otherwise users pause briefly between requests.
    rate = float(os.environ.get("PHOTOSPECS_SOAK_RATE_PER_USER", "0"))
    return constant_throughput(rate) if rate else between(0.01, 0.1)


def expect(response, *statuses: int) -> None:
    # locust counts any 4xx as a failure unless told otherwise: a 404 can be the right answer.
    if response.status_code in statuses:
        response.success()
    else:
        response.failure(f"status {response.status_code}, expected {statuses}")


class Browser(FastHttpUser):
    weight = 6
    wait_time = _rate_or_pause()

    def on_start(self):
        self.etags: dict[str, str] = {}

    @task(25)
    def page(self):
        path = random.choice(IDS["pages"])
        with self.client.get(path, name="page", headers={"accept-encoding": "br, gzip", "accept": "text/html"}, catch_response=True) as r:
            expect(r, 200)

    @task(15)
    def static_file(self):
        self._cached(random.choice(IDS["static"]), "static file")

    def _cached(self, path: str, name: str) -> None:
        # The first fetch keeps the ETag; later ones revalidate it, as a browser's cache does.
        headers = {"accept-encoding": "br, gzip"}
        if path in self.etags:
            headers["if-none-match"] = self.etags[path]
        with self.client.get(path, name=name, headers=headers, catch_response=True) as r:
            expect(r, 304 if "if-none-match" in headers else 200)
            if r.status_code == 200:
                self.etags[path] = r.headers.get("etag", "")

    @task(1)
    def tool_model(self):
        # What the tool page fetches once a photo is chosen; cached by the browser afterwards.
        self._cached(random.choice(IDS["models"]), "tool model file")

    @task(15)
    def one_country(self):
        country = random.choice(IDS["countries"])
        with self.client.get(f"/api/specs?country={country}", name="/api/specs?country=[id]",
                             headers={"accept-encoding": random.choice(["br, gzip", "gzip", "identity"])}, catch_response=True) as r:
            expect(r, 200)

    @task(4)
    def mistyped_country(self):
        typed = f"{random.choice(TYPOS)}{random.randint(0, 999)}"
        with self.client.get(f"/api/specs?country={typed}", name="/api/specs?country=[unknown]", catch_response=True) as r:
            expect(r, 404)

    @task(3)
    def head(self):
        # Identity: locust's client would try to decompress the empty body of a HEAD answer.
        with self.client.head(random.choice(IDS["pages"]), name="HEAD page", headers={"accept-encoding": "identity"},
                              catch_response=True) as r:
            expect(r, 200)

    @task(3)
    def preflight(self):
        headers = {"origin": "https://example.org", "access-control-request-method": "POST",
                   "access-control-request-headers": "content-type, mcp-protocol-version"}
        with self.client.request("OPTIONS", random.choice(["/api/mcp", "/api/specs"]), name="OPTIONS (CORS preflight)",
                                 headers=headers, catch_response=True) as r:
            expect(r, 204)


class Agent(FastHttpUser):
    weight = 3
    wait_time = _rate_or_pause()

    def rpc(self, name: str, body, headers=MODERN, batch: int = 0):
        with self.client.post("/api/mcp", json=body, name=f"/api/mcp {name}", headers=headers, catch_response=True) as r:
            reply = r.json() if r.status_code == 200 else None
            replies = reply if isinstance(reply, list) else [reply]
            if r.status_code != 200 or (batch and len(replies) != batch) or any(not m or "result" not in m for m in replies):
                r.failure(f"bad reply: {r.status_code} {str(reply)[:200]}")

    @staticmethod
    def message(method: str, params: dict) -> dict:
        return {"jsonrpc": "2.0", "id": next(_request_ids), "method": method, "params": params}

    @task(12)
    def tool_call(self):
        country, document = random.choice(IDS["documents"])
        name, arguments = random.choice([
            ("get_visa_photo_spec", {"country": country, "document_type": document}),
            ("get_visa_photo_spec", {"country": country}),
            ("list_supported_countries", {}),
            ("get_portal_constraints", {"portal": random.choice(IDS["portals"])}),
            ("get_photo_tool_url", {"country": country, "document_type": document}),
        ])
        self.rpc(name, self.message("tools/call", {"name": name, "arguments": arguments}))

    @task(3)
    def resources(self):
        if random.random() < 0.2:
            self.rpc("resources/list", self.message("resources/list", {}))
        else:
            self.rpc("resources/read", self.message("resources/read", {"uri": random.choice(IDS["resources"])}))

    @task(2)
    def prompt(self):
        _, document = random.choice(IDS["documents"])
        self.rpc("prompts/get", self.message("prompts/get", {"name": "photo_checklist", "arguments": {"document": document}}))

    @task(2)
    def completion(self):
        _, document = random.choice(IDS["documents"])
        typed = document[: random.randint(1, len(document))]
        params = {"ref": {"type": "ref/prompt", "name": "photo_checklist"}, "argument": {"name": "document", "value": typed}}
        self.rpc("completion/complete", self.message("completion/complete", params))

    @task(1)
    def batch(self):
        country, document = random.choice(IDS["documents"])
        messages = [
            self.message("tools/call", {"name": "get_visa_photo_spec", "arguments": {"country": country, "document_type": document}}),
            self.message("resources/read", {"uri": random.choice(IDS["resources"])}),
            self.message("tools/list", {}),
        ]
        self.rpc("batch of 3", messages, headers=BATCHING, batch=3)


class Integrator(FastHttpUser):
    weight = 1
    wait_time = _rate_or_pause()
    # A fresh connection for every request: the server closes each one after answering.
    CHURN = {"connection": "close", "accept-encoding": "gzip"}

    @task(5)
    def document(self):
        _, document = random.choice(IDS["documents"])
        with self.client.get(f"/api/documents/{document}", name="/api/documents/[id]", headers=self.CHURN, catch_response=True) as r:
            expect(r, 200)

    @task(3)
    def portal(self):
        portal = random.choice(IDS["portals"])
        with self.client.get(f"/api/portals/{portal}", name="/api/portals/[id]", headers=self.CHURN, catch_response=True) as r:
            expect(r, 200)

    @task(1)
    def whole_dataset(self):
        query = random.choice(["", "?format=raw"])
        encoding = random.choice(["br", "gzip", "identity"])
        with self.client.get(f"/api/specs{query}", name=f"/api/specs{query} ({encoding})",
                             headers={**self.CHURN, "accept-encoding": encoding}, catch_response=True) as r:
            expect(r, 200)
