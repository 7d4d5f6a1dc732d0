"""/api/openapi.json is valid OpenAPI 3.1 and the responses conform to the schemas it declares."""

from __future__ import annotations

import re

import pytest
from jsonschema.validators import Draft202012Validator
from openapi_spec_validator import validate
from referencing import Registry, Resource

IDENTITY = {"accept-encoding": "identity"}


@pytest.fixture(scope="module")
def document(client):
    return client.get("/api/openapi.json", headers=IDENTITY).json()


def test_is_valid_openapi_3_1(document):
    validate(document)  # raises on any violation
    assert document["openapi"] == "3.1.0"
    assert document["info"]["version"] == "1.0.0"


def test_operation_ids(document):
    assert document["paths"]["/api/specs"]["get"]["operationId"] == "get_passport_photo_specs"
    assert document["paths"]["/api/comparisons"]["get"]["operationId"] == "get_competitor_comparisons"


def test_error_schema_on_client_errors(document):
    for path, status in [("/api/specs", "400"), ("/api/specs", "404"), ("/api/comparisons", "400")]:
        schema = document["paths"][path]["get"]["responses"][status]["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/Error"}


def validator_for(document, ref: dict) -> Draft202012Validator:
    resource = Resource.from_contents({**document, "$schema": "https://json-schema.org/draft/2020-12/schema"})
    registry = Registry().with_resource("urn:openapi", resource)
    return Draft202012Validator({"$ref": "urn:openapi" + ref["$ref"]}, registry=registry)


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/api/specs", "200"),
        ("/api/specs?format=raw", "200"),
        ("/api/specs?country=us", "200"),
        ("/api/specs?country=nowhere", "404"),
        ("/api/specs?format=yaml", "400"),
        ("/api/comparisons", "200"),
        ("/api/comparisons?competitor=x", "400"),
        ("/api/check?document=us-visa&portal=ds-160&widthPx=600&heightPx=600&format=png", "200"),
        ("/api/check?document=us-visa&widthPx=x", "400"),
        ("/api/check?document=us-vsa", "404"),
        ("/api/dataset", "200"),
    ],
)
def test_responses_match_their_declared_schema(client, document, url, status):
    path = url.split("?")[0]
    response = client.get(url, headers=IDENTITY)
    assert str(response.status_code) == status
    declared = document["paths"][path]["get"]["responses"][status]["content"]["application/json"]
    validator_for(document, declared["schema"]).validate(response.json())
    if "example" in declared:  # the examples shown to readers are valid too
        validator_for(document, declared["schema"]).validate(declared["example"])


def test_schemas_reject_a_document_with_a_missing_field(client, document):
    body = client.get("/api/specs?format=raw", headers=IDENTITY).json()
    del body["countries"][0]["documents"][0]["widthPx"]
    errors = list(validator_for(document, {"$ref": "#/components/schemas/RawSpecs"}).iter_errors(body))
    assert errors


def test_docs_page_serves_the_viewer_from_our_own_origin(client, document):
    page = client.get("/api/docs", headers=IDENTITY)
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    assert 'data-spec="/api/openapi.json"' in page.text
    scripts = re.findall(r'<script[^>]* src="([^"]+)"', page.text)
    assert scripts and all(src.startswith("/static/") for src in scripts), "no CDN, no third-party host"
    for src in scripts:
        assert client.get(src).status_code == 200
    assert "script-src 'self'" in page.headers["content-security-policy"]


def error_example(document, path: str, method: str, status: str) -> dict:
    return document["paths"][path][method]["responses"][status]["content"]["application/json"]["example"]


def quoted_in(message: str) -> str:
    """The text an example's message quotes back ('...'), which is what the request sent."""
    return re.search(r"'([^']*)'", message).group(1)


def test_every_error_example_is_the_body_the_route_sends(document, client, catalog):
    """The examples readers copy are the service's own answers, byte for byte after decoding."""
    long_query = "?q=" + "a" * 3000
    requests = {
        ("/api/specs", "get", "400"): lambda ex: client.get("/api/specs?format=xml"),
        ("/api/specs", "get", "404"): lambda ex: client.get("/api/specs", params={"country": quoted_in(ex["message"])}),
        ("/api/specs", "get", "414"): lambda ex: client.get("/api/specs" + long_query),
        ("/api/comparisons", "get", "400"): lambda ex: client.get("/api/comparisons", params={"competitor": quoted_in(ex["message"])}),
        ("/api/comparisons", "get", "414"): lambda ex: client.get("/api/comparisons" + long_query),
        ("/api/search", "get", "400"): lambda ex: client.get("/api/search"),
        ("/api/search", "get", "414"): lambda ex: client.get("/api/search" + long_query),
        ("/api/documents/{id}", "get", "404"): lambda ex: client.get("/api/documents/" + quoted_in(ex["message"])),
        ("/api/portals/{id}", "get", "404"): lambda ex: client.get("/api/portals/" + quoted_in(ex["message"])),
        ("/api/check", "get", "400"): lambda ex: client.get("/api/check"),
        ("/api/check", "get", "404"): lambda ex: client.get("/api/check", params={"document": ex["message"].removeprefix("unknown document ")}),
        ("/api/check", "get", "414"): lambda ex: client.get("/api/check" + long_query),
        ("/api/dataset/{file}", "get", "404"): lambda ex: client.get("/api/dataset/" + quoted_in(ex["message"])),
        ("/api/mcp", "post", "415"): lambda ex: client.post("/api/mcp", content=b"{}", headers={"content-type": "text/plain"}),
        ("/api/mcp", "post", "413"): lambda ex: client.post(
            "/api/mcp", content=b" " * (catalog.settings.max_body_bytes + 1), headers={"content-type": "application/json"}
        ),
        ("/api/mcp", "get", "405"): lambda ex: client.get("/api/mcp", headers={"accept": "text/event-stream"}),
    }
    for (path, method, status), send in requests.items():
        example = error_example(document, path, method, status)
        response = send(example)
        assert (response.status_code, response.json()) == (int(status), example), (path, method, status)
    # Every Error example in the document is either checked above, the body timeout (408), which
    # tests/test_limits.py provokes on a real server, or /readyz while draining (tests/test_shutdown.py).
    documented = {
        (path, method, status)
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        for status, response in operation["responses"].items()
        if response.get("content", {}).get("application/json", {}).get("schema") == {"$ref": "#/components/schemas/Error"}
    }
    assert documented - set(requests) <= {("/api/mcp", "post", "408"), ("/readyz", "get", "503")}, documented - set(requests)


def test_the_check_example_is_the_answer_to_its_parameters(document, client):
    """The 200 example of /api/check is what the route answers to the parameters' own examples."""
    operation = document["paths"]["/api/check"]["get"]
    params = {p["name"]: p["schema"]["examples"][0] for p in operation["parameters"] if "examples" in p["schema"]}
    example = operation["responses"]["200"]["content"]["application/json"]["example"]
    assert client.get("/api/check", params=params).json() == example


def test_the_dataset_files_are_documented_by_name(document, client):
    names = [f["name"] for f in client.get("/api/dataset").json()["files"]]
    [file] = [p for p in document["paths"]["/api/dataset/{file}"]["get"]["parameters"] if p["name"] == "file"]
    assert file["schema"]["enum"] == names
