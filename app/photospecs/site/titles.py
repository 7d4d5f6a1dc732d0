"""Page titles that fit a search result: under 70 characters with the site's name, and no word
said twice ("Diversity Visa lottery entry photo photo")."""

from __future__ import annotations

import re
import unicodedata

LIMIT = 69  # characters of the whole <title>
SUFFIX = " · photospecs"
_ASIDE = re.compile(r"\s*[(（][^)）]*[)）]")  # full-width brackets too, as Chinese writes them
# Words a title may need twice: "and" in the languages that spell it with three letters or more
# ("of", "de", "et", "ve", "và" are short enough to pass anyway), and the articled "of the".
FREE = frozenset({"and", "dan", "এবং", "اور", "des", "del", "dos", "das"})


def words(text: str) -> list[str]:
    """The words of `text` that count, case-folded: runs of letters with their combining marks
    (Devanagari's vowel signs, the dot of Turkish "İ", which case-folds to "i" and a mark), a
    hyphen inside a word kept ("re-registration"); three letters or more, and not FREE."""
    found, word = [], ""
    for char in text.casefold() + " ":
        if unicodedata.category(char)[0] in "LM" or (char == "-" and word):
            word += char
            continue
        word = word.rstrip("-")
        if len(word) >= 3 and word not in FREE:
            found.append(word)
        word = ""
    return found


def repeats(text: str) -> bool:
    """Whether a word of three letters or more appears twice."""
    said = words(text)
    return len(said) != len(set(said))


def without_asides(text: str) -> str:
    """"Passport (Reisepass)" -> "Passport"."""
    return _ASIDE.sub("", text).strip() or text


def without_repeats(text: str) -> str:
    """"United Arab Emirates Emirates ID" -> "United Arab Emirates ID"."""
    seen: set[str] = set()
    kept = []
    for part in text.split(" "):
        said = words(part)  # the words of "d'identité," or "الإمارات،": no punctuation
        if said and seen.intersection(said):
            continue
        seen.update(said)
        kept.append(part)
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
