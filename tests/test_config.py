"""PHOTOSPECS_* settings: defaults, parsing, and errors that name the variable."""

from __future__ import annotations

import pytest
from conftest import SITE, TOOL
from litestar.testing import TestClient
from photospecs.main import app_for
from photospecs.settings import Settings, SettingsError, from_env


def test_defaults():
    settings = from_env({})
    assert settings == Settings()
    assert settings.max_age == 3600 and settings.max_body_bytes == 65536
    assert settings.photo_tool_url == "http://127.0.0.1:8000/tool"  # a local run links to itself


def test_values_are_parsed_from_strings():
    settings = from_env({
        "PHOTOSPECS_SITE_URL": "https://example.org",
        "PHOTOSPECS_TOOL_URL": "https://tool.example.org/make",
        "PHOTOSPECS_MAX_AGE": "60",
        "PHOTOSPECS_ACCESS_LOG": "true",
        "PHOTOSPECS_LOG_LEVEL": "warning",
        "PHOTOSPECS_PORT": "9000",  # belongs to `serve`, ignored here
        "OTHER": "x",
    })
    assert (settings.site_url, settings.photo_tool_url, settings.max_age) == ("https://example.org", "https://tool.example.org/make", 60)
    assert settings.access_log is True and settings.log_level == "warning"


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("PHOTOSPECS_MAX_AGE", "-1"),
        ("PHOTOSPECS_MAX_AGE", "soon"),
        ("PHOTOSPECS_SITE_URL", "ftp://example.org"),
        ("PHOTOSPECS_SITE_URL", "https://example.org/"),
        ("PHOTOSPECS_MAX_BODY_BYTES", "10"),
        ("PHOTOSPECS_LOG_LEVEL", "loud"),
        ("PHOTOSPECS_COLOUR", "blue"),
    ],
)
def test_bad_values_name_the_variable(variable, value):
    with pytest.raises(SettingsError) as caught:
        from_env({variable: value})
    assert str(caught.value).startswith(f"{variable}: ")


def test_site_url_shapes_links(configured):
    with TestClient(app_for(configured), base_url=SITE) as custom:  # the site host passes the Host check
        body = custom.post("/api/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/call",
                                            "params": {"name": "get_photo_tool_url", "arguments": {"country": "us"}}},
                           headers={"mcp-protocol-version": "2025-11-25"}).json()
        assert body["result"]["structuredContent"]["url"] == f"{TOOL}?country=us"
        page = custom.get("/api/comparisons?competitor=visafoto").json()["comparisons"][0]["pageUrl"]
        assert page == f"{SITE}/compare/visafoto"
