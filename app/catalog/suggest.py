"""Close ids for a miss, from a trigram index built at start-up.

A miss must cost about what a hit costs: a scan of every alias with difflib made an unknown
country 35 times dearer than a known one. Here the work per request is bounded by the capped
key length and the capped posting lists, and the exact ratio is computed for a handful of
candidates only.
"""

from __future__ import annotations

from difflib import SequenceMatcher

MAX_KEY = 48  # longer input is cut: no id or name we serve is near that long
MAX_POSTINGS = 64  # a trigram shared by more aliases than this says little; skip it
CANDIDATES = 8
CUTOFF = 0.6


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

    def __call__(self, key: str, limit: int = 3) -> list[str]:
        key = key[:MAX_KEY]
        shared: dict[str, int] = {}
        for gram in trigrams(key):
            for alias in self._index.get(gram, ()):
                shared[alias] = shared.get(alias, 0) + 1
        best = sorted(shared, key=shared.__getitem__, reverse=True)[:CANDIDATES]
        scored = sorted(((SequenceMatcher(None, key, alias).ratio(), alias) for alias in best), reverse=True)
        found: list[str] = []
        for score, alias in scored:
            target = self._aliases[alias]
            if score >= CUTOFF and target not in found:
                found.append(target)
        return found[:limit]
