"""The dataset's words a person reads, as messages of the gettext domain "dataset": every
requirement statement; a document's name, background and its colour's name, its rules for
children, where it departs from ICAO, gaps between its sources and why they are secondary; a
portal's rules; the comparisons' descriptions. Names of offices, portals and sources stay as
their owners write them.

`extract` is a Babel extraction method (registered in pyproject.toml, used by babel-dataset.cfg),
so the dataset's texts go through the same round as the site's own messages: extract, update,
translate in any .po editor, checked by tests/test_i18n.py. The English in the TOML files stays
the message id: a statement that changes in the data shows in English until it is translated
again, never as a stale translation.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Iterator
from typing import IO, Any

# The fields of each kind of table whose strings people read; a list is taken item by item.
DOCUMENT_FIELDS = ("name", "background", "bg_color_label", "requirements", "icao_deviations", "discrepancies", "secondary_reason")
CHILD_FIELDS = ("rule",)
PORTAL_FIELDS = ("rules", "discrepancies", "secondary_reason")
COMPARISON_FIELDS = ("category", "summary", "strengths", "tradeoffs")
ICAO_FIELDS = ("rule",)


def texts(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(text, where) for every readable string of one dataset file, in file order; `where` tells a
    translator what the text is ("Algeria, Biometric passport: requirements")."""
    country = data.get("name", "")
    for document in data.get("documents", ()):
        where = f"{country}, {document.get('name', '')}"
        yield from _fields(document, DOCUMENT_FIELDS, where)
        for child in document.get("children", ()):
            yield from _fields(child, CHILD_FIELDS, f"{where}, children")
    for portal in data.get("portals", ()):
        yield from _fields(portal, PORTAL_FIELDS, f"portal {portal.get('name', '')}")
    for comparison in data.get("comparisons", ()):
        yield from _fields(comparison, COMPARISON_FIELDS, f"comparison {comparison.get('name', '')}")
    for rule in data.get("rules", ()):
        yield from _fields(rule, ICAO_FIELDS, f"ICAO baseline {rule.get('topic', '')}")


def _fields(table: dict[str, Any], fields: Iterable[str], where: str) -> Iterator[tuple[str, str]]:
    for field in fields:
        value = table.get(field)
        for text in [value] if isinstance(value, str) else value or ():
            yield text, f"{where}: {field}"


def extract(fileobj: IO[bytes], keywords: object, comment_tags: object, options: object) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction interface: (line, function, message, comments) for one TOML file. The
    line is where the text first appears in the file, so a translator's tool can open it there."""
    raw = fileobj.read()
    source = raw.decode("utf-8")
    lines = source.splitlines()
    for text, where in texts(tomllib.loads(source)):
        yield _line_of(text, lines), None, text, [where]


def _line_of(text: str, lines: list[str]) -> int:
    quoted = json.dumps(text, ensure_ascii=False)[1:-1]  # as TOML's basic strings escape it
    return next((n for n, line in enumerate(lines, 1) if quoted in line or text in line), 0)
