// Whether the top of the forehead shows: a hat, a cap, a band or a scarf sits over it, and so
// does a fringe of hair. The face mesh places its forehead points where the forehead is even
// when something covers it, so the upper forehead (between the brows and the mesh's top point)
// is read against the face's own skin: the share of it whose colour is far from the skin.
// Pure: `pixels` is ImageData-like, the marks are in its px.

import { lab, linear } from "./colour.js";

// The upper forehead: this far from the brows' middle to the mesh's top point, and this share of
// the forehead's width either side of its middle.
const FROM = 0.6;
const TO = 1.0;
const ACROSS = 0.8;
// CIELAB distance from the skin's median beyond which a spot is not skin. With 20, the bench's
// bare foreheads read 0-25 % (shading and a parting's strands), a cap and a beaded band 42-53 %.
export const NOT_SKIN = 20;

// The CIELAB colour (D65) of the 3 x 3 px about a point, null off the picture.
function labAt(pixels, point) {
  const cx = Math.round(point.x);
  const cy = Math.round(point.y);
  if (cx < 1 || cy < 1 || cx >= pixels.width - 1 || cy >= pixels.height - 1) return null;
  const sum = [0, 0, 0];
  for (let y = cy - 1; y <= cy + 1; y += 1) {
    for (let x = cx - 1; x <= cx + 1; x += 1) {
      const i = (y * pixels.width + x) * 4;
      for (let c = 0; c < 3; c += 1) sum[c] += linear(pixels.data[i + c]) / 9;
    }
  }
  return lab(...sum);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// `marks`: { brow (the brows' middle), top (the mesh's top point), left and right (the
// forehead's sides), skin (points on the cheeks and the nose) }. Returns { share } (0..1 of the
// upper forehead not skin), or null when part of it is off the picture or the forehead is too
// small to read (under 6 px from brow to top).
export function foreheadCover(pixels, marks) {
  const { brow, top, left, right, skin } = marks;
  if (Math.hypot(top.x - brow.x, top.y - brow.y) < 6) return null;
  const colours = skin.map((p) => labAt(pixels, p)).filter(Boolean);
  if (colours.length < 2) return null;
  // The median of each channel: one spot in a shadow or under a spectacle rim does not move it.
  const reference = [0, 1, 2].map((c) => median(colours.map((lab) => lab[c])));
  const half = { x: ((right.x - left.x) / 2) * ACROSS, y: ((right.y - left.y) / 2) * ACROSS };
  let covered = 0;
  let count = 0;
  for (let r = 0; r < 8; r += 1) {
    const share = FROM + ((TO - FROM) * r) / 7;
    const middle = { x: brow.x + (top.x - brow.x) * share, y: brow.y + (top.y - brow.y) * share };
    for (let s = -7; s <= 7; s += 1) {
      const lab = labAt(pixels, { x: middle.x + (half.x * s) / 7, y: middle.y + (half.y * s) / 7 });
      if (!lab) return null;
      if (Math.hypot(lab[0] - reference[0], lab[1] - reference[1], lab[2] - reference[2]) > NOT_SKIN) covered += 1;
      count += 1;
    }
  }
  return { share: covered / count };
}
