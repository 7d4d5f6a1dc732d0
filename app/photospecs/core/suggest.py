"""Close ids for a miss, from a trigram index built at start-up.

A miss must cost about what a hit costs: a scan of every alias with difflib made an unknown
country 35 times dearer than a known one. Here the work per request is bounded by the capped
key length and the capped posting lists, and candidates are ranked by counting shared trigrams.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain

MAX_KEY = 48  # longer input is cut: no id or name we serve is near that long
MAX_POSTINGS = 64  # a trigram shared by more aliases than this says little; skip it
CUTOFF = 0.4  # Dice similarity of trigram sets: "germny" ~ "germany" is 0.67, "frnace" ~ "france" 0.43


def trigrams(key: str) -> set[str]:
    padded = f"  {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


class Suggester:
    def __init__(self, aliases: dict[str, str]) -> None:
        self._aliases = aliases  # alias key -> target id
        index: dict[str, list[str]] = {}
        for alias in aliases:
            for gram in trigrams(alias):
                index.setdefault(gram, []).append(alias)
        self._index = {gram: tuple(keys) for gram, keys in index.items() if len(keys) <= MAX_POSTINGS}
        self._sizes = {alias: len(trigrams(alias)) for alias in aliases}

    def __call__(self, key: str, limit: int = 3) -> list[str]:
        grams = trigrams(key[:MAX_KEY])
        index = self._index
        # Counter counts an iterable in C: the per-request cost is the postings, not Python loops.
        shared = Counter(chain.from_iterable(filter(None, map(index.get, grams))))
        # Dice coefficient of the trigram sets, 2n / (|a| + |b|): an alias sharing fewer than
        # CUTOFF * |a| / 2 trigrams cannot reach the cutoff whatever its size, so skip scoring it.
        floor = CUTOFF * len(grams) / 2
        sizes = self._sizes
        scored = sorted(((2 * n / (len(grams) + sizes[alias]), alias) for alias, n in shared.items() if n >= floor), reverse=True)
        found: list[str] = []
        for score, alias in scored:
            if score < CUTOFF or len(found) == limit:
                break
            if self._aliases[alias] not in found:
                found.append(self._aliases[alias])
        return found
