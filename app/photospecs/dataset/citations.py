"""Provenance per fact: which source states each served fact, in whose words, and the label
(`bases`) that follows from it.

A source may carry the authority's words that state some facts (`quote`, `facts`), or name a
standard the page refers to for them (`standard`). A label says `authority` only where a source
that is not secondary is quoted stating the fact; everything weaker says what it is.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from photospecs.dataset.schema import DocumentFile, PortalFile, Quote, Source, Variant

# The facts a document or a portal serves, by the names the view models use for them.
DOCUMENT_FACTS = (
    "size", "dpi", "digitalPx", "background", "headHeight", "eyeLine", "topMargin", "capture", "maxPhotoAge",
)
PORTAL_FACTS = ("formats", "pixels", "bytes", "aspectRatio")

# Labels derived from citations; a print format's rule keeps its own id ("icao-35x45-default"),
# and the size keeps "common-format" where the office takes the photo.
AUTHORITY = "authority"  # a non-secondary source's quoted words state it
AUTHORITY_UNQUOTED = "authority-unquoted"  # the authority's page is cited; its words are not recorded yet
STANDARD = "standard"  # the authority refers to a standard, whose figure is applied
SECONDARY = "secondary"  # only secondary sources back it
UNPUBLISHED = "unpublished"  # the authority publishes no figure for it
UNCITED = "uncited"  # every authority page is recorded, and none states it


@dataclass(frozen=True, slots=True)
class Cited:
    """One quote (or reference to a standard) on one source's page, as served in `citations`."""

    facts: list[str]
    url: str
    quote: str | None
    lang: str | None
    gloss: str | None
    read: datetime.date | None
    secondary: bool
    standard: str | None


def entries(source: Source) -> list[Quote | Source]:
    """The source's recorded citations: the one written on it, then its `quotes`."""
    return [entry for _, entry in located("", source)]


def cited(source: Source) -> list[Cited]:
    return [
        Cited(list(e.facts), source.url, e.quote, (e.lang or "en") if e.quote else None,
              e.gloss, e.read, source.secondary, e.standard)
        for e in entries(source)
    ]


def check_source(where: str, source: Source, known: tuple[str, ...], problems: list[str]) -> None:
    """The quote fields of one source hang together and name facts that exist."""
    if source.quote is None:
        for name in ("lang", "gloss", "read"):
            if getattr(source, name) is not None:
                problems.append(f"{where}.{name}: only with a quote")
        if source.facts and source.standard is None:
            problems.append(f"{where}.facts: give the quote that states them, or the standard the page refers to")
    for at, entry in located(where, source):
        if not entry.facts:
            problems.append(f"{at}.facts: name the facts the quote states, e.g. [\"size\", \"background\"]")
        for fact in entry.facts:
            if fact not in known:
                problems.append(f"{at}.facts: unknown fact {fact!r}; one of {', '.join(known)}")
        if entry.quote is not None:
            if entry.read is None:
                problems.append(f"{at}.read: give the day the quote was read")
            english = (entry.lang or "en") == "en"
            if english and entry.gloss is not None:
                problems.append(f"{at}.gloss: only for a quote not in English")
            if not english and entry.gloss is None:
                problems.append(f"{at}.gloss: give an English rendering of the {entry.lang} quote")


def check_present(where: str, sources: Iterable[tuple[str, Source]], own: set[str], problems: list[str]) -> None:
    """Every fact a quote cites is one the document (or portal) serves as its own figure."""
    for place, source in sources:
        for at, entry in located(place, source):
            for fact in entry.facts:
                if fact not in own:
                    problems.append(f"{at}.facts: {fact!r} is cited, but {where} gives no {fact} of its own")


def located(where: str, source: Source) -> list[tuple[str, Quote | Source]]:
    """The source's citations, each with the field path an error about it names."""
    inline: list[tuple[str, Quote | Source]] = [(where, source)] if source.quote is not None or source.standard is not None else []
    return inline + [(f"{where}.quotes[{index}]", quote) for index, quote in enumerate(source.quotes)]


def refers_only(source: Source) -> bool:
    """The page is recorded, and all it does is refer to a standard: it states no figure itself."""
    recorded = entries(source)
    return bool(recorded) and all(e.standard is not None and e.quote is None for e in recorded)


def label(fact: str, citations: list[Cited], sources: list[Source]) -> str:
    """The strongest thing the citations say of one fact; never stronger than they say."""
    backing = [c for c in citations if fact in c.facts]
    if any(not c.secondary and c.quote is not None and c.standard is None for c in backing):
        return AUTHORITY
    if any(not c.secondary and c.standard is not None for c in backing):
        return STANDARD
    if any(not s.secondary and not refers_only(s) for s in sources):
        return AUTHORITY_UNQUOTED
    if any(s.secondary for s in sources):
        return SECONDARY
    return UNCITED


def bases(facts: dict[str, str | None], citations: list[Cited], sources: list[Source]) -> dict[str, str]:
    """Each served fact's label: a fixed one where the value is not the authority's to state (a
    format's rule, a size it does not publish), else derived from the citations."""
    return {fact: fixed or label(fact, citations, sources) for fact, fixed in facts.items()}


def standards(fact: str, citations: list[Cited]) -> list[str]:
    """The standards the authority refers to for a fact, for saying which one is applied."""
    return list(dict.fromkeys(c.standard for c in citations if fact in c.facts and c.standard))


def document_facts(doc: DocumentFile, head_basis: str | None, eye_basis: str | None) -> tuple[dict[str, str | None], set[str]]:
    """The facts a document serves, each with its fixed label (None: derive it from the
    citations), and those whose value is the document's own, which a quote may cite."""
    size_fixed = doc.size_basis if doc.size_basis not in (None, AUTHORITY) else None
    served: dict[str, tuple[bool, str | None, bool]] = {  # fact -> (served, fixed label, own value)
        "size": (True, size_fixed, doc.width_mm is not None),
        "dpi": (doc.dpi is not None, None if doc.dpi_stated else UNPUBLISHED, doc.dpi_stated),
        "digitalPx": (doc.digital_px is not None, None, True),
        "background": (True, None, True),
        "headHeight": (head_basis is not None, _rule(head_basis), doc.head_height_mm is not None),
        "eyeLine": (eye_basis is not None, _rule(eye_basis), doc.eye_line_mm is not None),
        "topMargin": (doc.top_margin_mm is not None, None, True),
        "capture": (True, None, True),
        "maxPhotoAge": (doc.max_photo_age_months is not None, None, True),
    }
    facts = {name: fixed for name, (shown, fixed, _) in served.items() if shown}
    return facts, {name for name, (shown, _, own) in served.items() if shown and own}


def portal_facts(portal: PortalFile) -> dict[str, str | None]:
    shown = {
        "formats": True,
        "pixels": portal.min_px is not None or portal.max_px is not None,
        "bytes": portal.min_bytes is not None or portal.max_bytes is not None,
        "aspectRatio": portal.aspect_ratio is not None,
    }
    return {name: None for name, present in shown.items() if present}


def _rule(basis: str | None) -> str | None:
    """A figure from a print format's rule keeps the rule's id; the authority's own is derived."""
    return None if basis in (None, "authority") else basis


def variant_facts(variant: Variant) -> set[str]:
    """The facts an office's variant gives in place of the document's."""
    given = {
        "size": variant.width_mm is not None or variant.height_mm is not None,
        "background": variant.background is not None,
        "maxPhotoAge": variant.max_photo_age_months is not None,
    }
    return {fact for fact, present in given.items() if present}


def check_variant(where: str, variant: Variant, problems: list[str]) -> None:
    """A variant says what differs, and the office's quoted words state exactly that."""
    facts = variant_facts(variant)
    if not facts:
        problems.append(f"{where}: give what this office asks differently (width_mm and height_mm, background, max_photo_age_months)")
    if (variant.width_mm is None) != (variant.height_mm is None):
        problems.append(f"{where}: give width_mm and height_mm together")
    check_source(f"{where}.source", variant.source, DOCUMENT_FACTS, problems)
    if variant.source.quote is None or variant.source.quotes:
        problems.append(f"{where}.source.quote: record the office's own words for a variant, in one quote")
    cited = {fact for entry in entries(variant.source) for fact in entry.facts}
    if facts and cited != facts:
        problems.append(f"{where}.source.facts: cite exactly what the variant gives: {', '.join(sorted(facts))}")
