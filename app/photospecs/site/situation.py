"""What a document page says first: what to bring, who says so, and when that was checked.

Read from the dataset only. Where the dataset cannot tell a printed photo from a file (a photo
the applicant supplies, no upload portal recorded, but rules that speak of uploading), the page
says so and points at the rules rather than guessing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

from photospecs.site.i18n import Texts
from photospecs.wire.results import PhotoSpec, PortalConstraints, Source

# Kinds that exist only as online applications: the photo is a file whatever else is recorded.
ONLINE_KINDS = frozenset({"evisa", "eta", "keta", "evoa", "e-residency", "dv-lottery"})
_UPLOAD = re.compile(r"\b(upload|uploaded|uploading|digital|online application|jpe?g)\b", re.IGNORECASE)

Bring = Literal["nothing", "either", "digital", "print", "print-or-digital"]


@dataclass(frozen=True, slots=True)
class Situation:
    bring: Bring
    portals: list[PortalConstraints]  # where the file goes, when a portal is recorded
    tool: bool  # the person supplies a photo of a known size: the photo tool can make it


def situation(spec: PhotoSpec, kind: str, portals: list[PortalConstraints]) -> Situation:
    """`kind` is the document's kind in the dataset ("evisa", "passport"...)."""
    sized = spec.width_mm is not None and spec.size_basis != "common-format"
    if spec.capture == "office":
        return Situation("nothing", [], False)
    digital = bool(portals) or kind in ONLINE_KINDS
    if spec.capture == "supplied-or-office":
        return Situation("either", portals, sized)
    if digital:
        return Situation("digital", portals, sized)
    if any(_UPLOAD.search(rule) for rule in spec.requirements):
        return Situation("print-or-digital", [], sized)
    return Situation("print", [], sized)


def authority(sources: list[Source]) -> str | None:
    """Who the facts come from: the publisher named at the head of the first non-secondary
    source's title ("IRCC: Photo specifications" -> "IRCC"), else its site's host."""
    primary = next((s for s in sources if not s.secondary), None)
    if primary is None:
        return None
    head, colon, _ = primary.title.partition(":")
    if colon and len(head) <= 90:
        return head.strip()
    return urlsplit(primary.url).hostname or primary.url


def link_check_note(sources: list[Source], texts: Texts) -> str:
    """One honest line about whether the links below were opened by the link checker."""
    _ = texts.gettext
    dates = [s.verified for s in sources if s.verified]
    if not dates:
        return _(
            "These links were copied from the authorities' sites when the facts were checked; the link "
            "checker has not opened them since, and official sites move pages, so if one fails, look for its "
            "title on the authority's site."
        )
    last = texts.date(max(dates))
    if len(dates) == len(sources):
        return _("Every link here opened when the link checker last ran, on %(date)s.") % {"date": last}
    return texts.ngettext(
        "%(opened)s of %(count)s link here opened when the link checker last ran, on %(date)s; the others are not checked yet.",
        "%(opened)s of %(count)s links here opened when the link checker last ran, on %(date)s; the others are not checked yet.",
        len(sources),
    ) % {"opened": len(dates), "count": len(sources), "date": last}
