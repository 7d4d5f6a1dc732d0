import assert from "node:assert/strict";
import { test } from "node:test";

import { crownEstimate, crownFromMask, cutEdges, distinctFaces, faceFromLandmarks, GAZE_SHARE_PER_DEG, gazeDeg, irisShift, personBoxes } from "../../app/photospecs/site/static/tool/face.js";
import { turnedFace } from "./landmarks.mjs";

// A head as a disc of radius 100 px centred at (500, 420): eyes at y 440, chin at y 520.
const eyeLeft = { x: 470, y: 440 };
const eyeRight = { x: 530, y: 440 };
const chin = { x: 500, y: 520 };
const disc = (cx, cy, r) => (x, y) => ((x - cx) ** 2 + (y - cy) ** 2 <= r * r ? 1 : 0);

test("the crown is the top of the person mask above the eyes", () => {
  const crown = crownFromMask(disc(500, 420, 100), eyeLeft, eyeRight, chin);
  assert.ok(Math.abs(crown.x - 500) < 1 && Math.abs(crown.y - 320) < 1.5, JSON.stringify(crown));
});

test("a gap in the hair does not stop the search; clear background above does", () => {
  const gappy = (x, y) => (y > 360 && y < 365 ? 0 : disc(500, 420, 100)(x, y));
  assert.ok(Math.abs(crownFromMask(gappy, eyeLeft, eyeRight, chin).y - 320) < 1.5);
  // A speck far above the head is not hair.
  const speck = (x, y) => (Math.abs(y - 250) < 3 ? 1 : disc(500, 420, 100)(x, y));
  assert.ok(Math.abs(crownFromMask(speck, eyeLeft, eyeRight, chin).y - 320) < 1.5);
});

test("an unsure mask gives no crown: nothing above the eyes, or person to the search limit", () => {
  assert.equal(crownFromMask(() => 0, eyeLeft, eyeRight, chin), null);
  assert.equal(crownFromMask(() => 1, eyeLeft, eyeRight, chin), null);
});

test("a tilted head is searched square to its eye line", () => {
  const r = (10 * Math.PI) / 180;
  const turn = (p) => ({ x: 500 + (p.x - 500) * Math.cos(r) - (p.y - 440) * Math.sin(r), y: 440 + (p.x - 500) * Math.sin(r) + (p.y - 440) * Math.cos(r) });
  const centre = turn({ x: 500, y: 420 });
  const crown = crownFromMask(disc(centre.x, centre.y, 100), turn(eyeLeft), turn(eyeRight), turn(chin));
  const expected = turn({ x: 500, y: 320 });
  assert.ok(Math.hypot(crown.x - expected.x, crown.y - expected.y) < 2, JSON.stringify([crown, expected]));
});

test("without a mask the crown is estimated from the eyes and the chin", () => {
  const crown = crownEstimate(eyeLeft, eyeRight, chin);
  assert.equal(crown.x, 500);
  assert.ok(Math.abs(crown.y - (440 - 84)) < 1e-9);
});

test("face measures from landmarks: irises sorted left to right, eyes open, mouth closed, facing", () => {
  const points = Array.from({ length: 478 }, () => ({ x: 500, y: 450, z: 0 }));
  Object.assign(points, turnedFace({}, { scale: 7, at: [500, 450] }));
  const set = (i, x, y, z = 0) => { points[i] = { x, y, z }; };
  set(468, 530, 440); set(473, 470, 440); // mesh order is the person's right eye first
  set(152, 500, 520); set(234, 420, 450); set(454, 580, 450);
  set(159, 470, 435); set(145, 470, 445); set(386, 530, 435); set(374, 530, 445);
  set(13, 500, 490); set(14, 500, 491); set(61, 480, 490); set(291, 520, 490);
  const face = faceFromLandmarks(points, disc(500, 420, 100));
  assert.deepEqual([face.eyeLeft.x, face.eyeRight.x], [470, 530]);
  assert.equal(face.crownFrom, "mask");
  assert.ok(face.eyesOpen > 0.2 && face.mouthGap < 0.05 && Math.abs(face.yawDeg) < 0.1 && Math.abs(face.pitchDeg) < 0.1);
  // The rigid part of the face turned 20 degrees: the pose follows it.
  Object.assign(points, turnedFace({ yaw: 20, pitch: -4 }, { scale: 7, at: [500, 450] }));
  const turned = faceFromLandmarks(points);
  assert.ok(Math.abs(turned.yawDeg - 20) < 0.1 && Math.abs(turned.pitchDeg + 4) < 0.1, JSON.stringify(turned));
  assert.equal(turned.crownFrom, "estimate");
});

test("people in a mask: one box each, stray specks ignored", () => {
  const width = 200;
  const height = 160;
  const mask = new Uint8Array(width * height);
  for (let y = 40; y < 160; y += 1) for (let x = 60; x < 140; x += 1) mask[y * width + x] = 255;
  mask[5 * width + 2] = 255;
  assert.deepEqual(personBoxes(mask, width, height), [{ x: 60, y: 40, width: 80, height: 120 }]);
  for (let y = 70; y < 160; y += 1) for (let x = 150; x < 190; x += 1) mask[y * width + x] = 255;
  assert.deepEqual(personBoxes(mask, width, height), [{ x: 60, y: 40, width: 80, height: 120 }, { x: 150, y: 70, width: 40, height: 90 }]);
  assert.deepEqual(personBoxes(new Uint8Array(width * height), width, height), []);
});

test("a head cut by the photo's edge is named by that edge", () => {
  // A face 160 px wide (cheek to cheek) and 200 px from eyes to chin, centred at `x`.
  const at = (x) => {
    const points = Array.from({ length: 478 }, () => ({ x, y: 450, z: 0 }));
    Object.assign(points, turnedFace({}, { scale: 10, at: [x, 450] }));
    const set = (i, dx, dy) => { points[i] = { x: x + dx, y: 450 + dy, z: 0 }; };
    set(468, 30, -20); set(473, -30, -20); set(152, 0, 180); set(234, -80, 0); set(454, 80, 0);
    return faceFromLandmarks(points);
  };
  assert.deepEqual(cutEdges(at(60), { width: 1000, height: 1200 }), ["left"]);
  assert.deepEqual(cutEdges(at(60), { width: 100, height: 1200 }), ["left", "right"]);
  assert.deepEqual(cutEdges(at(500), { width: 1000, height: 600 }), ["bottom"]);
  assert.deepEqual(cutEdges(at(500), { width: 1000, height: 1200 }), []);
});

test("the same face found twice counts once; a second head beside it counts", () => {
  // Faces as their two irises (all the test needs), eyes 60 px apart.
  const face = (x, y) => { const points = []; points[468] = { x: x + 30, y }; points[473] = { x: x - 30, y }; return points; };
  const first = face(600, 800);
  const again = face(612, 806); // the same eyes found again in another excerpt, a little off
  const beside = face(760, 790); // a head 160 px along: well clear of the first
  assert.equal(distinctFaces([first, again]).length, 1);
  const found = distinctFaces([first, again, beside]);
  assert.deepEqual(found, [first, beside]);
  assert.equal(found[0], first);
});

test("gaze: the irises' place between the eye corners, less what the head's turn explains", () => {
  // Two eyes 40 px wide; the irises in their middles, then a quarter of the width to the right.
  const points = [];
  const eye = (iris, left, right, x) => { points[left] = { x, y: 100 }; points[right] = { x: x + 40, y: 100 }; points[iris] = { x: x + 20, y: 101 }; };
  eye(468, 33, 133, 100);
  eye(473, 362, 263, 180);
  assert.ok(Math.abs(irisShift(points)) < 1e-9);
  points[468].x += 10;
  points[473].x += 10;
  assert.ok(Math.abs(irisShift(points) - 0.25) < 1e-9);
  // A head turned 10° with the eyes still on the lens moves the irises back by 10 degrees' share.
  assert.ok(Math.abs(gazeDeg(-10 * GAZE_SHARE_PER_DEG, 10)) < 1e-9);
  // The same shift with the head square to the camera: the eyes look aside.
  assert.ok(gazeDeg(0.15, 0) > 30);
  assert.ok(Math.abs(gazeDeg(-0.1, -14) + 36) < 1);
});
