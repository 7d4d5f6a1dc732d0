"""Against a real `photospecs serve` (granian) process on a free port."""

from __future__ import annotations

import gzip

import brotli
import httpx
from conftest import local


def raw_get(server, path, **headers):
    # Transport-level bytes: httpx must not decode, so the encoded body can be checked.
    with httpx.Client(base_url=server.url, headers={"accept-encoding": "identity"}) as http, http.stream("GET", path, headers=headers) as response:
        return response, b"".join(response.iter_raw())


def test_specs_for_one_country(server):
    response, body = raw_get(server, "/api/specs?country=GB")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.headers["server"] == "granian"
    assert b'"id":"uk"' in body


def test_full_dataset_is_compressed_for_clients_that_accept_it(server):
    _, identity = raw_get(server, "/api/specs?format=raw")
    response, encoded = raw_get(server, "/api/specs?format=raw", **{"accept-encoding": "gzip, deflate, br"})
    assert response.headers["content-encoding"] == "br"
    assert brotli.decompress(encoded) == identity
    response, encoded = raw_get(server, "/api/specs?format=raw", **{"accept-encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    assert gzip.decompress(encoded) == identity
    assert len(encoded) < len(identity) / 4


def test_a_page_kept_compressed_is_the_same_page_in_every_coding(server):
    """English pages are kept in brotli and gzip; a client asking for neither gets the body made
    from them, with its own validator, length and 304."""
    plain, body = raw_get(server, "/us-visa-photo")
    assert plain.status_code == 200 and "content-encoding" not in plain.headers and b"</html>" in body
    assert int(plain.headers["content-length"]) == len(body)
    _, br = raw_get(server, "/us-visa-photo", **{"accept-encoding": "br"})
    gzipped, gz = raw_get(server, "/us-visa-photo", **{"accept-encoding": "gzip"})
    assert brotli.decompress(br) == gzip.decompress(gz) == body
    assert plain.headers["etag"] == gzipped.headers["etag"].replace("-gzip", "")
    again, empty = raw_get(server, "/us-visa-photo", **{"if-none-match": plain.headers["etag"]})
    assert again.status_code == 304 and empty == b""


def test_conditional_get_and_head(server):
    response, _ = raw_get(server, "/api/comparisons")
    etag = response.headers["etag"]
    again, body = raw_get(server, "/api/comparisons", **{"if-none-match": etag})
    assert again.status_code == 304 and body == b""
    head = local.head(f"{server.url}/api/comparisons", headers={"accept-encoding": "identity"})
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-length"] == response.headers["content-length"]


def test_errors_over_the_wire(server):
    response, body = raw_get(server, "/api/specs?country=narnia")
    assert response.status_code == 404 and b'"unknown_country"' in body
    response, body = raw_get(server, "/api/specs?format=csv")
    assert response.status_code == 400 and b'"allowed":["raw"]' in body


def test_mcp_round_trip(server):
    reply = local.post(
        f"{server.url}/api/mcp",
        json={"jsonrpc": "2.0", "id": 41, "method": "tools/call",
              "params": {"name": "get_portal_constraints", "arguments": {"portal": "uk-passport-online"}}},
        headers={"mcp-protocol-version": "2025-06-18"},
    )
    assert reply.status_code == 200
    body = reply.json()
    assert body["id"] == 41
    assert body["result"]["structuredContent"]["portal"]["country"] == "uk"
