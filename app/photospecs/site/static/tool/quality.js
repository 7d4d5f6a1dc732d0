// Quality measures over pixels ({ data, width, height } like ImageData), in the spirit of the
// ISO/IEC 29794-5 components BSI's OFIQ computes: each returns numbers a person can read. The
// face measures expect the face's own source pixels at the size they will print (never enlarged):
// see analysis.js.

import { lab, linear } from "./colour.js";

const grey = (data, i) => 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];

function clip(pixels, box, inset = 0) {
  return {
    x0: Math.max(inset, Math.round(box.x)), y0: Math.max(inset, Math.round(box.y)),
    x1: Math.min(pixels.width - 1 - inset, Math.round(box.x + box.width)), y1: Math.min(pixels.height - 1 - inset, Math.round(box.y + box.height)),
  };
}

function greys(pixels, box) {
  const { x0, y0, x1, y1 } = clip(pixels, box);
  const values = [];
  for (let y = y0; y <= y1; y += 1) for (let x = x0; x <= x1; x += 1) values.push(grey(pixels.data, (y * pixels.width + x) * 4));
  return values;
}

// Mean brightness of a disc around each of two points: the two cheeks under even light match.
// null when a disc is off the picture (a face cut by the photo's edge).
export function lightingBalance(pixels, points, radius) {
  const means = points.map(({ x, y }) => {
    let sum = 0;
    let count = 0;
    for (let dy = -radius; dy <= radius; dy += 1) {
      for (let dx = -radius; dx <= radius; dx += 1) {
        const px = Math.round(x + dx);
        const py = Math.round(y + dy);
        if (dx * dx + dy * dy > radius * radius || px < 0 || py < 0 || px >= pixels.width || py >= pixels.height) continue;
        sum += grey(pixels.data, (py * pixels.width + px) * 4);
        count += 1;
      }
    }
    return count > radius * radius ? sum / count : null;
  });
  if (means.includes(null)) return null;
  return Math.min(...means) / Math.max(1, ...means);
}

// Sharpness as the share of the face's contrast across its edges that a slight blur would remove
// (after Crete et al.'s re-blur measure): about 0.35-0.65 on a sharp face, under 0.25 on a
// visibly soft one. It does not depend on the light or the contrast, only on how fine the detail is at
// this scale. Only edges that survive the blur count: in flat skin the "detail" is noise and
// compression, which would make a very blurred photo look sharp.
export function sharpness(pixels, box) {
  const { x0, y0, x1, y1 } = clip(pixels, box, 4);
  if (x1 - x0 < 8 || y1 - y0 < 8) return null;
  // The grey of the box and 4 px around it, once.
  const left = x0 - 4;
  const top = y0 - 4;
  const w = x1 - x0 + 9;
  const h = y1 - y0 + 9;
  const g = new Float32Array(w * h);
  for (let y = 0; y < h; y += 1) for (let x = 0; x < w; x += 1) g[y * w + x] = grey(pixels.data, ((top + y) * pixels.width + left + x) * 4);
  let share = 0;
  for (const [dx, dy] of [[1, 0], [0, 1]]) {
    // A 9-tap blur along this axis, then how much of each neighbour difference it keeps.
    const step = dy * w + dx;
    const blurred = new Float32Array(w * h);
    for (let y = 4 * dy; y < h - 4 * dy; y += 1) {
      for (let x = 4 * dx; x < w - 4 * dx; x += 1) {
        let sum = 0;
        for (let k = -4; k <= 4; k += 1) sum += g[y * w + x + k * step];
        blurred[y * w + x] = sum / 9;
      }
    }
    let total = 0;
    let lost = 0;
    for (let y = 5; y < h - 4; y += 1) {
      for (let x = 5; x < w - 4; x += 1) {
        const i = y * w + x;
        const db = Math.abs(blurred[i] - blurred[i - step]);
        if (db < EDGE) continue;
        const d = Math.abs(g[i] - g[i - step]);
        total += d;
        lost += Math.max(0, d - db);
      }
    }
    share = Math.max(share, total ? lost / total : 0);
  }
  return share;
}
// Grey levels per px of the blurred picture that make an edge (noise and JPEG blocks stay below).
const EDGE = 1;

// Glare on the eyes: the share of a disc about each iris (radius 0.22 of the eye distance: the
// iris and the lids round it) that is near white (grey 230 and up), the larger of the two. An
// eye's own catch-light covers a few per cent of it; a flash's hot spot or a reflection in
// spectacles covers most. null when an eye is off the picture.
export function glare(pixels, eyes, span) {
  const r = 0.22 * span;
  const shares = eyes.map(({ x, y }) => {
    let count = 0;
    let white = 0;
    for (let py = Math.ceil(y - r); py <= y + r; py += 1) {
      for (let px = Math.ceil(x - r); px <= x + r; px += 1) {
        if ((px - x) ** 2 + (py - y) ** 2 > r * r || px < 0 || py < 0 || px >= pixels.width || py >= pixels.height) continue;
        count += 1;
        if (grey(pixels.data, (py * pixels.width + px) * 4) >= 230) white += 1;
      }
    }
    return count > r * r ? white / count : null;
  });
  return shares.includes(null) ? null : Math.max(...shares);
}

// Exposure of the face: the shares of its pixels crushed to black and blown to white, and its
// dynamic range (grey levels between the 2nd and 98th percentiles, out of 255).
export function exposure(pixels, box) {
  const values = greys(pixels, box).sort((a, b) => a - b);
  if (!values.length) return null;
  const share = (test) => values.filter(test).length / values.length;
  const at = (q) => values[Math.min(values.length - 1, Math.floor(q * values.length))];
  return { dark: share((v) => v <= 25), bright: share((v) => v >= 247), range: at(0.98) - at(0.02), mean: values.reduce((a, b) => a + b, 0) / values.length };
}

// The face's mean colour in CIELAB (D65): a* above 0 is reddish, b* above 0 yellowish. Skin of
// every tone sits at small positive a* and b*; a cast or a black-and-white photo does not.
export function skinColour(pixels, box) {
  const { x0, y0, x1, y1 } = clip(pixels, box);
  const sum = [0, 0, 0];
  let count = 0;
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const i = (y * pixels.width + x) * 4;
      for (let c = 0; c < 3; c += 1) sum[c] += linear(pixels.data[i + c]);
      count += 1;
    }
  }
  if (!count) return null;
  const [l, a, b] = lab(...sum.map((s) => s / count));
  return { l, a, b };
}

// Colours of the pixels the person mask calls background (alpha below `below`, 10% unless
// told), every `step` px, in the rows above `bottom`.
// Each sample is [r, g, b, x - centre].
export function backgroundSamples(pixels, alpha, step = 3, below = 26, bottom = pixels.height, centre = pixels.width / 2) {
  const samples = [];
  for (let y = 0; y < Math.min(bottom, pixels.height); y += step) {
    for (let x = 0; x < pixels.width; x += step) {
      const i = y * pixels.width + x;
      if (alpha[i] < below) samples.push([pixels.data[i * 4], pixels.data[i * 4 + 1], pixels.data[i * 4 + 2], x - centre]);
    }
  }
  return samples;
}

// Shadow on the background: how much darker the wall is on one side of the person than on the
// other (0 = even). Light from one side throws the head's shadow on the far side; the soft rim
// of hair the mask leaves is on both sides and cancels. `samples` are [r, g, b, x] with x in
// px from the person's centre line.
export function backgroundShadow(samples) {
  const mean = (side) => {
    const values = samples.filter(side).map(([r, g, b]) => 0.299 * r + 0.587 * g + 0.114 * b);
    return values.length >= 10 ? values.reduce((a, b) => a + b, 0) / values.length : null;
  };
  const left = mean((s) => s[3] < 0);
  const right = mean((s) => s[3] > 0);
  if (left === null || right === null) return null;
  return 1 - Math.min(left, right) / Math.max(1, left, right);
}

// JPEG blocking: how much larger the jumps between neighbouring pixels are across the 8 px
// block grid than inside the blocks (1 = no blocking; heavy compression gives 1.5 and more).
// `pixels` must be the photo's own pixels, unscaled, with the grid at `offset` ({x, y}: where
// the excerpt starts in the photo), since any resizing smears the grid away.
export function blocking(pixels, offset = { x: 0, y: 0 }) {
  const { width, height, data } = pixels;
  if (width < 32 || height < 32) return null;
  const edge = [0, 0];
  const inner = [0, 0];
  for (let y = 1; y < height; y += 1) {
    for (let x = 1; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const across = Math.abs(grey(data, i) - grey(data, i - 4));
      const down = Math.abs(grey(data, i) - grey(data, i - width * 4));
      const onX = (x + offset.x) % 8 === 0;
      const onY = (y + offset.y) % 8 === 0;
      if (onX) { edge[0] += across; edge[1] += 1; } else { inner[0] += across; inner[1] += 1; }
      if (onY) { edge[0] += down; edge[1] += 1; } else { inner[0] += down; inner[1] += 1; }
    }
  }
  const mean = ([sum, count]) => (count ? sum / count : 0);
  return mean(inner) > 0 ? mean(edge) / mean(inner) : null;
}
