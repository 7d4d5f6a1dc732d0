"""check_photo as the service answers it: GET /api/check and the check_photo_measurements MCP
tool, both through the app, on the shared table of cases (tests/check_cases.json) that the
reference, the wheel and the npm package answer too (test_photocheck.py, test_export_packages.py):
the same inputs give the same answer everywhere. Then the bounds that keep a call cheap."""

from __future__ import annotations

import json

import pytest
from exported import CASES, expected, reference_answer
from jsonschema import Draft202012Validator

MODERN_META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
TOOL = "check_photo_measurements"


def rest_answer(client, given: dict) -> dict:
    """A case through GET /api/check: the answer as the table writes it ({"result"} or {"error"})."""
    response = client.get("/api/check", params={key: str(value) for key, value in given.items()})
    body = response.json()
    if response.status_code != 200:
        assert response.status_code in (400, 404) and body["status"] == response.status_code
        return {"error": body["message"]}
    assert response.headers["cache-control"].startswith("public, max-age=")
    return {"result": {"verdict": body["verdict"], "rules": body["rules"]}}


def mcp_call(client, arguments: dict, version: str = "2025-11-25") -> dict:
    message = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": TOOL, "arguments": arguments}}
    headers = {"content-type": "application/json", "mcp-protocol-version": version}
    if version == "2026-07-28":
        message["params"]["_meta"] = MODERN_META
        headers |= {"mcp-method": "tools/call", "mcp-name": TOOL}
    response = client.post("/api/mcp", content=json.dumps(message), headers=headers)
    assert response.status_code == 200
    reply = response.json()
    assert reply["id"] == 7
    return reply["result"]


def mcp_answer(client, given: dict) -> dict:
    result = mcp_call(client, given)
    text = json.loads(result["content"][0]["text"])
    if result["isError"]:
        return {"error": text["error"]}
    assert text == result["structuredContent"]
    return {"result": {"verdict": text["verdict"], "rules": text["rules"]}}


@pytest.fixture(scope="module")
def served_views(catalog):
    """The view models behind the catalog the app serves."""
    return catalog.rest.checker.views


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_rest_answers_each_case_as_the_reference(client, served_views, case):
    answer = rest_answer(client, case["input"])
    expected(case, answer)
    assert answer == reference_answer(served_views, case)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_tool_answers_each_case_as_the_reference(client, served_views, case):
    answer = mcp_answer(client, case["input"])
    expected(case, answer)
    assert answer == reference_answer(served_views, case)


def test_the_tool_result_matches_its_output_schema_and_cites_the_dataset(client):
    [definition] = [t for t in client.get("/api/mcp").json()["tools"] if t["name"] == TOOL]
    assert "no image is ever sent" in definition["description"]
    listed = json.loads(mcp_listing(client))
    [tool] = [t for t in listed if t["name"] == TOOL]
    assert tool["inputSchema"]["required"] == ["document"] and tool["annotations"]["readOnlyHint"] is True
    assert tool["inputSchema"]["properties"]["widthPx"]["type"] == "number"
    result = mcp_call(client, CASES[0]["input"])
    Draft202012Validator(tool["outputSchema"]).validate(result["structuredContent"])
    content = result["structuredContent"]
    assert (content["document"], content["portal"], content["verdict"]) == ("us-visa", "ds-160", "pass")
    assert content["dataset"]["url"].endswith("/api/dataset") and content["sourceUrl"].endswith("/us-visa-photo")
    assert any(block["type"] == "resource_link" for block in result["content"][1:])


def mcp_listing(client) -> str:
    reply = client.post("/api/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers={"mcp-protocol-version": "2025-11-25"})
    return json.dumps(reply.json()["result"]["tools"])


@pytest.mark.parametrize("version", ["2024-11-05", "2025-03-26", "2025-06-18", "2026-07-28"])
def test_every_revision_gets_the_shape_it_speaks(client, version):
    result = mcp_call(client, {"document": "us-visa", "widthPx": 600, "heightPx": 600}, version)
    assert json.loads(result["content"][0]["text"])["verdict"] == "incomplete"
    assert ("structuredContent" in result) == (version >= "2025-06-18")


@pytest.mark.parametrize(
    ("arguments", "text"),
    [
        ({}, "document is required"),
        ({"document": "us-visa", "widthPx": "600"}, "argument 'widthPx' must be a number"),
        ({"document": "us-visa", "widthPx": True}, "argument 'widthPx' must be a number"),
        ({"document": "us-visa", "widthPx": 10**40}, "argument 'widthPx' must be at most 100000"),
        ({"document": "us-visa", "bytes": 2e9}, "argument 'bytes' must be at most 1000000000"),
        ({"document": "us-visa", "headMm": 30, "headPx": 300}, "given twice"),
        ({"document": "x" * 5000}, "argument 'document' is limited to 80 characters"),
        ({"document": "us-visa", "format": ""}, "format is empty"),
        ({"document": "us-visa", "background": "#ffffff00"}, "argument 'background' is limited to 7 characters"),
        ({"document": "us-visa", "image": "data:..."}, "unknown argument"),
        ({"document": 5}, "argument 'document' must be a string"),
    ],
)
def test_bad_arguments_are_tool_errors(client, arguments, text):
    result = mcp_call(client, arguments)
    assert result["isError"] is True
    assert text in json.loads(result["content"][0]["text"])["error"]


def test_an_unknown_id_suggests_close_ones(client):
    result = mcp_call(client, {"document": "us-visaa"})
    assert result["isError"] is True and "us-visa" in json.loads(result["content"][0]["text"])["suggestions"]
    body = client.get("/api/check", params={"document": "us-visa", "portal": "ds160"}).json()
    assert body["error"] == "unknown_portal" and "ds-160" in body["suggestions"]


def test_an_alias_of_an_id_is_checked_as_the_id(client):
    body = client.get("/api/check", params={"document": "US-Visa-Photo", "portal": "DS-160"}).json()
    assert (body["document"], body["portal"]) == ("us-visa", "ds-160")


@pytest.mark.parametrize(
    ("query", "status", "error"),
    [
        ("", 400, "missing_parameter"),
        ("document=", 400, "empty_parameter"),
        ("document=us-visa&widthPx=600px", 400, "not_a_number"),
        ("document=us-visa&widthPx=nan", 400, "not_a_number"),
        ("document=us-visa&widthPx=inf", 400, "not_a_number"),
        ("document=us-visa&widthPx=0x10", 400, "not_a_number"),
        ("document=us-visa&widthPx=" + "1" * 30, 400, "not_a_number"),
        ("document=us-visa&widthPx=1e6", 400, "out_of_range"),
        ("document=us-visa&headMm=1001", 400, "out_of_range"),
        ("document=us-visa&widthPx=-600", 400, "invalid_measurement"),
        ("document=us-visa&format=" + "j" * 17, 400, "parameter_too_long"),
        ("document=us-visa&widthPx=1&widthPx=2", 400, "repeated_parameter"),
        ("document=atlantis-passport", 404, "unknown_document"),
    ],
)
def test_rest_refuses_bad_input_with_a_clear_error(client, query, status, error):
    response = client.get("/api/check?" + query)
    assert (response.status_code, response.json()["error"]) == (status, error)
    assert response.headers["cache-control"] == "no-store"


def test_numbers_in_the_query_read_as_the_json_numbers(client):
    """600, 600.0 and 6e2 are one number; the answer shows it as the JSON inputs give it."""
    bodies = {client.get(f"/api/check?document=us-visa&widthPx={text}&heightPx=600").content for text in ("600", "600.0", "6e2")}
    assert len(bodies) == 1 and b'"value":600,' in bodies.pop()


def test_unknown_parameters_are_ignored_and_head_answers(client):
    plain = client.get("/api/check?document=us-visa")
    assert client.get("/api/check?document=us-visa&utm_source=x").content == plain.content
    head = client.head("/api/check?document=us-visa")
    assert head.status_code == 200 and head.content == b""
