// Pure geometry of the photo tool: no DOM, so node's test runner checks it (tests/js/).
//
// A placement is kept in the document's own units: the frame is spec.heightMm tall, x runs from
// the frame's vertical centre line and y from its top edge, both in mm. The image is turned by
// `angle` degrees about its centre, scaled by `scale` (mm per image px) and its centre put at
// (x, y). The same placement then draws the preview, the digital file and every print-sheet
// tile, whatever their pixel size.
//
// Where the head should go is not worked out here: the service sends it with the document as
// `spec.guides` (mm from the frame's top edge, the same figures its page draws), and only what
// depends on the photo's own face is combined with it here.

export const MM_PER_INCH = 25.4; // the one place the tool defines the inch

const ratioOf = (text) => {
  const match = /^(\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$/.exec(text ?? "");
  return match ? Number(match[1]) / Number(match[2]) : null;
};

// The digital file's pixels: the document's digital size (or its print pixels), in the portal's
// aspect ratio when it sets one, and inside the portal's pixel window.
export function outputSize(spec, portal = null) {
  const base = spec.digitalPx ?? { width: spec.widthPx, height: spec.heightPx };
  const ratio = ratioOf(portal?.aspectRatio) ?? base.width / base.height;
  let height = base.height;
  if (portal?.minPx) height = Math.max(height, portal.minPx.height, Math.ceil(portal.minPx.width / ratio));
  if (portal?.maxPx) height = Math.min(height, portal.maxPx.height, Math.floor(portal.maxPx.width / ratio));
  return { width: Math.round(height * ratio), height };
}

// The frame in mm for an output of `size` px: always the document's height, its width following
// the output's shape (a portal's 3:4 is a little wider than 33 x 48 mm).
export function frameMm(spec, size) {
  return { width: (size.width / size.height) * spec.heightMm, height: spec.heightMm };
}

const middle = (range) => (range.min + range.max) / 2;
const radians = (degrees) => (degrees * Math.PI) / 180;

function turn(point, degrees) {
  const cos = Math.cos(radians(degrees));
  const sin = Math.sin(radians(degrees));
  return { x: point.x * cos - point.y * sin, y: point.x * sin + point.y * cos };
}

// An image point (px) in the frame (mm).
export function project(t, point, image) {
  const turned = turn({ x: point.x - image.width / 2, y: point.y - image.height / 2 }, t.angle);
  return { x: t.x + turned.x * t.scale, y: t.y + turned.y * t.scale };
}

// A frame point (mm) back in the image (px).
export function unproject(t, point, image) {
  const back = turn({ x: (point.x - t.x) / t.scale, y: (point.y - t.y) / t.scale }, -t.angle);
  return { x: back.x + image.width / 2, y: back.y + image.height / 2 };
}

// Frame mm to the px of an output `size` px whose height is the document's `heightMm`.
export function framePx(point, size, heightMm) {
  const k = size.height / heightMm;
  return { x: size.width / 2 + point.x * k, y: point.y * k };
}

// An image point (px) in an output of `size` px.
export function imageToOutput(t, point, image, size, heightMm) {
  return framePx(project(t, point, image), size, heightMm);
}

// The canvas transform (a, b, c, d, e, f for setTransform) that draws the image, from its own
// top-left corner, where the placement puts it in an output of `size` px.
export function drawingMatrix(t, image, size, heightMm) {
  const k = size.height / heightMm;
  const s = t.scale * k;
  const cos = Math.cos(radians(t.angle)) * s;
  const sin = Math.sin(radians(t.angle)) * s;
  const origin = framePx({ x: t.x, y: t.y }, size, heightMm);
  const w = image.width / 2;
  const h = image.height / 2;
  return [cos, sin, -sin, cos, origin.x - cos * w + sin * h, origin.y - sin * w - cos * h];
}

// Output px per photo px: above 1, the output enlarges the photo.
export const enlargement = (t, size, heightMm) => (t.scale * size.height) / heightMm;

// The photo's own px across the frame at height `yMm`, counting only where the photo is (a frame
// that runs past the photo's edge gains no pixels there), in 200 steps.
export function sourcePixelsAcross(t, frame, image, yMm) {
  let inside = 0;
  const steps = 200;
  for (let i = 0; i < steps; i += 1) {
    const p = unproject(t, { x: -frame.width / 2 + ((i + 0.5) / steps) * frame.width, y: yMm }, image);
    if (p.x >= 0 && p.y >= 0 && p.x <= image.width && p.y <= image.height) inside += 1;
  }
  return (frame.width / t.scale) * (inside / steps);
}

// Where the crown of this face may be, in mm below the frame's top, for a head `headMm` tall
// whose eyes are `eyeBelowCrownMm` below its crown: the room the frame and the top margin leave
// (guides.crownLimitsMm), narrowed to put the eyes in the eye band. As in the service's own rule,
// the eye band yields: where it is out of reach, the crown goes as near to it as the room allows.
export function crownRange(guides, headMm, eyeBelowCrownMm) {
  const limits = guides.crownLimitsMm;
  const room = { min: limits.min, max: Math.max(limits.min, Math.min(limits.max, guides.heightMm - headMm)) };
  if (!guides.eyesMm) return room;
  const clamp = (y) => Math.min(room.max, Math.max(room.min, y));
  return { min: clamp(guides.eyesMm.min - eyeBelowCrownMm), max: clamp(guides.eyesMm.max - eyeBelowCrownMm) };
}

// The automatic placement from a face: `face` holds image points (px) for the two eye centres,
// the chin and the crown. The eye line comes out level, the head at the height the guides aim
// at, the face on the centre line and the crown in the middle of what the rules allow this face.
export function placeFace(face, guides, image) {
  const { eyeLeft, eyeRight, chin, crown } = face;
  const angle = (-Math.atan2(eyeRight.y - eyeLeft.y, eyeRight.x - eyeLeft.x) * 180) / Math.PI;
  const level = { x: 0, y: 0, scale: 1, angle };
  const at = (p) => project(level, p, image);
  const eyes = at({ x: (eyeLeft.x + eyeRight.x) / 2, y: (eyeLeft.y + eyeRight.y) / 2 });
  const top = at(crown);
  const bottom = at(chin);
  const headMm = guides.target.headMm;
  const scale = headMm / (bottom.y - top.y);
  const range = crownRange(guides, headMm, (eyes.y - top.y) * scale);
  const crownY = middle(range);
  const centreX = (eyes.x + bottom.x) / 2;
  return { x: -centreX * scale, y: crownY - top.y * scale, scale, angle };
}

// What the document's rules measure, for a placement: head height, eye line above the bottom
// edge, crown margin, the face's distance from the centre line (all mm) and the remaining roll.
export function measure(t, face, spec, image) {
  const at = (p) => project(t, p, image);
  const left = at(face.eyeLeft);
  const right = at(face.eyeRight);
  const crown = at(face.crown);
  const chin = at(face.chin);
  const eyesY = (left.y + right.y) / 2;
  return {
    headMm: chin.y - crown.y,
    eyeLineMm: spec.heightMm - eyesY,
    topMarginMm: crown.y,
    offCentreMm: ((left.x + right.x) / 2 + chin.x) / 2,
    rollDeg: (Math.atan2(right.y - left.y, right.x - left.x) * 180) / Math.PI,
  };
}

// Zoom or turn the placement about a frame point (the frame's centre): that point keeps showing
// the same part of the photo.
export function zoomAbout(t, factor, pivot) {
  return { ...t, x: pivot.x + (t.x - pivot.x) * factor, y: pivot.y + (t.y - pivot.y) * factor, scale: t.scale * factor };
}

export function turnAbout(t, degrees, pivot) {
  const moved = turn({ x: t.x - pivot.x, y: t.y - pivot.y }, degrees);
  return { ...t, x: pivot.x + moved.x, y: pivot.y + moved.y, angle: t.angle + degrees };
}

// The zoom factors that keep the head between the document's minimum and maximum.
export function zoomLimits(guides, headMm) {
  if (!guides.headMm || !headMm) return { min: 0.2, max: 5 };
  return { min: guides.headMm.min / headMm, max: guides.headMm.max / headMm };
}

// True when the frame shows only photo, no empty corner.
export function coversFrame(t, frame, image) {
  const corners = [[-frame.width / 2, 0], [frame.width / 2, 0], [frame.width / 2, frame.height], [-frame.width / 2, frame.height]];
  return corners.every(([x, y]) => {
    const p = unproject(t, { x, y }, image);
    return p.x >= -0.5 && p.y >= -0.5 && p.x <= image.width + 0.5 && p.y <= image.height + 0.5;
  });
}

// The first placement without a face: the image scaled to cover the frame and centred.
export function coverPlacement(frame, image) {
  const scale = Math.max(frame.width / image.width, frame.height / image.height);
  return { x: 0, y: frame.height / 2, scale, angle: 0 };
}

// The file for a portal that crops the photo itself and asks for it uncropped: the person centred
// and level (the placement's own angle) with room around the head and shoulders. The head takes
// UNCROPPED.head of the height with UNCROPPED.above of it clear over the crown; a frame that would
// run off the photo is tightened (the head at most UNCROPPED.tightest of the height), and one too
// small for the portal's pixels is widened while the photo reaches. Pixels are never upscaled: the
// file is at most the photo's own pixels across that frame, capped by the portal's maximum.
// `head` is where the head is in the document frame (mm): { crown, chin, centreX }. Returns a
// placement for a frame spec.heightMm tall (the same convention as the document's, so the same
// drawing code renders it), the file's size in px, the dpi that prints the head at the document's
// scale, and `short` (the photo has too few pixels for the portal) and `spills` (the frame runs off
// the photo) when the rules cannot all be met.
export const UNCROPPED = { head: 0.4, above: 0.15, tightest: 0.6 };

export function uncroppedExport(t, head, spec, image, portal = null) {
  const min = portal?.minPx;
  const max = portal?.maxPx;
  const ratio = ratioOf(portal?.aspectRatio) ?? (min ? min.width / min.height : max ? max.width / max.height : spec.widthMm / spec.heightMm);
  const headMm = head.chin - head.crown;
  const box = (height) => ({ left: head.centreX - (ratio * height) / 2, top: head.crown - UNCROPPED.above * height, width: ratio * height, height });
  const inside = (height) => {
    const { left, top, width } = box(height);
    return [[left, top], [left + width, top], [left + width, top + height], [left, top + height]].every(([x, y]) => {
      const p = unproject(t, { x, y }, image);
      return p.x >= -0.5 && p.y >= -0.5 && p.x <= image.width + 0.5 && p.y <= image.height + 0.5;
    });
  };
  // Frame heights in the document's mm; t.scale is mm per photo px.
  const tightest = headMm / UNCROPPED.tightest;
  let height = headMm / UNCROPPED.head;
  let spills = false;
  if (!inside(height)) {
    if (inside(tightest)) {
      let low = tightest; // inside
      let high = height; // outside
      for (let i = 0; i < 24; i += 1) {
        const mid = (low + high) / 2;
        if (inside(mid)) low = mid; else high = mid;
      }
      height = low;
    } else {
      height = tightest;
      spills = true;
    }
  }
  const need = min ? Math.max(min.height, min.width / ratio) : 0;
  let short = false;
  if (height / t.scale < need) {
    const wider = need * t.scale;
    if (!spills && inside(wider)) height = wider; else short = true;
  }
  let pixels = Math.floor(height / t.scale + 1e-6);
  if (max) pixels = Math.min(pixels, max.height, Math.floor(max.width / ratio));
  if (!short && min) pixels = Math.max(pixels, Math.ceil(need - 1e-6));
  const size = { width: Math.floor(pixels * ratio + 1e-6), height: pixels }; // down: never past the photo
  // The frame's top centre becomes the new frame's origin, its height the document's height.
  const zoom = spec.heightMm / height;
  const transform = { x: (t.x - head.centreX) * zoom, y: (t.y - box(height).top) * zoom, scale: t.scale * zoom, angle: t.angle };
  return { transform, size, ratio, dpi: Math.round(size.height / (height / MM_PER_INCH)), headShare: headMm / height, short, spills, needPx: min ?? null };
}

// The print sheet: as many copies as the paper takes (either way round), centred above a strip
// for the calibration bar and the caption. Cut marks run in the margins along every cut line and
// stop `clearMm` short of any photo. Everything in px at the sheet's dpi.
export function sheetLayout(sheet, photoMm, { marginMm = 2, gapMm = 1.5, stripMm = 6, clearMm = 0.5, markMm = 3 } = {}) {
  const fit = (sheetW, sheetH) => {
    const columns = Math.max(0, Math.floor((sheetW - 2 * marginMm + gapMm) / (photoMm.width + gapMm)));
    const rows = Math.max(0, Math.floor((sheetH - 2 * marginMm - stripMm + gapMm) / (photoMm.height + gapMm)));
    return { columns, rows, sheetW, sheetH };
  };
  const upright = fit(sheet.widthMm, sheet.heightMm);
  const sideways = fit(sheet.heightMm, sheet.widthMm);
  const best = sideways.columns * sideways.rows > upright.columns * upright.rows ? sideways : upright;
  const px = (mm) => Math.round((mm / MM_PER_INCH) * sheet.dpi);
  const blockW = best.columns * photoMm.width + Math.max(0, best.columns - 1) * gapMm;
  const blockH = best.rows * photoMm.height + Math.max(0, best.rows - 1) * gapMm;
  const stripTop = best.sheetH - marginMm - stripMm;
  const left = (best.sheetW - blockW) / 2;
  const top = (stripTop - blockH) / 2;
  const columnsX = Array.from({ length: best.columns }, (_, i) => left + i * (photoMm.width + gapMm));
  const rowsY = Array.from({ length: best.rows }, (_, i) => top + i * (photoMm.height + gapMm));
  const tiles = rowsY.flatMap((y) => columnsX.map((x) => ({ x: px(x), y: px(y) })));
  // Every cut line is marked where it crosses the margins around the block, never on a photo.
  const cuts = [];
  const mark = (x1, y1, x2, y2) => { if (Math.hypot(x2 - x1, y2 - y1) >= 0.4) cuts.push([px(x1), px(y1), px(x2), px(y2)]); };
  const bottom = top + blockH;
  for (const x of columnsX.flatMap((x0) => [x0, x0 + photoMm.width])) {
    mark(x, Math.max(0, top - markMm), x, top - clearMm);
    mark(x, bottom + clearMm, x, Math.min(stripTop, bottom + markMm));
  }
  for (const y of rowsY.flatMap((y0) => [y0, y0 + photoMm.height])) {
    mark(Math.max(0, left - markMm), y, left - clearMm, y);
    mark(left + blockW + clearMm, y, Math.min(best.sheetW, left + blockW + markMm), y);
  }
  return {
    width: px(best.sheetW), height: px(best.sheetH), copies: tiles.length, tiles, cuts,
    photo: { width: px(photoMm.width), height: px(photoMm.height) },
    bar: { x: px(marginMm + 1), y: px(stripTop + 1), width: px(50), height: px(1) },
    caption: { x: px(marginMm + 1), baseline: px(stripTop + 5.2), maxWidth: px(best.sheetW - 2 * marginMm - 2), size: px(2.4) },
  };
}

// The JPEG quality that keeps the file inside [minBytes, maxBytes]: the highest quality whose
// file is at most maxBytes, found by bisection over `encode(quality) -> Promise<Blob>`. A file
// still under the minimum at 0.95 gets the encoder's best (1.0) before giving up.
export async function fitQuality(encode, { minBytes = 0, maxBytes = Infinity } = {}, steps = 8) {
  let best = { blob: await encode(0.95), quality: 0.95 };
  if (best.blob.size < minBytes) {
    const finest = await encode(1);
    if (finest.size <= maxBytes) best = { blob: finest, quality: 1 };
  }
  if (best.blob.size <= maxBytes) return best.blob.size >= minBytes ? best : { ...best, problem: "too-small" };
  let low = 0.05;
  let high = 0.95;
  let found = null;
  for (let i = 0; i < steps; i += 1) {
    const quality = (low + high) / 2;
    const blob = await encode(quality);
    if (blob.size <= maxBytes) {
      found = { blob, quality };
      low = quality;
    } else {
      high = quality;
    }
  }
  if (!found) {
    const smallest = await encode(low);
    if (smallest.size > maxBytes) return { blob: smallest, quality: low, problem: "too-large" };
    found = { blob: smallest, quality: low };
  }
  return found.blob.size >= minBytes ? found : { ...found, problem: "too-small" };
}

// Background check: the mean colour of background samples against the required colour, and how
// even they are. Samples are [r, g, b] triples.
export function backgroundVerdict(samples, requiredHex) {
  const required = [1, 3, 5].map((i) => parseInt(requiredHex.slice(i, i + 2), 16));
  const mean = [0, 1, 2].map((c) => samples.reduce((sum, s) => sum + s[c], 0) / samples.length);
  const distance = Math.hypot(...mean.map((m, c) => m - required[c]));
  const spread = Math.sqrt(samples.reduce((sum, s) => sum + (s[0] - mean[0]) ** 2 + (s[1] - mean[1]) ** 2 + (s[2] - mean[2]) ** 2, 0) / samples.length);
  return { distance, spread, mean, close: distance < 60, even: spread < 28 };
}
