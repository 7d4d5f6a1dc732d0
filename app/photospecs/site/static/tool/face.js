// What the face landmarks and the person mask say about a face: pure functions over image
// points (px), so node's test runner checks them. Landmark numbers are those of MediaPipe's face
// mesh with irises (478 points).
import { headPose } from "./pose.js";

const IRIS = [468, 473];
const CHIN = 152;
// Landmark 152 sits a little above the chin's lower edge: on the 16 marked portraits of
// bench/photos (median of the marked chin's depth below the eyes over 152's, along the face's
// axis) by 1.3 % of its depth. 0.05, from the one reference portrait, overshot the others.
const CHIN_DROP = 0.013;
const FOREHEAD = 10;
const CHEEKS = [234, 454];
const EYE_LIDS = [[159, 145, 33, 133], [386, 374, 362, 263]]; // upper, lower, two corners
const LIPS = [13, 14, 61, 291]; // inner upper, inner lower, two corners
const EYE_CORNERS = [[468, 33, 133], [473, 362, 263]]; // iris, then the corners left and right in the picture
// How far the irises move between the eye corners (share of the eye's width) for each degree
// the head turns while the eyes stay on the camera: fitted by least squares on the 15 portraits
// of bench/photos whose eyes are on the camera, heads turned from -28° to 13°.
export const GAZE_SHARE_PER_DEG = 0.0045;

const distance = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);

// The middle between the irises of a face's landmarks, and their distance apart.
export function irisMiddle(points) {
  const [left, right] = IRIS.map((i) => points[i]);
  return { x: (left.x + right.x) / 2, y: (left.y + right.y) / 2, span: distance(left, right) };
}
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

// Where the irises sit between their eye corners, on average: 0 in the middle, -0.5 at the
// picture's left corner, 0.5 at its right.
export function irisShift(points) {
  const shares = EYE_CORNERS.map(([iris, left, right]) => {
    const a = points[left];
    const b = points[right];
    const length = (b.x - a.x) ** 2 + (b.y - a.y) ** 2;
    return ((points[iris].x - a.x) * (b.x - a.x) + (points[iris].y - a.y) * (b.y - a.y)) / length;
  });
  return (shares[0] + shares[1]) / 2 - 0.5;
}

// Degrees between where the eyes look and the camera, sideways: a head turned one way moves the
// irises the other way in their corners when the eyes stay on the lens, so what is left over
// after the head's own turn is the eyes looking aside.
export const gazeDeg = (shift, yawDeg) => shift / GAZE_SHARE_PER_DEG + yawDeg;

// The face from its landmarks (image px, z in px too): the points placement needs, and the
// measures the check reports.
export function faceFromLandmarks(points, maskAt = null) {
  const [a, b] = IRIS.map((i) => points[i]);
  const [eyeLeft, eyeRight] = a.x <= b.x ? [a, b] : [b, a];
  // Landmark 152 carried down by CHIN_DROP of its depth below the eyes.
  const eyesMid = { x: (eyeLeft.x + eyeRight.x) / 2, y: (eyeLeft.y + eyeRight.y) / 2 };
  const chin = { x: points[CHIN].x + (points[CHIN].x - eyesMid.x) * CHIN_DROP, y: points[CHIN].y + (points[CHIN].y - eyesMid.y) * CHIN_DROP };
  const fromMask = maskAt ? crownFromMask(maskAt, eyeLeft, eyeRight, chin) : null;
  const crown = fromMask ?? crownEstimate(eyeLeft, eyeRight, chin);
  const [cheekA, cheekB] = CHEEKS.map((i) => points[i]);
  const pose = headPose(points);
  const lids = EYE_LIDS.map(([up, down, one, two]) => distance(points[up], points[down]) / distance(points[one], points[two]));
  const [upper, lower, left, right] = LIPS.map((i) => points[i]);
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  return {
    eyeLeft, eyeRight, chin, crown, crownFrom: fromMask ? "mask" : "estimate",
    box: { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) },
    cheeks: [points[50], points[280]],
    // The skin between the cheekbones, from the brows to the mouth: what exposure and colour
    // are measured on (no hair, no background).
    skin: skinBox(points),
    forehead: foreheadMarks(points),
    // The head from ear to ear and crown to chin, to tell whether the photo's edge cuts it.
    head: { left: Math.min(cheekA.x, cheekB.x, crown.x), right: Math.max(cheekA.x, cheekB.x, crown.x), top: Math.min(crown.y, points[FOREHEAD].y), bottom: Math.max(chin.y, points[CHIN].y) },
    yawDeg: pose?.yawDeg ?? 0, pitchDeg: pose?.pitchDeg ?? 0, poseRollDeg: pose?.rollDeg ?? 0,
    eyesOpen: Math.min(...lids),
    gazeDeg: pose ? gazeDeg(irisShift(points), pose.yawDeg) : null,
    mouthGap: distance(upper, lower) / distance(left, right),
  };
}

// The forehead's points for foreheadCover (forehead.js): the brows' middle, the mesh's top point,
// the forehead's sides, and skin on the cheeks and down the nose to read its colour from.
function foreheadMarks(points) {
  const at = (i) => ({ x: points[i].x, y: points[i].y });
  return {
    brow: { x: (points[105].x + points[334].x) / 2, y: (points[105].y + points[334].y) / 2 },
    top: at(FOREHEAD), left: at(67), right: at(297), skin: [50, 280, 101, 330, 6, 197].map(at),
  };
}

function skinBox(points) {
  const left = Math.min(points[50].x, points[280].x);
  const right = Math.max(points[50].x, points[280].x);
  const top = Math.min(points[105].y, points[334].y);
  const bottom = (points[13].y + points[2].y) / 2;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

// The edges of a photo (`size` px) that cut the head, with a little slack for the crown found on
// a person mask that reaches the edge: [] when the whole head is inside.
export function cutEdges(face, size) {
  const slack = 0.01 * (face.head.bottom - face.head.top);
  const edges = [];
  if (face.head.left < slack) edges.push("left");
  if (face.head.right > size.width - slack) edges.push("right");
  if (face.head.top < slack) edges.push("top");
  if (face.head.bottom > size.height - slack) edges.push("bottom");
  return edges;
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

// The faces of a list that are not the same face found twice (eyes closer than half their
// distance apart), first found kept.
export function distinctFaces(faces) {
  const kept = [];
  for (const face of faces) {
    const e = irisMiddle(face);
    if (!kept.some((other) => { const o = irisMiddle(other); return distance(e, o) < 0.5 * Math.max(e.span, o.span); })) kept.push(face);
  }
  return kept;
}
