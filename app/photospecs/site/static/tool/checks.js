// The check: each line says pass, warn or fail, with the number measured and what to do. The
// lines follow the face image quality components of ISO/IEC 29794-5 (as BSI's OFIQ computes
// them) and the pose limits of ISO/IEC 39794-5 and ICAO 9303. A pure function of numbers: what
// the measures are is in quality.js, pose.js and face.js.
import { POSE_LIMITS } from "./pose.js";

// ICAO 9303 part 3 and ISO/IEC 39794-5: at least 90 px between the eye centres.
export const EYE_DISTANCE_PX = 90;
// Sharpness (quality.js): the share of fine contrast a slight blur removes, at print size.
export const SHARPNESS = { pass: 0.3, warn: 0.2 };
// JPEG blocking (quality.js): contrast across the 8 px grid against inside the blocks.
export const BLOCKING = { pass: 1.5, warn: 2 };

const mm = (value) => `${value.toFixed(1)} mm`;
const range = (r) => `${r.min}–${r.max} mm`;
const pct = (share) => `${Math.round(share * 100)} %`;
const line = (level, text) => ({ level, text });
const inRange = (value, r, slack = 0) => value >= r.min - slack && value <= r.max + slack;
// pass up to `limits.pass`, warn up to `limits.warn`, fail beyond (on the absolute value).
const graded = (value, limits) => (Math.abs(value) <= limits.pass ? "pass" : Math.abs(value) <= limits.warn ? "warn" : "fail");

// Where a range is not the authority's own figure, the rule it comes from, said plainly.
const BASES = {
  "icao-35x45-default": "ICAO's figure for 35 × 45 mm photos",
  "us-2x2-default": "the US figure for 2 × 2 in photos",
  "china-33x48-default": "China's figure for 33 × 48 mm photos",
  "canada-50x70-default": "Canada's figure for 50 × 70 mm photos",
  "iso-19794-5-default": "ISO/IEC 19794-5's rule, eyes at 50–70 % of the height",
};
// The authority's own range, quoted or with its page cited: nothing to add.
const OWN = new Set(["authority", "authority-unquoted"]);
const OTHER = {
  standard: " (the authority refers to a standard here: this range is that standard's figure)",
  secondary: " (this range rests on secondary sources only: confirm it with the authority)",
};
export function basisNote(basis) {
  if (!basis || OWN.has(basis)) return "";
  if (OTHER[basis]) return OTHER[basis];
  return ` (the authority gives no figure: this range is ${BASES[basis] ?? `the rule “${basis}”`})`;
}

const EDGE_WORDS = { left: "left", right: "right", top: "top", bottom: "bottom" };
export function cutText(edges) {
  const names = edges.map((e) => EDGE_WORDS[e]);
  const which = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)} edges` : `${names[0]} edge`;
  return `Your head runs off the photo's ${which}: the tool cannot add what the camera did not take. Take the photo again with your whole head, your shoulders and some space around them in the picture.`;
}

function people(m, lines) {
  if (m.faces === undefined) return;
  if (m.faces === 0) lines.push(line("fail", "No face found: use a photo where your whole face is visible and looks at the camera, or line it up by hand."));
  else if (m.faces > 1) lines.push(line("fail", `${m.faces} faces found: the photo must show you alone. Crop the others out or take a new photo.`));
  else if (m.persons > 1) lines.push(line("fail", `One face but ${m.persons} people found: the photo must show you alone, with nobody behind or beside you.`));
  else lines.push(line("pass", "One face found."));
  if (m.cut?.length) lines.push(line("fail", cutText(m.cut)));
}

function placement(spec, p, lines) {
  const head = spec.headHeightMm;
  if (head) {
    const basis = basisNote(spec.headHeightBasis);
    lines.push(inRange(p.headMm, head)
      ? line("pass", `Head ${mm(p.headMm)} from chin to crown; the document asks ${range(head)}${basis}.`)
      : line("fail", `Head ${mm(p.headMm)} from chin to crown; the document asks ${range(head)}${basis}. ${p.headMm < head.min ? "Zoom in." : "Zoom out."}`));
  }
  if (spec.eyeLineMm) {
    const basis = basisNote(spec.eyeLineBasis);
    lines.push(inRange(p.eyeLineMm, spec.eyeLineMm)
      ? line("pass", `Eyes ${mm(p.eyeLineMm)} above the bottom edge; the document asks ${range(spec.eyeLineMm)}${basis}.`)
      : line("fail", `Eyes ${mm(p.eyeLineMm)} above the bottom edge; the document asks ${range(spec.eyeLineMm)}${basis}. Move the photo ${p.eyeLineMm < spec.eyeLineMm.min ? "up" : "down"}.`));
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
}

// Roll is what remains in the frame (the tool levels the eyes); yaw and pitch are the head's own.
function pose(p, f, limits, lines) {
  if (p) {
    const roll = Math.abs(p.rollDeg);
    const level = graded(roll, limits.roll);
    lines.push(level === "pass" ? line("pass", `Head level (tilted ${roll.toFixed(1)}°; up to ${limits.roll.pass}° is accepted).`)
      : line(level, `Head tilted ${roll.toFixed(1)}° sideways (up to ${limits.roll.pass}° is accepted): straighten it with the rotation slider.`));
  }
  if (!f) return;
  const yaw = graded(f.yawDeg, limits.yaw);
  lines.push(yaw === "pass" ? line("pass", `Facing the camera (turned ${Math.abs(f.yawDeg).toFixed(0)}°; up to ${limits.yaw.pass}° is accepted).`)
    : line(yaw, `Head turned about ${Math.abs(f.yawDeg).toFixed(0)}° to your ${f.yawDeg > 0 ? "left" : "right"} (up to ${limits.yaw.pass}° is accepted): look straight into the lens.`));
  const pitch = graded(f.pitchDeg, limits.pitch);
  lines.push(pitch === "pass" ? line("pass", `Head not tipped up or down (${Math.abs(f.pitchDeg).toFixed(0)}°; up to ${limits.pitch.pass}° is accepted).`)
    : line(pitch, `Head tipped ${f.pitchDeg > 0 ? "up" : "down"} about ${Math.abs(f.pitchDeg).toFixed(0)}° (up to ${limits.pitch.pass}° is accepted): keep the camera at eye level and the chin level.`));
}

function expression(spec, f, lines) {
  lines.push(f.eyesOpen >= 0.18 ? line("pass", `Both eyes open (lids ${pct(f.eyesOpen)} of the eye's width apart).`)
    : line(f.eyesOpen >= 0.1 ? "warn" : "fail", `An eye looks closed or half closed (lids ${pct(f.eyesOpen)} of its width apart): open both eyes, and keep hair and glare off them.`));
  if (spec.mouthClosed) {
    lines.push(f.mouthGap <= 0.06 ? line("pass", "Mouth closed.")
      : line(f.mouthGap <= 0.15 ? "warn" : "fail", `The mouth is open (lips ${pct(f.mouthGap)} of its width apart): the document asks for the mouth closed.`));
  }
}

function background(spec, m, lines) {
  const b = m.background;
  if (b) {
    const label = (spec.bgColorLabel ?? "plain").toLowerCase();
    if (!b.close) lines.push(line("fail", `The background is not ${label} (colour ${b.distance.toFixed(0)} off): stand before a plain ${label} wall${m.canReplace ? ", or replace the background below" : ""}.`));
    else if (!b.even) lines.push(line("warn", `The background is ${label} but uneven (spread ${b.spread.toFixed(0)}): look for shadows or objects behind you.`));
    else lines.push(line("pass", `Background ${label} and even (colour ${b.distance.toFixed(0)} off, spread ${b.spread.toFixed(0)}).`));
  }
  // A wall of the wrong colour or with things on it fails above; its "shadow" would be noise.
  if (m.shadow !== undefined && m.shadow !== null && (!b || b.close)) {
    lines.push(m.shadow <= 0.1 ? line("pass", `No shadow on the background (one side ${pct(m.shadow)} darker than the other).`)
      : line(m.shadow <= 0.25 ? "warn" : "fail", `A shadow on the background: one side is ${pct(m.shadow)} darker than the other. Step away from the wall and light it evenly from the front.`));
  }
}

function light(spec, m, lines) {
  if (m.lighting !== undefined && m.lighting !== null) {
    lines.push(m.lighting >= 0.8 ? line("pass", `Even light on the face (darker cheek at ${pct(m.lighting)} of the brighter).`)
      : line(m.lighting >= 0.6 ? "warn" : "fail", `Uneven light: one cheek at ${pct(m.lighting)} of the other's brightness. Face a window or a lamp squarely.`));
  }
  const e = m.exposure;
  if (e) {
    const numbers = `${pct(e.dark)} of the face black, ${pct(e.bright)} white, ${Math.round(e.range)} grey levels from darkest to brightest`;
    if (e.dark > 0.25 || e.bright > 0.25 || e.range < 40) {
      lines.push(line("fail", `The face is ${e.dark > e.bright ? "too dark" : e.bright > 0.25 ? "too bright" : "flat and grey"} (${numbers}): add light from the front${e.bright > 0.25 ? ", away from direct sun or flash" : ""}.`));
    } else if (e.dark > 0.08 || e.bright > 0.08 || e.range < 70) {
      lines.push(line("warn", `The face is a little ${e.dark > e.bright ? "dark" : e.bright > 0.08 ? "bright" : "flat"} (${numbers}): more even light from the front helps.`));
    } else {
      lines.push(line("pass", `Face well exposed (${numbers}).`));
    }
  }
  const c = m.colour;
  if (c) {
    const chroma = Math.hypot(c.a, c.b);
    const numbers = `a* ${c.a.toFixed(0)}, b* ${c.b.toFixed(0)}`;
    if (chroma < 4) {
      lines.push(spec.colour === "colour"
        ? line("fail", `The photo looks black and white (skin colour ${numbers}): the document asks for a colour photo.`)
        : line("warn", `The photo looks black and white (skin colour ${numbers}): most documents ask for colour.`));
    } else if (c.a < 0 || c.b < 0 || c.a > 35) {
      lines.push(line("warn", `The skin has a ${c.a < 0 ? "green" : c.b < 0 ? "blue" : "red"} cast (${numbers}): use daylight or a white lamp, and no filter.`));
    } else {
      lines.push(line("pass", `Natural skin colour (${numbers}).`));
    }
  }
}

function detail(m, lines) {
  if (m.sharpness !== undefined && m.sharpness !== null) {
    const value = m.sharpness;
    lines.push(value >= SHARPNESS.pass ? line("pass", `Sharp at print size (fine detail ${pct(value)}).`)
      : line(value >= SHARPNESS.warn ? "warn" : "fail", `The face looks blurred at print size (fine detail ${pct(value)}, ${pct(SHARPNESS.pass)} is sharp): hold the camera still, focus on the face, and use more light.`));
  }
  if (m.blocking !== undefined && m.blocking !== null) {
    lines.push(m.blocking <= BLOCKING.pass ? line("pass", `No visible compression blocks (${m.blocking.toFixed(2)} across the JPEG grid against inside it).`)
      : line(m.blocking <= BLOCKING.warn ? "warn" : "fail", `The photo is ${m.blocking <= BLOCKING.warn ? "" : "heavily "}compressed: its 8 px JPEG blocks show (${m.blocking.toFixed(2)} across the grid against inside it). Use the camera's original file, not one sent through a messaging app.`));
  }
  if (m.pixels) {
    const { have, need } = m.pixels;
    const share = have / need;
    lines.push(share >= 1 ? line("pass", `Enough pixels: ${Math.round(have)} px of your photo across the frame where ${need} are needed.`)
      : line(share >= 0.6 ? "warn" : "fail", `Only ${Math.round(have)} px across the photo where ${need} are needed: the rest would be made up by enlarging, and it may print blurred. Take the photo closer or at a higher resolution.`));
  }
  if (m.eyes) {
    // Source pixels only: a file that enlarges the face gains no detail from it.
    const { source, file } = m.eyes;
    const real = Math.min(source, file);
    const words = source < file
      ? `${Math.round(source)} px of your photo between the eye centres (the file enlarges that to ${Math.round(file)}, which adds no detail)`
      : `${Math.round(file)} px between the eye centres in the file`;
    lines.push(real >= EYE_DISTANCE_PX ? line("pass", `${words}; ICAO asks at least ${EYE_DISTANCE_PX}.`)
      : line(real >= 0.75 * EYE_DISTANCE_PX ? "warn" : "fail", `${words}, where ICAO asks at least ${EYE_DISTANCE_PX}: take the photo closer or at a higher resolution.`));
  }
}

// The lines of the check. `m` holds what was measured; any part may be missing (no face seen,
// models still loading) and its lines are then left out.
export function assess(spec, m) {
  const lines = [];
  people(m, lines);
  if (m.placement) placement(spec, m.placement, lines);
  pose(m.placement, m.face, m.poseLimits ?? POSE_LIMITS, lines);
  if (m.face) expression(spec, m.face, lines);
  background(spec, m, lines);
  light(spec, m, lines);
  detail(m, lines);
  if (m.covers === false) lines.push(line("warn", "Part of the frame is beyond the photo's edge and shows plain background: zoom in or move the photo."));
  return lines;
}
