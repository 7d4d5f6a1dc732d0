"""The open dataset, exported once per test module through the command a user runs, and the table
of check_photo cases that every implementation answers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import msgspec
from photospecs.cli import main
from photospecs.core.photocheck import check_photo

SITE = "https://photospecs.example"
DAY = "2026-11-26"
CASES = json.loads((Path(__file__).parent / "check_cases.json").read_text())


def export_into(directory: Path) -> Path:
    """`photospecs export` into `directory` (the npm tarball too: it is packed without npm)."""
    assert main(["export", str(directory), "--site-url", SITE, "--date", DAY]) == 0
    return directory


def one(directory: Path, pattern: str) -> Path:
    [found] = directory.glob(pattern)
    return found


def snake(name: str) -> str:
    return re.sub(r"[A-Z]", lambda m: "_" + m.group(0).lower(), name)


def reference_answer(views: Any, case: dict[str, Any]) -> dict[str, Any]:
    """The case through the server's reference, on the records the API encodes (the view
    models), ids resolved as the packages resolve them."""
    given = dict(case["input"])
    document, portal = given.pop("document"), given.pop("portal", None)
    try:
        if document not in views.documents:
            raise ValueError(f"unknown document {document}")
        if portal is not None and portal not in views.portals:
            raise ValueError(f"unknown portal {portal}")
        spec = msgspec.to_builtins(views.documents[document])
        limits = msgspec.to_builtins(views.portals[portal]) if portal else None
        return {"result": check_photo(spec, limits, **{snake(k): v for k, v in given.items()})}
    except ValueError as exc:
        return {"error": str(exc)}


def expected(case: dict[str, Any], answer: dict[str, Any]) -> None:
    """An answer ({"result"} or {"error"}) against the table's verdict and statuses."""
    if "error" in case:
        assert answer == {"error": case["error"]}, case["name"]
        return
    result = answer["result"]
    assert result["verdict"] == case["verdict"], case["name"]
    assert {rule["rule"]: rule["status"] for rule in result["rules"]} == case["statuses"], case["name"]
