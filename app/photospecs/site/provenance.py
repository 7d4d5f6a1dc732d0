"""What a document page says under each fact: who states it, in which words.

Read from the served spec only (`bases` and `citations`), so the page never says more than the API.
"""

from __future__ import annotations

from dataclasses import dataclass

from photospecs.site.i18n import N_, Texts
from photospecs.wire.results import FACT_BASES, Citation, PhotoSpec, Variant

# A short badge per label, beside the figure; the disclosure under it gives the full wording.
BADGES = {
    "authority": ("official", N_("quoted from the authority")),
    "authority-unquoted": ("muted", N_("authority's page, words not recorded")),
    "standard": ("derived", N_("standard the authority names")),
    "secondary": ("derived", N_("secondary sources only")),
    "common-format": ("derived", N_("not a requirement")),
    "unpublished": ("derived", N_("not published by the authority")),
    "uncited": ("derived", N_("no source recorded")),
}
_RULE = ("derived", N_("not published by the authority"))  # a print format's rule, by its own id


RULE_MEANING = N_("The authority publishes no figure: the published rule of this print format is applied.")
OFFICE_MEANING = N_("This office's own words, as read on its page.")
# The wordings the page shows under a fact (the API's FACT_BASES, in English), marked here so
# that the catalogues hold them; the page translates them by their English text.
MEANINGS = (
    N_("The authority states this figure: its words are quoted with the source."),
    N_("The authority's page is cited for this document, but the words stating this figure are not recorded yet."),
    N_("The authority refers to a standard (named in the citation) rather than stating the figure; the figure is that standard's."),
    N_("Only secondary sources give this figure. Confirm it with the authority."),
    N_("The office takes the photo and the authority publishes no size: the size given is the common portrait format, not a requirement."),
    N_("The authority publishes no figure for this."),
    N_("No cited page is recorded as stating this figure. Confirm it with the authority."),
)
assert set(FACT_BASES.values()) <= set(MEANINGS), "a FACT_BASES wording the catalogues lack: mark it in MEANINGS"


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
            FACT_BASES.get(label, RULE_MEANING),
            [(c, titles.get(c.url, c.url)) for c in spec.citations if fact in c.facts],
        )
        for fact, label in spec.bases.items()
    }


def stated_line(spec: PhotoSpec, texts: Texts) -> str:
    """One sentence: how many of the document's facts the authority itself is quoted stating."""
    quoted = sum(label == "authority" for label in spec.bases.values())
    total = len(spec.bases)
    values = {"num": total, "quoted": quoted}
    if quoted == total:
        return texts.ngettext("The authority itself states the %(num)s fact on this page, in the words quoted under it.",
                              "The authority itself states all %(num)s facts on this page, in the words quoted under each.", total) % values
    if quoted:
        return texts.ngettext("The authority itself is quoted stating %(quoted)s of the %(num)s fact on this page; open “source” under a fact to see what backs it.",
                              "The authority itself is quoted stating %(quoted)s of the %(num)s facts on this page; open “source” under a fact to see what backs it.", total) % values
    return texts.ngettext("The %(num)s fact on this page is not quoted from the authority yet; open “source” under it to see what backs it.",
                          "None of the %(num)s facts on this page is quoted from the authority yet; open “source” under a fact to see what backs it.", total) % values


def offices(spec: PhotoSpec) -> list[tuple[Variant, Provenance]]:
    """Each office that asks differently, with its words as the disclosure under it."""
    found = []
    for variant in spec.variants:
        label = "secondary" if variant.citation.secondary else "authority"
        meaning = OFFICE_MEANING if label == "authority" else FACT_BASES["secondary"]
        found.append((variant, Provenance("variant", label, BADGES[label], meaning, [(variant.citation, variant.source.title)])))
    return found
