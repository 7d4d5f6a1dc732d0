"""Test photos for the photo tool, and a measure of where a face landed that owes nothing to the
tool's face model.

The portrait is scikit-image's `astronaut` (a NASA photograph in the public domain, shipped inside
the package): her head and shoulders are cut out along a hand-drawn outline and placed, scaled,
turned and off centre, on a wall, as a phone would take it. The points that the document rules
measure were read off the 512 x 512 original by eye: the top of the hair, the chin and the two
iris centres. To measure a downloaded file, ORB features of her face are matched between the
original and the file, a similarity transform is fitted to the matches (RANSAC), and those points
are carried through it.
"""

from __future__ import annotations

import functools
import io
import math
from dataclasses import dataclass

import numpy as np
import skimage
from PIL import Image, ImageDraw, ImageFilter
from skimage.feature import ORB, match_descriptors
from skimage.measure import ransac
from skimage.transform import SimilarityTransform

# Points on the 512 x 512 astronaut (x, y).
CROWN = (226.0, 15.0)
CHIN = (222.0, 181.0)
EYES = ((202.0, 100.0), (246.0, 103.0))
# Her outline: the hair and face as an ellipse, the suit as a polygon.
HEAD = (148, 12, 306, 196)
SUIT = [(128, 150), (312, 150), (352, 250), (364, 330), (364, 511), (28, 511), (28, 330), (62, 258)]


def astronaut() -> Image.Image:
    return Image.fromarray(skimage.data.astronaut())


def cutout() -> Image.Image:
    """The astronaut with an alpha channel: opaque inside her outline, soft at its edge."""
    matte = Image.new("L", (512, 512), 0)
    draw = ImageDraw.Draw(matte)
    draw.ellipse(HEAD, fill=255)
    draw.polygon(SUIT, fill=255)
    picture = astronaut().convert("RGBA")
    picture.putalpha(matte.filter(ImageFilter.GaussianBlur(1.2)))
    return picture


def wall(size: tuple[int, int], kind: str) -> Image.Image:
    """A plain wall (a colour name or hex), or 'busy': shelves of coloured blocks."""
    if kind != "busy":
        return Image.new("RGB", size, kind)
    rng = np.random.default_rng(7)
    picture = Image.new("RGB", size, (120, 110, 95))
    draw = ImageDraw.Draw(picture)
    step = max(size) // 14
    for y in range(0, size[1], step):
        for x in range(0, size[0], step):
            colour = tuple(int(c) for c in rng.integers(30, 230, 3))
            draw.rectangle([x + 4, y + 4, x + step - 4, y + step - 4], fill=colour)
    return picture


@dataclass(frozen=True)
class Portrait:
    """A portrait and where the astronaut's head lands in it."""

    size: tuple[int, int] = (3000, 4000)
    head_share: float = 0.13  # crown-to-chin height as a share of the photo's height
    centre: tuple[float, float] = (0.42, 0.36)  # where her eyes go, as shares of width and height
    roll: float = 0.0  # degrees, counter-clockwise
    background: str = "#f4f4f2"

    def jpeg(self) -> bytes:
        head_px = self.head_share * self.size[1]
        scale = head_px / (CHIN[1] - CROWN[1])
        person = cutout().resize((round(512 * scale), round(512 * scale)), Image.LANCZOS)
        if self.roll:
            person = person.rotate(self.roll, resample=Image.BICUBIC, expand=True)
        eyes = ((EYES[0][0] + EYES[1][0]) / 2 - 256, (EYES[0][1] + EYES[1][1]) / 2 - 256)
        turn = math.radians(self.roll)
        ex = scale * (eyes[0] * math.cos(turn) + eyes[1] * math.sin(turn))
        ey = scale * (-eyes[0] * math.sin(turn) + eyes[1] * math.cos(turn))
        at = (round(self.centre[0] * self.size[0] - ex - person.width / 2), round(self.centre[1] * self.size[1] - ey - person.height / 2))
        picture = wall(self.size, self.background)
        picture.paste(person, at, person)
        # The suit carries on to the photo's bottom edge, as in a photo taken at arm's length.
        below = self.size[1] - (at[1] + person.height)
        if below > 0 and not self.roll:
            row = person.crop((0, person.height - 1, person.width, person.height)).resize((person.width, below))
            picture.paste(row, (at[0], at[1] + person.height), row)
        out = io.BytesIO()
        picture.save(out, "JPEG", quality=90)
        return out.getvalue()


@dataclass(frozen=True)
class Landing:
    """Where the head landed in a file, in its px."""

    crown: tuple[float, float]
    chin: tuple[float, float]
    eyes: tuple[float, float]  # midpoint of the iris centres
    matches: int
    eye_pair: tuple[tuple[float, float], tuple[float, float]] = ((0.0, 0.0), (0.0, 0.0))  # left, right

    def head_px(self) -> float:
        return self.chin[1] - self.crown[1]

    def roll(self) -> float:
        """The eye line's tilt in degrees: 0 when level."""
        (x1, y1), (x2, y2) = self.eye_pair
        return math.degrees(math.atan2(y2 - y1, x2 - x1))


def _features(grey: np.ndarray, keypoints: int) -> tuple[np.ndarray, np.ndarray]:
    orb = ORB(n_keypoints=keypoints, fast_threshold=0.03, downscale=1.2, n_scales=10)
    orb.detect_and_extract(grey)
    return orb.keypoints, orb.descriptors


def _grey(picture: Image.Image) -> np.ndarray:
    return np.asarray(picture.convert("L"), dtype=np.float64) / 255.0


# The face region of the original, where the features are taken (hair to chin, ear to ear).
_FACE = (150, 10, 305, 195)


@functools.cache
def _source_face() -> tuple[np.ndarray, np.ndarray]:
    """The original's face features, in its own px: found once per run (most of a locate's time)."""
    # Both images at about the same scale of face (ORB matches best between like scales): the
    # original enlarged 1.5 times, the file brought to 360 px high.
    grow = 1.5
    source = astronaut().resize((round(512 * grow), round(512 * grow)), Image.LANCZOS)
    points, descriptors = _features(_grey(source), 2000)
    points = points / grow
    inside = [i for i, (r, c) in enumerate(points) if _FACE[0] <= c <= _FACE[2] and _FACE[1] <= r <= _FACE[3]]
    return points[inside], descriptors[inside]


def locate(picture: Image.Image) -> Landing:
    """Find the astronaut's face in `picture` and carry the known points into its px."""
    source_points, source_descriptors = _source_face()
    shrink = min(1.0, 360 / picture.height)
    small = picture.resize((round(picture.width * shrink), round(picture.height * shrink)), Image.LANCZOS) if shrink < 1 else picture
    target_points, target_descriptors = _features(_grey(small), 3000)
    target_points = target_points / shrink
    pairs = match_descriptors(source_descriptors, target_descriptors, cross_check=True, max_ratio=0.85)
    src = source_points[pairs[:, 0]][:, ::-1]  # (row, col) -> (x, y)
    dst = target_points[pairs[:, 1]][:, ::-1]
    model, inliers = ransac((src, dst), SimilarityTransform, min_samples=3, residual_threshold=1.5 / shrink, max_trials=3000, rng=1)
    assert model is not None and inliers.sum() >= 20, f"the face was not found in the file ({0 if inliers is None else inliers.sum()} matches)"

    def carry(point: tuple[float, float]) -> tuple[float, float]:
        x, y = model(np.array([point]))[0]
        return float(x), float(y)

    left, right = carry(EYES[0]), carry(EYES[1])
    return Landing(carry(CROWN), carry(CHIN), ((left[0] + right[0]) / 2, (left[1] + right[1]) / 2), int(inliers.sum()), (left, right))
