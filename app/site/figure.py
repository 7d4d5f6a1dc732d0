"""The to-scale drawing of a photo on its document page: the frame, the chin-to-crown bands, the
eye-line band, a head-and-shoulders outline and labelled crown, eye and chin lines, in
millimetres (the SVG's user unit is 1 mm, so the drawing is to scale).

Where the head sits vertically: the crown at the published top margin when there is one; else
the head centred on the middle of the eye-line band (the eyes are near the middle of the head);
else centred in the frame. The bands are then moved, never resized, to stay inside the frame:
the band heights are always the head-height range itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from photospecs.dataset import Doc
from photospecs.dataset.schema import Range

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


def figure(doc: Doc) -> Figure | None:
    f = doc.file
    if f.width_mm is None or f.height_mm is None:
        return None
    width, height = f.width_mm, f.height_mm
    eyes = None
    if doc.eye_line_mm is not None:
        eyes = Band(round(height - doc.eye_line_mm.max, 2), round(height - doc.eye_line_mm.min, 2))
    head = doc.head_height_mm
    if head is None:
        # A published top margin alone still places the crown.
        margin = f.top_margin_mm
        crown_line = Band(margin.min, margin.max) if margin else None
        return Figure(width, height, None, None, eyes, None, doc.eye_line_basis, crown=crown_line,
                      labels=_labels(height, crown_line, None, eyes, margin))
    if f.top_margin_mm is not None:
        crown = (f.top_margin_mm.min + f.top_margin_mm.max) / 2
        outer_top = inner_top = crown
    else:
        middle = (eyes.top + eyes.bottom) / 2 if eyes else height / 2
        outer_top, inner_top = middle - head.max / 2, middle - head.min / 2
    # Move both bands together into the frame (the loader has checked the largest head fits).
    shift = -outer_top if outer_top < 0 else min(height - (outer_top + head.max), 0.0)
    outer = Band(round(outer_top + shift, 2), round(outer_top + shift + head.max, 2))
    inner = Band(round(inner_top + shift, 2), round(inner_top + shift + head.min, 2))
    crown_band = Band(min(outer.top, inner.top), max(outer.top, inner.top))
    chin_band = Band(min(outer.bottom, inner.bottom), max(outer.bottom, inner.bottom))
    return Figure(
        width, height, outer, inner, eyes, doc.head_height_basis, doc.eye_line_basis,
        crown=crown_band,
        chin=chin_band,
        outline=_outline(width / 2, (crown_band.top + crown_band.bottom) / 2, (head.min + head.max) / 2, height),
        labels=_labels(height, crown_band, chin_band, eyes, f.top_margin_mm),
    )


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


def _labels(
    height: float, crown: Band | None, chin: Band | None, eyes: Band | None, margin: Range | None = None
) -> tuple[Label, ...]:
    """Crown and chin in mm from the top edge (the crown as the published top margin, where there
    is one), the eyes in mm above the bottom edge, as the rules measure them; spread apart where
    the lines are close."""
    wanted = []
    if crown is not None:
        low, high = (margin.min, margin.max) if margin else (crown.top, crown.bottom)
        wanted.append(((crown.top + crown.bottom) / 2, f"crown {_span(low, high)}"))
    if eyes is not None:
        wanted.append(((eyes.top + eyes.bottom) / 2, f"eyes {_span(height - eyes.bottom, height - eyes.top)}"))
    if chin is not None:
        wanted.append(((chin.top + chin.bottom) / 2, f"chin {_span(chin.top, chin.bottom)}"))
    labels: list[Label] = []
    for line_y, text in sorted(wanted):
        text_y = max(line_y + 1, labels[-1].text_y + _LABEL_GAP) if labels else line_y + 1
        labels.append(Label(round(line_y, 2), round(text_y, 2), text))
    return tuple(labels)
