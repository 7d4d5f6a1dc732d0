// The check: each line says pass, warn or fail, with the number measured and what to do. The
// measures follow the ISO/IEC 29794-5 face image quality components (pose, eyes open, mouth
// closed, background, illumination uniformity, sharpness, resolution). Pure functions over
// numbers and pixel arrays ({ data, width, height } like ImageData).

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
    if (m.faces === 0) lines.push(line("fail", "No face found: use a photo where your whole face is visible and looks at the camera, or line it up by hand."));
    else if (m.faces > 1) lines.push(line("fail", `${m.faces} faces found: the photo must show you alone. Crop the others out or take a new photo.`));
    else lines.push(line("pass", "One face found."));
  }
  const p = m.placement;
  if (p) {
    const head = spec.headHeightMm;
    if (head) {
      const basis = spec.headHeightBasis === "icao-default" ? " (ICAO default; the authority gives no figure)" : "";
      lines.push(inRange(p.headMm, head)
        ? line("pass", `Head ${mm(p.headMm)} from chin to crown; the document asks ${range(head)}${basis}.`)
        : line("fail", `Head ${mm(p.headMm)} from chin to crown; the document asks ${range(head)}${basis}. ${p.headMm < head.min ? "Zoom in." : "Zoom out."}`));
    }
    if (spec.eyeLineMm) {
      lines.push(inRange(p.eyeLineMm, spec.eyeLineMm)
        ? line("pass", `Eyes ${mm(p.eyeLineMm)} above the bottom edge; the document asks ${range(spec.eyeLineMm)}.`)
        : line("fail", `Eyes ${mm(p.eyeLineMm)} above the bottom edge; the document asks ${range(spec.eyeLineMm)}. Move the photo ${p.eyeLineMm < spec.eyeLineMm.min ? "up" : "down"}.`));
    }
    const off = Math.abs(p.offCentreMm);
    lines.push(off <= 1 ? line("pass", `Face centred (${mm(off)} off the middle).`)
      : line(off <= 2.5 ? "warn" : "fail", `Face ${mm(off)} ${p.offCentreMm > 0 ? "right" : "left"} of the middle: move the photo ${p.offCentreMm > 0 ? "left" : "right"}.`));
    if (spec.topMarginMm) {
      lines.push(inRange(p.topMarginMm, spec.topMarginMm)
        ? line("pass", `${mm(p.topMarginMm)} above the head; the document asks ${range(spec.topMarginMm)}.`)
        : line("fail", `${mm(p.topMarginMm)} above the head; the document asks ${range(spec.topMarginMm)}.`));
    } else if (p.topMarginMm < 0) {
      lines.push(line("fail", "The top of the head is cut off: move the photo down or zoom out."));
    }
    const roll = Math.abs(p.rollDeg);
    lines.push(roll <= 2 ? line("pass", `Head level (tilted ${roll.toFixed(1)}°).`)
      : line(roll <= 8 ? "warn" : "fail", `Head tilted ${roll.toFixed(1)}° sideways: straighten it with the rotation slider.`));
  }
  const f = m.face;
  if (f) {
    lines.push(f.yawDeg <= 8 ? line("pass", `Facing the camera (turned ${f.yawDeg.toFixed(0)}°).`)
      : line(f.yawDeg <= 15 ? "warn" : "fail", `Head turned about ${f.yawDeg.toFixed(0)}° to one side: look straight at the camera.`));
    const nod = Math.abs(f.pitchDeg);
    lines.push(nod <= 10 ? line("pass", `Head not tipped up or down (${nod.toFixed(0)}°).`)
      : line(nod <= 20 ? "warn" : "fail", `Head tipped ${f.pitchDeg > 0 ? "up" : "down"} about ${nod.toFixed(0)}°: keep the camera at eye level and the chin level.`));
    lines.push(f.eyesOpen >= 0.18 ? line("pass", "Both eyes open.")
      : line(f.eyesOpen >= 0.1 ? "warn" : "fail", "An eye looks closed or half closed: open both eyes wide."));
    if (spec.mouthClosed) {
      lines.push(f.mouthGap <= 0.06 ? line("pass", "Mouth closed.")
        : line(f.mouthGap <= 0.15 ? "warn" : "fail", "The mouth is open: the document asks for the mouth closed."));
    }
  }
  if (m.background) {
    const b = m.background;
    const label = (spec.bgColorLabel ?? "plain").toLowerCase();
    if (!b.close) lines.push(line("fail", `The background is not ${label} (colour ${b.distance.toFixed(0)} off): stand before a plain ${label} wall${m.canReplace ? ", or replace the background below" : ""}.`));
    else if (!b.even) lines.push(line("warn", `The background is ${label} but uneven (spread ${b.spread.toFixed(0)}): look for shadows or objects behind you.`));
    else lines.push(line("pass", `Background ${label} and even (colour ${b.distance.toFixed(0)} off, spread ${b.spread.toFixed(0)}).`));
  }
  if (m.lighting !== undefined) {
    const pct = Math.round(m.lighting * 100);
    lines.push(m.lighting >= 0.8 ? line("pass", `Even light on the face (darker cheek at ${pct}% of the brighter).`)
      : line(m.lighting >= 0.6 ? "warn" : "fail", `Uneven light: one cheek at ${pct}% of the other's brightness. Face a window or a lamp squarely.`));
  }
  if (m.sharpness !== undefined) {
    lines.push(m.sharpness >= 6 ? line("pass", `Sharp enough (detail ${m.sharpness.toFixed(0)}).`)
      : line(m.sharpness >= 3 ? "warn" : "fail", `The face looks blurred (detail ${m.sharpness.toFixed(0)}): hold the camera still, with the face in focus.`));
  }
  if (m.pixels) {
    const { have, need } = m.pixels;
    const share = have / need;
    lines.push(share >= 1 ? line("pass", `Enough pixels: ${Math.round(have)} px across the photo where ${need} are needed.`)
      : line(share >= 0.6 ? "warn" : "fail", `Only ${Math.round(have)} px across the photo where ${need} are needed: it may print blurred. Take the photo closer or at a higher resolution.`));
  }
  if (m.covers === false) lines.push(line("warn", "Part of the frame is beyond the photo's edge and shows plain background: zoom in or move the photo."));
  return lines;
}
