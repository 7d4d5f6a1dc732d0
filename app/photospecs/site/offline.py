"""The service worker that keeps the photo tool working offline, completed at start-up.

Its list of files to keep must name the URLs the tool page really requests, fingerprints
included, or the worker caches one URL while the page asks for another. So the list is written
here from the same fingerprints the page is rendered with: the page, its styles, every module
tool.js imports (directly or not), and the specifications it opens with. Its own paths come
from the route table, written in the same way.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from photospecs.paths import BY_NAME, LANGUAGES, named
from photospecs.site.render import imported, routes, versioned

SHELL_MARK = b"[/* shell */]"
VERSION_MARK = b"/* version */"
ROUTES_MARK = b"{/* routes */}"
TOOLS_MARK = b"[/* tool pages */]"
ENTRY = "tool/tool.js"


def modules(served: dict[str, bytes], entry: str = ENTRY) -> list[str]:
    """The entry module and every module it imports, directly or not, by path under static/."""
    found: list[str] = []
    waiting = [entry]
    while waiting:
        path = waiting.pop()
        if path in found or path not in served:
            continue
        found.append(path)
        waiting += imported(path, served[path])
    return sorted(found)


def shell(served: dict[str, bytes], static: Callable[[str], str]) -> list[str]:
    """What the tool page requests when it opens (the face models come later, on first use)."""
    styles = [static("site.css"), static("tool/tool.css")]
    page, icon = BY_NAME["tool-page"].url(), BY_NAME["page"].url("favicon.svg")
    specs = [BY_NAME["documents"].url(), BY_NAME["print-sheets"].url()]
    hint = [static("hint.js")]  # the first-visit language hint every page with other languages loads
    return [page, icon, *styles, *hint, *(static(path) for path in modules(served)), *specs]


def service_worker(source: bytes, served: dict[str, bytes], hashes: dict[str, str]) -> bytes:
    """sw.js with its list of URLs, the route table, the tool page's path in every language, and
    a cache name that changes with any of our files (the face models, cached when first used,
    included), so a deploy never mixes old files with new."""
    if any(mark not in source for mark in (SHELL_MARK, VERSION_MARK, ROUTES_MARK, TOOLS_MARK)):
        raise ValueError("sw.js lost the marks its list of URLs, its routes, its tool pages and its version are written at")
    urls = shell(served, versioned(hashes))
    name = hashlib.sha256(json.dumps(sorted(hashes.items())).encode()).hexdigest()[:10]
    filled = source.replace(SHELL_MARK, json.dumps(urls).encode()).replace(ROUTES_MARK, json.dumps(routes()).encode())
    tools = [BY_NAME[named("tool-page", code)].url() for code in ("", *LANGUAGES)]
    filled = filled.replace(TOOLS_MARK, json.dumps(tools).encode())
    return filled.replace(VERSION_MARK, name.encode())
