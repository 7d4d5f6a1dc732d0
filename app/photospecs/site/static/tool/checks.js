// The check: each line says pass, warn or fail, with the number measured and what to do. The
// measures follow the ISO/IEC 29794-5 face image quality components (pose, eyes open, mouth
// closed, background, illumination uniformity, sharpness, resolution). Pure functions over
// numbers and pixel arrays ({ data, width, height } like ImageData).

import { t } from "../messages.js";

const mm = (value) => `${value.toFixed(1)} mm`;
const range = (r) => `${r.min}–${r.max} mm`;
const grey = (data, i) => 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];

// Mean brightness of a disc around each of two points: the two cheeks under even light match.
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
    return count ? sum / count : 0;
  });
  return Math.min(...means) / Math.max(1, ...means);
}

// Sharpness: the spread of a Laplacian over the face box, on a 0-255 grey scale.
export function sharpness(pixels, box) {
  const x0 = Math.max(1, Math.round(box.x));
  const y0 = Math.max(1, Math.round(box.y));
  const x1 = Math.min(pixels.width - 2, Math.round(box.x + box.width));
  const y1 = Math.min(pixels.height - 2, Math.round(box.y + box.height));
  let sum = 0;
  let squares = 0;
  let count = 0;
  const at = (x, y) => grey(pixels.data, (y * pixels.width + x) * 4);
  for (let y = y0; y <= y1; y += 1) {
    for (let x = x0; x <= x1; x += 1) {
      const value = 4 * at(x, y) - at(x - 1, y) - at(x + 1, y) - at(x, y - 1) - at(x, y + 1);
      sum += value;
      squares += value * value;
      count += 1;
    }
  }
  return count ? Math.sqrt(squares / count - (sum / count) ** 2) : 0;
}

// Colours of the pixels the person mask calls background (alpha below 10%), every `step` px.
export function backgroundSamples(pixels, alpha, step = 3) {
  const samples = [];
  for (let y = 0; y < pixels.height; y += step) {
    for (let x = 0; x < pixels.width; x += step) {
      const i = y * pixels.width + x;
      if (alpha[i] < 26) samples.push([pixels.data[i * 4], pixels.data[i * 4 + 1], pixels.data[i * 4 + 2]]);
    }
  }
  return samples;
}

const line = (level, text) => ({ level, text });
const inRange = (value, r, slack = 0) => value >= r.min - slack && value <= r.max + slack;

// The lines of the check. `m` holds what was measured; any part may be missing (no face seen,
// models still loading) and its lines are then left out.
export function assess(spec, m) {
  const lines = [];
  if (m.faces !== undefined) {
    if (m.faces === 0) lines.push(line("fail", t("No face found: use a photo where your whole face is visible and looks at the camera, or line it up by hand.")));
    else if (m.faces > 1) lines.push(line("fail", t("%(count)s faces found: the photo must show you alone. Crop the others out or take a new photo.", { count: m.faces })));
    else lines.push(line("pass", t("One face found.")));
  }
  const p = m.placement;
  if (p) {
    const head = spec.headHeightMm;
    if (head) {
      const basis = spec.headHeightBasis === "icao-default" ? ` ${t("(ICAO default; the authority gives no figure)")}` : "";
      lines.push(inRange(p.headMm, head)
        ? line("pass", t("Head %(size)s from chin to crown; the document asks %(range)s%(basis)s.", { size: mm(p.headMm), range: range(head), basis }))
        : line("fail", `${t("Head %(size)s from chin to crown; the document asks %(range)s%(basis)s.", { size: mm(p.headMm), range: range(head), basis })} ${p.headMm < head.min ? t("Zoom in.") : t("Zoom out.")}`));
    }
    if (spec.eyeLineMm) {
      lines.push(inRange(p.eyeLineMm, spec.eyeLineMm)
        ? line("pass", t("Eyes %(size)s above the bottom edge; the document asks %(range)s.", { size: mm(p.eyeLineMm), range: range(spec.eyeLineMm) }))
        : line("fail", `${t("Eyes %(size)s above the bottom edge; the document asks %(range)s.", { size: mm(p.eyeLineMm), range: range(spec.eyeLineMm) })} ${p.eyeLineMm < spec.eyeLineMm.min ? t("Move the photo up.") : t("Move the photo down.")}`));
    }
    const off = Math.abs(p.offCentreMm);
    lines.push(off <= 1 ? line("pass", t("Face centred (%(size)s off the middle).", { size: mm(off) }))
      : line(off <= 2.5 ? "warn" : "fail", p.offCentreMm > 0
        ? t("Face %(size)s right of the middle: move the photo left.", { size: mm(off) })
        : t("Face %(size)s left of the middle: move the photo right.", { size: mm(off) })));
    if (spec.topMarginMm) {
      lines.push(inRange(p.topMarginMm, spec.topMarginMm)
        ? line("pass", t("%(size)s above the head; the document asks %(range)s.", { size: mm(p.topMarginMm), range: range(spec.topMarginMm) }))
        : line("fail", t("%(size)s above the head; the document asks %(range)s.", { size: mm(p.topMarginMm), range: range(spec.topMarginMm) })));
    } else if (p.topMarginMm < 0) {
      lines.push(line("fail", t("The top of the head is cut off: move the photo down or zoom out.")));
    }
    const roll = Math.abs(p.rollDeg);
    lines.push(roll <= 2 ? line("pass", t("Head level (tilted %(degrees)s°).", { degrees: roll.toFixed(1) }))
      : line(roll <= 8 ? "warn" : "fail", t("Head tilted %(degrees)s° sideways: straighten it with the rotation slider.", { degrees: roll.toFixed(1) })));
  }
  const f = m.face;
  if (f) {
    lines.push(f.yawDeg <= 8 ? line("pass", t("Facing the camera (turned %(degrees)s°).", { degrees: f.yawDeg.toFixed(0) }))
      : line(f.yawDeg <= 15 ? "warn" : "fail", t("Head turned about %(degrees)s° to one side: look straight at the camera.", { degrees: f.yawDeg.toFixed(0) })));
    const nod = Math.abs(f.pitchDeg);
    lines.push(nod <= 10 ? line("pass", t("Head not tipped up or down (%(degrees)s°).", { degrees: nod.toFixed(0) }))
      : line(nod <= 20 ? "warn" : "fail", f.pitchDeg > 0
        ? t("Head tipped up about %(degrees)s°: keep the camera at eye level and the chin level.", { degrees: nod.toFixed(0) })
        : t("Head tipped down about %(degrees)s°: keep the camera at eye level and the chin level.", { degrees: nod.toFixed(0) })));
    lines.push(f.eyesOpen >= 0.18 ? line("pass", t("Both eyes open."))
      : line(f.eyesOpen >= 0.1 ? "warn" : "fail", t("An eye looks closed or half closed: open both eyes wide.")));
    if (spec.mouthClosed) {
      lines.push(f.mouthGap <= 0.06 ? line("pass", t("Mouth closed."))
        : line(f.mouthGap <= 0.15 ? "warn" : "fail", t("The mouth is open: the document asks for the mouth closed.")));
    }
  }
  if (m.background) {
    const b = m.background;
    // The colour's name is the dataset's: quoted as it is in every language.
    const said = { colour: (spec.bgColorLabel ?? t("plain")).toLowerCase(), distance: b.distance.toFixed(0), spread: b.spread.toFixed(0) };
    if (!b.close) lines.push(line("fail", m.canReplace
      ? t("The background is not %(colour)s (colour %(distance)s off): stand before a plain %(colour)s wall, or replace the background below.", said)
      : t("The background is not %(colour)s (colour %(distance)s off): stand before a plain %(colour)s wall.", said)));
    else if (!b.even) lines.push(line("warn", t("The background is %(colour)s but uneven (spread %(spread)s): look for shadows or objects behind you.", said)));
    else lines.push(line("pass", t("Background %(colour)s and even (colour %(distance)s off, spread %(spread)s).", said)));
  }
  if (m.lighting !== undefined) {
    const pct = Math.round(m.lighting * 100);
    lines.push(m.lighting >= 0.8 ? line("pass", t("Even light on the face (darker cheek at %(percent)s%% of the brighter).", { percent: pct }))
      : line(m.lighting >= 0.6 ? "warn" : "fail", t("Uneven light: one cheek at %(percent)s%% of the other's brightness. Face a window or a lamp squarely.", { percent: pct })));
  }
  if (m.sharpness !== undefined) {
    lines.push(m.sharpness >= 6 ? line("pass", t("Sharp enough (detail %(detail)s).", { detail: m.sharpness.toFixed(0) }))
      : line(m.sharpness >= 3 ? "warn" : "fail", t("The face looks blurred (detail %(detail)s): hold the camera still, with the face in focus.", { detail: m.sharpness.toFixed(0) })));
  }
  if (m.pixels) {
    const { have, need } = m.pixels;
    const share = have / need;
    lines.push(share >= 1 ? line("pass", t("Enough pixels: %(have)s px across the photo where %(need)s are needed.", { have: Math.round(have), need }))
      : line(share >= 0.6 ? "warn" : "fail", t("Only %(have)s px across the photo where %(need)s are needed: it may print blurred. Take the photo closer or at a higher resolution.", { have: Math.round(have), need })));
  }
  if (m.covers === false) lines.push(line("warn", t("Part of the frame is beyond the photo's edge and shows plain background: zoom in or move the photo.")));
  return lines;
}
