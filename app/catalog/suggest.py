"""Close ids for a miss, from a trigram index built at start-up.

A miss must cost about what a hit costs: a scan of every alias with difflib made an unknown
country 35 times dearer than a known one. Here the work per request is bounded by the capped
key length and the capped posting lists, and candidates are ranked by counting shared trigrams.
"""

from __future__ import annotations

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
        shared: dict[str, int] = {}
        for gram in grams:
            for alias in self._index.get(gram, ()):
                shared[alias] = shared.get(alias, 0) + 1
        # Dice coefficient of the trigram sets: counting only, no string alignment per candidate.
        scored = sorted(((2 * n / (len(grams) + self._sizes[alias]), alias) for alias, n in shared.items()), reverse=True)
        found: list[str] = []
        for score, alias in scored:
            if score < CUTOFF or len(found) == limit:
                break
            if self._aliases[alias] not in found:
                found.append(self._aliases[alias])
        return found
