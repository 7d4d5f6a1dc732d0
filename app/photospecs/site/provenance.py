"""What a document page says under each fact: who states it, in which words.

Read from the served spec only (`bases` and `citations`), so the page never says more than the API.
"""

from __future__ import annotations

from dataclasses import dataclass

from photospecs.wire.results import FACT_BASES, Citation, PhotoSpec, Variant

# A short badge per label, beside the figure; the disclosure under it gives the full wording.
BADGES = {
    "authority": ("official", "quoted from the authority"),
    "authority-unquoted": ("muted", "authority's page, words not recorded"),
    "standard": ("derived", "standard the authority names"),
    "secondary": ("derived", "secondary sources only"),
    "common-format": ("derived", "not a requirement"),
    "unpublished": ("derived", "not published by the authority"),
    "uncited": ("derived", "no source recorded"),
}
_RULE = ("derived", "not published by the authority")  # a print format's rule, by its own id


@dataclass(frozen=True, slots=True)
class Provenance:
    fact: str
    label: str
    badge: tuple[str, str]  # (css class, words)
    meaning: str  # the label in a sentence
    citations: list[tuple[Citation, str]]  # each with its source's title


def provenance(spec: PhotoSpec) -> dict[str, Provenance]:
    """Each served fact of the document, with what backs it."""
    titles = {source.url: source.title for source in spec.sources}
    return {
        fact: Provenance(
            fact,
            label,
            BADGES.get(label, _RULE),
            FACT_BASES.get(label, "The authority publishes no figure: the published rule of this print format is applied."),
            [(c, titles.get(c.url, c.url)) for c in spec.citations if fact in c.facts],
        )
        for fact, label in spec.bases.items()
    }


def stated_line(spec: PhotoSpec) -> str:
    """One sentence: how many of the document's facts the authority itself is quoted stating."""
    quoted = sum(label == "authority" for label in spec.bases.values())
    total = len(spec.bases)
    if quoted == total:
        return f"The authority itself states all {total} facts on this page, in the words quoted under each."
    if quoted:
        return f"The authority itself is quoted stating {quoted} of the {total} facts on this page; open “source” under a fact to see what backs it."
    return f"None of the {total} facts on this page is quoted from the authority yet; open “source” under a fact to see what backs it."


def offices(spec: PhotoSpec) -> list[tuple[Variant, Provenance]]:
    """Each office that asks differently, with its words as the disclosure under it."""
    found = []
    for variant in spec.variants:
        label = "secondary" if variant.citation.secondary else "authority"
        meaning = "This office's own words, as read on its page." if label == "authority" else FACT_BASES["secondary"]
        found.append((variant, Provenance("variant", label, BADGES[label], meaning, [(variant.citation, variant.source.title)])))
    return found
