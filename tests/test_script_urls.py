"""Our scripts take every path from the route table (app/paths.py), as the templates do: none
spells a site path itself, and the table the tool page and the service worker carry is the one
the service answers by."""

from __future__ import annotations

import json
import re
from pathlib import Path

from photospecs.paths import PATHS

STATIC = Path(__file__).resolve().parent.parent / "app/photospecs/site/static"
# Third-party files, served as they come.
THEIRS = {"vendor", "flags"}
# A string literal that opens with a path ("/tool", `/api/${x}`), or a site path inside one.
OPENS_WITH_PATH = re.compile(r"""["'`]/(?![/*])""")
SITE_PATH = re.compile(r"/(?:api|static)/")
# A comment from // to the end of the line; "https://" is not one (no space before it).
COMMENT = re.compile(r"(?:^|\s)//.*$")


def our_scripts() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*.js") if not THEIRS.intersection(p.relative_to(STATIC).parts))


def test_no_script_of_ours_spells_a_site_path():
    scripts = our_scripts()
    assert STATIC / "routes.js" in scripts and STATIC / "tool/tool.js" in scripts
    found = []
    for script in scripts:
        for number, line in enumerate(script.read_text().splitlines(), 1):
            code = COMMENT.sub("", line)
            if OPENS_WITH_PATH.search(code) or SITE_PATH.search(code):
                found.append(f"{script.relative_to(STATIC)}:{number}: {line.strip()}")
    assert found == [], "take these from routes.js (url(name, value)) instead:\n" + "\n".join(found)


def test_the_tool_page_and_the_service_worker_carry_the_route_table(client):
    # The English rows: a language's rows are theirs under its prefix, and the scripts never ask for them.
    table = {path.name: path.template for path in PATHS if not path.language}
    page = client.get("/tool").text
    carried = re.search(r'<script type="application/json" id="routes">(.*?)</script>', page)
    assert carried and json.loads(carried[1]) == table
    worker = client.get("/sw.js").text
    assert json.loads(worker.split("const ROUTES = ", 1)[1].split(";\n", 1)[0]) == table
