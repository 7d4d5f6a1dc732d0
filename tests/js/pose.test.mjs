import assert from "node:assert/strict";
import { test } from "node:test";

import { headPose } from "../../app/photospecs/site/static/tool/pose.js";
import { turnedFace } from "./landmarks.mjs";

test("a frontal face has no yaw, pitch or roll", () => {
  const pose = headPose(turnedFace({}));
  for (const key of ["yawDeg", "pitchDeg", "rollDeg"]) assert.ok(Math.abs(pose[key]) < 0.01, `${key} ${pose[key]}`);
  assert.ok(pose.fit < 1e-6);
});

test("known turns are recovered within a degree, each alone and together", () => {
  const cases = [{ yaw: 5 }, { yaw: -12 }, { pitch: 7 }, { pitch: -20 }, { roll: 9 }, { roll: -30 },
    { yaw: 10, pitch: -6, roll: 4 }, { yaw: -25, pitch: 15, roll: -12 }, { yaw: 3, pitch: 3, roll: 3 }];
  for (const angles of cases) {
    const pose = headPose(turnedFace(angles, { scale: 9 + Math.abs(angles.yaw ?? 0), noise: 0.3 }));
    for (const [key, name] of [["yaw", "yawDeg"], ["pitch", "pitchDeg"], ["roll", "rollDeg"]]) {
      assert.ok(Math.abs(pose[name] - (angles[key] ?? 0)) < 1, `${JSON.stringify(angles)}: ${name} ${pose[name].toFixed(2)}`);
    }
  }
});

test("signs: turned to the photo's right, chin up, anticlockwise", () => {
  const pose = headPose(turnedFace({ yaw: 10, pitch: 10, roll: 10 }));
  assert.ok(pose.yawDeg > 9 && pose.pitchDeg > 9 && pose.rollDeg > 9, JSON.stringify(pose));
  // In the photo: the nose tip moves right of the eyes' midpoint, and up towards them.
  const face = turnedFace({ yaw: 10 });
  assert.ok(face[4].x > (face[33].x + face[263].x) / 2);
});

test("too few landmarks give no pose", () => {
  assert.equal(headPose([]), null);
});
