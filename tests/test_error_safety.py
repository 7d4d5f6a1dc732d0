"""Error bodies are JSON, never echo input as markup, never show a stack trace or a server path."""

from __future__ import annotations

import json
import logging
from urllib.parse import quote

import pytest
from litestar.testing import TestClient
from photospecs.http.routing import Route
from photospecs.http.send import ErrorRenderer
from photospecs.main import PhotospecsApp
from photospecs.paths import Path

HOSTILE = '<script>alert("x")</script>&' + "x" * 500


def assert_safe(raw: bytes) -> None:
    json.loads(raw)  # well-formed
    for fragment in (b"<", b">", b"&", b"Traceback", b"/work/", b"site-packages", b".py"):
        assert fragment not in raw, fragment
    assert len(raw) < 2000  # input is shortened, not echoed whole


ENCODED = quote(HOSTILE, safe="")


@pytest.mark.parametrize(
    "url",
    [f"/api/specs?country={ENCODED}", f"/api/specs?format={ENCODED}", f"/api/comparisons?competitor={ENCODED}",
     f"/api/specs?{ENCODED}=1&{ENCODED}=2", f"/api/check?document={ENCODED}", f"/api/check?document=us-visa&portal={quote('<b>&')}",
     f"/api/check?document={quote('<i>')}", f"/api/check?document=us-visa&background={quote('<b>')}", f"/api/dataset/{ENCODED}"],
)
def test_rest_errors_do_not_echo_markup(client, url):
    response = client.get(url)
    assert response.status_code in (400, 404)
    assert_safe(response.content)


@pytest.mark.parametrize(
    "message",
    [
        {"jsonrpc": "2.0", "id": 1, "method": HOSTILE},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": HOSTILE}},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get_visa_photo_spec", "arguments": {"country": HOSTILE}}},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get_visa_photo_spec", "arguments": {HOSTILE: "x"}}},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get_portal_constraints", "arguments": {"portal": HOSTILE}}},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "check_photo_measurements", "arguments": {"document": HOSTILE}}},
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "check_photo_measurements", "arguments": {"document": "<i>&"}}},
    ],
)
def test_mcp_errors_do_not_echo_markup(client, message):
    response = client.post("/api/mcp", json=message, headers={"mcp-protocol-version": "2025-11-25"})
    assert_safe(response.content)


def test_a_crash_is_a_plain_500_and_is_logged(caplog):
    async def broken(scope, receive, send) -> int:
        raise RuntimeError("secret detail from /srv/internal/file.py")

    app = PhotospecsApp([Route(Path("boom", "/boom"), broken)], None, ErrorRenderer())
    with caplog.at_level(logging.ERROR, logger="photospecs"), TestClient(app) as client:
        response = client.get("/boom")
    assert response.status_code == 500
    assert response.json() == {"status": 500, "error": "internal_error", "message": "Internal error."}
    assert b"secret" not in response.content
    assert any("secret detail" in (r.exc_text or str(r.exc_info)) for r in caplog.records)
