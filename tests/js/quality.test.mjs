import assert from "node:assert/strict";
import { test } from "node:test";

import { backgroundSamples, backgroundShadow, blocking, exposure, glare, lightingBalance, sharpness, skinColour } from "../../app/photospecs/site/static/tool/quality.js";
import { pixels } from "./pixels.mjs";

// The same picture, sharp and through a box blur: `radius` px.
function blurred(picture, radius) {
  return pixels(picture.width, picture.height, (x, y) => {
    const sum = [0, 0, 0];
    let count = 0;
    for (let dy = -radius; dy <= radius; dy += 1) {
      for (let dx = -radius; dx <= radius; dx += 1) {
        const px = Math.min(picture.width - 1, Math.max(0, x + dx));
        const py = Math.min(picture.height - 1, Math.max(0, y + dy));
        for (let c = 0; c < 3; c += 1) sum[c] += picture.data[(py * picture.width + px) * 4 + c];
        count += 1;
      }
    }
    return sum.map((s) => s / count);
  });
}

test("background measured only where the mask says background", () => {
  const photo = pixels(30, 30, (x) => (x >= 10 && x < 20 ? [30, 30, 30] : [250, 250, 250]));
  const alpha = new Uint8Array(30 * 30).map((_, i) => (i % 30 >= 10 && i % 30 < 20 ? 255 : 0));
  const samples = backgroundSamples(photo, alpha, 1);
  assert.equal(samples.length, 20 * 30);
  assert.ok(samples.every(([r]) => r === 250));
  assert.deepEqual(samples[0], [250, 250, 250, -15]);
  assert.equal(backgroundShadow(samples), 0);
  assert.ok(samples.every(([, , , x]) => x !== 0));
  // The wall darker on the right of the person: a shadow.
  const shaded = samples.map(([r, g, b, x]) => (x > 0 ? [150, 150, 150, x] : [r, g, b, x]));
  assert.ok(Math.abs(backgroundShadow(shaded) - 0.4) < 0.01);
});

test("lighting balance", () => {
  const even = pixels(40, 20, () => [180, 160, 150]);
  assert.ok(lightingBalance(even, [{ x: 10, y: 10 }, { x: 30, y: 10 }], 4) > 0.99);
  const halfLit = pixels(40, 20, (x) => (x < 20 ? [200, 200, 200] : [80, 80, 80]));
  assert.ok(Math.abs(lightingBalance(halfLit, [{ x: 10, y: 10 }, { x: 30, y: 10 }], 4) - 0.4) < 0.01);
});

test("sharpness falls with blur and does not depend on contrast", () => {
  // Blocks of 6 px in pseudo-random greys: sharp edges everywhere.
  const grey = (x, y) => ((Math.floor(x / 6) * 7919 + Math.floor(y / 6) * 104729) % 97) / 96 - 0.5;
  const texture = (contrast) => pixels(80, 80, (x, y) => { const v = 128 + 2 * contrast * grey(x, y); return [v, v, v]; });
  const box = { x: 0, y: 0, width: 80, height: 80 };
  const sharp = sharpness(texture(60), box);
  assert.ok(sharp > 0.5, `sharp ${sharp}`);
  assert.ok(Math.abs(sharpness(texture(20), box) - sharp) < 0.02);
  const soft = sharpness(blurred(texture(60), 2), box);
  const softer = sharpness(blurred(texture(60), 4), box);
  assert.ok(soft < 0.7 * sharp && softer < 0.8 * soft, `sharp ${sharp}, blurred ${soft}, more ${softer}`);
  assert.equal(sharpness(pixels(80, 80, () => [128, 128, 128]), box), 0);
});

test("exposure and skin colour in numbers", () => {
  const box = { x: 0, y: 0, width: 20, height: 20 };
  const dark = exposure(pixels(20, 20, (x) => (x < 10 ? [10, 10, 10] : [120, 120, 120])), box);
  assert.ok(Math.abs(dark.dark - 0.5) < 0.06 && dark.bright === 0 && dark.range > 100, JSON.stringify(dark));
  const skin = skinColour(pixels(20, 20, () => [224, 172, 150]), box);
  assert.ok(skin.a > 8 && skin.b > 10, JSON.stringify(skin));
  const grey = skinColour(pixels(20, 20, () => [150, 150, 150]), box);
  assert.ok(Math.hypot(grey.a, grey.b) < 1, JSON.stringify(grey));
});

test("compression blocks: jumps on the 8 px grid against inside the blocks", () => {
  const smooth = pixels(64, 64, (x, y) => { const v = 100 + x + y; return [v, v, v]; });
  assert.ok(Math.abs(blocking(smooth) - 1) < 0.01);
  // Each 8 x 8 block flat, in its own grey: all the change is on the grid.
  const blocky = pixels(64, 64, (x, y) => { const v = 100 + 6 * (Math.floor(x / 8) + Math.floor(y / 8)) + ((x + y) % 2); return [v, v, v]; });
  assert.ok(blocking(blocky) > 3, blocking(blocky));
  // The same picture cut 3 px in: its grid is found where the photo put it.
  assert.ok(blocking(blocky, { x: 0, y: 0 }) > 2 * blocking(blocky, { x: 3, y: 3 }));
});

test("glare: the share of the whiter eye's disc that is near white", () => {
  // Two dark eyes 100 px apart with a 3 px catch-light each; then a white oval over the right one.
  const eyes = [{ x: 50, y: 60 }, { x: 150, y: 60 }];
  const catchLight = (x, y) => eyes.some((e) => Math.hypot(x - e.x - 4, y - e.y + 4) <= 3);
  const clean = pixels(200, 120, (x, y) => (catchLight(x, y) ? [250, 250, 250] : [70, 50, 40]));
  assert.ok(glare(clean, eyes, 100) < 0.05, `${glare(clean, eyes, 100)}`);
  const patched = pixels(200, 120, (x, y) => (((x - 150) / 32) ** 2 + ((y - 60) / 20) ** 2 <= 1 ? [245, 245, 240] : [70, 50, 40]));
  assert.ok(glare(patched, eyes, 100) > 0.6, `${glare(patched, eyes, 100)}`);
  // An eye off the picture gives no figure rather than a share of a few pixels.
  assert.equal(glare(clean, [{ x: -30, y: 60 }, eyes[1]], 100), null);
});
