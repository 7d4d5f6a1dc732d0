"""The to-scale drawing of a photo on its document page: the frame, the chin-to-crown band and
the eye-line band, in millimetres (the SVG's user unit is 1 mm, so the drawing is to scale).

Where the head sits vertically: the crown at the published top margin when there is one; else
the head centred on the middle of the eye-line band (the eyes are near the middle of the head);
else centred in the frame. The band's height is always the head-height range itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from photospecs.dataset import Doc
from photospecs.dataset.schema import Range


@dataclass(frozen=True)
class Band:
    top: float  # mm from the top edge
    bottom: float

    @property
    def height(self) -> float:
        return round(self.bottom - self.top, 2)


@dataclass(frozen=True)
class Figure:
    width: float
    height: float
    head_outer: Band | None  # the largest head allowed (crown to chin)
    head_inner: Band | None  # the smallest
    eyes: Band | None
    head_basis: str | None
    eye_basis: str | None


def figure(doc: Doc) -> Figure | None:
    f = doc.file
    if f.width_mm is None or f.height_mm is None:
        return None
    height = f.height_mm
    eyes = None
    if doc.eye_line_mm is not None:
        eyes = Band(round(height - doc.eye_line_mm.max, 2), round(height - doc.eye_line_mm.min, 2))
    outer = inner = None
    head: Range | None = doc.head_height_mm
    if head is not None:
        if f.top_margin_mm is not None:
            crown = (f.top_margin_mm.min + f.top_margin_mm.max) / 2
            outer = Band(round(crown, 2), round(crown + head.max, 2))
            inner = Band(round(crown, 2), round(crown + head.min, 2))
        else:
            middle = (eyes.top + eyes.bottom) / 2 if eyes else height / 2
            outer = Band(round(middle - head.max / 2, 2), round(middle + head.max / 2, 2))
            inner = Band(round(middle - head.min / 2, 2), round(middle + head.min / 2, 2))
    return Figure(f.width_mm, height, outer, inner, eyes, doc.head_height_basis, doc.eye_line_basis)
