"""The Jinja2 environment the pages are rendered with, once, at start-up.

Autoescaping is on for every template: each string on a page comes from a dataset that people
edit, and must never become markup.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from importlib.resources import files
from importlib.resources.abc import Traversable

import jinja2
from photospecs.dataset.loader import is_front_page
from photospecs.urls import Urls

STATIC = files("photospecs.site") / "static"


def static_files() -> dict[str, bytes]:
    """Our own static files by their path under static/ (tool modules, CSS, scripts)."""
    found: dict[str, bytes] = {}

    def walk(folder: Traversable, prefix: str) -> None:
        for entry in folder.iterdir():
            if entry.is_dir():
                walk(entry, f"{prefix}{entry.name}/")
            elif not entry.name.startswith("."):
                found[f"{prefix}{entry.name}"] = entry.read_bytes()

    walk(STATIC, "")
    return found


def versioned(urls: Urls, assets: dict[str, bytes]) -> Callable[[str], str]:
    """static('site.css') -> /static/site.css?v=<hash>: a new file is a new URL, so caches never
    serve a stale script with a fresh page."""
    hashes = {path: hashlib.sha256(body).hexdigest()[:10] for path, body in assets.items()}

    def static(path: str) -> str:
        return f"/static/{path}?v={hashes[path]}"

    return static


def environment(urls: Urls, static: Callable[[str], str], version: str) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("photospecs.site", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,  # a misspelt variable fails the build, not the page
    )
    env.globals.update(urls=urls, site_url=urls.site, static=static, version=version, is_front_page=is_front_page)
    env.filters["mm"] = format_mm
    env.filters["inches"] = lambda mm: f"{mm / 25.4:.2f}".rstrip("0").rstrip(".")
    return env


def format_mm(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")
