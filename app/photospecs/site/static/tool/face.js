// What the face landmarks and the person mask say about a face: pure functions over image
// points (px), so node's test runner checks them. Landmark numbers are those of MediaPipe's face
// mesh with irises (478 points).

const IRIS = [468, 473];
const CHIN = 152;
const CHIN_DROP = 0.05;
const INNER_CORNERS = [133, 362];
// In MediaPipe's canonical face the chin sits this much nearer the camera than the inner eye
// corners, looking straight ahead (its model: 0.51 units nearer over 11.99 down).
const LEVEL_PITCH_DEG = 2.4;
const CHEEKS = [234, 454];
const EYE_LIDS = [[159, 145, 33, 133], [386, 374, 362, 263]]; // upper, lower, two corners
const LIPS = [13, 14, 61, 291]; // inner upper, inner lower, two corners

const distance = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// The crown (top of the hair) from the person mask: walking up from the eyes, square to the eye
// line, on a few lines near the face's centre, the last person pixel before a clear run of
// background. `maskAt(x, y)` gives the mask (0..1) at an image point. null when the mask is
// unsure: no hair found above the eyes, or person all the way to the search limit.
export function crownFromMask(maskAt, eyeLeft, eyeRight, chin) {
  const eyes = { x: (eyeLeft.x + eyeRight.x) / 2, y: (eyeLeft.y + eyeRight.y) / 2 };
  const span = distance(eyeLeft, eyeRight);
  const along = { x: (eyeRight.x - eyeLeft.x) / span, y: (eyeRight.y - eyeLeft.y) / span };
  let up = { x: along.y, y: -along.x };
  if ((chin.x - eyes.x) * up.x + (chin.y - eyes.y) * up.y > 0) up = { x: -up.x, y: -up.y };
  const depth = Math.abs((chin.x - eyes.x) * up.x + (chin.y - eyes.y) * up.y);
  const step = Math.max(0.5, depth / 200);
  const limit = 2.2 * depth;
  const gap = 0.12 * depth;
  const heights = [-0.25, -0.125, 0, 0.125, 0.25].map((side) => {
    let last = null;
    for (let h = 0; h <= limit; h += step) {
      const x = eyes.x + along.x * side * span + up.x * h;
      const y = eyes.y + along.y * side * span + up.y * h;
      if (maskAt(x, y) >= 0.5) last = h;
      else if (last !== null && h - last > gap) break;
    }
    return last ?? 0;
  });
  const height = median(heights);
  if (height < 0.7 * depth || height > limit - 2 * step) return null;
  return { x: eyes.x + up.x * height, y: eyes.y + up.y * height };
}

// Without a usable mask: the crown as far above the eyes as the chin is below them, a little
// more, as in the ICAO proportions (eyes near the middle of the head).
export function crownEstimate(eyeLeft, eyeRight, chin) {
  const eyes = { x: (eyeLeft.x + eyeRight.x) / 2, y: (eyeLeft.y + eyeRight.y) / 2 };
  return { x: eyes.x - (chin.x - eyes.x) * 1.05, y: eyes.y - (chin.y - eyes.y) * 1.05 };
}

// The face from its landmarks (image px, z in px too): the points placement needs, and the
// measures the check reports.
export function faceFromLandmarks(points, maskAt = null) {
  const [a, b] = IRIS.map((i) => points[i]);
  const [eyeLeft, eyeRight] = a.x <= b.x ? [a, b] : [b, a];
  // Landmark 152 sits a little above the chin's lower edge (4 px in 80 below the eyes on the
  // reference portrait measured in face-models.md): carried down by that share.
  const eyesMid = { x: (eyeLeft.x + eyeRight.x) / 2, y: (eyeLeft.y + eyeRight.y) / 2 };
  const chin = { x: points[CHIN].x + (points[CHIN].x - eyesMid.x) * CHIN_DROP, y: points[CHIN].y + (points[CHIN].y - eyesMid.y) * CHIN_DROP };
  const fromMask = maskAt ? crownFromMask(maskAt, eyeLeft, eyeRight, chin) : null;
  const crown = fromMask ?? crownEstimate(eyeLeft, eyeRight, chin);
  const [cheekA, cheekB] = CHEEKS.map((i) => points[i]);
  const [innerA, innerB] = INNER_CORNERS.map((i) => points[i]);
  const corners = { x: (innerA.x + innerB.x) / 2, y: (innerA.y + innerB.y) / 2, z: (innerA.z + innerB.z) / 2 };
  const lowest = points[CHIN];
  const degrees = (rise, run) => (Math.atan2(rise, run) * 180) / Math.PI;
  const lids = EYE_LIDS.map(([up, down, one, two]) => distance(points[up], points[down]) / distance(points[one], points[two]));
  const [upper, lower, left, right] = LIPS.map((i) => points[i]);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return {
    eyeLeft, eyeRight, chin, crown, crownFrom: fromMask ? "mask" : "estimate",
    box: { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) },
    cheeks: [points[50], points[280]],
    // Turned sideways: one cheek nearer the camera than the other. Tipped up (positive) or down:
    // the chin nearer or farther than the eyes, against the canonical face's own slope.
    yawDeg: Math.abs(degrees(cheekB.z - cheekA.z, distance(cheekA, cheekB))),
    pitchDeg: degrees(corners.z - lowest.z, distance(corners, lowest)) - LEVEL_PITCH_DEG,
    eyesOpen: Math.min(...lids),
    mouthGap: distance(upper, lower) / distance(left, right),
  };
}

// The people in a mask (px of the mask): side-by-side runs of columns that hold person, each
// with its box, ignoring stray specks (rows and columns count only when at least 2% of the
// busiest one is person) and slivers narrower than a fifth of the widest run.
export function personBoxes(mask, width, height, threshold = 128) {
  const columns = new Array(width).fill(0);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) if (mask[y * width + x] >= threshold) columns[x] += 1;
  }
  const busiest = Math.max(...columns);
  if (busiest === 0) return [];
  const floor = Math.max(1, busiest * 0.02);
  const runs = [];
  for (let x = 0; x < width; x += 1) {
    if (columns[x] < floor) continue;
    const last = runs.at(-1);
    if (last && last.right === x - 1) last.right = x;
    else runs.push({ left: x, right: x });
  }
  const widest = Math.max(...runs.map((r) => r.right - r.left + 1));
  return runs.filter((r) => r.right - r.left + 1 >= widest / 5).map(({ left, right }) => {
    const rows = new Array(height).fill(0);
    for (let y = 0; y < height; y += 1) {
      for (let x = left; x <= right; x += 1) if (mask[y * width + x] >= threshold) rows[y] += 1;
    }
    const rowFloor = Math.max(1, Math.max(...rows) * 0.02);
    const top = rows.findIndex((c) => c >= rowFloor);
    const bottom = rows.length - 1 - [...rows].reverse().findIndex((c) => c >= rowFloor);
    return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
  });
}
