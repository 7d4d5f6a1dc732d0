"""`validate --check-links`: fetch every source URL once, report the dead ones and the quotes a
live page no longer carries, and with `--write-verified` record the day each live one answered
as its source's `verified` date.

Runs only where a network exists: when no URL can even be resolved or connected to, the check
says it was skipped instead of calling every source dead.
"""

from __future__ import annotations

import datetime
import html
import http.client
import re
import socket
import ssl
import string
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Collection, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import tomlkit

from photospecs import __version__

TIMEOUT = 15.0
WORKERS = 16
USER_AGENT = f"photospecs/{__version__} (source link check)"


def _request(url: str, method: str) -> urllib.request.Request:
    # A path or query written in another script, as browsers show it, is sent percent-encoded.
    parts = urllib.parse.urlsplit(url)
    sent = parts._replace(path=urllib.parse.quote(parts.path, safe=string.punctuation),
                          query=urllib.parse.quote(parts.query, safe=string.punctuation)).geturl()
    return urllib.request.Request(sent, method=method, headers={"User-Agent": USER_AGENT})


def _opener() -> urllib.request.OpenerDirector:
    """One opener, with one TLS context, for a whole check: urlopen's own makes a context for
    each connection and reads the system's CA certificates into it every time (about 15 ms of
    CPU a URL, more than the handshake)."""
    return urllib.request.build_opener(urllib.request.HTTPSHandler(context=ssl.create_default_context()))


def _fetch(opener: urllib.request.OpenerDirector, url: str, method: str) -> str | None:
    try:
        with opener.open(_request(url, method), timeout=TIMEOUT):
            return None
    except urllib.error.HTTPError as exc:
        return f"HTTP {exc.code}"
    except (OSError, http.client.HTTPException, ValueError) as exc:
        return str(getattr(exc, "reason", exc))[:200]


def check(opener: urllib.request.OpenerDirector, url: str) -> str | None:
    """What is wrong with the page, or None when it answered (2xx, after redirects)."""
    problem = _fetch(opener, url, "HEAD")
    # Some sites refuse HEAD; a GET that reads nothing of the body costs them about the same.
    if problem in ("HTTP 403", "HTTP 405", "HTTP 501"):
        problem = _fetch(opener, url, "GET")
    return problem


def reachable(host: str, timeout: float = 3.0) -> bool:
    try:
        with socket.create_connection((host, 443), timeout=timeout):
            return True
    except OSError:
        return False


def check_all(urls: Iterable[str], probes: int = 8) -> dict[str, str | None] | None:
    """Each URL's problem (None when it answered), or None when there is no network to check
    with: a few hosts are tried first, so a machine without a network says so in seconds, not
    after every timeout."""
    unique = sorted(set(urls))
    hosts = list(dict.fromkeys(urllib.parse.urlsplit(url).hostname or "" for url in unique))[:probes]
    with ThreadPoolExecutor(WORKERS) as pool:
        if not any(pool.map(reachable, hosts)):
            return None
        return dict(zip(unique, pool.map(partial(check, _opener()), unique), strict=True))


def source_files(directory: Path) -> list[Path]:
    return sorted(directory.glob("*.toml")) + sorted(directory.glob("countries/*.toml"))


def _sources(node: Any) -> Iterator[Any]:
    """Every source table in a parsed file: the tables of any `sources` array, at any depth
    (country, document, portal, format), whether written inline or as [[sources]]."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "sources" and isinstance(value, list):
                yield from (item for item in value if isinstance(item, dict))
            else:
                yield from _sources(value)
    elif isinstance(node, list):
        for item in node:
            yield from _sources(item)


def source_urls(directory: Path) -> set[str]:
    files = (tomllib.loads(path.read_text(encoding="utf-8")) for path in source_files(directory))
    return {source["url"] for document in files for source in _sources(document)}


def source_quotes(directory: Path) -> dict[str, set[str]]:
    """The quotes recorded for each URL: the one on a source, and those in its `quotes`."""
    quotes: dict[str, set[str]] = {}
    for path in source_files(directory):
        for source in _sources(tomllib.loads(path.read_text(encoding="utf-8"))):
            words = [source.get("quote")] + [entry.get("quote") for entry in source.get("quotes", [])]
            quotes.setdefault(source["url"], set()).update(w for w in words if w)
    return {url: found for url, found in quotes.items() if found}


def write_verified(directory: Path, answered: Collection[str], day: datetime.date) -> list[Path]:
    """Set `verified = day` on every source whose URL answered; return the files changed.

    tomlkit edits each source, but only that source's own text is replaced in the file: tomlkit
    moves a table that splits an array of tables ([[documents]], [[portals]], [[documents]])
    when it writes a whole document, and every other byte is kept this way.
    """
    changed = []
    for path in source_files(directory):
        text = original = path.read_text(encoding="utf-8")
        if not any(source["url"] in answered for source in _sources(tomllib.loads(text))):
            continue  # tomllib reads a file several times faster than tomlkit
        document = tomlkit.parse(text)
        for source in _sources(document):
            if source["url"] in answered and source.get("verified") != day:
                before = source.as_string()
                source["verified"] = day
                after = source.as_string()
                # tomlkit drops the space before an inline table's "}" when a date ends it or a
                # key is added to it; keep the file's `{ ... }`.
                if before.endswith("}") and _padded(before) in text:
                    before, after = _padded(before), _padded(after)
                # Any other copy of this text cites the same URL, so it takes the same date.
                text = text.replace(before, after)
        if text == original:
            continue
        if tomllib.loads(text) != document.unwrap():
            raise ValueError(f"{path}: could not write the verified dates in place; the file is unchanged")
        path.write_text(text, encoding="utf-8")
        changed.append(path)
    return changed


def missing_quotes(quotes: dict[str, set[str]]) -> dict[str, list[str]]:
    """Per URL, the quotes its page no longer carries (or why it could not be read), compared with
    whitespace collapsed and case folded, so a reflowed or restyled page still matches."""
    with ThreadPoolExecutor(WORKERS) as pool:
        pages = dict(zip(quotes, pool.map(partial(page_text, _opener()), quotes), strict=True))
    missing: dict[str, list[str]] = {}
    for url, words in quotes.items():
        text = pages[url]
        if isinstance(text, Unreadable):
            missing[url] = [f"(page not read: {text.reason}) {w}" for w in sorted(words)]
            continue
        gone = sorted(w for w in words if not all(part in text for part in fragments(w)))
        if gone:
            missing[url] = gone
    return missing


class Unreadable(str):
    @property
    def reason(self) -> str:
        return str(self)


MAX_PAGE = 8 * 1024 * 1024
_TAG = re.compile(r"<(script|style)\b.*?</\1\s*>|<[^>]+>", re.IGNORECASE | re.DOTALL)


# A quote marks words it leaves out with a line holding only "..." (or "…", "[...]"), and keeps
# list items on lines of their own with the bullet or number a browser draws, not the page's text.
_ELISION = re.compile(r"\n\s*(?:\.\.\.|…|\[\.\.\.\]|\[…\])\s*(?:\n|$)")
_MARKER = re.compile(r"^\s*(?:[•·▪◦*–-]|\d{1,2}[.)])\s+", re.MULTILINE)


def fragments(quote: str) -> list[str]:
    """The runs of words a quote takes from its page, each normalised."""
    parts = (normalise(_MARKER.sub("", part)) for part in _ELISION.split(quote))
    return [part for part in parts if part]


def normalise(text: str) -> str:
    """Characters as a reader sees them: entities decoded, any run of whitespace one space, case folded."""
    return " ".join(html.unescape(text).split()).casefold()


def page_text(opener: urllib.request.OpenerDirector, url: str) -> str:
    """The page's text, normalised; an Unreadable saying why where it cannot be read as text."""
    try:
        with opener.open(_request(url, "GET"), timeout=TIMEOUT) as response:
            kind = response.headers.get_content_type()
            if not kind.startswith("text/") and kind != "application/xhtml+xml":
                return Unreadable(f"{kind}, not text")
            body = response.read(MAX_PAGE).decode(response.headers.get_content_charset() or "utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return Unreadable(f"HTTP {exc.code}")
    except (OSError, http.client.HTTPException, ValueError) as exc:
        return Unreadable(str(getattr(exc, "reason", exc))[:200])
    # Tags become spaces so that words in adjacent cells do not run together.
    return normalise(_TAG.sub(" ", body))


def _padded(inline: str) -> str:
    return inline if inline.endswith(" }") else f"{inline[:-1]} }}"
