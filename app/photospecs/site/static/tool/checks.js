// The check: each line says pass, warn or fail, with the number measured and what to do. The
// lines follow the face image quality components of ISO/IEC 29794-5 (as BSI's OFIQ computes
// them) and the pose limits of ISO/IEC 39794-5 and ICAO 9303. A pure function of numbers: what
// the measures are is in quality.js, pose.js and face.js.
import { LEVEL_PITCH, POSE_LIMITS } from "./pose.js";
import { data, lower, num, t } from "../messages.js";

// ICAO 9303 part 3 and ISO/IEC 39794-5: at least 90 px between the eye centres.
export const EYE_DISTANCE_PX = 90;
// Sharpness (quality.js): the share of fine contrast a slight blur removes, at print size. On the
// bench's real portraits (bench/check_quality.py) sharp faces read 0.37-0.67 and the same faces
// under a Gaussian blur of 1.5 % of the head height (0.5 mm on a 34 mm head) 0.13-0.25.
export const SHARPNESS = { pass: 0.3, warn: 0.2 };
// Glare (quality.js): the share of the whiter eye's disc that is near white. The bench's portraits
// show 0-1 %, the same with a white patch over one eye 24-97 %.
export const GLARE = { pass: 0.1, warn: 0.25 };
// Gaze (face.js): the eyes' turn left over after the head's. The bench's portraits with the eyes
// on the camera read up to 12° (14° with that portrait left out of the fit), the one looking
// aside 40°. Only a warning: one marked example, and the eye corners are the mesh's least sure.
export const GAZE_WARN_DEG = 20;
// Spectacle frames (glasses.js): the mean of the thin line across the nose and the fainter one
// under the eyes, against the cheeks. In the tool, the bench's bare faces read 2-10 %, the same
// faces with dark frames drawn on 19-95 % and the one real pair (light rims, dark brows) 38 %.
export const GLASSES = { pass: 0.12, warn: 0.16 };
// The upper forehead not skin (forehead.js): in the tool, the bench's bare foreheads read 0-25 %
// (hair over a corner the most; 33 % with a glare patch drawn on an eye), a navy cap 53 %, a
// beaded band 42-53 %, and a fringe as much as a cap (100 %), so the line only warns.
export const FOREHEAD_WARN = 0.4;
// JPEG blocking (quality.js): contrast across the 8 px grid against inside the blocks.
export const BLOCKING = { pass: 1.5, warn: 2 };

const mm = (value) => `${num(value)} mm`;
const range = (r) => `${num(r.min)}–${num(r.max)} mm`;
const pct = (share) => `${Math.round(share * 100)} %`;
const line = (level, text) => ({ level, text });
const inRange = (value, r, slack = 0) => value >= r.min - slack && value <= r.max + slack;
// pass up to `limits.pass`, warn up to `limits.warn`, fail beyond (on the absolute value).
const graded = (value, limits) => (Math.abs(value) <= limits.pass ? "pass" : Math.abs(value) <= limits.warn ? "warn" : "fail");

// Where a range is not the authority's own figure, the rule it comes from, said plainly.
const BASES = {
  "icao-35x45-default": () => t("ICAO's figure for 35 × 45 mm photos"),
  "us-2x2-default": () => t("the US figure for 2 × 2 in photos"),
  "china-33x48-default": () => t("China's figure for 33 × 48 mm photos"),
  "canada-50x70-default": () => t("Canada's figure for 50 × 70 mm photos"),
  "iso-19794-5-default": () => t("ISO/IEC 19794-5's rule, eyes at 50–70 %% of the height"),
};
// The authority's own range, quoted or with its page cited: nothing to add.
const OWN = new Set(["authority", "authority-unquoted"]);
const OTHER = {
  standard: () => t("(the authority refers to a standard here: this range is that standard's figure)"),
  secondary: () => t("(this range rests on secondary sources only: confirm it with the authority)"),
};
export function basisNote(basis) {
  if (!basis || OWN.has(basis)) return "";
  if (OTHER[basis]) return ` ${OTHER[basis]()}`;
  return ` ${t("(the authority gives no figure: this range is %(rule)s)", { rule: BASES[basis]?.() ?? t("the rule “%(rule)s”", { rule: basis }) })}`;
}

const EDGE_WORDS = { left: () => t("left"), right: () => t("right"), top: () => t("top"), bottom: () => t("bottom") };
export function cutText(edges) {
  const names = edges.map((e) => EDGE_WORDS[e]());
  const which = names.length > 1
    ? t("%(edges)s and %(last)s edges", { edges: names.slice(0, -1).join(", "), last: names.at(-1) })
    : t("%(edge)s edge", { edge: names[0] });
  return t("Your head runs off the photo's %(which)s: the tool cannot add what the camera did not take. Take the photo again with your whole head, your shoulders and some space around them in the picture.", { which });
}

function people(m, lines) {
  if (m.faces === undefined) return;
  if (m.faces === 0) lines.push(line("fail", t("No face found: use a photo where your whole face is visible and looks at the camera, or line it up by hand.")));
  else if (m.faces > 1) lines.push(line("fail", t("%(count)s faces found: the photo must show you alone. Crop the others out or take a new photo.", { count: m.faces })));
  // The person mask splits busy backgrounds into "people": with one face found, only a warning.
  else if (m.persons > 1) lines.push(line("warn", t("One face but %(count)s people found: the photo must show you alone, with nobody behind or beside you.", { count: m.persons })));
  else lines.push(line("pass", t("One face found.")));
  if (m.cut?.length) lines.push(line("fail", cutText(m.cut)));
}

function placement(spec, p, lines) {
  const head = spec.headHeightMm;
  if (head) {
    const basis = basisNote(spec.headHeightBasis);
    lines.push(inRange(p.headMm, head)
      ? line("pass", t("Head %(size)s from chin to crown; the document asks %(range)s%(basis)s.", { size: mm(p.headMm), range: range(head), basis }))
      : line("fail", `${t("Head %(size)s from chin to crown; the document asks %(range)s%(basis)s.", { size: mm(p.headMm), range: range(head), basis })} ${p.headMm < head.min ? t("Zoom in.") : t("Zoom out.")}`));
  }
  if (spec.eyeLineMm) {
    const basis = basisNote(spec.eyeLineBasis);
    // A band the authority does not give (a default rule, or secondary sources) only warns: the
    // placement lets it yield to the head size where a face's proportions cannot meet both.
    const missed = !spec.eyeLineBasis || OWN.has(spec.eyeLineBasis) || spec.eyeLineBasis === "standard" ? "fail" : "warn";
    lines.push(inRange(p.eyeLineMm, spec.eyeLineMm)
      ? line("pass", t("Eyes %(size)s above the bottom edge; the document asks %(range)s%(basis)s.", { size: mm(p.eyeLineMm), range: range(spec.eyeLineMm), basis }))
      : line(missed, `${t("Eyes %(size)s above the bottom edge; the document asks %(range)s%(basis)s.", { size: mm(p.eyeLineMm), range: range(spec.eyeLineMm), basis })} ${p.eyeLineMm < spec.eyeLineMm.min ? t("Move the photo up.") : t("Move the photo down.")}`));
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
}

// Roll is what remains in the frame (the tool levels the eyes); yaw and pitch are the head's own.
function pose(p, f, limits, lines) {
  if (p) {
    const roll = Math.abs(p.rollDeg);
    const level = graded(roll, limits.roll);
    const said = { degrees: num(roll), limit: limits.roll.pass };
    lines.push(level === "pass" ? line("pass", t("Head level (tilted %(degrees)s°; up to %(limit)s° is accepted).", said))
      : line(level, t("Head tilted %(degrees)s° sideways (up to %(limit)s° is accepted): straighten it with the rotation slider.", said)));
  }
  if (!f) return;
  const yaw = graded(f.yawDeg, limits.yaw);
  const turned = { degrees: num(Math.abs(f.yawDeg), 0), limit: limits.yaw.pass };
  lines.push(yaw === "pass" ? line("pass", t("Facing the camera (turned %(degrees)s°; up to %(limit)s° is accepted).", turned))
    : line(yaw, f.yawDeg > 0
      ? t("Head turned about %(degrees)s° to your left (up to %(limit)s° is accepted): look straight into the lens.", turned)
      : t("Head turned about %(degrees)s° to your right (up to %(limit)s° is accepted): look straight into the lens.", turned)));
  const pitchDeg = f.pitchDeg - LEVEL_PITCH;
  const pitch = graded(pitchDeg, limits.pitch);
  const tipped = { degrees: num(Math.abs(pitchDeg), 0), limit: limits.pitch.pass };
  lines.push(pitch === "pass" ? line("pass", t("Head not tipped up or down (%(degrees)s°; up to %(limit)s° is accepted).", tipped))
    : line(pitch, pitchDeg > 0
      ? t("Head tipped up about %(degrees)s° (up to %(limit)s° is accepted): keep the camera at eye level and the chin level.", tipped)
      : t("Head tipped down about %(degrees)s° (up to %(limit)s° is accepted): keep the camera at eye level and the chin level.", tipped)));
}

function expression(spec, f, lines) {
  lines.push(f.eyesOpen >= 0.18 ? line("pass", t("Both eyes open (lids %(share)s of the eye's width apart).", { share: pct(f.eyesOpen) }))
    : line(f.eyesOpen >= 0.1 ? "warn" : "fail", t("An eye looks closed or half closed (lids %(share)s of its width apart): open both eyes, and keep hair and glare off them.", { share: pct(f.eyesOpen) })));
  if (f.gazeDeg !== undefined && f.gazeDeg !== null) {
    const off = { degrees: num(Math.abs(f.gazeDeg), 0) };
    lines.push(Math.abs(f.gazeDeg) <= GAZE_WARN_DEG ? line("pass", t("Eyes on the camera (gaze about %(degrees)s° off the lens).", off))
      : line("warn", t("The eyes seem to look aside (gaze about %(degrees)s° off the lens): look straight into the lens.", off)));
  }
  if (spec.mouthClosed) {
    lines.push(f.mouthGap <= 0.06 ? line("pass", t("Mouth closed."))
      : line(f.mouthGap <= 0.15 ? "warn" : "fail", t("The mouth is open (lips %(share)s of its width apart): the document asks for the mouth closed.", { share: pct(f.mouthGap) })));
  }
}

// Glasses only where the document says something of them: forbidden, a fail; allowed without
// glare or tint, a warning to look at the lenses, since tint and the frame's edge over an eye
// are beyond this measure.
function glasses(spec, m, lines) {
  const g = m.glasses;
  if (!g || !["not-allowed", "no-glare-or-tint"].includes(spec.glasses)) return;
  const share = { share: pct(g.score) };
  if (g.score <= GLASSES.pass) {
    lines.push(line("pass", t("No glasses seen (frame lines about the eyes at %(share)s of the skin's brightness).", share)));
  } else if (spec.glasses === "not-allowed") {
    lines.push(line(g.score > GLASSES.warn ? "fail" : "warn", g.score > GLASSES.warn
      ? t("Glasses seen (frame lines about the eyes at %(share)s of the skin's brightness): the document does not allow glasses. Take them off for the photo.", share)
      : t("Perhaps glasses (frame lines about the eyes at %(share)s of the skin's brightness): the document does not allow glasses. Take them off for the photo.", share)));
  } else {
    lines.push(line("warn", t("Glasses seen (frame lines about the eyes at %(share)s of the skin's brightness): the document allows them only with clear lenses, no glare, and frames that keep clear of the eyes. Taking them off is safest.", share)));
  }
}

// Where the document limits head coverings: a forehead covered by a hat or by hair reads alike,
// so a covered forehead only warns, and says what the document lets stay.
const COVERED = {
  "not-allowed": (said) => t("The top of the forehead looks covered (%(share)s of it differs from the skin): the document allows no head covering. Take off any hat, cap or band, and keep your hair off the forehead.", said),
  religious: (said) => t("The top of the forehead looks covered (%(share)s of it differs from the skin): take off any hat, cap or band, and keep your hair off the forehead. A covering worn for religious reasons may stay if it leaves the face visible from the chin to the top of the forehead.", said),
  "religious-or-medical": (said) => t("The top of the forehead looks covered (%(share)s of it differs from the skin): take off any hat, cap or band, and keep your hair off the forehead. A covering worn for religious or medical reasons may stay if it leaves the face visible from the chin to the top of the forehead.", said),
};
function headCovering(spec, m, lines) {
  const covered = COVERED[spec.headCovering];
  if (!m.forehead || !covered) return;
  const said = { share: pct(m.forehead.share) };
  lines.push(m.forehead.share < FOREHEAD_WARN
    ? line("pass", t("Forehead uncovered (%(share)s of its upper part differs from the skin).", said))
    : line("warn", covered(said)));
}

function background(spec, m, lines) {
  const b = m.background;
  if (b) {
    // The colour's name is the dataset's: quoted as it is in every language.
    const said = { colour: lower(spec.bgColorLabel ? data(spec.bgColorLabel) : t("plain")), distance: num(b.distance, 0), spread: num(b.spread, 0) };
    if (!b.close) lines.push(line("fail", m.canReplace
      ? t("The background is not %(colour)s (colour %(distance)s off): stand before a plain %(colour)s wall, or replace the background below.", said)
      : t("The background is not %(colour)s (colour %(distance)s off): stand before a plain %(colour)s wall.", said)));
    else if (!b.even) lines.push(line("warn", t("The background is %(colour)s but uneven (spread %(spread)s): look for shadows or objects behind you.", said)));
    else lines.push(line("pass", t("Background %(colour)s and even (colour %(distance)s off, spread %(spread)s).", said)));
  }
  // A wall of the wrong colour or with things on it fails above; its "shadow" would be noise.
  if (m.shadow !== undefined && m.shadow !== null && (!b || b.close)) {
    lines.push(m.shadow <= 0.1 ? line("pass", t("No shadow on the background (one side %(share)s darker than the other).", { share: pct(m.shadow) }))
      : line(m.shadow <= 0.25 ? "warn" : "fail", t("A shadow on the background: one side is %(share)s darker than the other. Step away from the wall and light it evenly from the front.", { share: pct(m.shadow) })));
  }
}

function light(spec, m, lines) {
  if (m.lighting !== undefined && m.lighting !== null) {
    lines.push(m.lighting >= 0.8 ? line("pass", t("Even light on the face (darker cheek at %(share)s of the brighter).", { share: pct(m.lighting) }))
      : line(m.lighting >= 0.6 ? "warn" : "fail", t("Uneven light: one cheek at %(share)s of the other's brightness. Face a window or a lamp squarely.", { share: pct(m.lighting) })));
  }
  if (m.glare !== undefined && m.glare !== null) {
    const share = { share: pct(m.glare) };
    lines.push(m.glare <= GLARE.pass ? line("pass", t("No glare on the eyes (%(share)s of the brighter eye is white).", share))
      : line(m.glare <= GLARE.warn ? "warn" : "fail", t("Glare on an eye: %(share)s of it is white. Tilt your glasses down a little or move the lamp to the side, so nothing reflects over your eyes.", share)));
  }
  const e = m.exposure;
  if (e) {
    const numbers = t("%(dark)s of the face black, %(bright)s white, %(levels)s grey levels from darkest to brightest",
      { dark: pct(e.dark), bright: pct(e.bright), levels: Math.round(e.range) });
    // Dim and flat together is an underexposed face (good photos: mean grey 94 and up, range 110
    // and up; the bench's darkened ones: mean 52 and under, range 53 and under). Either alone
    // may be dark skin or soft light.
    const dim = e.dark > 0.25 || (e.mean < 80 && e.range < 60);
    if (dim || e.bright > 0.25 || e.range < 40) {
      lines.push(line("fail", dim || e.dark > e.bright ? t("The face is too dark (%(numbers)s): add light from the front.", { numbers })
        : e.bright > 0.25 ? t("The face is too bright (%(numbers)s): add light from the front, away from direct sun or flash.", { numbers })
          : t("The face is flat and grey (%(numbers)s): add light from the front.", { numbers })));
    } else if (e.dark > 0.08 || e.bright > 0.08 || e.range < 70) {
      lines.push(line("warn", e.dark > e.bright ? t("The face is a little dark (%(numbers)s): more even light from the front helps.", { numbers })
        : e.bright > 0.08 ? t("The face is a little bright (%(numbers)s): more even light from the front helps.", { numbers })
          : t("The face is a little flat (%(numbers)s): more even light from the front helps.", { numbers })));
    } else {
      lines.push(line("pass", t("Face well exposed (%(numbers)s).", { numbers })));
    }
  }
  const c = m.colour;
  if (c) {
    const chroma = Math.hypot(c.a, c.b);
    const numbers = `a* ${num(c.a, 0)}, b* ${num(c.b, 0)}`;
    if (chroma < 4) {
      lines.push(spec.colour === "colour"
        ? line("fail", t("The photo looks black and white (skin colour %(numbers)s): the document asks for a colour photo.", { numbers }))
        : line("warn", t("The photo looks black and white (skin colour %(numbers)s): most documents ask for colour.", { numbers })));
    } else if (c.a < 0 || c.b < 0 || c.a > 35) {
      lines.push(line("warn", c.a < 0 ? t("The skin has a green cast (%(numbers)s): use daylight or a white lamp, and no filter.", { numbers })
        : c.b < 0 ? t("The skin has a blue cast (%(numbers)s): use daylight or a white lamp, and no filter.", { numbers })
          : t("The skin has a red cast (%(numbers)s): use daylight or a white lamp, and no filter.", { numbers })));
    } else {
      lines.push(line("pass", t("Natural skin colour (%(numbers)s).", { numbers })));
    }
  }
}

function detail(m, lines) {
  if (m.sharpness !== undefined && m.sharpness !== null) {
    const value = m.sharpness;
    lines.push(value >= SHARPNESS.pass ? line("pass", t("Sharp at print size (fine detail %(share)s).", { share: pct(value) }))
      : line(value >= SHARPNESS.warn ? "warn" : "fail", t("The face looks blurred at print size (fine detail %(share)s, %(sharp)s is sharp): hold the camera still, focus on the face, and use more light.", { share: pct(value), sharp: pct(SHARPNESS.pass) })));
  }
  if (m.blocking !== undefined && m.blocking !== null) {
    const ratio = { ratio: num(m.blocking, 2) };
    lines.push(m.blocking <= BLOCKING.pass ? line("pass", t("No visible compression blocks (%(ratio)s across the JPEG grid against inside it).", ratio))
      : m.blocking <= BLOCKING.warn
        ? line("warn", t("The photo is compressed: its 8 px JPEG blocks show (%(ratio)s across the grid against inside it). Use the camera's original file, not one sent through a messaging app.", ratio))
        : line("fail", t("The photo is heavily compressed: its 8 px JPEG blocks show (%(ratio)s across the grid against inside it). Use the camera's original file, not one sent through a messaging app.", ratio)));
  }
  if (m.pixels) {
    const { have, need } = m.pixels;
    const share = have / need;
    lines.push(share >= 1 ? line("pass", t("Enough pixels: %(have)s px of your photo across the frame where %(need)s are needed.", { have: Math.round(have), need }))
      : line(share >= 0.6 ? "warn" : "fail", t("Only %(have)s px across the photo where %(need)s are needed: the rest would be made up by enlarging, and it may print blurred. Take the photo closer or at a higher resolution.", { have: Math.round(have), need })));
  }
  if (m.eyes) {
    // Source pixels only: a file that enlarges the face gains no detail from it.
    const { source, file } = m.eyes;
    const real = Math.min(source, file);
    const words = source < file
      ? t("%(source)s px of your photo between the eye centres (the file enlarges that to %(file)s, which adds no detail)", { source: Math.round(source), file: Math.round(file) })
      : t("%(file)s px between the eye centres in the file", { file: Math.round(file) });
    lines.push(real >= EYE_DISTANCE_PX ? line("pass", t("%(words)s; ICAO asks at least %(need)s.", { words, need: EYE_DISTANCE_PX }))
      : line(real >= 0.75 * EYE_DISTANCE_PX ? "warn" : "fail", t("%(words)s, where ICAO asks at least %(need)s: take the photo closer or at a higher resolution.", { words, need: EYE_DISTANCE_PX })));
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
  glasses(spec, m, lines);
  headCovering(spec, m, lines);
  background(spec, m, lines);
  light(spec, m, lines);
  detail(m, lines);
  if (m.covers === false) lines.push(line("warn", t("Part of the frame is beyond the photo's edge and shows plain background: zoom in or move the photo.")));
  return lines;
}
