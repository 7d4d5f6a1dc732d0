// Pure geometry of the photo tool: no DOM, so node's test runner checks it (tests/js/).
// Units: mm for the document, px for images; the output frame is the document's pixel size.

export const MM_PER_INCH = 25.4;

export function mmToPx(mm, dpi) {
  return Math.round((mm / MM_PER_INCH) * dpi);
}

// The digital file: the document's pixels, brought inside a portal's pixel window when there is one.
export function outputSize(spec, portal = null) {
  let width = spec.widthPx;
  let height = spec.heightPx;
  if (portal?.minPx && (width < portal.minPx.width || height < portal.minPx.height)) {
    const grow = Math.max(portal.minPx.width / width, portal.minPx.height / height);
    width = Math.ceil(width * grow);
    height = Math.ceil(height * grow);
  }
  if (portal?.maxPx && (width > portal.maxPx.width || height > portal.maxPx.height)) {
    const shrink = Math.min(portal.maxPx.width / width, portal.maxPx.height / height);
    width = Math.floor(width * shrink);
    height = Math.floor(height * shrink);
  }
  return { width, height };
}

// Where the head goes, in mm from the top edge: the crown band (top of the head) and the chin
// band, for a head between min and max. Placed as the document page draws it: the crown at the
// published top margin, else the head centred on the eye-line band, else centred in the frame.
export function headGuides(spec) {
  const head = spec.headHeightMm;
  if (!head || !spec.heightMm) return null;
  const height = spec.heightMm;
  let crown;
  let chin;
  if (spec.topMarginMm) {
    // The crown anywhere in the published margin; the chin a head's height below it.
    crown = { top: spec.topMarginMm.min, bottom: spec.topMarginMm.max };
    chin = { top: crown.top + head.min, bottom: crown.bottom + head.max };
  } else {
    const middle = spec.eyeLineMm ? height - (spec.eyeLineMm.min + spec.eyeLineMm.max) / 2 : height / 2;
    crown = { top: middle - head.max / 2, bottom: middle - head.min / 2 };
    chin = { top: middle + head.min / 2, bottom: middle + head.max / 2 };
  }
  const clip = (band) => ({ top: Math.max(0, band.top), bottom: Math.min(height, band.bottom) });
  const eyes = spec.eyeLineMm ? { top: height - spec.eyeLineMm.max, bottom: height - spec.eyeLineMm.min } : null;
  return { crown: clip(crown), chin: clip(chin), eyes, basis: spec.headHeightBasis, eyeBasis: spec.eyeLineBasis ?? null };
}

// The image's placement in the output frame: its centre at (x, y) px, scaled by `scale`
// (output px per image px) and turned by `angle` degrees. `sourceRect` is the part of the
// image the frame shows, as the corners of the frame mapped back into image pixels.
export function frameCorners(transform, frame, image) {
  const { x, y, scale, angle } = transform;
  const radians = (-angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const corners = [[0, 0], [frame.width, 0], [frame.width, frame.height], [0, frame.height]];
  return corners.map(([fx, fy]) => {
    const dx = (fx - x) / scale;
    const dy = (fy - y) / scale;
    return [dx * cos - dy * sin + image.width / 2, dx * sin + dy * cos + image.height / 2];
  });
}

// True when the frame shows only image (no empty corner would be filled with blank paper).
export function coversFrame(transform, frame, image) {
  return frameCorners(transform, frame, image).every(
    ([ix, iy]) => ix >= -0.5 && iy >= -0.5 && ix <= image.width + 0.5 && iy <= image.height + 0.5,
  );
}

// The first placement: the image scaled to cover the frame and centred.
export function coverTransform(frame, image) {
  const scale = Math.max(frame.width / image.width, frame.height / image.height);
  return { x: frame.width / 2, y: frame.height / 2, scale, angle: 0 };
}

// A placement from a detected face box (image px): the face's height made the middle of the
// head range, its top at the middle of the crown band.
export function faceTransform(face, frame, spec, guides) {
  const pxPerMm = frame.height / spec.heightMm;
  const target = ((guides.chin.top + guides.chin.bottom) / 2 - (guides.crown.top + guides.crown.bottom) / 2) * pxPerMm;
  // A detector's box runs from brow to chin; the head from crown to chin is about 1.45 times that.
  const scale = target / (face.height * 1.45);
  const crownY = ((guides.crown.top + guides.crown.bottom) / 2) * pxPerMm;
  const faceTop = face.y - face.height * 0.45;
  return { x: frame.width / 2 - (face.x + face.width / 2 - face.imageWidth / 2) * scale,
           y: crownY - (faceTop - face.imageHeight / 2) * scale, scale, angle: 0 };
}

// How many copies of a photo fit on a sheet, and where, in px at the sheet's dpi. Tries the
// sheet both ways round and keeps the one that fits more.
export function sheetLayout(sheet, photoMm, { marginMm = 5, gapMm = 2 } = {}) {
  const fit = (sheetW, sheetH) => {
    const columns = Math.floor((sheetW - 2 * marginMm + gapMm) / (photoMm.width + gapMm));
    const rows = Math.floor((sheetH - 2 * marginMm - 6 + gapMm) / (photoMm.height + gapMm)); // 6 mm for the caption
    return { columns: Math.max(0, columns), rows: Math.max(0, rows), sheetW, sheetH };
  };
  const portrait = fit(sheet.widthMm, sheet.heightMm);
  const landscape = fit(sheet.heightMm, sheet.widthMm);
  const best = landscape.columns * landscape.rows > portrait.columns * portrait.rows ? landscape : portrait;
  const px = (mm) => Math.round((mm / MM_PER_INCH) * sheet.dpi);
  const blockW = best.columns * photoMm.width + (best.columns - 1) * gapMm;
  const left = (best.sheetW - blockW) / 2;
  const positions = [];
  for (let row = 0; row < best.rows; row += 1) {
    for (let column = 0; column < best.columns; column += 1) {
      positions.push({ x: px(left + column * (photoMm.width + gapMm)), y: px(marginMm + row * (photoMm.height + gapMm)) });
    }
  }
  return {
    width: px(best.sheetW), height: px(best.sheetH), copies: positions.length, positions,
    photo: { width: px(photoMm.width), height: px(photoMm.height) }, captionY: px(best.sheetH - marginMm),
  };
}

// The JPEG quality that keeps the file inside [minBytes, maxBytes]: the highest quality whose
// file is at most maxBytes, found by bisection over `encode(quality) -> Promise<Blob>`.
export async function fitQuality(encode, { minBytes = 0, maxBytes = Infinity } = {}, steps = 8) {
  const best = await encode(0.95);
  if (best.size <= maxBytes) {
    return best.size >= minBytes ? { blob: best, quality: 0.95 } : { blob: best, quality: 0.95, problem: "too-small" };
  }
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

// Background check: the mean colour of the edge samples against the required colour, and how
// even they are. Samples are [r, g, b] triples.
export function backgroundVerdict(samples, requiredHex) {
  const required = [1, 3, 5].map((i) => parseInt(requiredHex.slice(i, i + 2), 16));
  const mean = [0, 1, 2].map((c) => samples.reduce((sum, s) => sum + s[c], 0) / samples.length);
  const distance = Math.hypot(...mean.map((m, c) => m - required[c]));
  const spread = Math.sqrt(samples.reduce((sum, s) => sum + (s[0] - mean[0]) ** 2 + (s[1] - mean[1]) ** 2 + (s[2] - mean[2]) ** 2, 0) / samples.length);
  return { distance, spread, close: distance < 60, even: spread < 28 };
}
