"""The to-scale drawing of a photo on its document page: the frame, the chin-to-crown bands, the
eye-line band, a head-and-shoulders outline and labelled crown, eye and chin lines, in
millimetres (the SVG's user unit is 1 mm, so the drawing is to scale).

Where the head goes is not decided here: photospecs.core.guides works it out once for this
drawing and the photo tool alike, and this module only lays that out.
"""

from __future__ import annotations

from dataclasses import dataclass

from photospecs.wire.guides import Guides, GuideSpan, Placement
from photospecs.wire.results import PhotoSpec

# Proportions of the outline, as fractions of its head height: a face is about three quarters as
# wide as it is tall; the neck and shoulders only need to read as such.
_HALF_FACE = 0.37
_HALF_NECK = 0.2
_SHOULDER = 1.0
_LABEL_GAP = 3.2  # mm between label baselines, so that close lines keep readable labels


@dataclass(frozen=True)
class Band:
    top: float  # mm from the top edge
    bottom: float

    @property
    def height(self) -> float:
        return round(self.bottom - self.top, 2)


@dataclass(frozen=True)
class Label:
    line_y: float  # where the line it names is drawn
    text_y: float  # where its text goes (moved down where lines are close)
    text: str
    kind: str = ""  # "crown", "eyes" or "chin": what the page says in its language
    low: float = 0.0  # the span the label gives, in mm, rounded to a tenth
    high: float = 0.0


@dataclass(frozen=True)
class Figure:
    width: float
    height: float
    head_outer: Band | None  # the largest head allowed (crown to chin)
    head_inner: Band | None  # the smallest
    eyes: Band | None
    head_basis: str | None
    eye_basis: str | None
    crown: Band | None = None  # where the crown may be: from the largest head's to the smallest's
    chin: Band | None = None
    outline: str | None = None  # SVG path data of a head of the middle size and its shoulders
    labels: tuple[Label, ...] = ()


def figure(spec: PhotoSpec) -> Figure | None:
    """The document's figure, drawn from the guides it is served with (None without a size)."""
    return None if spec.guides is None else draw(spec.guides, spec.head_height_basis, spec.eye_line_basis)


def draw(g: Guides, head_basis: str | None = None, eye_basis: str | None = None) -> Figure:
    eyes = _band(g.eyes_mm)
    crown, chin = _band(g.crown_mm), _band(g.chin_mm)
    labels = _labels(g.height_mm, crown, chin, eyes)
    if g.smallest is None or g.largest is None:
        return Figure(g.width_mm, g.height_mm, None, None, eyes, None, eye_basis, crown=crown, labels=labels)
    t = g.target
    return Figure(
        g.width_mm, g.height_mm, _head(g.largest), _head(g.smallest), eyes, head_basis, eye_basis,
        crown=crown,
        chin=chin,
        outline=_outline(g.width_mm / 2, t.crown_mm, t.head_mm, g.height_mm),
        labels=labels,
    )


def _band(span: GuideSpan | None) -> Band | None:
    return None if span is None else Band(span.min, span.max)


def _head(head: Placement) -> Band:
    return Band(head.crown_mm, head.chin_mm)


def _outline(centre: float, crown: float, size: float, height: float) -> str:
    """A head `size` mm tall from `crown`, and the neck and shoulders below it to the bottom edge."""
    chin = crown + size
    half_face, half_neck, shoulder = size * _HALF_FACE, size * _HALF_NECK, size * _SHOULDER

    def at(x: float, y: float) -> str:
        return f"{x:.2f} {y:.2f}"

    middle = crown + size / 2
    head = (
        f"M {at(centre - half_face, middle)} A {half_face:.2f} {size / 2:.2f} 0 1 1 {at(centre + half_face, middle)} "
        f"A {half_face:.2f} {size / 2:.2f} 0 1 1 {at(centre - half_face, middle)} Z"
    )
    bottom = max(height, chin + size * 0.6) + 1  # past the edge: the frame clips it
    sides = []
    for side in (-1, 1):
        neck = centre + side * half_neck
        sides.append(
            f"M {at(neck, chin - size * 0.06)} L {at(neck, chin + size * 0.1)} "
            f"C {at(centre + side * size * 0.45, chin + size * 0.15)} {at(centre + side * size * 0.9, chin + size * 0.2)} "
            f"{at(centre + side * shoulder, chin + size * 0.55)} L {at(centre + side * shoulder, bottom)}"
        )
    return " ".join([head, *sides])


def _span(low: float, high: float) -> str:
    low, high = round(low, 1), round(high, 1)
    return f"{low:g}" if low == high else f"{low:g}–{high:g}"


def _spanned(kind: str, low: float, high: float) -> tuple[str, str, float, float]:
    return kind, f"{kind} {_span(low, high)}", round(low, 1), round(high, 1)


def _labels(height: float, crown: Band | None, chin: Band | None, eyes: Band | None) -> tuple[Label, ...]:
    """Crown and chin in mm from the top edge, the eyes in mm above the bottom edge, as the rules
    measure them; spread apart where the lines are close."""
    wanted = []
    if crown is not None:
        wanted.append(((crown.top + crown.bottom) / 2, _spanned("crown", crown.top, crown.bottom)))
    if eyes is not None:
        wanted.append(((eyes.top + eyes.bottom) / 2, _spanned("eyes", height - eyes.bottom, height - eyes.top)))
    if chin is not None:
        wanted.append(((chin.top + chin.bottom) / 2, _spanned("chin", chin.top, chin.bottom)))
    labels: list[Label] = []
    for line_y, (kind, text, low, high) in sorted(wanted):
        text_y = max(line_y + 1, labels[-1].text_y + _LABEL_GAP) if labels else line_y + 1
        labels.append(Label(round(line_y, 2), round(text_y, 2), text, kind, low, high))
    return tuple(labels)
