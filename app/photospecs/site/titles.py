"""Page titles that fit a search result: under 70 characters with the site's name, and no word
said twice ("Diversity Visa lottery entry photo photo")."""

from __future__ import annotations

import re

LIMIT = 69  # characters of the whole <title>
SUFFIX = " · photospecs"
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")  # "re-registration" is one word
_ASIDE = re.compile(r"\s*[(（][^)）]*[)）]")  # full-width brackets too, as Chinese writes them


def repeats(text: str) -> bool:
    """Whether a word of three letters or more appears twice ("and", "of" are short enough to pass)."""
    words = [w for w in _WORD.findall(text.casefold()) if len(w) >= 3 and w != "and"]
    return len(words) != len(set(words))


def without_asides(text: str) -> str:
    """"Passport (Reisepass)" -> "Passport"."""
    return _ASIDE.sub("", text).strip() or text


def without_repeats(text: str) -> str:
    """"United Arab Emirates Emirates ID" -> "United Arab Emirates ID"."""
    seen: set[str] = set()
    kept = []
    for word in text.split(" "):
        found = _WORD.search(word.casefold())  # the word without its punctuation ("،" too)
        key = found.group() if found else ""
        if len(key) >= 3 and key != "and" and key in seen:
            continue
        seen.add(key)
        kept.append(word)
    return " ".join(kept)


def fit(*candidates: str) -> str:
    """The first candidate that is short enough and repeats no word (else the candidates with
    their repeats dropped); failing all, the shortest, cut at a word boundary."""
    usable = [c for c in candidates if c and not repeats(c)] or [without_repeats(c) for c in candidates if c]
    for candidate in usable:
        if len(candidate) <= LIMIT:
            return candidate
    shortest = min(usable, key=len)
    return shortest[: LIMIT - 1].rsplit(" ", 1)[0].rstrip(",:;·-– ") + "…"


def full(title: str) -> str:
    """The <title>: the page's own, with the site's name where it fits."""
    fits = len(title) + len(SUFFIX) <= LIMIT and "photospecs" not in title
    return title + SUFFIX if fits else title
