"""Where the head goes in a document's photo, worked out once (photospecs.core.guides) and
sent as data to the page's drawing and to the photo tool, so that the two cannot disagree.

Every position is in mm from the frame's top edge, downwards."""

from __future__ import annotations

from msgspec import Struct


class GuideSpan(Struct, frozen=True):
    min: float
    max: float


class Placement(Struct, rename="camel", frozen=True):
    """One head put where every rule allows it: its height (chin to crown), and its crown, eyes
    and chin."""

    head_mm: float
    crown_mm: float
    eyes_mm: float
    chin_mm: float


class Guides(Struct, rename="camel", frozen=True, omit_defaults=True, kw_only=True):
    """The photo's frame and the room its rules leave for the head.

    headMm is the head height allowed (chin to crown); eyesMm is the published eye band.
    crownMm and chinMm are where the crown and the chin may be with every rule met at once
    (frame, top margin, eye band, head height), the eyes taken at eyeShare of the head below the
    crown. crownLimitsMm is where the frame and the top margin alone let the crown be (its max
    is for the smallest head; a head h tall also needs crown <= heightMm - h): a tool that
    measures a face narrows it with the eye band less that face's own eye-to-crown distance.
    smallest, target and largest are heads of the least, middle and greatest height that fit,
    each crown in the middle of its room. A tool aims at target, which is there even without a
    head range: a head of about two thirds of the frame, a framing choice that claims no rule.
    The other fields are absent where the document gives nothing to draw them from.
    """

    width_mm: float
    height_mm: float
    eye_share: float
    crown_limits_mm: GuideSpan
    target: Placement
    head_mm: GuideSpan | None = None
    crown_mm: GuideSpan | None = None
    chin_mm: GuideSpan | None = None
    eyes_mm: GuideSpan | None = None
    smallest: Placement | None = None
    largest: Placement | None = None
