"""The photo tool's messages in the page's language, handed to its scripts as data.

The scripts say everything through t("English message %(name)s", {name}) (static/tool/messages.js);
the same Babel extraction that fills the catalogues finds those calls, and this module looks
each one up in the page's catalogue. The page carries the translations as a JSON blob, so the
scripts never hold a catalogue of their own, and an English page carries none.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from babel.messages.extract import extract_from_file

from photospecs.site.i18n import Texts

STATIC = files("photospecs.site") / "static"

# The tool's own scripts, whose t() calls are its messages (vendor/ holds third-party code).
SCRIPTS = ("tool/page.js", "tool/checks.js", "tool/render.js", "tool/loading.js", "tool/downloads.js", "tool/sheet.js", "search.js")
KEYWORDS = {"t": None, "tn": (1, 2)}


@cache
def tool_msgids(scripts: tuple[str, ...] = SCRIPTS) -> tuple[str | tuple[str, str], ...]:
    """Every message of the scripts, in the order they appear: a string, or (singular, plural)."""
    found: dict[str | tuple[str, str], None] = {}
    for script in scripts:
        path = STATIC / script
        if not path.is_file():
            continue
        for _line, message, _comments, _context in extract_from_file("javascript", str(path), keywords=KEYWORDS, options={"parse_template_string": True}):
            found[message if isinstance(message, str) else (message[0], message[1])] = None
    return tuple(found)


def tool_messages(texts: Texts, scripts: tuple[str, ...] = SCRIPTS) -> dict[str, str | dict[str, str]]:
    """English message -> its translation (a plural: its form for each CLDR category, which the
    browser picks with Intl.PluralRules). Empty for English."""
    if texts.english:
        return {}
    out: dict[str, str | dict[str, str]] = {}
    for msgid in tool_msgids(scripts):
        if isinstance(msgid, str):
            out[msgid] = texts.gettext(msgid)
        else:
            out[msgid[0]] = texts.plural_forms(*msgid)
    return out
