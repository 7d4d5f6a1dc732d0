"""How well the photo tool's checks and placement do on real portraits, in Chromium on this machine.

    python bench/check_quality.py [--documents us-visa india-passport germany-passport]
                                  [--bad-documents germany-passport] [--photos NAME ...]
                                  [--bad KIND ...] [--same-page] [--json FILE] [--keep DIR]
    python bench/check_quality.py --report FILE   # count an earlier --json run again

Starts `photospecs serve`, opens /tool in Debian's headless Chromium (Playwright) for each
document, and loads every photo of bench/photos/ (MANIFEST.json: real people, their faults and
hand-marked crown, chin and eyes), then deliberately bad versions of each made here and never
stored (blurred, dark, overexposed, turned 15 degrees, cut by the top edge, a glare patch on an
eye, shrunk, a second face pasted beside, dark spectacle frames drawn on), each in a fresh page
(--same-page: one page per document, as a person trying photo after photo). For each it reads
the check lines the tool shows, each only as a status (pass, warn, fail) and a text, and
downloads the photo. It prints, per check:
  - fails, and apart from them warnings, on photos without any fault that check is meant to catch;
  - misses: a photo with such a fault where the check passed or was not shown at all;
per fault, how many photos a check meant for it flagged (and failed); from the downloaded files,
the head and eye placement error in mm: where the hand-marked crown, chin and eyes landed
(carried into the file by matching image features, independently of the tool's face model)
against the figures the tool itself states in its check lines; and last the issue's done-when in
one line: fails on good photos, deliberate faults flagged.

The two tables below are the whole mapping from faults to checks: edit them when checks change.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import re
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from tool_timing import ARGS, CHROMIUM, serve  # noqa: E402  (the same server and browser set-up)

PHOTOS = ROOT / "bench/photos"

# Which checks should flag each fault (warn or fail). An empty list: no check should, the tool is
# expected to cope (it levels a turned photo itself), and any warning counts as a false alarm.
# Faults marked in MANIFEST.json, then the bad versions made here.
FAULT_CHECKS: dict[str, list[str]] = {
    "busy-background": ["background"],
    "mouth-open": ["mouth"],
    "head-tilted": [],  # the tool levels the eye line by turning the photo
    "turned": ["yaw"],
    "looking-aside": ["gaze"],
    "headwear": ["headwear"],
    "glasses": ["glasses"],
    "crown-at-edge": ["head-cut", "covers", "top-margin"],
    "uneven-light": ["lighting"],
    "dark": ["exposure", "lighting"],
    "grey-scale": ["colour"],
    "tipped": ["pitch"],
    "dark-background": ["background"],
    "blur": ["sharpness"],
    "overexposed": ["exposure", "lighting"],
    "rotated-15": [],
    "face-cut": ["head-cut", "covers", "top-margin"],
    "glare": ["glare", "lighting", "eyes-open"],
    "low-resolution": ["pixels", "sharpness"],
    "second-face": ["faces"],
    # Worked out per document from the marks (`framing_faults`), not marked by hand.
    "frame-beyond-photo": ["covers"],
    "too-few-pixels": ["pixels"],
}

# Which check a line is, from its text alone (case-insensitive; the first pattern that matches),
# read up to the first colon: what follows is the advice, whose words ("more light", "eye level")
# would otherwise count the line under another check. A check the tool does not have yet is
# listed too: its faults then count as misses.
CHECKS: list[tuple[str, str]] = [
    ("head-cut", r"cut off|runs off"),  # first: the status line "One face found, but not whole. Your head runs off ..."
    ("faces", r"\bfaces? found|\bno face|\bpeople found"),
    ("covers", r"beyond the photo"),
    ("pixels", r"\bpx across|\bpixels\b|resolution|between the eye"),
    ("head-height", r"chin to crown|head height"),
    ("eye-line", r"^eyes?\b.*\babove\b|eye line"),
    ("centring", r"centred|of the middle"),
    ("top-margin", r"above the head"),
    ("yaw", r"facing the camera|\bturned\b"),
    ("pitch", r"tipped|up or down"),
    ("roll", r"\blevel\b|tilted"),
    ("eyes-open", r"eyes? open|eye looks closed|eyes? (are |look )?closed"),
    ("mouth", r"mouth"),
    ("background", r"background"),
    ("glare", r"glare|reflection"),
    ("exposure", r"exposure|exposed|face is (too|a little) (dark|bright|flat)|flat and grey"),
    ("lighting", r"\blight"),
    ("sharpness", r"\bsharp|\bblurred\b|\bblur\b"),
    ("glasses", r"glasses"),
    ("headwear", r"\bhat\b|head covering|headwear|forehead"),
    ("gaze", r"looking|gaze"),
    ("colour", r"colour photo|black and white|greyscale|skin colou?r|skin has"),
    ("compression", r"compress"),
]

BAD = ("blur", "dark", "overexposed", "rotated-15", "face-cut", "glare", "low-resolution", "second-face", "glasses")
PLACED = "placed as the document asks"
TIMEOUT = 90_000  # ms: the first photo of a page loads and compiles the models
KEEP: Path | None = None  # where to keep the downloaded files (--keep)


def check_of(text: str) -> str | None:
    said = text.split(":")[0]
    for name, pattern in CHECKS:
        if re.search(pattern, said, re.IGNORECASE):
            return name
    return None


# --- the photos and their bad versions -------------------------------------------------------


@dataclass
class Photo:
    """A picture given to the tool, where its marked points are, and its faults."""

    name: str
    image: Image.Image
    crown: tuple[float, float]
    chin: tuple[float, float]
    eyes: tuple[tuple[float, float], tuple[float, float]]
    faults: set[str]
    crown_known: bool = True  # False where the top of the head is outside the photo

    def head_px(self) -> float:
        return math.dist(self.crown, self.chin)

    def moved(self, name: str, image: Image.Image, carry, fault: str, **changes) -> Photo:
        crown = carry(self.crown)
        faults = self.faults | {fault}
        known = changes.get("crown_known", self.crown_known)
        if known and not (0 <= crown[0] < image.width and 0 <= crown[1] < image.height):
            # Turning or cutting the picture took the top of the head out of it.
            faults, known = faults | {"crown-at-edge"}, False
        return Photo(name, image, crown, carry(self.chin), (carry(self.eyes[0]), carry(self.eyes[1])), faults, crown_known=known)


def load_set(only: list[str] | None) -> list[Photo]:
    manifest = json.loads((PHOTOS / "MANIFEST.json").read_text())
    photos = []
    for name, entry in manifest["photos"].items():
        if only and name not in only:
            continue
        image = Image.open(PHOTOS / entry["file"]).convert("RGB")
        faults = set(entry["faults"])
        photos.append(Photo(name, image, tuple(entry["crown"]), tuple(entry["chin"]), tuple(map(tuple, entry["eyes"])), faults,
                            crown_known="crown-at-edge" not in faults))
    return photos


def same(point):
    return point


def bad_version(photo: Photo, kind: str, others: list[Photo]) -> Photo:
    """One deliberately bad version of a photo, its marked points carried along."""
    image, head = photo.image, photo.head_px()
    name = f"{photo.name}+{kind}"
    if kind == "blur":
        return photo.moved(name, image.filter(ImageFilter.GaussianBlur(head * 0.015)), same, kind)
    if kind == "dark":
        return photo.moved(name, Image.eval(image, lambda v: round(v * 0.28)), same, kind)
    if kind == "overexposed":
        return photo.moved(name, Image.eval(image, lambda v: min(255, round(v * 2.3 + 40))), same, kind)
    if kind == "rotated-15":
        # A camera held 15 degrees off level: the picture turned about its centre and cut to the
        # largest upright rectangle of its shape that the turned picture covers.
        a = math.radians(15)
        turned = image.rotate(15, resample=Image.BICUBIC)
        k = 1 / (math.cos(a) + math.sin(a) * max(image.width / image.height, image.height / image.width))
        w, h = round(image.width * k), round(image.height * k)
        left, top = (image.width - w) // 2, (image.height - h) // 2
        cx, cy = image.width / 2, image.height / 2

        def carry(point):
            dx, dy = point[0] - cx, point[1] - cy  # PIL turns counter-clockwise as seen
            return (cx + dx * math.cos(a) + dy * math.sin(a) - left, cy - dx * math.sin(a) + dy * math.cos(a) - top)

        return photo.moved(name, turned.crop((left, top, left + w, top + h)), carry, kind)
    if kind == "face-cut":
        # The top edge through the forehead, halfway from the crown to the eyes.
        eye_y = (photo.eyes[0][1] + photo.eyes[1][1]) / 2
        top = round(max(photo.crown[1], 0) + 0.5 * (eye_y - max(photo.crown[1], 0)))
        return photo.moved(name, image.crop((0, top, image.width, image.height)), lambda p: (p[0], p[1] - top), kind, crown_known=False)
    if kind == "glare":
        # A bright, soft-edged oval over one eye, as spectacles reflecting a flash or a window.
        (x1, y1), (x2, y2) = photo.eyes
        span = math.dist((x1, y1), (x2, y2))
        patch = Image.new("L", image.size, 0)
        ImageDraw.Draw(patch).ellipse([x2 - 0.32 * span, y2 - 0.2 * span, x2 + 0.32 * span, y2 + 0.2 * span], fill=235)
        patch = patch.filter(ImageFilter.GaussianBlur(span * 0.04))
        return photo.moved(name, Image.composite(Image.new("RGB", image.size, (252, 252, 248)), image, patch), same, kind)
    if kind == "glasses":
        return photo.moved(name, with_glasses(image, photo.eyes), same, kind)
    if kind == "low-resolution":
        # The head 90 px high: too few for any print, at any document's size.
        scale = 90 / head
        small = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))), Image.LANCZOS)
        return photo.moved(name, small, lambda p: (p[0] * scale, p[1] * scale), kind)
    if kind == "second-face":
        # Another person's head from the set, at this one's size, beside this head.
        other = next(o for o in others if o.name != photo.name and o.crown_known)
        box = head_box(other, 0.35)
        face = other.image.crop(box)
        scale = head / other.head_px() * 0.9
        face = face.resize((max(1, round(face.width * scale)), max(1, round(face.height * scale))), Image.LANCZOS)
        # Just right of this head's box, the picture widened where it has no room there: pasted
        # over the person's own face it would make a face swap, not a second person.
        mine = head_box(photo, 0.35)
        x = mine[2]
        pasted = Image.new("RGB", (max(image.width, x + face.width), image.height), tuple(int(v) for v in np.asarray(image)[:, -1].mean(axis=0)))
        pasted.paste(image, (0, 0))
        pasted.paste(face, (x, round(max(0, photo.crown[1]))))
        return photo.moved(name, pasted, same, kind)
    raise ValueError(kind)


def with_glasses(image: Image.Image, eyes) -> Image.Image:
    """Dark spectacle frames drawn over the marked eyes: two rounded rims, a bridge and the arms
    towards the ears, in the eye line's own direction and sized by the eyes' distance (lenses 0.82
    of it wide and 0.52 high, the irises a little above their middle; frames 0.045 of it thick).
    Drawn four times larger and shrunk, so the edges are smooth as a camera's."""
    (x1, y1), (x2, y2) = eyes
    span = math.dist((x1, y1), (x2, y2))
    along = ((x2 - x1) / span, (y2 - y1) / span)
    down = (-along[1], along[0])
    k = 4
    layer = Image.new("L", (image.width * k, image.height * k), 0)
    draw = ImageDraw.Draw(layer)
    width = max(1, round(0.045 * span * k))

    def at(u: float, v: float) -> tuple[float, float]:
        # u along the eye line from the eyes' middle, v down from it, both in eye distances.
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        return ((mx + (u * along[0] + v * down[0]) * span) * k, (my + (u * along[1] + v * down[1]) * span) * k)

    for side in (-0.5, 0.5):
        # A rounded rectangle (a superellipse) about each eye.
        rim = [at(side + 0.41 * math.copysign(abs(math.cos(a)) ** 0.6, math.cos(a)), 0.04 + 0.26 * math.copysign(abs(math.sin(a)) ** 0.6, math.sin(a)))
               for a in np.linspace(0, 2 * math.pi, 90)]
        draw.line(rim + rim[:1], fill=255, width=width, joint="curve")
    draw.line([at(-0.09, -0.08), at(0, -0.11), at(0.09, -0.08)], fill=255, width=width, joint="curve")
    for side in (-1, 1):
        draw.line([at(side * 0.91, -0.12), at(side * 1.15, -0.1)], fill=255, width=width)
    mask = layer.resize(image.size, Image.LANCZOS)
    return Image.composite(Image.new("RGB", image.size, (28, 24, 22)), image, mask)


def head_box(photo: Photo, margin: float) -> tuple[int, int, int, int]:
    xs = [photo.crown[0], photo.chin[0], photo.eyes[0][0], photo.eyes[1][0]]
    ys = [photo.crown[1], photo.chin[1], photo.eyes[0][1], photo.eyes[1][1]]
    head = photo.head_px()
    left, right = min(xs) - head * (0.45 + margin / 2), max(xs) + head * (0.45 + margin / 2)
    top, bottom = min(ys) - head * margin, max(ys) + head * margin
    w, h = photo.image.size
    return (max(0, round(left)), max(0, round(top)), min(w, round(right)), min(h, round(bottom)))


# --- where the marked points landed in a downloaded file ---------------------------------------


def carried(photo: Photo, download: Image.Image, expected_head_px: float) -> dict[str, tuple[float, float]] | None:
    """The photo's marked points in the downloaded file's px: ORB features of the head matched
    between the two, a similarity transform fitted to them (RANSAC), the points carried through it.
    None when too few features match to trust it."""
    from skimage.feature import ORB, match_descriptors
    from skimage.measure import ransac
    from skimage.transform import SimilarityTransform

    def features(picture: Image.Image, factor: float) -> tuple[np.ndarray, np.ndarray]:
        scaled = picture.resize((max(8, round(picture.width * factor)), max(8, round(picture.height * factor))), Image.LANCZOS)
        orb = ORB(n_keypoints=1500, fast_threshold=0.03, downscale=1.2, n_scales=8)
        orb.detect_and_extract(np.asarray(scaled.convert("L"), dtype=np.float64) / 255.0)
        return orb.keypoints[:, ::-1] / factor, orb.descriptors  # (x, y) in the picture's own px

    # Both at about a 260 px head, where ORB matches best between like scales.
    box = head_box(photo, 0.3)
    try:
        src, src_d = features(photo.image.crop(box), 260 / photo.head_px())
        dst, dst_d = features(download, 260 / expected_head_px)
    except (RuntimeError, ValueError):  # too few corners found in a flat or tiny picture
        return None
    src = src + np.array(box[:2])
    pairs = match_descriptors(src_d, dst_d, cross_check=True, max_ratio=0.85)
    if len(pairs) < 12:
        return None
    model, inliers = ransac((src[pairs[:, 0]], dst[pairs[:, 1]]), SimilarityTransform, min_samples=3,
                            residual_threshold=2.0 * expected_head_px / 260, max_trials=2000, rng=1)
    if model is None or inliers.sum() < 12:
        return None
    points = {"crown": photo.crown, "chin": photo.chin, "eye1": photo.eyes[0], "eye2": photo.eyes[1]}
    return {key: tuple(float(v) for v in model(np.array([p]))[0]) for key, p in points.items()}


# --- driving the tool --------------------------------------------------------------------------

READ_LINES = """() => {
  // Every element whose class or data attributes name a status, with its text: nothing else of
  // the markup is relied on. Within the checks list where the page has one.
  const scope = document.getElementById("tool-checks") ?? document.body;
  const words = ["pass", "warn", "fail", "todo"];
  const statusOf = (el) => {
    const names = [...el.classList, ...Object.values(el.dataset)].join(" ").toLowerCase();
    return words.find((w) => new RegExp(`(^|[^a-z])${w}([^a-z]|$)`).test(names)) ?? null;
  };
  const found = [...scope.querySelectorAll("*")].filter((el) => statusOf(el));
  // Only the innermost: a list that carries a status of its own does not stand for its lines.
  return found.filter((el) => !found.some((other) => other !== el && el.contains(other)))
    .map((el) => ({ status: statusOf(el), text: el.textContent.replace(/^[^A-Za-z0-9]+/, "").trim() }));
}"""


@dataclass
class Outcome:
    photo: str
    document: str
    faults: set[str]
    flagged: dict[str, str] = field(default_factory=dict)  # check -> worst status shown
    placed: bool = False
    head_error: float | None = None  # mm, measured minus the tool's own figure
    eye_error: float | None = None
    head_outside: bool | None = None  # the measured head outside the document's range
    seconds: float = 0.0
    lines: list[dict] = field(default_factory=list)  # every check line shown: status and text


def worse(a: str | None, b: str) -> str:
    order = {None: -1, "pass": 0, "todo": 0, "warn": 1, "fail": 2}
    return b if order[b] > order[a] else a  # type: ignore[index]


def middle(band: dict | None, default: float) -> float:
    return (band["min"] + band["max"]) / 2 if band else default


def framing_faults(photo: Photo, spec: dict) -> set[str]:
    """What the document's frame asks of this photo, from its marks: the frame, with the head at
    the middle of the document's range and the eyes in the middle of their band, reaching past
    the photo's edge; or fewer of the photo's px across it than the document's file has."""
    mm_per_px = middle(spec.get("headHeightMm"), 0.7 * spec["heightMm"]) / photo.head_px()
    width, height = spec["widthMm"] / mm_per_px, spec["heightMm"] / mm_per_px
    (x1, y1), (x2, y2) = photo.eyes
    centre = ((x1 + x2) / 2 + photo.chin[0]) / 2
    bottom = (y1 + y2) / 2 + middle(spec.get("eyeLineMm"), 0.6 * spec["heightMm"]) / mm_per_px
    slack = 0.02 * height
    faults = set()
    if centre - width / 2 < -slack or centre + width / 2 > photo.image.width + slack or bottom - height < -slack or bottom > photo.image.height + slack:
        faults.add("frame-beyond-photo")
    need = spec.get("widthPx") or round(spec["widthMm"] / 25.4 * spec["dpi"])
    if width < need:
        faults.add("too-few-pixels")
    return faults


def flags_of(lines: list[dict]) -> dict[str, str]:
    """Each check's worst status among the lines shown."""
    flagged: dict[str, str] = {}
    for line in lines:
        check = check_of(line["text"])
        if check is not None:
            flagged[check] = worse(flagged.get(check), line["status"])
    return flagged


def run_photo(page, photo: Photo, spec: dict, folder: Path) -> Outcome:
    path = folder / f"{photo.name}.jpg"
    photo.image.save(path, "JPEG", quality=92)
    outcome = Outcome(photo.name, spec["id"], photo.faults | framing_faults(photo, spec))
    started = time.monotonic()
    page.locator("input[type=file]").first.set_input_files(str(path))
    status = page.locator("[role=status]").first
    deadline = time.monotonic() + TIMEOUT / 1000
    text = ""
    while time.monotonic() < deadline:
        text = status.inner_text()
        if PLACED in text or status.get_attribute("data-kind") == "problem":
            break
        page.wait_for_timeout(100)
    # The background, light and sharpness lines come a moment later: wait for the lines to settle.
    lines, steady = [], 0
    while steady < 4 and time.monotonic() < deadline:
        page.wait_for_timeout(150)
        now = page.evaluate(READ_LINES)
        busy = any(line["status"] == "todo" and "…" in line["text"] for line in now)
        steady = steady + 1 if now == lines and not busy else 0
        lines = now
    outcome.seconds = time.monotonic() - started
    text = status.inner_text()  # as it ended: the one read above may be from a moment before
    outcome.placed = PLACED in text
    if status.get_attribute("data-kind") == "problem":
        lines = [*lines, {"status": "fail", "text": text}]
    figures: dict[str, float] = {}
    outcome.lines = [line for line in lines if line["status"] in ("pass", "warn", "fail")]
    outcome.flagged = flags_of(outcome.lines)
    for line in outcome.lines:
        number = re.search(r"(\d+(?:\.\d+)?) mm", line["text"])
        if number and check_of(line["text"]) in ("head-height", "eye-line"):
            figures[check_of(line["text"])] = float(number[1])
    if outcome.placed:
        measure(page, photo, spec, figures, outcome)
    return outcome


def measure(page, photo: Photo, spec: dict, figures: dict[str, float], outcome: Outcome) -> None:
    framing = page.locator("#tool-framing")
    if framing.count() and framing.is_visible() and framing.input_value() != "document":
        framing.select_option("document")
    with page.expect_download(timeout=TIMEOUT) as info:
        page.get_by_role("button", name="Download photo").click()
    body = Path(info.value.path()).read_bytes()
    if KEEP:
        (KEEP / f"{spec['id']}-{photo.name}.jpg").write_bytes(body)
    download = Image.open(io.BytesIO(body)).convert("RGB")
    px_per_mm = download.height / spec["heightMm"]
    head_range, eye_range = spec.get("headHeightMm"), spec.get("eyeLineMm")
    target_head = figures.get("head-height") or (head_range and (head_range["min"] + head_range["max"]) / 2)
    expected = (target_head or 0.7 * spec["heightMm"]) * px_per_mm
    points = carried(photo, download, expected)
    if points is None:
        return
    eyes_y = (points["eye1"][1] + points["eye2"][1]) / 2
    if photo.crown_known:
        # Measured as the documents measure it: from the crown's line down to the chin's in the
        # file, which the tool has levelled. On a turned or tilted head the marked crown is not
        # straight above the marked chin, and the distance between them would add up to 2 %.
        head_mm = abs(points["chin"][1] - points["crown"][1]) / px_per_mm
        if target_head:
            outcome.head_error = head_mm - target_head
        if head_range:
            outcome.head_outside = not head_range["min"] <= head_mm <= head_range["max"]
    eye_mm = (download.height - eyes_y) / px_per_mm
    target_eye = figures.get("eye-line") or (eye_range and (eye_range["min"] + eye_range["max"]) / 2)
    if target_eye:
        outcome.eye_error = eye_mm - target_eye


# --- the report --------------------------------------------------------------------------------


def flagged(outcome: Outcome) -> set[str]:
    return {c for c, s in outcome.flagged.items() if s in ("warn", "fail")}


def caught(outcome: Outcome, fault: str) -> bool:
    """Whether a check meant for the fault warned or failed (a face cut by the edge may be told
    by either of three)."""
    return bool(set(FAULT_CHECKS[fault]) & flagged(outcome))


def good(outcome: Outcome) -> bool:
    """A photo as given, not one of the bad versions made here."""
    return "+" not in outcome.photo


def unearned(outcome: Outcome, check: str) -> bool:
    """Whether the photo has no fault this check is meant to catch."""
    return not outcome.faults & {f for f, cs in FAULT_CHECKS.items() if check in cs}


def table(outcomes: list[Outcome]) -> list[str]:
    """Per check: fails and warnings on photos without a fault it should catch (a fail sends a
    person to retake a good photo, a warning only asks them to look), misses on photos with one."""
    rows = ["| check | shown on | fails without its fault (good photos / bad versions) | warnings without its fault | faults it should catch | misses |",
            "|---|---|---|---|---|---|"]
    for check in dict.fromkeys(c for c, _ in CHECKS):
        catches = {f for f, cs in FAULT_CHECKS.items() if check in cs}
        shown = [o for o in outcomes if check in o.flagged]
        clean = [o for o in shown if unearned(o, check)]
        fails = [o for o in clean if o.flagged[check] == "fail"]
        warns = [o for o in clean if o.flagged[check] == "warn"]
        faulty = [o for o in outcomes if o.faults & catches]
        missed = [o for o in faulty if not all(caught(o, f) for f in o.faults & catches)]
        if shown or faulty:
            rows.append(f"| {check} | {len(shown)}/{len(outcomes)} | {sum(good(o) for o in fails)} / {sum(not good(o) for o in fails)} | "
                        f"{len(warns)}/{len(clean)} | {', '.join(sorted(catches)) or '-'} | {len(missed)}/{len(faulty)} |")
    return rows


def fault_table(outcomes: list[Outcome]) -> list[str]:
    rows = ["| fault | photos | flagged (warn or fail by a check meant for it) | of which failed | checks meant for it |", "|---|---|---|---|---|"]
    for fault, checks in FAULT_CHECKS.items():
        having = [o for o in outcomes if fault in o.faults]
        if not having or not checks:
            continue
        hit = [o for o in having if caught(o, fault)]
        failed = [o for o in hit if any(o.flagged.get(c) == "fail" for c in checks)]
        rows.append(f"| {fault} | {len(having)} | {len(hit)} | {len(failed)} | {', '.join(checks)} |")
    return rows


def false_fails(outcomes: list[Outcome]) -> list[tuple[Outcome, str]]:
    """(photo, check) where a good photo failed a check none of its faults is meant for."""
    return [(o, c) for o in outcomes if good(o) for c, s in sorted(o.flagged.items()) if s == "fail" and unearned(o, c)]


def verdict(outcomes: list[Outcome]) -> list[str]:
    """The issue's done-when in one line: no fail a good photo has not earned, and every
    deliberate fault flagged by a check meant for it (a turned photo is levelled by the tool, so
    there it counts as handled when no check fails it)."""
    wrong = false_fails(outcomes)
    made = [o for o in outcomes if not good(o)]
    kinds = []
    for kind in BAD:
        mine = [o for o in made if o.photo.endswith(f"+{kind}")]
        if not mine:
            continue
        ok = [o for o in mine if (caught(o, kind) if FAULT_CHECKS[kind] else not any(s == "fail" and unearned(o, c) for c, s in o.flagged.items()))]
        kinds.append((kind, len(ok), len(mine)))
    flagged_all = sum(k for _, k, _ in kinds)
    out = [f"fails on good photos: {len(wrong)}; deliberate faults flagged: {flagged_all}/{sum(n for _, _, n in kinds)} "
           f"({', '.join(f'{kind} {k}/{n}' for kind, k, n in kinds)})"]
    out += [f"  fail on good photo: {o.document} {o.photo} {c}" for o, c in wrong]
    return out


def unmatched(outcomes: list[Outcome]) -> list[str]:
    """Line texts no check pattern claims: each one is a check the report cannot count."""
    return sorted({line["text"][:90] for o in outcomes for line in o.lines if check_of(line["text"]) is None})


def placement_table(outcomes: list[Outcome]) -> list[str]:
    rows = ["| document | photos | placed | measured | head error mm, median / max abs | eye error mm, median / max abs | head outside range |",
            "|---|---|---|---|---|---|---|"]
    for document in dict.fromkeys(o.document for o in outcomes):
        for label, chosen in (("good", lambda o: "+" not in o.photo), ("bad versions", lambda o: "+" in o.photo)):
            mine = [o for o in outcomes if o.document == document and chosen(o)]
            if not mine:
                continue
            heads = [abs(o.head_error) for o in mine if o.head_error is not None]
            eyes = [abs(o.eye_error) for o in mine if o.eye_error is not None]
            fmt = lambda xs: f"{statistics.median(xs):.2f} / {max(xs):.2f}" if xs else "-"  # noqa: E731
            outside = [o for o in mine if o.head_outside]
            rows.append(f"| {document} ({label}) | {len(mine)} | {sum(o.placed for o in mine)} | {len(eyes)} | {fmt(heads)} | {fmt(eyes)} | "
                        f"{len(outside)}/{sum(o.head_outside is not None for o in mine)} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--documents", nargs="+", default=["us-visa", "india-passport", "germany-passport"])
    parser.add_argument("--bad-documents", nargs="*", default=["germany-passport"], help="documents the bad versions are run on")
    parser.add_argument("--photos", nargs="*", help="only these photos of the set")
    parser.add_argument("--bad", nargs="*", choices=BAD, default=list(BAD), help="only these bad versions")
    parser.add_argument("--json", type=Path, help="write every outcome here")
    parser.add_argument("--same-page", action="store_true", help="one page per document, as a person trying photo after photo")
    parser.add_argument("--keep", type=Path, help="keep the downloaded files in this folder")
    parser.add_argument("--report", type=Path, help="print the tables of an earlier run's --json file, running nothing")
    args = parser.parse_args()
    if args.report:
        # Counted again from the lines as shown, with the patterns and the marks as they are now.
        marks = {name: set(entry["faults"]) for name, entry in json.loads((PHOTOS / "MANIFEST.json").read_text())["photos"].items()}
        report([Outcome(**{**o, "faults": set(o["faults"]) | marks.get(o["photo"].split("+")[0], set()), "flagged": flags_of(o["lines"])})
                for o in json.loads(args.report.read_text())])
        return
    global KEEP
    KEEP = args.keep
    if KEEP:
        KEEP.mkdir(parents=True, exist_ok=True)

    import httpx
    from playwright.sync_api import sync_playwright

    photos = load_set(args.photos)
    bad = [bad_version(p, kind, photos) for p in photos for kind in args.bad]
    process, url = serve()
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for document in args.documents:
                spec = httpx.get(f"{url}/api/documents/{document}").json()
                context = browser.new_context(viewport={"width": 1100, "height": 1000}, accept_downloads=True)
                page = None
                for photo in photos + (bad if document in args.bad_documents else []):
                    # A fresh page per photo unless asked: the models keep state from one photo to
                    # the next, so on one page a result depends on the photos before it.
                    if page is None or not args.same_page:
                        if page is not None:
                            page.close()
                        page = context.new_page()
                        page.goto(f"{url}/tool?country={spec['country']}&document={document}")
                    outcome = run_photo(page, photo, spec, Path(folder))
                    outcomes.append(outcome)
                    flags = ", ".join(f"{c}:{s}" for c, s in sorted(outcome.flagged.items()) if s != "pass")
                    head = "-" if outcome.head_error is None else f"{outcome.head_error:+.2f}"
                    eyes = "-" if outcome.eye_error is None else f"{outcome.eye_error:+.2f}"
                    print(f"{document:18s} {photo.name:32s} {outcome.seconds:5.1f}s placed={outcome.placed!s:5s} head {head:>6s} eyes {eyes:>6s}  {flags}", flush=True)
                context.close()
        finally:
            browser.close()
            process.terminate()
            process.wait()
    if args.json:
        args.json.write_text(json.dumps([{**o.__dict__, "faults": sorted(o.faults)} for o in outcomes], indent=1))
    report(outcomes)


def report(outcomes: list[Outcome]) -> None:
    print()
    print("\n".join(table(outcomes)))
    print()
    print("\n".join(fault_table(outcomes)))
    print()
    print("\n".join(placement_table(outcomes)))
    for text in unmatched(outcomes):
        print(f"line counted under no check: {text}")
    print()
    print("\n".join(verdict(outcomes)))


if __name__ == "__main__":
    main()
