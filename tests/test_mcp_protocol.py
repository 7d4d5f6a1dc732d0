"""POST /api/mcp and GET /api/mcp on the wire: every protocol revision and every error path."""

from __future__ import annotations

import gzip
import json

import pytest

MODERN_META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
}
JSON_HEADERS = {"content-type": "application/json", "accept": "application/json, text/event-stream"}


def rpc(client, body, **headers):
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    return client.post("/api/mcp", content=content, headers={**JSON_HEADERS, **headers})


def call(method, params=None, request_id=1):
    message = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return message


@pytest.mark.parametrize("version", ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"])
def test_initialize_echoes_a_supported_revision(client, version):
    response = rpc(client, call("initialize", {"protocolVersion": version, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}))
    assert response.status_code == 200
    result = response.json()["result"]
    assert result["protocolVersion"] == version
    assert result["serverInfo"]["name"] == "photospecs"
    assert "tools" in result["capabilities"]
    assert "mcp-session-id" not in response.headers  # stateless: no session to carry


@pytest.mark.parametrize("version", ["2026-07-28", "1999-01-01", "latest"])
def test_initialize_with_another_revision_gets_our_newest_handshake(client, version):
    response = rpc(client, call("initialize", {"protocolVersion": version, "capabilities": {}}))
    assert response.json()["result"]["protocolVersion"] == "2025-11-25"


def test_notifications_get_202_without_body(client):
    for method in ("notifications/initialized", "notifications/cancelled", "notifications/anything"):
        response = rpc(client, {"jsonrpc": "2.0", "method": method})
        assert response.status_code == 202
        assert response.content == b""


def test_ping(client):
    assert rpc(client, call("ping")).json() == {"jsonrpc": "2.0", "id": 1, "result": {}}


@pytest.mark.parametrize("request_id", [0, 7, -3, 2**53, "abc", "", "ü-\"quoted\"", 1.5, None])
def test_request_id_is_echoed_exactly(client, request_id):
    assert rpc(client, call("ping", request_id=request_id)).json()["id"] == request_id


def test_structured_content_only_from_2025_06_18(client):
    params = {"name": "get_visa_photo_spec", "arguments": {"country": "us"}}
    old = rpc(client, call("tools/call", params), **{"mcp-protocol-version": "2025-03-26"}).json()["result"]
    new = rpc(client, call("tools/call", params), **{"mcp-protocol-version": "2025-11-25"}).json()["result"]
    default = rpc(client, call("tools/call", params)).json()["result"]  # no header: 2025-03-26
    assert "structuredContent" not in old and "structuredContent" not in default
    assert json.loads(new["content"][0]["text"]) == new["structuredContent"]
    assert old["content"] == new["content"][:1]  # the JSON text block; resource links follow from 2025-06-18
    links = [block for block in new["content"][1:] if block["type"] == "resource_link"]
    assert {link["uri"] for link in links} >= {"http://127.0.0.1:8000/countries/us", "http://127.0.0.1:8000/api/specs?country=us"}
    assert all(block["type"] == "text" for block in old["content"])


def test_2026_revision_is_stateless_with_discover(client):
    headers = {"mcp-protocol-version": "2026-07-28", "mcp-method": "server/discover"}
    discover = rpc(client, call("server/discover", {"_meta": MODERN_META}), **headers).json()["result"]
    assert "2026-07-28" in discover["supportedVersions"]
    assert discover["resultType"] == "complete"
    assert discover["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "photospecs"

    listing = rpc(client, call("tools/list", {"_meta": MODERN_META}), **{"mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list"}).json()["result"]
    assert listing["resultType"] == "complete" and listing["cacheScope"] in ("public", "private")
    assert isinstance(listing["ttlMs"], int)

    params = {"name": "get_photo_tool_url", "arguments": {}, "_meta": MODERN_META}
    result = rpc(client, call("tools/call", params), **{"mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "get_photo_tool_url"}).json()["result"]
    assert result["resultType"] == "complete" and result["structuredContent"]["url"]


def test_initialize_does_not_exist_in_2026(client):
    response = rpc(client, call("initialize", {"protocolVersion": "2026-07-28", "_meta": MODERN_META}), **{"mcp-protocol-version": "2026-07-28", "mcp-method": "initialize"})
    assert response.status_code == 404
    assert response.json()["error"]["code"] == -32601


@pytest.mark.parametrize("version", ["2027-01-01", "garbage", "2025-13-99"])
def test_unsupported_version_header_is_32022_with_supported_list(client, version):
    response = rpc(client, call("tools/list"), **{"mcp-protocol-version": version})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == -32022
    assert "2025-11-25" in error["data"]["supported"] and "2026-07-28" in error["data"]["supported"]
    assert error["data"]["requested"] == version


def test_unsupported_version_in_meta(client):
    meta = {**MODERN_META, "io.modelcontextprotocol/protocolVersion": "2030-01-01"}
    assert rpc(client, call("tools/list", {"_meta": meta})).json()["error"]["code"] == -32022


def test_malformed_version_in_meta(client):
    meta = {**MODERN_META, "io.modelcontextprotocol/protocolVersion": 2026}
    assert rpc(client, call("tools/list", {"_meta": meta})).json()["error"]["code"] == -32602


def test_2026_request_without_capabilities_is_invalid_params(client):
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}
    response = rpc(client, call("tools/list", {"_meta": meta}), **{"mcp-protocol-version": "2026-07-28"})
    assert response.status_code == 400 and response.json()["error"]["code"] == -32602


@pytest.mark.parametrize(
    "headers",
    [{"mcp-protocol-version": "2025-11-25"}, {"mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call"}],
)
def test_header_mismatch_is_32020(client, headers):
    response = rpc(client, call("tools/list", {"_meta": MODERN_META}), **headers)
    assert response.status_code == 400 and response.json()["error"]["code"] == -32020


@pytest.mark.parametrize(
    ("body", "code", "request_id"),
    [
        (b"{not json", -32700, None),
        (b"", -32700, None),
        (b"\xff\xfe", -32700, None),
        (b"[" * 5000 + b"]" * 5000, -32700, None),  # deeper than the decoder allows
        (b"42", -32600, None),
        (b'"text"', -32600, None),
        (b"[]", -32600, None),
        (b'{"jsonrpc":"1.0","id":3,"method":"ping"}', -32600, 3),
        (b'{"id":3,"method":"ping"}', -32600, 3),
        (b'{"jsonrpc":"2.0","id":3,"method":5}', -32600, 3),
        (b'{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', -32600, None),
        (b'{"jsonrpc":"2.0","id":true,"method":"ping"}', -32600, None),
        (b'{"jsonrpc":"2.0","id":3,"method":"ping","params":[1,2]}', -32602, 3),
    ],
)
def test_malformed_messages(client, body, code, request_id):
    response = rpc(client, body)
    assert response.status_code == 400
    reply = response.json()
    assert reply["jsonrpc"] == "2.0" and reply["id"] == request_id
    assert reply["error"]["code"] == code and reply["error"]["message"]


@pytest.mark.parametrize(
    ("method", "params", "code"),
    [
        ("resources/subscribe", None, -32601),
        ("no/such/method", {}, -32601),
        ("tools/call", None, -32602),
        ("tools/call", {"name": 5}, -32602),
        ("tools/call", {"name": "get_visa_photo_spec", "arguments": [1]}, -32602),
        ("tools/call", {"name": "nope", "arguments": {}}, -32602),
        ("initialize", {}, -32602),
    ],
)
def test_method_and_param_errors(client, method, params, code):
    response = rpc(client, call(method, params, request_id="x"))
    assert response.status_code == 200  # handshake revisions: errors travel in a 200
    reply = response.json()
    assert reply["id"] == "x" and reply["error"]["code"] == code
    assert reply["error"]["message"]


def test_unknown_tool_lists_the_tools(client):
    error = rpc(client, call("tools/call", {"name": "nope"})).json()["error"]
    assert set(error["data"]["tools"]) == {"list_supported_countries", "get_visa_photo_spec", "get_portal_constraints", "get_photo_tool_url", "check_photo_measurements"}


@pytest.mark.parametrize(
    ("arguments", "text"),
    [
        ({}, "country is required"),
        ({"country": 5}, "must be a string"),
        ({"country": "us", "colour": "red"}, "unknown argument"),
        ({"country": "us", "document_type": "spaceship"}, "has no document"),
        ({"country": "atlantis"}, "no country"),
    ],
)
def test_tool_argument_errors_are_tool_results(client, arguments, text):
    reply = rpc(client, call("tools/call", {"name": "get_visa_photo_spec", "arguments": arguments})).json()
    assert reply["result"]["isError"] is True
    assert text in json.loads(reply["result"]["content"][0]["text"])["error"]


def test_document_type_takes_an_id_a_kind_or_a_legacy_id(client):
    def spec(arguments):
        params = {"name": "get_visa_photo_spec", "arguments": arguments}
        result = rpc(client, call("tools/call", params), **{"mcp-protocol-version": "2025-11-25"}).json()["result"]
        return [d["id"] for d in result["structuredContent"]["documents"]]

    assert spec({"country": "us", "document_type": "us-visa"}) == ["us-visa"]
    assert spec({"country": "US", "document_type": "VISA"}) == ["us-visa"]
    assert len(spec({"country": "united states"})) > 1


def test_batches(client):
    batch = [call("ping", request_id=1), {"jsonrpc": "2.0", "method": "notifications/x"}, call("nope", request_id=2), 7]
    response = rpc(client, batch)
    assert response.status_code == 200
    replies = response.json()
    assert [r["id"] for r in replies] == [1, 2, None]
    assert replies[0]["result"] == {} and replies[1]["error"]["code"] == -32601 and replies[2]["error"]["code"] == -32600


def test_batch_of_notifications_is_202(client):
    assert rpc(client, [{"jsonrpc": "2.0", "method": "notifications/a"}] * 3).status_code == 202


def test_batch_length_is_capped(client):
    reply = rpc(client, [call("ping")] * 33)
    assert reply.status_code == 400 and "at most 32" in reply.json()["error"]["message"]


# --- HTTP transport ----------------------------------------------------------------------------


def test_body_over_the_limit_is_413(client):
    response = rpc(client, b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"' + b"x" * 70_000 + b'"}}')
    assert response.status_code == 413
    assert response.json()["error"] == "body_too_large"


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_non_json_content_type_is_415(client, content_type):
    headers = {"content-type": content_type} if content_type else {}
    response = client.post("/api/mcp", content=json.dumps(call("ping")), headers=headers)
    assert response.status_code == 415
    assert response.json()["error"] == "unsupported_media_type"


def test_json_content_type_with_charset_is_accepted(client):
    response = client.post("/api/mcp", content=json.dumps(call("ping")), headers={"content-type": "application/json; charset=utf-8"})
    assert response.status_code == 200


def test_discovery_document(client):
    response = client.get("/api/mcp", headers={"accept": "application/json"})
    assert response.status_code == 200
    body = response.json()
    assert body["name"] == "photospecs" and body["version"]
    assert "2024-11-05" in body["protocolVersions"] and "2026-07-28" in body["protocolVersions"]
    assert len(body["tools"]) == 5 and all(t["description"] for t in body["tools"])
    assert body["endpoints"]["mcp"].endswith("/api/mcp") and body["endpoints"]["dataset"].endswith("/api/dataset")
    assert body["dataset"]["license"] == "MIT" and body["dataset"]["url"].endswith("/api/dataset")
    assert client.get("/api/mcp").status_code == 200  # no Accept at all


def test_event_stream_get_is_405(client):
    response = client.get("/api/mcp", headers={"accept": "text/event-stream"})
    assert response.status_code == 405
    assert "POST" in response.headers["allow"]
    assert response.json()["error"] == "no_event_stream"


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH"])
def test_other_methods_are_405(client, method):
    response = client.request(method, "/api/mcp")
    assert response.status_code == 405 and response.headers["allow"] == "GET, HEAD, POST, OPTIONS"


def test_cors_exposes_mcp_headers(client):
    preflight = client.options("/api/mcp", headers={"origin": "https://agent.example", "access-control-request-method": "POST",
                                                    "access-control-request-headers": "content-type, mcp-protocol-version"})
    assert preflight.status_code == 204
    allowed = preflight.headers["access-control-allow-headers"].lower()
    assert "mcp-protocol-version" in allowed and "mcp-session-id" in allowed
    assert "POST" in preflight.headers["access-control-allow-methods"]
    response = rpc(client, call("ping"))
    assert response.headers["access-control-allow-origin"] == "*"
    exposed = response.headers["access-control-expose-headers"].lower()
    assert "mcp-protocol-version" in exposed and "mcp-session-id" in exposed


MODERN = {"mcp-protocol-version": "2026-07-28"}


def test_2026_removed_ping_but_older_revisions_keep_it(client):
    response = rpc(client, call("ping", {"_meta": MODERN_META}), **MODERN, **{"mcp-method": "ping"})
    assert response.status_code == 404 and response.json()["error"]["code"] == -32601
    assert rpc(client, call("ping"), **{"mcp-protocol-version": "2025-11-25"}).json()["result"] == {}


@pytest.mark.parametrize("method, params, headers", [
    ("tools/list", {}, {}),  # no Mcp-Method
    ("tools/list", {}, {"mcp-method": "tools/call"}),  # a different one
    ("tools/call", {"name": "list_supported_countries", "arguments": {}}, {"mcp-method": "tools/call"}),  # no Mcp-Name
    ("tools/call", {"name": "list_supported_countries", "arguments": {}}, {"mcp-method": "tools/call", "mcp-name": "get_photo_tool_url"}),
])
def test_2026_requires_the_method_and_name_headers(client, method, params, headers):
    response = rpc(client, call(method, {**params, "_meta": MODERN_META}), **MODERN, **headers)
    assert response.status_code == 400 and response.json()["error"]["code"] == -32020


def test_every_2026_result_names_the_server(client):
    for method, params, extra in [
        ("tools/list", {}, {}),
        ("tools/call", {"name": "get_photo_tool_url", "arguments": {}}, {"mcp-name": "get_photo_tool_url"}),
        ("server/discover", {}, {}),
    ]:
        result = rpc(client, call(method, {**params, "_meta": MODERN_META}), **MODERN, **{"mcp-method": method}, **extra).json()["result"]
        info = result["_meta"]["io.modelcontextprotocol/serverInfo"]
        assert info["name"] == "photospecs" and info["websiteUrl"] and info["icons"][0]["src"].endswith("/favicon.svg")


def test_server_info_has_website_and_icons_from_2025_11_25(client):
    new = rpc(client, call("initialize", {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}})).json()
    assert new["result"]["serverInfo"]["websiteUrl"] == "http://127.0.0.1:8000/"
    old = rpc(client, call("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}})).json()
    assert "icons" not in old["result"]["serverInfo"]


def test_an_unknown_cursor_is_invalid_params(client):
    response = rpc(client, call("tools/list", {"cursor": "bogus"}), **{"mcp-protocol-version": "2025-11-25"})
    assert response.json()["error"]["code"] == -32602


@pytest.mark.parametrize("version, batches", [("2024-11-05", True), ("2025-03-26", True), ("2025-06-18", False), ("2025-11-25", False)])
def test_batches_only_where_the_revision_defines_them(client, version, batches):
    response = rpc(client, [call("ping", request_id=1), call("ping", request_id=2)], **{"mcp-protocol-version": version})
    if batches:
        assert response.status_code == 200 and len(response.json()) == 2
    else:
        assert response.status_code == 400 and response.json()["error"]["code"] == -32600


@pytest.mark.parametrize("host, allowed", [
    ("127.0.0.1:8000", True), ("localhost", True), ("[::1]:8000", True),
    ("evil.example.com", False), ("evil.example.com:8000", False), ("127.0.0.1.evil.example", False),
])
def test_dns_rebinding_guard_checks_the_host(client, host, allowed):
    headers = {"host": host, "origin": f"http://{host}"}
    response = rpc(client, call("tools/list"), **headers)
    if allowed:
        assert response.status_code == 200
    else:
        assert response.status_code == 403 and response.json()["error"]["code"] == -32600


def test_resources_list_pages_with_a_working_cursor_and_reads_the_same_bytes_as_rest(client):
    seen, cursor = [], None
    while True:
        params = {"cursor": cursor} if cursor else {}
        result = rpc(client, call("resources/list", params), **{"mcp-protocol-version": "2025-11-25"}).json()["result"]
        seen += result["resources"]
        cursor = result.get("nextCursor")
        if cursor is None:
            break
    uris = {r["uri"] for r in seen}
    assert len(uris) == len(seen) > 300
    assert "http://127.0.0.1:8000/api/documents/us-visa" in uris and "http://127.0.0.1:8000/api/icao" in uris
    read = rpc(client, call("resources/read", {"uri": "http://127.0.0.1:8000/api/documents/us-visa"})).json()["result"]
    assert read["contents"][0]["text"] == client.get("/api/documents/us-visa", headers={"accept-encoding": "identity"}).text
    missing = rpc(client, call("resources/read", {"uri": "http://127.0.0.1:8000/api/documents/nope"})).json()
    assert missing["error"]["code"] == -32002


def test_2026_lists_and_reads_carry_caching_hints(client):
    headers = {**MODERN, "mcp-method": "resources/read", "mcp-name": "http://127.0.0.1:8000/api/icao"}
    read = rpc(client, call("resources/read", {"uri": "http://127.0.0.1:8000/api/icao", "_meta": MODERN_META}), **headers).json()["result"]
    assert read["ttlMs"] > 0 and read["cacheScope"] == "public"
    for method in ("resources/list", "resources/templates/list", "prompts/list"):
        result = rpc(client, call(method, {"_meta": MODERN_META}), **MODERN, **{"mcp-method": method}).json()["result"]
        assert result["ttlMs"] > 0 and result["cacheScope"] == "public", method


@pytest.mark.parametrize("version, status, code", [("2025-11-25", 200, -32002), ("2026-07-28", 400, -32602)])
def test_resource_not_found_code_follows_the_revision(client, version, status, code):
    """SEP-2164: 2026-07-28 answers a missing resource with -32602, never an empty contents
    array; the handshake revisions keep the -32002 their clients know."""
    uri = "http://127.0.0.1:8000/api/documents/nope"
    params: dict = {"uri": uri}
    headers = {"mcp-protocol-version": version}
    if version == "2026-07-28":
        params["_meta"] = MODERN_META
        headers |= {"mcp-method": "resources/read", "mcp-name": uri}
    response = rpc(client, call("resources/read", params, request_id=9), **headers)
    assert response.status_code == status
    assert response.json() == {"jsonrpc": "2.0", "id": 9, "error": {"code": code, "message": "Resource not found", "data": {"uri": uri}}}


def test_completion_of_template_arguments(client):
    def complete(name, value):
        params = {"ref": {"type": "ref/resource", "uri": "http://127.0.0.1:8000/api/documents/{document}"}, "argument": {"name": name, "value": value}}
        return rpc(client, call("completion/complete", params)).json()["result"]["completion"]["values"]

    assert "us-visa" in complete("document", "us-v")
    assert complete("country", "United Ki") == ["uk"]  # names and ISO codes complete to ids, as REST resolves them
    assert complete("country", "GBR") == ["uk"]
    assert "ds-160" in complete("portal", "ds")


def test_checklist_prompt(client):
    listed = rpc(client, call("prompts/list")).json()["result"]["prompts"]
    assert listed[0]["name"] == "photo_checklist"
    got = rpc(client, call("prompts/get", {"name": "photo_checklist", "arguments": {"document": "us-visa"}})).json()["result"]
    text = got["messages"][0]["content"]["text"]
    assert "600 x 600 px" in text and "DS-160" in text
    got = rpc(client, call("prompts/get", {"name": "photo_checklist", "arguments": {"document": "tuvalu-passport"}})).json()["result"]
    text = got["messages"][0]["content"]["text"]
    assert "publishes no size" in text and "px" not in text and "office takes" not in text


def raw_reply(client, body, **headers):
    """Status, headers and the bytes on the wire, before the client decodes them."""
    content = json.dumps(body).encode()
    with client.stream("POST", "/api/mcp", content=content, headers={**JSON_HEADERS, **headers}) as response:
        return response.status_code, response.headers, b"".join(response.iter_raw())


MODERN_LIST = {"mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "list_supported_countries"}


# 2024-11-05 sends only the start of the stored result (the text block), gzipped from its own
# deflated segment; the later revisions send all of it.
@pytest.mark.parametrize(
    ("version_headers", "meta"),
    [({"mcp-protocol-version": "2024-11-05"}, None), ({"mcp-protocol-version": "2025-11-25"}, None), (MODERN_LIST, MODERN_META)],
)
def test_large_results_are_gzipped_for_clients_that_accept_it(client, version_headers, meta):
    params = {"name": "list_supported_countries", "arguments": {}, **({"_meta": meta} if meta else {})}
    message = call("tools/call", params, request_id="id-\u00e9")
    status, headers, plain = raw_reply(client, message, **version_headers, **{"accept-encoding": "identity"})
    assert status == 200 and "content-encoding" not in headers
    status, headers, wire = raw_reply(client, message, **version_headers, **{"accept-encoding": "br;q=1, gzip;q=0.8"})
    assert status == 200 and headers["content-encoding"] == "gzip" and "accept-encoding" in headers["vary"]
    assert int(headers["content-length"]) == len(wire) < len(plain) / 3
    assert gzip.decompress(wire) == plain  # one valid member: the CRC and length check out
    reply = json.loads(plain)
    result = reply["result"]
    assert reply["id"] == "id-\u00e9" and json.loads(result["content"][0]["text"])["count"] > 100
    if version_headers["mcp-protocol-version"] == "2024-11-05":
        assert result == {"content": [result["content"][0]], "isError": False}
    else:
        assert result["structuredContent"] == json.loads(result["content"][0]["text"])
    assert ("_meta" in result) == (meta is not None)


@pytest.mark.parametrize("accept_encoding", ["br", "gzip;q=0", "identity", ""])
def test_no_gzip_unless_the_client_takes_it(client, accept_encoding):
    params = {"name": "list_supported_countries", "arguments": {}}
    version = {"mcp-protocol-version": "2025-11-25"}
    _, headers, wire = raw_reply(client, call("tools/call", params), **version, **{"accept-encoding": accept_encoding})
    assert "content-encoding" not in headers and json.loads(wire)["result"]["structuredContent"]["count"] > 100


def test_small_replies_go_identity(client):
    _, headers, wire = raw_reply(client, call("ping"), **{"accept-encoding": "gzip"})
    assert "content-encoding" not in headers and json.loads(wire)["result"] == {}
    _, headers, wire = raw_reply(client, call("tools/call", {"name": "nope"}), **{"accept-encoding": "gzip"})
    assert "content-encoding" not in headers and json.loads(wire)["error"]["code"] == -32602


def test_a_call_asked_again_gets_its_own_id_and_the_answer_its_revision_gives(client):
    """Answers are remembered by method, params and protocol headers (mcp/protocol.py MEMO_SIZE),
    never by id: the same call asked again under other ids and another revision answers each as
    if it were the first."""
    params = {"name": "get_visa_photo_spec", "arguments": {"country": "us", "document_type": "passport"}}
    first = rpc(client, call("tools/call", params, request_id=1), **{"mcp-protocol-version": "2025-11-25"}).json()
    again = rpc(client, call("tools/call", params, request_id="second"), **{"mcp-protocol-version": "2025-11-25"}).json()
    assert (first["id"], again["id"]) == (1, "second")
    assert first["result"] == again["result"] and "structuredContent" in again["result"]
    older = rpc(client, call("tools/call", params, request_id=3), **{"mcp-protocol-version": "2024-11-05"}).json()
    assert older["id"] == 3 and "structuredContent" not in older["result"]
    assert older["result"]["content"][0] == first["result"]["content"][0]
    # A tool error (an isError result) is answered the same way, with its own id each time.
    missing = {"name": "get_visa_photo_spec", "arguments": {"country": "atlantis"}}
    for request_id in (4, 5):
        result = rpc(client, call("tools/call", missing, request_id=request_id)).json()
        assert result["id"] == request_id and result["result"]["isError"] is True
