"""Every flag in one SVG file, each a <symbol> named by its two letters, for the home page's list
of countries. There all 195 flags load at once (lazy loading spares none of them: the whole
grid is within the browser's loading distance), as 195 requests and 912 KB; the sprite is one
request of 365 KB, and a load costs Chromium 13-17 % less CPU (bench/page_cpu.py, RESULTS.md).
The countries and portals pages keep lazily loaded files: their long lists load only the flags
in view, which costs the browser less than the whole sprite does."""

from __future__ import annotations

import re

_ROOT = re.compile(rb"\s*<svg\b([^>]*)>(.*)</svg>\s*", re.S)
_ATTRIBUTE = re.compile(rb'\s([\w:-]+)="([^"]*)"')
# What a flag file's root says about its drawing; its own id and namespaces stay behind (the
# sprite declares the namespaces once, and a symbol's id is its letters).
_KEPT = {b"viewBox", b"fill", b"xml:space"}


def sprite(flags: dict[str, bytes]) -> bytes:
    """`flags`: each flag's SVG file by its letters ("fr"). The files' own ids are already
    prefixed by their letters (flag-icons does so), so no two symbols share one."""
    symbols = []
    for letters, svg in sorted(flags.items()):
        found = _ROOT.fullmatch(svg)
        if found is None:
            raise ValueError(f"flags/{letters}.svg: not one <svg> element")
        kept = b"".join(b' %s="%s"' % pair for pair in _ATTRIBUTE.findall(found[1]) if pair[0] in _KEPT)
        symbols.append(b'<symbol id="%s"%s>%s</symbol>' % (letters.encode(), kept, found[2]))
    return b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">' + b"".join(symbols) + b"</svg>"


def flag_files(static: dict[str, bytes]) -> dict[str, bytes]:
    """The flag files among the static files, by their letters."""
    return {path[6:-4]: body for path, body in static.items() if path.startswith("flags/") and path.endswith(".svg")}
