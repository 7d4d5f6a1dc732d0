"""The suggester ranks exactly as its definition says, checked against a plain computation of it
on the bundled dataset's country aliases, mistyped three ways each (a sample of them)."""

from __future__ import annotations

import random
import string
from collections import Counter
from collections.abc import Callable

import pytest
from photospecs.core.names import Names
from photospecs.core.suggest import CUTOFF, MAX_KEY, MAX_POSTINGS, Suggester
from photospecs.dataset import alias_key


def grams(text: str) -> set[str]:
    padded = "  " + text[:MAX_KEY] + " "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def definition(aliases: dict[str, str], limit: int = 3) -> Callable[[str], list[str]]:
    """What the suggester computes, plainly: Dice similarity of padded trigram sets, trigrams
    shared by more than MAX_POSTINGS aliases left out of the count, best first, ties by alias
    descending, one suggestion per target."""
    of = {alias: grams(alias) for alias in aliases}
    holders = Counter(gram for alias_grams in of.values() for gram in alias_grams)

    def suggest(key: str) -> list[str]:
        asked = grams(key)
        counted = {gram for gram in asked if holders[gram] <= MAX_POSTINGS}
        ranked = sorted(((2 * len(counted & of[alias]) / (len(asked) + len(of[alias])), alias) for alias in aliases), reverse=True)
        found: list[str] = []
        for score, alias in ranked:
            if score < CUTOFF or len(found) == limit:
                break
            if aliases[alias] not in found:
                found.append(aliases[alias])
        return found

    return suggest


def mistyped(alias: str, rng: random.Random) -> list[str]:
    i = rng.randrange(len(alias))
    return [
        alias[:i] + rng.choice(string.ascii_lowercase) + alias[i + 1 :],  # a wrong letter
        alias[:i] + alias[i + 1 :],  # a letter left out
        alias + "-" + "".join(rng.choices(string.ascii_lowercase, k=3)),  # something added
    ]


def test_suggestions_follow_the_definition(bundled):
    aliases = bundled.country_aliases
    suggest, expected = Suggester(aliases), definition(aliases)
    rng = random.Random(7)
    typos = [typo for alias in sorted(aliases) if len(alias) > 3 for typo in mistyped(alias, rng)]
    # The reference scans every alias: a sample keeps it to a second.
    sample = [*rng.sample(typos, 600), "germny", "frnace", "untied-kingdom", "x", "", "a" * 200]
    wrong = {key: (suggest(key), expected(key)) for key in sample if suggest(key) != expected(key)}
    assert not wrong
    assert sum(bool(suggest(key)) for key in sample) > len(sample) / 2  # the sample is not mostly empty answers


@pytest.mark.parametrize(("typed", "expected"), [("germny", "germany"), ("Untied Kingdom", "uk"), ("frnace", "france")])
def test_a_typo_names_the_country_first(bundled, typed, expected):
    found = Names(bundled).country_or_close(typed)
    assert isinstance(found, list) and found[0] == expected


def test_a_known_name_is_its_id_not_a_suggestion(bundled):
    names = Names(bundled)
    assert names.country_or_close("us") == "us"
    assert names.country_or_close("United States") == names.country_or_close(alias_key("UNITED_STATES")) == "us"
