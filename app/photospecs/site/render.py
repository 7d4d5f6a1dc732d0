"""The Jinja2 environment the pages are rendered with, once, at start-up.

Autoescaping is on for every template: each string on a page comes from a dataset that people
edit, and must never become markup.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
from collections.abc import Callable
from importlib.resources import files
from importlib.resources.abc import Traversable

import jinja2

from photospecs.core.search import MAX_QUERY
from photospecs.dataset.loader import MM_PER_INCH
from photospecs.dataset.sources import is_front_page
from photospecs.paths import BY_NAME, PATHS
from photospecs.site import titles
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


# A relative import in one of our modules: `from "./x.js"`, `import "./x.js"`, `import("./x.js")`,
# before or after it is fingerprinted (`./x.js?v=<hash>`).
_IMPORT = re.compile(rb"""(\bfrom\s*|\bimport\s*\(?\s*)(["'])(\.{1,2}/[^"'?#\s]+\.m?js)(?:\?v=[0-9a-f]+)?\2""")


def imported(path: str, body: bytes) -> list[str]:
    """The static paths (under static/) that the module at `path` imports by relative URL."""
    folder = posixpath.dirname(path)
    return [posixpath.normpath(posixpath.join(folder, m[3].decode())) for m in _IMPORT.finditer(body)]
# Third-party files are served byte for byte, as their manifests record them.
_VERBATIM = ("swagger-ui/", "vendor/", "flags/")


def fingerprinted(assets: dict[str, bytes]) -> tuple[dict[str, bytes], dict[str, str]]:
    """The files as served, and each one's fingerprint (a hash of the bytes served).

    A module's relative imports are rewritten to carry the imported file's fingerprint, so a page
    pins every module it loads, not only the first: after a deploy no browser mixes a new module
    with an old one it cached. A module's fingerprint covers its rewritten imports, so changing
    geometry.js changes the URL of tool.js that imports it.
    """
    served: dict[str, bytes] = {}
    hashes: dict[str, str] = {}

    def visit(path: str, trail: frozenset[str]) -> None:
        if path in hashes:
            return
        body = assets[path]
        if path.endswith((".js", ".mjs")) and not any(part in f"/{path}" for part in (f"/{v}" for v in _VERBATIM)):
            folder = posixpath.dirname(path)

            def pin(match: re.Match[bytes]) -> bytes:
                target = posixpath.normpath(posixpath.join(folder, match[3].decode()))
                if target not in assets or target in trail:  # not ours, or an import cycle
                    return match[0]
                visit(target, trail | {path})
                return match[1] + match[2] + match[3] + b"?v=" + hashes[target].encode() + match[2]

            body = _IMPORT.sub(pin, body)
        served[path] = body
        hashes[path] = hashlib.sha256(body).hexdigest()[:10]

    for path in assets:
        visit(path, frozenset())
    return served, hashes


def versioned(hashes: dict[str, str]) -> Callable[[str], str]:
    """static('site.css') -> /static/site.css?v=<hash>: a new file is a new URL, so caches never
    serve a stale script with a fresh page, and a URL with its hash may be cached for good."""

    def static(path: str) -> str:
        return f"{BY_NAME['static'].url(path)}?v={hashes[path]}"

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
    env.globals["path"] = lambda name, value="": BY_NAME[name].url(value)  # every link from the route table
    env.globals["routes"] = routes()  # the same table for the page's scripts (static/routes.js)
    env.globals.update(fit_title=titles.fit, full_title=titles.full, short_name=titles.without_asides, crumbs=(), search_max=MAX_QUERY)
    env.globals["flag"] = lambda country: flag_url(static, country.flag)
    env.globals["breadcrumbs_ld"] = lambda crumbs: {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        "itemListElement": [
            {"@type": "ListItem", "position": at, "name": name, "item": urls.site + path} for at, (name, path) in enumerate(crumbs, 1)
        ],
    }
    env.filters["day"] = lambda date: f"{date.day} {date:%B %Y}"
    env.filters["mm"] = format_mm
    env.filters["inches"] = lambda mm: f"{mm / MM_PER_INCH:.2f}".rstrip("0").rstrip(".")
    return env


def routes() -> dict[str, str]:
    """Every path's template by its name: what static/routes.js and the service worker fill."""
    return {path.name: path.template for path in PATHS}


def flag_url(static: Callable[[str], str], emoji: str) -> str | None:
    """Our SVG of a flag emoji's flag: its two regional indicator letters are the file's name
    ("🇪🇺" -> flags/eu.svg). None when we serve no such file."""
    letters = "".join(chr(ord(c) - 0x1F1E6 + ord("a")) for c in emoji if 0x1F1E6 <= ord(c) <= 0x1F1FF)
    try:
        return static(f"flags/{letters}.svg") if len(letters) == 2 else None
    except KeyError:
        return None


def format_mm(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")
