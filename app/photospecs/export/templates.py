"""The static files of the packages (export/files/), read from the installed package."""

from __future__ import annotations

import importlib.resources

FILES = importlib.resources.files("photospecs.export") / "files"


def template(name: str, **values: str) -> str:
    """The file's text with each {{name}} replaced (a plain marker: the files hold braces of their own)."""
    text = (FILES / name).read_text(encoding="utf-8")
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text
