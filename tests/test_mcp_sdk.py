"""The official MCP Python SDK as a client, over HTTP, against a real granian process, in each
of its connection modes."""

from __future__ import annotations

import json

import anyio
import pytest
from mcp import Client, MCPError

MODES = ["auto", "legacy", "2026-07-28"]


def run(coroutine_function, *args):
    return anyio.run(coroutine_function, *args)


async def _session(url: str, mode: str, calls):
    async with Client(f"{url}/api/mcp", mode=mode, read_timeout_seconds=10) as client:
        return client.protocol_version, await calls(client)


@pytest.mark.parametrize("mode", MODES)
def test_lists_the_five_read_only_tools(server, mode):
    async def calls(client):
        return (await client.list_tools()).tools

    version, tools = run(_session, server.url, mode, calls)
    assert version == ("2025-11-25" if mode == "legacy" else "2026-07-28")
    by_name = {tool.name: tool for tool in tools}
    assert set(by_name) == {"list_supported_countries", "get_visa_photo_spec", "get_portal_constraints", "get_photo_tool_url", "check_photo_measurements"}
    for tool in tools:
        assert tool.title and tool.description
        assert tool.annotations.read_only_hint is True
        assert tool.annotations.idempotent_hint is True
        assert tool.annotations.open_world_hint is False
        assert tool.input_schema["additionalProperties"] is False
        assert tool.output_schema["type"] == "object"
    assert by_name["get_visa_photo_spec"].input_schema["required"] == ["country"]
    assert "ds-160" in by_name["get_portal_constraints"].input_schema["properties"]["portal"]["enum"]


@pytest.mark.parametrize("mode", MODES)
def test_calls_every_tool(server, mode):
    async def calls(client):
        return [
            await client.call_tool("list_supported_countries", {}),
            await client.call_tool("get_visa_photo_spec", {"country": "USA", "document_type": "passport"}),
            await client.call_tool("get_portal_constraints", {"portal": "ds-160"}),
            await client.call_tool("get_photo_tool_url", {"country": "us", "document_type": "us-visa"}),
            await client.call_tool("check_photo_measurements", {"document": "us-visa", "portal": "ds-160", "widthPx": 600, "heightPx": 600,
                                                                "bytes": 300000, "format": "png"}),
        ]

    _, (countries, spec, portal, tool_url, checked) = run(_session, server.url, mode, calls)
    for result in (countries, spec, portal, tool_url, checked):
        assert result.is_error is False
        # The SDK has already validated structuredContent against each tool's outputSchema.
        assert json.loads(result.content[0].text) == result.structured_content
        assert result.structured_content["dataset"]["license"] == "MIT"
        assert result.structured_content["sourceUrl"].startswith(server.url + "/")  # a local server links to itself

    ids = [c["id"] for c in countries.structured_content["countries"]]
    assert "us" in ids and countries.structured_content["count"] == len(ids)

    (passport,) = spec.structured_content["documents"]
    assert passport["id"] == "us-passport"
    assert (passport["widthPx"], passport["heightPx"], passport["dpi"]) == (600, 600, 300)
    assert passport["headHeightMm"] == {"min": 25.4, "max": 34.9}
    assert passport["sources"] and passport["canonicalUrl"].endswith("/us-passport-photo")
    assert spec.structured_content["sourceUrl"] == passport["canonicalUrl"]

    # DS-160's "240 kB", whose unit the State Department leaves undefined, read the stricter way
    assert portal.structured_content["portal"]["maxSizeStated"] == "240 kB"
    assert portal.structured_content["portal"]["maxBytes"] == 240000
    assert portal.structured_content["icaoBaseline"]["rules"]  # the baseline, beside the overlay
    assert "rules" not in portal.structured_content["portal"]["formats"]

    assert tool_url.structured_content["url"].endswith("?country=us&document=us-visa")

    # computed per call, and still validated by the SDK against its outputSchema
    assert checked.structured_content["verdict"] == "fail"
    statuses = {rule["rule"]: rule["status"] for rule in checked.structured_content["rules"]}
    assert statuses["file-size"] == statuses["file-format"] == "fail" and statuses["width-px"] == "pass"


@pytest.mark.parametrize("mode", MODES)
def test_unknown_ids_are_tool_errors_with_suggestions(server, mode):
    async def calls(client):
        return [
            await client.call_tool("get_visa_photo_spec", {"country": "germny"}),
            await client.call_tool("get_portal_constraints", {"portal": "ds160"}),
            await client.call_tool("get_visa_photo_spec", {}),
        ]

    _, (country, portal, missing) = run(_session, server.url, mode, calls)
    assert country.is_error and "germany" in json.loads(country.content[0].text)["suggestions"]
    assert portal.is_error and json.loads(portal.content[0].text)["suggestions"][0] == "ds-160"
    assert missing.is_error and "country is required" in missing.content[0].text


@pytest.mark.parametrize("mode", MODES)
def test_unknown_tool_is_invalid_params(server, mode):
    async def calls(client):
        with pytest.raises(MCPError) as caught:
            await client.call_tool("no_such_tool", {})
        return caught.value

    _, error = run(_session, server.url, mode, calls)
    assert error.code == -32602
    assert "no_such_tool" in error.message


@pytest.mark.parametrize("mode", MODES)
def test_reads_resources_completes_and_gets_prompts(server, mode):
    from mcp.types import PromptReference, ResourceTemplateReference

    async def calls(client):
        listing = await client.list_resources()
        pages, cursor = [listing], listing.next_cursor
        while cursor:
            pages.append(await client.list_resources(cursor=cursor))
            cursor = pages[-1].next_cursor
        templates = await client.list_resource_templates()
        read = await client.read_resource(f"{server.url}/api/documents/us-visa")
        with pytest.raises(MCPError) as missing:
            await client.read_resource(f"{server.url}/api/documents/no-such-document")
        template = next(t for t in templates.resource_templates if t.name == "document")
        completed = await client.complete(ResourceTemplateReference(type="ref/resource", uri=template.uri_template), {"name": "document", "value": "japan-"})
        prompts = await client.list_prompts()
        prompt = await client.get_prompt("photo_checklist", {"document": "japan-passport"})
        prompt_completion = await client.complete(PromptReference(type="ref/prompt", name="photo_checklist"), {"name": "document", "value": "uk-p"})
        return pages, templates, read, missing.value, completed, prompts, prompt, prompt_completion

    version, (pages, templates, read, missing, completed, prompts, prompt, prompt_completion) = run(_session, server.url, mode, calls)
    assert len(pages[0].resources) == 100 and len(pages) > 1  # paginated, and every cursor works
    uris = [r.uri for page in pages for r in page.resources]
    assert len(uris) == len(set(uris)) and f"{server.url}/api/documents/us-visa" in uris
    assert {t.name for t in templates.resource_templates} == {"document", "country", "portal"}
    spec = json.loads(read.contents[0].text)
    assert spec["id"] == "us-visa" and spec["widthPx"] == 600
    # Resource not found: -32002 on the handshake revisions, -32602 on 2026-07-28 (SEP-2164).
    assert missing.code == (-32602 if version == "2026-07-28" else -32002)
    assert missing.data == {"uri": f"{server.url}/api/documents/no-such-document"}
    assert "japan-passport" in completed.completion.values
    assert all(value.startswith("japan-") for value in completed.completion.values)
    assert [p.name for p in prompts.prompts] == ["photo_checklist"]
    assert "uk-passport" in prompt_completion.completion.values
    assert "Japan" in prompt.messages[0].content.text
