import assert from "node:assert/strict";
import { test } from "node:test";

import { foreheadCover } from "../../app/photospecs/site/static/tool/forehead.js";
import { pixels, speckle } from "./pixels.mjs";

// A face 400 px square in a warm skin colour with a speckle of texture, lit a little brighter at
// the top; `paint` may draw over it ([r, g, b] or null). The brows' middle at y 130, the mesh's
// top point at y 60, the forehead 100 px wide, the skin read on the cheeks and down the nose.
function forehead({ paint = () => null, tilt = 0 } = {}) {
  const texture = speckle(11, 16);
  const picture = pixels(400, 400, (x, y) => {
    const light = (400 - y) * 0.04 + texture();
    return paint(x, y) ?? [190 + light, 150 + light, 125 + light];
  });
  const r = (tilt * Math.PI) / 180;
  // Points turned about the face's middle (200, 200) by `tilt` degrees.
  const at = (x, y) => ({ x: 200 + (x - 200) * Math.cos(r) - (y - 200) * Math.sin(r), y: 200 + (x - 200) * Math.sin(r) + (y - 200) * Math.cos(r) });
  const marks = {
    brow: at(200, 130), top: at(200, 60), left: at(150, 70), right: at(250, 70),
    skin: [at(140, 230), at(260, 230), at(160, 250), at(240, 250), at(200, 160), at(200, 180)],
  };
  return { pixels: picture, marks };
}

test("a bare forehead reads as skin", () => {
  const { pixels, marks } = forehead();
  assert.ok(foreheadCover(pixels, marks).share < 0.05);
});

test("a dark cap down to the upper forehead reads as covering it", () => {
  const { pixels, marks } = forehead({ paint: (x, y) => (y < 85 ? [25, 30, 60] : null) });
  assert.ok(foreheadCover(pixels, marks).share > 0.8);
});

test("a band of the skin's brightness but another colour counts too", () => {
  const { pixels, marks } = forehead({ paint: (x, y) => (y < 80 ? [120, 170, 190] : null) });
  assert.ok(foreheadCover(pixels, marks).share > 0.6);
});

test("hair over one corner only is a small share", () => {
  const { pixels, marks } = forehead({ paint: (x, y) => (y < 90 && x < 170 ? [40, 30, 25] : null) });
  const { share } = foreheadCover(pixels, marks);
  assert.ok(share > 0.05 && share < 0.35, String(share));
});

test("the forehead is read along the face, whatever its tilt", () => {
  const { pixels, marks } = forehead({ tilt: 12 });
  assert.ok(foreheadCover(pixels, marks).share < 0.05);
});

test("no reading off the picture or on a tiny face", () => {
  const { pixels, marks } = forehead();
  assert.equal(foreheadCover(pixels, { ...marks, top: { x: 200, y: -5 } }), null);
  assert.equal(foreheadCover(pixels, { ...marks, top: { x: 200, y: 127 } }), null);
});
