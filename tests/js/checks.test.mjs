import assert from "node:assert/strict";
import { test } from "node:test";

import { assess, backgroundSamples, lightingBalance, sharpness } from "../../app/photospecs/site/static/tool/checks.js";

const spec = { heightMm: 45, headHeightMm: { min: 32, max: 36 }, eyeLineMm: { min: 22.5, max: 31.5 }, bgColor: "#ffffff", bgColorLabel: "White", mouthClosed: true };
const good = { headMm: 34, eyeLineMm: 27, topMarginMm: 3, offCentreMm: 0.2, rollDeg: 0.5 };
const face = { yawDeg: 2, pitchDeg: 3, eyesOpen: 0.3, mouthGap: 0.01 };
const levels = (lines) => lines.map((l) => l.level);

function pixels(width, height, paint) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = paint(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

test("a good photo passes every line, with its numbers", () => {
  const lines = assess(spec, { faces: 1, placement: good, face, lighting: 0.95, sharpness: 20, pixels: { have: 900, need: 413 }, covers: true });
  assert.deepEqual([...new Set(levels(lines))], ["pass"]);
  const text = lines.map((l) => l.text).join(" ");
  assert.ok(text.includes("Head 34.0 mm") && text.includes("32–36 mm") && text.includes("Eyes 27.0 mm"));
});

test("each problem fails or warns in words that say what to do", () => {
  const bad = assess(spec, {
    faces: 2, placement: { ...good, headMm: 30, eyeLineMm: 33, offCentreMm: 4, rollDeg: 12 },
    face: { yawDeg: 20, pitchDeg: -25, eyesOpen: 0.05, mouthGap: 0.3 }, lighting: 0.5, sharpness: 1, pixels: { have: 200, need: 413 }, covers: false,
  });
  const text = bad.map((l) => `${l.level}: ${l.text}`).join("\n");
  for (const expected of ["fail: 2 faces", "fail: Head 30.0 mm", "Zoom in", "fail: Eyes 33.0 mm", "Move the photo down", "fail: Face 4.0 mm right",
    "fail: Head tilted 12.0°", "fail: Head turned about 20°", "fail: Head tipped down about 25°", "fail: An eye looks closed", "fail: The mouth is open",
    "fail: Uneven light", "fail: The face looks blurred", "fail: Only 200 px", "warn: Part of the frame"]) {
    assert.ok(text.includes(expected), `missing "${expected}" in\n${text}`);
  }
  assert.ok(assess(spec, { faces: 0 })[0].text.startsWith("No face found"));
});

test("the published top margin is checked when there is one", () => {
  const china = { ...spec, topMarginMm: { min: 3, max: 5 } };
  assert.equal(assess(china, { placement: { ...good, topMarginMm: 6 } }).find((l) => l.text.includes("above the head")).level, "fail");
  assert.equal(assess(china, { placement: { ...good, topMarginMm: 4 } }).find((l) => l.text.includes("above the head")).level, "pass");
});

test("background measured only where the mask says background", () => {
  // A white wall with a dark person in the middle: the person's pixels are not sampled.
  const photo = pixels(30, 30, (x) => (x >= 10 && x < 20 ? [30, 30, 30] : [250, 250, 250]));
  const alpha = new Uint8Array(30 * 30).map((_, i) => (i % 30 >= 10 && i % 30 < 20 ? 255 : 0));
  const samples = backgroundSamples(photo, alpha, 1);
  assert.equal(samples.length, 20 * 30);
  assert.ok(samples.every(([r]) => r === 250));
});

test("lighting balance and sharpness", () => {
  const even = pixels(40, 20, () => [180, 160, 150]);
  assert.ok(lightingBalance(even, [{ x: 10, y: 10 }, { x: 30, y: 10 }], 4) > 0.99);
  const halfLit = pixels(40, 20, (x) => (x < 20 ? [200, 200, 200] : [80, 80, 80]));
  assert.ok(Math.abs(lightingBalance(halfLit, [{ x: 10, y: 10 }, { x: 30, y: 10 }], 4) - 0.4) < 0.01);
  const flat = pixels(40, 40, () => [128, 128, 128]);
  const checks = pixels(40, 40, (x, y) => ((x + y) % 2 ? [255, 255, 255] : [0, 0, 0]));
  const box = { x: 5, y: 5, width: 30, height: 30 };
  assert.equal(sharpness(flat, box), 0);
  assert.ok(sharpness(checks, box) > 100);
});
