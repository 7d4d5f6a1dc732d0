"""check_photo, the reference (photospecs.photocheck), on the shared table of cases and on the
view models the server holds, as GET /api/check and the MCP tool will call it."""

from __future__ import annotations

import inspect

import pytest
from exported import CASES, expected, reference_answer
from photospecs.core import photocheck
from photospecs.core.views import build_views
from photospecs.settings import Settings
from photospecs.urls import Urls


@pytest.fixture(scope="module")
def views(bundled):
    settings = Settings()
    return build_views(bundled, Urls(settings.site, settings.photo_tool_url))


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_reference_answers_each_case(views, case):
    expected(case, reference_answer(views, case))


def test_every_rule_gives_value_limit_unit_and_a_sentence(views):
    for case in CASES:
        result = reference_answer(views, case).get("result")
        for rule in (result or {}).get("rules", []):
            assert set(rule) == {"rule", "status", "value", "limit", "unit", "message"}
            assert rule["message"].endswith(".") and (rule["value"] is None) == (rule["status"] == "unchecked")


def test_the_reference_imports_only_the_standard_library():
    """It is copied as it is into the exported wheel, which depends on nothing."""
    source = inspect.getsource(photocheck)
    imports = [line.split()[1] for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert set(imports) <= {"__future__", "math", "re", "collections.abc", "typing"}


def test_the_inputs_the_description_names_are_the_parameters():
    parameters = list(inspect.signature(photocheck.check_photo).parameters)
    assert parameters == list(photocheck.INPUTS)
    assert "incomplete" in photocheck.DESCRIPTION
