"""Fuzzing POST /api/mcp with hypothesis: whatever arrives, the answer is a well-formed JSON-RPC
response (or a documented 4xx with a JSON body), never a 5xx, a hang or an unhandled error."""

from __future__ import annotations

import json
import logging

import msgspec
import pytest
from conftest import Server, local
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

TOOLS = ["list_supported_countries", "get_visa_photo_spec", "get_portal_constraints", "get_photo_tool_url", "check_photo_measurements"]
METHODS = ["initialize", "ping", "tools/list", "tools/call", "server/discover", "notifications/initialized", "resources/list"]
VERSIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"]
META = "io.modelcontextprotocol/protocolVersion"

scalars = (
    st.none() | st.booleans() | st.integers() | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=40)
    # Long strings, made by repeating a short one: drawing 20,000 characters one by one cost most
    # of the fuzzing's time, and what a long string tests (limits, the parser) a repeated one tests too.
    | st.builds(lambda text, times: text * times, st.text(min_size=1, max_size=8), st.integers(min_value=700, max_value=20000))
)
json_values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=12)
ids = json_values | st.integers() | st.text(max_size=20)
arguments = st.dictionaries(
    st.sampled_from(["country", "document_type", "portal", "extra", "document", "widthPx", "headPx", "headMm", "bytes", "background"])
    | st.text(max_size=8),
    st.sampled_from(["us", "GB", "india", "visa", "ds-160", "", "zz", "us-visa", "#ffffff", 600, 0, -1, 1e308, 10**40]) | json_values,
    max_size=5,
)
params = st.one_of(
    json_values,
    st.fixed_dictionaries({"name": st.sampled_from(TOOLS) | json_values}, optional={"arguments": arguments | json_values}),
    st.fixed_dictionaries({"protocolVersion": st.sampled_from(VERSIONS) | json_values}, optional={"capabilities": json_values}),
    st.fixed_dictionaries({"_meta": st.fixed_dictionaries({META: st.sampled_from(VERSIONS) | json_values})}),
)
messages = st.fixed_dictionaries(
    {"method": st.sampled_from(METHODS) | json_values},
    optional={"jsonrpc": st.just("2.0") | json_values, "id": ids, "params": params},
)
bodies = st.one_of(
    messages.map(msgspec.json.encode),
    st.lists(messages | json_values, max_size=40).map(msgspec.json.encode),
    json_values.map(msgspec.json.encode),
    st.binary(max_size=300),
    st.integers(min_value=1, max_value=5000).map(lambda depth: b"[" * depth + b"]" * depth),
    st.integers(min_value=1, max_value=5000).map(lambda depth: b'{"a":' * depth + b"1" + b"}" * depth),
    st.sampled_from([b"1e999999", b'{"jsonrpc":"2.0","id":1e400,"method":"ping"}', b"\xff\xfe\x00", b'"\xed\xa0\x80"',
                     b'{"jsonrpc":"2.0","id":1,"method":"ping"', b"", b"null", b"  "]),
)
headers = st.fixed_dictionaries(
    {}, optional={"mcp-protocol-version": st.sampled_from(VERSIONS) | st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126), max_size=30),
                  "mcp-method": st.sampled_from(METHODS), "mcp-name": st.sampled_from(TOOLS)},
)


def check_reply(status: int, raw: bytes, body: bytes) -> None:
    assert status < 500, (status, raw)
    if status == 202:
        assert raw == b""
        return
    reply = json.loads(raw)
    if status in (408, 413, 415):
        assert set(reply) >= {"status", "error", "message"} and reply["status"] == status
        return
    assert status in (200, 400, 404), status
    for one in reply if isinstance(reply, list) else [reply]:
        assert one["jsonrpc"] == "2.0" and "id" in one
        assert ("result" in one) != ("error" in one)
        if "error" in one:
            assert isinstance(one["error"]["code"], int) and one["error"]["message"]
    try:
        sent = json.loads(body)
    except (ValueError, RecursionError):  # not JSON, or deeper than Python's parser goes
        return
    echoes = isinstance(sent, dict) and isinstance(sent.get("id"), (str, int)) and not isinstance(sent.get("id"), bool)
    if echoes and status != 202 and isinstance(reply, dict) and sent.get("jsonrpc") == "2.0":
        assert reply["id"] == sent["id"]  # echoed exactly


@settings(max_examples=1500, deadline=2000, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture])
@given(body=bodies, extra=headers)
def test_fuzz_in_process(client, caplog, body, extra):
    with caplog.at_level(logging.ERROR, logger="photospecs"):
        response = client.post("/api/mcp", content=body, headers={"content-type": "application/json", **extra})
    check_reply(response.status_code, response.content, body)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "an unhandled error was logged"


@pytest.fixture(scope="module")
def fuzzed_server(prebuilt):
    running = Server(env=prebuilt)  # the pre-built catalog, as a pod loads it
    yield running
    running.stop()


@settings(max_examples=200, deadline=5000, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture])
@given(body=bodies, extra=headers)
def test_fuzz_real_server(fuzzed_server, body, extra):
    response = local.post(f"{fuzzed_server.url}/api/mcp", content=body, headers={"content-type": "application/json", **extra}, timeout=5)
    check_reply(response.status_code, response.content, body)


def test_real_server_logged_no_unhandled_error(fuzzed_server):
    # Runs after the fuzzing above, against the same server.
    assert local.get(f"{fuzzed_server.url}/healthz").status_code == 200
    log = fuzzed_server.stop()
    assert '"level":"error"' not in log and "Traceback" not in log, log[-3000:]
    assert '"event":"startup"' in log  # the log was captured at all
