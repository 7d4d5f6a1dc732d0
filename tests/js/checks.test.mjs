import assert from "node:assert/strict";
import { test } from "node:test";

import { assess, basisNote, EYE_DISTANCE_PX } from "../../app/photospecs/site/static/tool/checks.js";
import { faceFromLandmarks } from "../../app/photospecs/site/static/tool/face.js";
import { placeFace } from "../../app/photospecs/site/static/tool/geometry.js";
import { measuresOf } from "../../app/photospecs/site/static/tool/measures.js";
import { turnedFace } from "./landmarks.mjs";

const spec = { heightMm: 45, headHeightMm: { min: 32, max: 36 }, headHeightBasis: "authority", eyeLineMm: { min: 22.5, max: 31.5 }, bgColor: "#ffffff", bgColorLabel: "White", mouthClosed: true, colour: "colour" };
const good = { headMm: 34, eyeLineMm: 27, topMarginMm: 3, offCentreMm: 0.2, rollDeg: 0.5 };
// The mesh reads a level head 4° down (LEVEL_PITCH): -7 is 3° down.
const face = { yawDeg: 2, pitchDeg: -7, eyesOpen: 0.3, mouthGap: 0.01 };
const measured = {
  lighting: 0.95, sharpness: 0.5, shadow: 0.05, exposure: { dark: 0.01, bright: 0.0, range: 140 }, colour: { l: 60, a: 12, b: 18 },
  background: { close: true, even: true, distance: 5, spread: 4 }, pixels: { have: 900, need: 413 }, eyes: { source: 240, file: 110 }, blocking: 1.1,
};
const levels = (lines) => lines.map((l) => l.level);
const textOf = (lines) => lines.map((l) => `${l.level}: ${l.text}`).join("\n");

test("a good photo passes every line, with its numbers", () => {
  const lines = assess(spec, { faces: 1, persons: 1, cut: [], placement: good, face, covers: true, ...measured });
  assert.deepEqual([...new Set(levels(lines))], ["pass"], textOf(lines));
  const text = textOf(lines);
  for (const words of ["Head 34 mm", "32–36 mm", "Eyes 27 mm", "turned 2°", "(3°", "110 px between the eye centres in the file", "Sharp at print size (fine detail 50 %)", "a* 12"]) {
    assert.ok(text.includes(words), `missing "${words}" in\n${text}`);
  }
});

test("each problem fails or warns in words that say what to do", () => {
  const bad = assess(spec, {
    faces: 2, placement: { ...good, headMm: 30, eyeLineMm: 33, offCentreMm: 4, rollDeg: 14 },
    face: { yawDeg: 20, pitchDeg: -29, eyesOpen: 0.05, mouthGap: 0.3 }, lighting: 0.5, sharpness: 0.1, pixels: { have: 200, need: 413 }, covers: false,
    shadow: 0.4, exposure: { dark: 0.4, bright: 0, range: 90 }, colour: { l: 50, a: 0.5, b: 1 }, eyes: { source: 50, file: 110 }, blocking: 2.3,
  });
  const text = textOf(bad);
  for (const expected of ["fail: 2 faces", "fail: Head 30 mm", "Zoom in", "fail: Eyes 33 mm", "Move the photo down", "fail: Face 4 mm right",
    "fail: Head tilted 14°", "fail: Head turned about 20° to your left", "fail: Head tipped down about 25°", "fail: An eye looks closed", "fail: The mouth is open",
    "fail: Uneven light", "fail: The face looks blurred", "fail: Only 200 px", "warn: Part of the frame", "fail: A shadow", "fail: The face is too dark",
    "fail: The photo looks black and white", "fail: 50 px of your photo between the eye centres (the file enlarges that to 110", "fail: The photo is heavily compressed"]) {
    assert.ok(text.includes(expected), `missing "${expected}" in\n${text}`);
  }
  assert.ok(assess(spec, { faces: 0 })[0].text.startsWith("No face found"));
  // A busy background can look like a second person to the person mask: one face only warns.
  assert.equal(assess(spec, { faces: 1, persons: 2 })[0].level, "warn");
});

test("exposure: a dim, flat face is too dark; dark skin under good light is not", () => {
  const exposureLine = (exposure) => assess(spec, { exposure }).find((l) => /face (is|well)/i.test(l.text));
  const darkened = exposureLine({ dark: 0.03, bright: 0, range: 45, mean: 40 });
  assert.equal(darkened.level, "fail");
  assert.ok(darkened.text.startsWith("The face is too dark"), darkened.text);
  assert.equal(exposureLine({ dark: 0.05, bright: 0.01, range: 120, mean: 70 }).level, "pass");
  assert.equal(exposureLine({ dark: 0, bright: 0.6, range: 50, mean: 230 }).level, "fail");
});

test("glare on an eye: a catch-light passes, a white patch over the eye fails", () => {
  const glareLine = (glare) => assess(spec, { glare }).find((l) => /glare/i.test(l.text));
  assert.equal(glareLine(0.02).level, "pass");
  assert.ok(glareLine(0.02).text.includes("2 %"));
  assert.equal(glareLine(0.18).level, "warn");
  const fail = glareLine(0.7);
  assert.equal(fail.level, "fail");
  assert.ok(fail.text.includes("70 %") && fail.text.includes("glasses"), fail.text);
  assert.equal(glareLine(null), undefined);
});

test("gaze: eyes on the camera pass, eyes looking aside only warn", () => {
  const gazeLine = (gazeDeg) => assess(spec, { face: { ...face, gazeDeg } }).find((l) => /gaze/i.test(l.text));
  const on = gazeLine(-6);
  assert.equal(on.level, "pass");
  assert.ok(on.text.includes("6°"), on.text);
  const aside = gazeLine(38);
  assert.equal(aside.level, "warn");
  assert.ok(aside.text.includes("38°") && /lens/.test(aside.text), aside.text);
  assert.equal(gazeLine(null), undefined);
});

test("glasses: fail where the document forbids them, warn where only glare or tint is, nothing where allowed", () => {
  const glassesLine = (rule, score) => assess({ ...spec, glasses: rule }, { glasses: { bridge: score, rims: score, score } }).find((l) => /glasses/i.test(l.text.split(":")[0]));
  const bare = glassesLine("not-allowed", 0.05);
  assert.equal(bare.level, "pass");
  assert.ok(bare.text.includes("5 %"), bare.text);
  assert.equal(glassesLine("not-allowed", 0.14).level, "warn");
  const worn = glassesLine("not-allowed", 0.4);
  assert.equal(worn.level, "fail");
  assert.ok(worn.text.includes("40 %") && /take them off/i.test(worn.text), worn.text);
  const tinted = glassesLine("no-glare-or-tint", 0.4);
  assert.equal(tinted.level, "warn");
  assert.ok(/glare/.test(tinted.text), tinted.text);
  assert.equal(glassesLine("no-glare-or-tint", 0.05).level, "pass");
  assert.equal(glassesLine("allowed", 0.4), undefined);
  assert.equal(glassesLine(undefined, 0.4), undefined);
  assert.equal(assess({ ...spec, glasses: "not-allowed" }, {}).find((l) => /glasses/i.test(l.text)), undefined);
});

test("pose: pass within the standard's limits, warn a little beyond, fail clearly beyond", () => {
  const level = (f, p = good) => assess(spec, { placement: p, face: { ...face, ...f } }).filter((l) => /turned|tipped|Facing|Head not|tilted|level/.test(l.text)).map((l) => l.level);
  // Pitch counted from the mesh's level reading, 4° down.
  assert.deepEqual(level({ yawDeg: 4.9, pitchDeg: -8.9 }, { ...good, rollDeg: 7.9 }), ["pass", "pass", "pass"]);
  assert.deepEqual(level({ yawDeg: 4.9, pitchDeg: 0.9 }, { ...good, rollDeg: 7.9 }), ["pass", "pass", "pass"]);
  assert.deepEqual(level({ yawDeg: -7, pitchDeg: 5.5 }, { ...good, rollDeg: 11 }), ["warn", "warn", "warn"]);
  assert.deepEqual(level({ yawDeg: 11, pitchDeg: -15 }, { ...good, rollDeg: 13 }), ["fail", "fail", "fail"]);
});

test("an eye line outside a band the authority does not give warns; outside its own band it fails", () => {
  const eyeLine = (eyeLineBasis) => assess({ ...spec, eyeLineBasis }, { placement: { ...good, eyeLineMm: 22 } }).find((l) => l.text.startsWith("Eyes 22 mm"));
  assert.equal(eyeLine("authority").level, "fail");
  assert.equal(eyeLine("standard").level, "fail");
  assert.equal(eyeLine("iso-19794-5-default").level, "warn");
  assert.equal(eyeLine("secondary").level, "warn");
  assert.ok(eyeLine("iso-19794-5-default").text.includes("Move the photo up"));
});

test("the bench's frontal, level portraits pass pose: the mesh's readings on them", () => {
  // collins, hopper, obama and portrait-red as the face mesh reads them (yaw, pitch) in bench/check_quality.py.
  for (const [yawDeg, pitchDeg] of [[0, -7], [1, -6], [2, 0], [1, -7], [1, -8]]) {
    const lines = assess(spec, { placement: good, face: { ...face, yawDeg, pitchDeg } }).filter((l) => /turned|tipped|Facing|Head not|tilted|level/.test(l.text));
    assert.deepEqual(levels(lines), ["pass", "pass", "pass"], textOf(lines));
  }
});

test("a range that is not the authority's says whose it is", () => {
  assert.equal(basisNote("authority"), "");
  assert.equal(basisNote("authority-unquoted"), "");
  assert.ok(basisNote("standard").includes("standard's figure"));
  assert.ok(basisNote("secondary").includes("confirm it with the authority"));
  assert.ok(basisNote("icao-35x45-default").includes("ICAO's figure for 35 × 45 mm"));
  const lines = assess({ ...spec, headHeightBasis: "us-2x2-default", eyeLineBasis: "iso-19794-5-default" }, { placement: good });
  assert.ok(lines[0].text.includes("the authority gives no figure: this range is the US figure"), lines[0].text);
  assert.ok(lines[1].text.includes("ISO/IEC 19794-5"), lines[1].text);
});

test("the published top margin is checked when there is one", () => {
  const china = { ...spec, topMarginMm: { min: 3, max: 5 } };
  assert.equal(assess(china, { placement: { ...good, topMarginMm: 6 } }).find((l) => l.text.includes("above the head")).level, "fail");
  assert.equal(assess(china, { placement: { ...good, topMarginMm: 4 } }).find((l) => l.text.includes("above the head")).level, "pass");
});

// A real session: a frontal face from landmarks, placed by the tool, measured as the page does.
const germany = {
  id: "germany-passport", widthMm: 35, heightMm: 45, widthPx: 827, heightPx: 1063, dpi: 600, headHeightMm: { min: 32, max: 36 },
  guides: { heightMm: 45, target: { headMm: 34 }, crownLimitsMm: { min: 2, max: 9 }, eyesMm: { min: 16, max: 22 } },
};
function photoOf(width, height, scale, at) {
  const points = Array.from({ length: 478 }, () => ({ x: at[0], y: at[1], z: 0 }));
  Object.assign(points, turnedFace({}, { scale, at }));
  const set = (i, dx, dy) => { points[i] = { x: at[0] + dx * scale, y: at[1] + dy * scale, z: 0 }; };
  set(468, 3.2, -2.6); set(473, -3.2, -2.6); set(152, 0, 9.4); set(234, -7.7, -0.7); set(454, 7.7, -0.7);
  set(159, -3.2, -3); set(145, -3.2, -2); set(386, 3.2, -3); set(374, 3.2, -2);
  set(13, 0, 4.5); set(14, 0, 4.6); set(61, -2.5, 4.5); set(291, 2.5, 4.5);
  const face = faceFromLandmarks(points);
  const image = { width, height };
  const transform = placeFace(face, germany.guides, image);
  return measuresOf({ spec: germany, image, size: { width: 827, height: 1063 }, transform, face, faces: 1, persons: 1, analysis: {} });
}

test("a frontal face, whole in the photo, passes pose, edges and pixels", () => {
  const m = photoOf(3000, 4000, 40, [1500, 1600]);
  assert.deepEqual(m.cut, []);
  const lines = assess(germany, m);
  assert.deepEqual(lines.filter((l) => l.level !== "pass"), [], textOf(lines));
});

test("a face half outside the photo fails and says what to do", () => {
  const m = photoOf(3000, 4000, 40, [100, 1600]);
  assert.deepEqual(m.cut, ["left"]);
  const cut = assess(germany, m).find((l) => l.text.includes("runs off the photo's left edge"));
  assert.equal(cut.level, "fail");
  assert.ok(cut.text.includes("Take the photo again"));
});

test("pixels the file would enlarge do not count as the photo's own", () => {
  // A small photo: the face is enlarged about 3x into Germany's 827 x 1063 px at 600 dpi.
  const m = photoOf(400, 530, 5.5, [200, 250]);
  assert.ok(m.eyes.file > 2.5 * m.eyes.source, JSON.stringify(m.eyes));
  assert.ok(m.pixels.have < 400 && m.pixels.need === 827, JSON.stringify(m.pixels));
  const text = textOf(assess(germany, m));
  assert.ok(text.includes(`fail: ${Math.round(m.eyes.source)} px of your photo between the eye centres`) && m.eyes.source < EYE_DISTANCE_PX, text);
  assert.ok(text.includes("fail: Only"), text);
});

test("head covering: a covered forehead warns where the document limits coverings, with what may stay", () => {
  const coveringLine = (rule, share) => assess({ ...spec, headCovering: rule }, { forehead: { share } }).find((l) => /forehead/i.test(l.text.split(":")[0]));
  const bare = coveringLine("religious", 0.05);
  assert.equal(bare.level, "pass");
  assert.ok(bare.text.includes("5 %"), bare.text);
  // A fringe reads like a cap: never more than a warning.
  const capped = coveringLine("not-allowed", 0.9);
  assert.equal(capped.level, "warn");
  assert.ok(capped.text.includes("90 %") && /hat/.test(capped.text) && /no head covering/.test(capped.text), capped.text);
  assert.ok(/religious reasons/.test(coveringLine("religious", 0.5).text));
  assert.ok(/religious or medical/.test(coveringLine("religious-or-medical", 0.5).text));
  assert.equal(coveringLine("religious", 0.39).level, "pass");
  assert.equal(coveringLine("allowed", 0.9), undefined);
  assert.equal(coveringLine(undefined, 0.9), undefined);
  assert.equal(assess({ ...spec, headCovering: "not-allowed" }, {}).find((l) => /forehead/i.test(l.text)), undefined);
});

test("the face carries its forehead's points, the mesh's top above the brows", () => {
  const points = Array.from({ length: 478 }, () => ({ x: 600, y: 800, z: 0 }));
  Object.assign(points, turnedFace({}));
  points[468] = { x: 645, y: 764, z: 0 };
  points[473] = { x: 555, y: 764, z: 0 };
  points[105] = { x: 560, y: 740, z: 0 };
  points[334] = { x: 640, y: 742, z: 0 };
  for (const [i, x, y] of [[50, 560, 830], [280, 640, 830], [101, 570, 820], [330, 630, 820], [6, 600, 770], [197, 600, 790]]) points[i] = { x, y, z: 0 };
  const f = faceFromLandmarks(points);
  const { brow, top, left, right, skin } = f.forehead;
  assert.deepEqual(brow, { x: 600, y: 741 });
  assert.ok(top.y < brow.y - 20 && left.x < top.x && right.x > top.x, JSON.stringify(f.forehead));
  assert.equal(skin.length, 6);
  assert.ok(skin.every((p) => p.y > brow.y), "the skin is read below the brows");
});
