"""Close ids for a miss, from a trigram index built at start-up.

A miss must cost about what a hit costs: a scan of every alias with difflib made an unknown
country 35 times dearer than a known one. Here the work per request is bounded by the capped
key length and the capped posting lists, and candidates are ranked by counting shared trigrams.

Over HTTP the suggester costs about twice its in-process time (26 us a miss against 12), so each
step of a request runs in C (set, map, chain, the counting, compress, sorted) and only the few
candidates that can still reach the cutoff are scored in Python (bench/RESULTS.md, "The miss
in C").
"""

from __future__ import annotations

# Counter's own C counting loop, without Counter's Python-level constructor (0.6 us a call).
from collections import _count_elements  # type: ignore[attr-defined]
from itertools import chain, compress, repeat
from math import ceil
from operator import le

MAX_KEY = 48  # longer input is cut: no id or name we serve is near that long
MAX_POSTINGS = 64  # a trigram shared by more aliases than this says little; skip it
CUTOFF = 0.4  # Dice similarity of trigram sets: "germny" ~ "germany" is 0.67, "frnace" ~ "france" 0.43
_SLICES = tuple(slice(i, i + 3) for i in range(MAX_KEY + 1))  # the trigrams of a padded key
_NO_POSTINGS = repeat(())  # what a trigram no alias has (or a skipped one) contributes


def trigrams(key: str) -> set[str]:
    padded = f"  {key[:MAX_KEY]} "
    return set(map(padded.__getitem__, _SLICES[: len(padded) - 2]))


class Suggester:
    def __init__(self, aliases: dict[str, str]) -> None:
        # Aliases are numbered in sorted order, so equal scores rank by alias as strings would.
        names = sorted(aliases)
        self._targets = [aliases[alias] for alias in names]
        self._sizes = [len(trigrams(alias)) for alias in names]
        index: dict[str, list[int]] = {}
        for number, alias in enumerate(names):
            for gram in trigrams(alias):
                index.setdefault(gram, []).append(number)
        self._index = {gram: tuple(numbers) for gram, numbers in index.items() if len(numbers) <= MAX_POSTINGS}

    def __call__(self, key: str, limit: int = 3) -> list[str]:
        grams = trigrams(key)
        shared: dict[int, int] = {}  # alias number -> trigrams it shares with the key
        _count_elements(shared, chain.from_iterable(map(self._index.get, grams, _NO_POSTINGS)))
        # Dice coefficient of the trigram sets, 2n / (|a| + |b|): an alias sharing fewer than
        # CUTOFF * |a| / 2 trigrams cannot reach the cutoff whatever its size, so it is not scored.
        g, sizes = len(grams), self._sizes
        near = compress(shared, map(le, repeat(ceil(CUTOFF * g / 2)), shared.values()))
        scored = sorted([(2 * shared[number] / (g + sizes[number]), number) for number in near], reverse=True)
        found: list[str] = []
        for score, number in scored:
            if score < CUTOFF or len(found) == limit:
                break
            if self._targets[number] not in found:
                found.append(self._targets[number])
        return found
