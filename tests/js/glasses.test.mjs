import assert from "node:assert/strict";
import { test } from "node:test";

import { frameLines } from "../../app/photospecs/site/static/tool/glasses.js";
import { pixels, speckle } from "./pixels.mjs";

// A plain face 400 px square, skin grey 180 with a soft shading from top to bottom and a speckle
// of skin texture; the irises 100 px apart at y 150. `paint` may draw over it.
function face({ turn = 0, paint = () => null } = {}) {
  const texture = speckle(7, 30);
  const picture = pixels(400, 400, (x, y) => {
    const v = paint(x, y) ?? 170 + y * 0.05 + texture();
    return [v, v, v];
  });
  const r = (turn * Math.PI) / 180;
  const eye = (dx) => ({ x: 200 + dx * Math.cos(r), y: 150 + dx * Math.sin(r) });
  return { pixels: picture, eyeLeft: eye(-50), eyeRight: eye(50) };
}

// Dark frames 4 px thick: a rim from 25 px above each eye to 28 px below it, 40 px either side
// of it, and a bridge between them 10 px above the eyes.
const frames = (x, y) => {
  for (const cx of [150, 250]) {
    const inside = Math.abs(x - cx) <= 40 && y >= 125 && y <= 178;
    const onRim = inside && (Math.abs(x - cx) >= 37 || y <= 128 || y >= 175);
    if (onRim) return 30;
  }
  return x > 190 && x < 210 && y >= 138 && y <= 141 ? 30 : null;
};

test("a bare face reads no frame lines", () => {
  const { pixels, eyeLeft, eyeRight } = face();
  const lines = frameLines(pixels, eyeLeft, eyeRight);
  assert.ok(lines.score < 0.05, JSON.stringify(lines));
});

test("dark frames read as lines across the nose and under both eyes", () => {
  const { pixels, eyeLeft, eyeRight } = face({ paint: frames });
  const lines = frameLines(pixels, eyeLeft, eyeRight);
  assert.ok(lines.bridge > 0.4 && lines.rims > 0.4, JSON.stringify(lines));
  assert.ok(lines.score > 0.4);
});

test("a frame under one eye only is not glasses: the fainter side counts", () => {
  const oneSide = (x, y) => (x >= 110 && x <= 190 && y >= 175 && y <= 178 ? 30 : null);
  const { pixels, eyeLeft, eyeRight } = face({ paint: oneSide });
  const lines = frameLines(pixels, eyeLeft, eyeRight);
  assert.ok(lines.rims < 0.05 && lines.score < 0.1, JSON.stringify(lines));
});

test("the lines are read along the eye line, whatever its tilt", () => {
  const level = frameLines(...Object.values(face()));
  const tilted = face({ turn: 8 });
  const bare = frameLines(tilted.pixels, tilted.eyeLeft, tilted.eyeRight);
  assert.ok(Math.abs(bare.score - level.score) < 0.05);
});

test("a face too small or off the picture is not read", () => {
  const { pixels } = face();
  assert.equal(frameLines(pixels, { x: 190, y: 150 }, { x: 205, y: 150 }), null);
  assert.equal(frameLines(pixels, { x: 340, y: 150 }, { x: 440, y: 150 }), null);
});
