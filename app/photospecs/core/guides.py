"""Where the head goes in a document's photo: one rule, worked out here for the page's drawing and
the photo tool alike.

The rule: a head of height h with its crown c below the frame's top edge is allowed when every
published constraint holds at once — h inside the head range, the head inside the frame
(0 <= c, c + h <= height), the crown inside the top margin, and the eyes, taken at EYE_SHARE of
the head below the crown (they are near its middle), inside the eye band. The crown band and the
chin band are the extremes of c and c + h over all allowed heads. The eye band is the only rule
that rests on that assumption about faces, so where the rules leave no head at all, it is the
one dropped (the loader has already checked that the tallest head fits under the top margin).
A head to aim at takes the middle of the heights that fit, its crown in the middle of its room.
"""

from __future__ import annotations

from itertools import combinations
from typing import Protocol

from photospecs.wire.guides import Guides, GuideSpan, Placement

EYE_SHARE = 0.5
FRAMING_SHARE = 0.65  # the head's share of the frame aimed at when no range is published
_SLACK = 1e-9

# A constraint a * h + b * c <= d on the head height h and the crown c.
_Rule = tuple[float, float, float]


class Span(Protocol):
    @property
    def min(self) -> float: ...
    @property
    def max(self) -> float: ...


def guides(
    width_mm: float | None,
    height_mm: float | None,
    head_height_mm: Span | None,
    eye_line_mm: Span | None,
    top_margin_mm: Span | None,
) -> Guides | None:
    if width_mm is None or height_mm is None:
        return None
    height = height_mm
    # The crown by the frame and the top margin alone.
    limits = [0.0, height]
    if top_margin_mm is not None:
        limits = [max(0.0, top_margin_mm.min), min(height, top_margin_mm.max)]
    eyes = None
    if eye_line_mm is not None:
        eyes = (height - eye_line_mm.max, height - eye_line_mm.min)
    if head_height_mm is not None:
        heads = (head_height_mm.min, head_height_mm.max)
        limits[1] = min(limits[1], height - head_height_mm.min)
    else:
        heads = (min(height * FRAMING_SHARE, height - limits[0]),) * 2
    rules = _rules(height, heads, limits, eyes)
    corners = _corners(rules)
    if not corners and eyes is not None:
        rules = _rules(height, heads, limits, None)
        corners = _corners(rules)
    low = min(h for h, _ in corners)
    high = max(h for h, _ in corners)
    target = _place((low + high) / 2, rules)
    eye_band = _span(*eyes) if eyes else None
    if head_height_mm is None:
        # No head to draw; a published top margin still places the crown.
        crown = _span(*limits) if top_margin_mm is not None else None
        return Guides(width_mm=width_mm, height_mm=height, eye_share=EYE_SHARE, crown_limits_mm=_span(*limits),
                      target=target, eyes_mm=eye_band, crown_mm=crown)
    return Guides(
        width_mm=width_mm, height_mm=height, eye_share=EYE_SHARE, crown_limits_mm=_span(*limits),
        target=target, eyes_mm=eye_band,
        head_mm=_span(head_height_mm.min, head_height_mm.max),
        crown_mm=_span(min(c for _, c in corners), max(c for _, c in corners)),
        chin_mm=_span(min(h + c for h, c in corners), max(h + c for h, c in corners)),
        smallest=_place(low, rules),
        largest=_place(high, rules),
    )


def _rules(height: float, heads: tuple[float, float], limits: list[float], eyes: tuple[float, float] | None) -> list[_Rule]:
    rules = [(-1.0, 0.0, -heads[0]), (1.0, 0.0, heads[1]), (0.0, -1.0, -limits[0]), (0.0, 1.0, limits[1]), (1.0, 1.0, height)]
    if eyes is not None:
        rules += [(-EYE_SHARE, -1.0, -eyes[0]), (EYE_SHARE, 1.0, eyes[1])]
    return rules


def _corners(rules: list[_Rule]) -> list[tuple[float, float]]:
    """The corners of the allowed (h, c) region: where two rules' lines cross and every rule holds.
    The region is convex, so the extremes of c and of c + h are among them."""
    corners = []
    for (a1, b1, d1), (a2, b2, d2) in combinations(rules, 2):
        det = a1 * b2 - a2 * b1
        if abs(det) < _SLACK:
            continue
        h, c = (d1 * b2 - d2 * b1) / det, (a1 * d2 - a2 * d1) / det
        if all(a * h + b * c <= d + 1e-6 for a, b, d in rules):
            corners.append((h, c))
    return corners


def _place(head: float, rules: list[_Rule]) -> Placement:
    """A head `head` mm tall with its crown in the middle of where the rules let it be."""
    low = max((d - a * head) / b for a, b, d in rules if b < 0)
    high = min((d - a * head) / b for a, b, d in rules if b > 0)
    crown = (low + high) / 2
    return Placement(round(head, 2), round(crown, 2), round(crown + EYE_SHARE * head, 2), round(crown + head, 2))


def _span(low: float, high: float) -> GuideSpan:
    return GuideSpan(round(low, 2), round(high, 2))
