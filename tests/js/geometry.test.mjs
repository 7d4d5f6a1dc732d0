import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  backgroundVerdict, coverPlacement, coversFrame, crownRange, drawingMatrix, enlargement, fitQuality, frameMm, imageToOutput, measure, outputSize,
  placeFace, project, sheetLayout, sourcePixelsAcross, turnAbout, uncroppedExport, UNCROPPED, unproject, zoomAbout, zoomLimits,
} from "../../app/photospecs/site/static/tool/geometry.js";
import { jpegPdf } from "../../app/photospecs/site/static/tool/pdf.js";

// The guides as the service sends them (tests/test_guides.py keeps this file equal to its output).
const guides = JSON.parse(readFileSync(new URL("./guides.json", import.meta.url)));
const usVisa = { widthMm: 50.8, heightMm: 50.8, widthPx: 600, heightPx: 600, headHeightMm: { min: 25.4, max: 34.9 }, eyeLineMm: { min: 28.6, max: 34.9 }, guides: guides["us-visa"] };
const schengen = { widthMm: 35, heightMm: 45, widthPx: 413, heightPx: 531, headHeightMm: { min: 32, max: 36 }, eyeLineMm: { min: 22.5, max: 31.5 }, guides: guides["germany-passport"] };
const chinaVisa = { widthMm: 33, heightMm: 48, widthPx: 390, heightPx: 567, headHeightMm: { min: 28, max: 33 }, eyeLineMm: { min: 24, max: 33.6 }, topMarginMm: { min: 3, max: 5 }, guides: guides["china-visa"] };
const close = (actual, expected, tolerance = 1e-9) => assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} is not ${expected}`);

// A face in a 3000 x 4000 photo, turned 6 degrees: eyes 200 px apart, chin 330 px below them,
// crown 350 px above them, all square to the eye line.
function tiltedFace(degrees = 6, at = { x: 1300, y: 1500 }) {
  const r = (degrees * Math.PI) / 180;
  const point = (along, down) => ({ x: at.x + along * Math.cos(r) - down * Math.sin(r), y: at.y + along * Math.sin(r) + down * Math.cos(r) });
  return { eyeLeft: point(-100, 0), eyeRight: point(100, 0), chin: point(0, 330), crown: point(0, -350) };
}
const photo = { width: 3000, height: 4000 };

test("the digital file: the document's pixels, a portal's window and its aspect ratio", () => {
  assert.deepEqual(outputSize(usVisa, { minPx: { width: 600, height: 600 }, maxPx: { width: 1200, height: 1200 } }), { width: 600, height: 600 });
  assert.deepEqual(outputSize(usVisa, { minPx: { width: 800, height: 800 } }), { width: 800, height: 800 });
  assert.deepEqual(outputSize(schengen, { maxPx: { width: 300, height: 400 } }), { width: 299, height: 385 });
  assert.deepEqual(outputSize(schengen, null), { width: 413, height: 531 });
  // UK online: at least 600 x 750 px, so the 35 x 45 shape grows until both are met.
  assert.deepEqual(outputSize(schengen, { minPx: { width: 600, height: 750 } }), { width: 600, height: 772 });
  // China's COVA: 354 x 472 to 420 x 560 px in 3:4, from a 33 x 48 mm document.
  assert.deepEqual(outputSize(chinaVisa, { minPx: { width: 354, height: 472 }, maxPx: { width: 420, height: 560 }, aspectRatio: "3:4" }), { width: 420, height: 560 });
  // A document with its own digital size uses it.
  assert.deepEqual(outputSize({ ...schengen, digitalPx: { width: 630, height: 810 } }), { width: 630, height: 810 });
  assert.deepEqual(frameMm(chinaVisa, { width: 420, height: 560 }), { width: 36, height: 48 });
});

test("project and unproject are inverse, zoom and turn keep their pivot", () => {
  const t = { x: 3, y: 20, scale: 0.02, angle: 7 };
  const p = { x: 1234, y: 2345 };
  const back = unproject(t, project(t, p, photo), photo);
  close(back.x, p.x, 1e-6);
  close(back.y, p.y, 1e-6);
  const pivot = { x: 0, y: 22.5 };
  const under = unproject(t, pivot, photo);
  for (const moved of [zoomAbout(t, 1.3, pivot), turnAbout(t, -4, pivot)]) {
    const still = unproject(moved, pivot, photo);
    close(still.x, under.x, 1e-6);
    close(still.y, under.y, 1e-6);
  }
});

test("placement from landmarks: head at the middle of its range, eyes in band, centred, level", () => {
  for (const spec of [usVisa, schengen, chinaVisa]) {
    for (const degrees of [0, 6, -9]) {
      const face = tiltedFace(degrees);
      const t = placeFace(face, spec.guides, photo);
      const m = measure(t, face, spec, photo);
      close(m.headMm, (spec.headHeightMm.min + spec.headHeightMm.max) / 2, 1e-6);
      assert.ok(m.eyeLineMm >= spec.eyeLineMm.min && m.eyeLineMm <= spec.eyeLineMm.max, `eyes at ${m.eyeLineMm}`);
      close(m.offCentreMm, 0, 1e-6);
      close(m.rollDeg, 0, 1e-6);
      assert.ok(m.topMarginMm >= 0);
      if (spec.topMarginMm) assert.ok(m.topMarginMm >= spec.topMarginMm.min && m.topMarginMm <= spec.topMarginMm.max, `crown at ${m.topMarginMm}`);
      // Inside the band the document page draws for the crown, as the page and the tool share it.
      assert.ok(m.topMarginMm >= spec.guides.crownMm.min - 1e-9 && m.topMarginMm <= spec.guides.crownMm.max + 1e-9, `crown at ${m.topMarginMm}`);
    }
  }
  // The eye line alone: its band's middle, when the head allows it.
  const m = measure(placeFace(tiltedFace(0), usVisa.guides, photo), tiltedFace(0), usVisa, photo);
  close(m.eyeLineMm, (28.6 + 34.9) / 2, 1e-6);
});

test("a face whose eyes sit as the guides assume lands on the guides' target", () => {
  // Eyes exactly half way between crown and chin, as the service assumes for its bands.
  const face = { eyeLeft: { x: 1400, y: 1500 }, eyeRight: { x: 1600, y: 1500 }, crown: { x: 1500, y: 1160 }, chin: { x: 1500, y: 1840 } };
  for (const spec of [usVisa, schengen, chinaVisa]) {
    const m = measure(placeFace(face, spec.guides, photo), face, spec, photo);
    close(m.topMarginMm, spec.guides.target.crownMm, 0.01);
    close(m.topMarginMm + m.headMm, spec.guides.target.chinMm, 0.01);
  }
});

test("rules that cannot all hold: the frame and the top margin, then the eye band", () => {
  // A head so tall that the eye band would push the crown off the frame: the frame wins, and the
  // crown goes as near to where the eye band wants it as the frame allows.
  const low = { heightMm: 45, crownLimitsMm: { min: 0, max: 13 }, eyesMm: { min: 3, max: 5 } };
  assert.deepEqual(crownRange(low, 34, 17), { min: 0, max: 0 });
  const high = { heightMm: 45, crownLimitsMm: { min: 0, max: 13 }, eyesMm: { min: 40, max: 42 } };
  assert.deepEqual(crownRange(high, 34, 17), { min: 11, max: 11 });
  // China: a face whose eyes are 15 mm below its crown keeps the crown in the 3-5 mm margin.
  assert.deepEqual(crownRange(chinaVisa.guides, 30.5, 15), { min: 3, max: 5 });
  // Without an eye band, the room itself.
  assert.deepEqual(crownRange(guides["japan-drivers-licence"], 19.5, 9), { min: 3, max: 3 });
});

test("zoom limits keep the head inside the document's range", () => {
  assert.deepEqual(zoomLimits(schengen.guides, 34), { min: 32 / 34, max: 36 / 34 });
  assert.deepEqual(zoomLimits(guides["japan-drivers-licence"], 34), { min: 0.2, max: 5 });
});

test("the first placement without a face covers the frame; moving it uncovers a corner", () => {
  const frame = frameMm(schengen, { width: 413, height: 531 });
  const image = { width: 1200, height: 1600 };
  const t = coverPlacement(frame, image);
  assert.ok(coversFrame(t, frame, image));
  assert.ok(!coversFrame({ ...t, x: t.x + 5 }, frame, image));
  assert.ok(coversFrame(zoomAbout(t, 1.2, { x: 0, y: 22.5 }), frame, image));
  assert.ok(!coversFrame({ ...t, angle: 10 }, frame, image), "turning at exact cover leaves corners empty");
});

const sheet4x6 = { widthMm: 101.6, heightMm: 152.4, dpi: 300 };
const at300dpi = (mm) => Math.round((mm / 25.4) * 300);
const overlaps = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("print sheet: eight 35 x 45 mm on 4 x 6 in, two 2 x 2 in, photos at 300 dpi", () => {
  const passport = sheetLayout(sheet4x6, { width: 35, height: 45 });
  assert.equal(passport.copies, 8);
  assert.deepEqual([passport.width, passport.height], [1800, 1200], "turned sideways to fit eight");
  assert.deepEqual(passport.photo, { width: 413, height: 531 });
  assert.equal(sheetLayout(sheet4x6, { width: 50.8, height: 50.8 }).copies, 2, "the usual two 2 x 2 in on a 4 x 6 in print");
  assert.equal(sheetLayout({ widthMm: 210, heightMm: 297, dpi: 300 }, { width: 35, height: 45 }).copies, 8 * 4, "A4 sideways");
  assert.equal(sheetLayout(sheet4x6, { width: 50, height: 70 }).copies, 2);
});

test("print sheet: cut marks never touch a photo; bar and caption stay on the paper below the photos", () => {
  for (const photoMm of [{ width: 35, height: 45 }, { width: 50.8, height: 50.8 }, { width: 50, height: 70 }, { width: 33, height: 48 }]) {
    for (const paper of [sheet4x6, { widthMm: 210, heightMm: 297, dpi: 300 }, { widthMm: 89, heightMm: 127, dpi: 300 }]) {
      const layout = sheetLayout(paper, photoMm);
      const rects = layout.tiles.map((t) => ({ ...t, ...layout.photo }));
      for (const a of rects) {
        assert.ok(a.x >= 0 && a.y >= 0 && a.x + a.width <= layout.width && a.y + a.height <= layout.bar.y, "photo on the paper, above the bar");
        for (const b of rects) if (a !== b) assert.ok(!overlaps(a, b), "photos apart");
      }
      assert.ok(layout.cuts.length >= 4 * Math.min(1, layout.copies));
      const clear = at300dpi(0.4);
      for (const [x1, y1, x2, y2] of layout.cuts) {
        const mark = { x: Math.min(x1, x2) - clear, y: Math.min(y1, y2) - clear, width: Math.abs(x2 - x1) + 2 * clear, height: Math.abs(y2 - y1) + 2 * clear };
        for (const r of rects) assert.ok(!overlaps(mark, r), `mark ${[x1, y1, x2, y2]} touches a photo`);
        assert.ok(Math.min(x1, x2) >= 0 && Math.max(x1, x2) <= layout.width && Math.min(y1, y2) >= 0 && Math.max(y1, y2) <= layout.height);
      }
      assert.equal(layout.bar.width, at300dpi(50));
      assert.ok(layout.caption.baseline < layout.height && layout.caption.x + layout.caption.maxWidth <= layout.width);
    }
  }
});

const fakeEncoder = (bytesPerQuality) => async (quality) => ({ size: Math.round(bytesPerQuality * quality) });

test("byte search lands inside the window, from either end", async () => {
  const result = await fitQuality(fakeEncoder(500_000), { maxBytes: 245_760 });
  assert.ok(result.blob.size <= 245_760 && result.blob.size > 200_000 && !result.problem);
  const roomy = await fitQuality(fakeEncoder(100_000), { maxBytes: 245_760 });
  assert.equal(roomy.quality, 0.95);
  // Under the minimum at 0.95 but not at the finest quality: the finest is taken.
  const lifted = await fitQuality(fakeEncoder(56_000), { minBytes: 55_296, maxBytes: 10_485_760 });
  assert.equal(lifted.quality, 1);
  assert.equal(lifted.problem, undefined);
  const small = await fitQuality(fakeEncoder(40_000), { minBytes: 55_296, maxBytes: 10_485_760 });
  assert.equal(small.problem, "too-small");
  const impossible = await fitQuality(fakeEncoder(100_000_000), { maxBytes: 1_000 });
  assert.equal(impossible.problem, "too-large");
  const window = await fitQuality(fakeEncoder(200_000), { minBytes: 40_960, maxBytes: 120_000 });
  assert.ok(window.blob.size >= 40_960 && window.blob.size <= 120_000 && !window.problem);
});

test("background verdict: close and even, or not", () => {
  const white = Array.from({ length: 40 }, () => [250, 250, 248]);
  const verdict = backgroundVerdict(white, "#ffffff");
  assert.ok(verdict.close && verdict.even);
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

// Where the head is in the document frame, from a placement and a face.
const headIn = (t, face, spec, image = photo) => {
  const m = measure(t, face, spec, image);
  return { crown: m.topMarginMm, chin: m.topMarginMm + m.headMm, centreX: m.offCentreMm };
};
const ukOnline = { minPx: { width: 600, height: 750 } };

test("uncropped: the person centred and level with room around, at the photo's own pixels", () => {
  const face = tiltedFace(6);
  const t = placeFace(face, schengen.guides, photo);
  const out = uncroppedExport(t, headIn(t, face, schengen), schengen, photo, ukOnline);
  // The same face measured in the new frame: a frame of the document's height, 4:5 like 600 x 750.
  const m = measure(out.transform, face, schengen, photo);
  close(out.size.width / out.size.height, 0.8, 0.002);
  close(m.headMm / schengen.heightMm, UNCROPPED.head, 1e-6);
  close(m.topMarginMm / schengen.heightMm, UNCROPPED.above, 1e-6);
  close(m.rollDeg, 0, 1e-9);
  close(m.offCentreMm, 0, 1e-9);
  // Never upscaled: the file's pixels are the photo's across the frame (head 680 px = 40 %).
  assert.equal(out.size.height, Math.floor(680 / UNCROPPED.head));
  assert.ok(!out.short && !out.spills);
  // The dpi prints the head at the document's scale.
  close((m.headMm / schengen.heightMm) * out.size.height / out.dpi * 25.4, headIn(t, face, schengen).chin - headIn(t, face, schengen).crown, 0.1);
});

test("uncropped: a person near the photo's edge gets a tighter frame, never one off the photo", () => {
  const face = tiltedFace(0, { x: 500, y: 700 });
  const t = placeFace(face, schengen.guides, photo);
  const out = uncroppedExport(t, headIn(t, face, schengen), schengen, photo, ukOnline);
  const m = measure(out.transform, face, schengen, photo);
  assert.ok(m.headMm / schengen.heightMm > UNCROPPED.head && m.headMm / schengen.heightMm <= UNCROPPED.tightest + 1e-9);
  assert.ok(coversFrame(out.transform, frameMm(schengen, out.size), photo));
  close(m.offCentreMm, 0, 1e-9);
});

test("uncropped: a small photo widens the frame to reach the portal's pixels, or says it cannot", () => {
  const small = { width: 900, height: 1200 };
  const scaled = (k) => ({ eyeLeft: { x: 450 - 30 * k, y: 500 }, eyeRight: { x: 450 + 30 * k, y: 500 }, chin: { x: 450, y: 500 + 100 * k }, crown: { x: 450, y: 500 - 105 * k } });
  // Head 205 px: 40 % would be a 512 px frame, under 750; the photo has room for 750.
  const face = scaled(1);
  let t = placeFace(face, schengen.guides, small);
  let out = uncroppedExport(t, headIn(t, face, schengen, small), schengen, small, ukOnline);
  assert.deepEqual(out.size, { width: 600, height: 750 });
  assert.ok(!out.short && coversFrame(out.transform, frameMm(schengen, out.size), small));
  // A 300 x 400 photo cannot give 600 x 750 without upscaling: it says so and keeps its pixels.
  const tiny = { width: 300, height: 400 };
  const little = { eyeLeft: { x: 140, y: 160 }, eyeRight: { x: 160, y: 160 }, chin: { x: 150, y: 195 }, crown: { x: 150, y: 125 } };
  t = placeFace(little, schengen.guides, tiny);
  out = uncroppedExport(t, headIn(t, little, schengen, tiny), schengen, tiny, ukOnline);
  assert.ok(out.short);
  assert.ok(out.size.height <= 400 && out.size.height === Math.floor(70 / UNCROPPED.head));
});

test("uncropped: a portal's maximum caps the pixels", () => {
  const face = tiltedFace(0);
  const t = placeFace(face, schengen.guides, photo);
  const out = uncroppedExport(t, headIn(t, face, schengen), schengen, photo, { minPx: { width: 600, height: 750 }, maxPx: { width: 800, height: 1000 } });
  assert.deepEqual(out.size, { width: 800, height: 1000 });
});

test("the drawing matrix puts each image point where project() says", () => {
  const image = { width: 400, height: 300 };
  const t = { x: 1.5, y: 20, scale: 0.09, angle: 7 };
  const size = { width: 350, height: 450 };
  const [a, b, c, d, e, f] = drawingMatrix(t, image, size, 45);
  for (const p of [{ x: 0, y: 0 }, { x: 400, y: 300 }, { x: 123, y: 45 }]) {
    const want = imageToOutput(t, p, image, size, 45);
    assert.ok(Math.abs(a * p.x + c * p.y + e - want.x) < 1e-9 && Math.abs(b * p.x + d * p.y + f - want.y) < 1e-9);
  }
  assert.ok(Math.abs(enlargement(t, size, 45) - 0.09 * 10) < 1e-12);
});

test("only the photo's own pixels across the frame count", () => {
  const image = { width: 400, height: 600 };
  const frame = { width: 35, height: 45 };
  // 0.05 mm per px: the frame is 700 px of photo wide, but the photo is only 400 px wide.
  const inside = sourcePixelsAcross({ x: 0, y: 22.5, scale: 0.05, angle: 0 }, frame, image, 22.5);
  assert.ok(Math.abs(inside - 400) < 5, inside);
  const covered = sourcePixelsAcross({ x: 0, y: 22.5, scale: 0.05, angle: 0 }, { width: 15, height: 45 }, image, 22.5);
  assert.ok(Math.abs(covered - 300) < 1e-9, covered);
});
