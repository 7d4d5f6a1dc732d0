import assert from "node:assert/strict";
import { test } from "node:test";

import { backgroundVerdict, coverTransform, coversFrame, fitQuality, headGuides, mmToPx, outputSize, sheetLayout } from "../../app/site/static/tool/geometry.js";
import { jpegPdf } from "../../app/site/static/tool/pdf.js";

const usVisa = { widthMm: 50.8, heightMm: 50.8, widthPx: 600, heightPx: 600, headHeightMm: { min: 25.4, max: 34.9 }, eyeLineMm: { min: 28.6, max: 34.9 } };
const schengen = { widthMm: 35, heightMm: 45, widthPx: 413, heightPx: 531, headHeightMm: { min: 32, max: 36 } };

test("frame from mm and dpi", () => {
  assert.equal(mmToPx(35, 300), 413);
  assert.equal(mmToPx(45, 300), 531);
  assert.equal(mmToPx(50.8, 300), 600);
});

test("a portal's pixel window moves the output size and keeps the aspect", () => {
  assert.deepEqual(outputSize(usVisa, { minPx: { width: 600, height: 600 }, maxPx: { width: 1200, height: 1200 } }), { width: 600, height: 600 });
  assert.deepEqual(outputSize(usVisa, { minPx: { width: 800, height: 800 } }), { width: 800, height: 800 });
  assert.deepEqual(outputSize(schengen, { maxPx: { width: 300, height: 400 } }), { width: 300, height: 385 });
  assert.deepEqual(outputSize(schengen, null), { width: 413, height: 531 });
});

test("head guides: chin and crown bands span the head range around the eye line", () => {
  const g = headGuides(usVisa);
  const middle = 50.8 - (28.6 + 34.9) / 2;
  assert.ok(Math.abs(g.crown.top - (middle - 34.9 / 2)) < 1e-9);
  assert.ok(Math.abs(g.chin.bottom - (middle + 34.9 / 2)) < 1e-9);
  assert.ok(Math.abs((g.chin.top - g.crown.bottom) - 25.4) < 1e-9, "the smallest head fits between the bands' inner edges");
  assert.ok(Math.abs(g.eyes.top - (50.8 - 34.9)) < 1e-9);
  const centred = headGuides(schengen);
  assert.ok(Math.abs(centred.crown.top - (22.5 - 18)) < 1e-9 && Math.abs(centred.chin.bottom - (22.5 + 18)) < 1e-9);
  assert.equal(headGuides({ ...schengen, headHeightMm: undefined }), null);
});

test("head guides with a published top margin start the crown there", () => {
  const g = headGuides({ ...schengen, topMarginMm: { min: 3, max: 5 } });
  assert.deepEqual(g.crown, { top: 3, bottom: 5 });
  assert.deepEqual(g.chin, { top: 35, bottom: 41 });
});

test("the first placement covers the frame; moving it off uncovers a corner", () => {
  const frame = { width: 413, height: 531 };
  const image = { width: 1200, height: 1600 };
  const t = coverTransform(frame, image);
  assert.ok(coversFrame(t, frame, image));
  assert.ok(!coversFrame({ ...t, x: t.x + 100 }, frame, image));
  assert.ok(coversFrame({ ...t, scale: t.scale * 1.2 }, frame, image));
  assert.ok(!coversFrame({ ...t, angle: 10 }, frame, image), "turning at exact cover leaves corners empty");
});

test("copies per sheet: 2 x 2 in on 4 x 6 in is 2 by 2, 35 x 45 mm on A4 is many", () => {
  const sheet4x6 = { widthMm: 101.6, heightMm: 152.4, dpi: 300 };
  const layout = sheetLayout(sheet4x6, { width: 50.8, height: 50.8 }, { marginMm: 0, gapMm: 0 });
  assert.equal(layout.copies, 2 * 2);  // with a caption strip the third row does not fit
  const a4 = sheetLayout({ widthMm: 210, heightMm: 297, dpi: 300 }, { width: 35, height: 45 });
  assert.equal(a4.copies, 5 * 6);
  assert.deepEqual(a4.photo, { width: 413, height: 531 });
  for (const p of a4.positions) assert.ok(p.x >= 0 && p.x + a4.photo.width <= a4.width && p.y + a4.photo.height <= a4.captionY);
});

const fakeEncoder = (bytesPerQuality) => async (quality) => ({ size: Math.round(bytesPerQuality * quality) });

test("quality search lands inside the byte window", async () => {
  const result = await fitQuality(fakeEncoder(500_000), { maxBytes: 245_760 });
  assert.ok(result.blob.size <= 245_760 && result.blob.size > 200_000 && !result.problem);
  const roomy = await fitQuality(fakeEncoder(100_000), { maxBytes: 245_760 });
  assert.equal(roomy.quality, 0.95);
  const small = await fitQuality(fakeEncoder(40_000), { minBytes: 55_296, maxBytes: 10_485_760 });
  assert.equal(small.problem, "too-small");
  const impossible = await fitQuality(fakeEncoder(100_000_000), { maxBytes: 1_000 });
  assert.equal(impossible.problem, "too-large");
});

test("background verdict: close and even, or not", () => {
  const white = Array.from({ length: 40 }, () => [250, 250, 248]);
  assert.deepEqual(Object.values(backgroundVerdict(white, "#ffffff")).slice(2), [true, true]);
  const blue = Array.from({ length: 40 }, () => [40, 60, 200]);
  assert.equal(backgroundVerdict(blue, "#ffffff").close, false);
  const patchy = Array.from({ length: 40 }, (_, i) => (i % 2 ? [255, 255, 255] : [150, 150, 150]));
  assert.equal(backgroundVerdict(patchy, "#ffffff").even, false);
});

test("the print-sheet PDF embeds the JPEG at the sheet's size", () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
  const pdf = jpegPdf(jpeg, 1200, 1800, 101.6, 152.4);
  const text = new TextDecoder("latin1").decode(pdf);
  assert.ok(text.startsWith("%PDF-1.4"));
  assert.ok(text.includes("/MediaBox [0 0 288.00 432.00]"));
  assert.ok(text.includes("/Filter /DCTDecode") && text.includes("/Width 1200 /Height 1800"));
  assert.ok(text.trimEnd().endsWith("%%EOF"));
  const xref = Number(text.match(/startxref\n(\d+)/)[1]);
  assert.ok(text.slice(xref).startsWith("xref"), "the cross-reference offset points at the table");
});
