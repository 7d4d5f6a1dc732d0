// Head pose in degrees from the face mesh's 3-D landmarks: the canonical face is fitted to them
// (rotation, scale and shift, least squares) and the rotation read as yaw, pitch and roll. A 2-D
// ratio of two landmarks mixes the pose with the person's own proportions; a fit over the rigid
// part of the face does not.

// The rigid landmarks MediaPipe's own geometry pipeline fits with, on its canonical face (cm;
// x to the right of the photo, y up, z towards the camera), read from the vendored face mesh's
// geometry_pipeline_metadata_landmarks.binarypb. The face is symmetric: the half on the photo's
// left is listed with each point's mirror id.
const MIDLINE = [[4, 0, -0.463, 7.587], [6, 0, 2.473, 5.789], [10, 0, 8.262, 4.482]];
const LEFT = [
  [33, 263, -4.446, 2.664, 3.173], [54, 284, -6.279, 6.615, 1.426], [67, 297, -3.524, 8.006, 3.729],
  [117, 346, -5.259, 0.946, 2.974], [119, 348, -3.301, 0.862, 3.873], [121, 350, -1.821, 1.468, 4.224],
  [127, 356, -7.743, 2.365, -2.005], [129, 358, -1.786, -0.978, 4.85], [132, 361, -7.271, -2.891, -2.252],
  [133, 362, -1.856, 2.585, 3.758], [136, 365, -5.085, -7.179, 0.715], [143, 372, -6.408, 2.236, 1.561],
  [147, 376, -6.235, -1.944, 1.664], [198, 420, -1.247, 0.23, 5.681], [205, 425, -3.833, -1.537, 4.138],
];
export const CANONICAL = new Map([
  ...MIDLINE.map(([id, x, y, z]) => [id, [x, y, z]]),
  ...LEFT.flatMap(([id, mirror, x, y, z]) => [[id, [x, y, z]], [mirror, [-x, y, z]]]),
]);

// Pass, warn and fail limits (degrees): ISO/IEC 39794-5 and ICAO 9303 allow ±5° of yaw and
// pitch and ±8° of roll. Beyond that, up to 10° (12° of roll) is a warning and only more fails:
// a pose read from one photo is good to a few degrees (the test portrait, photographed from a
// little above, reads 5-8° down on every variant), and a false fail on a good photo sends people
// to retake it for nothing.
export const POSE_LIMITS = { yaw: { pass: 5, warn: 10 }, pitch: { pass: 5, warn: 10 }, roll: { pass: 8, warn: 12 } };
// The pitch the face mesh reads on a level head. Fitted to real faces the mesh tips the head
// down: the bench's four frontal, level portraits read 0°, 6°, 7° and 7° down (the synthetic
// canonical face, 0°). Pitch is judged from the middle of that spread, so a level head passes
// with room to spare and a head tipped 10° down or up still does not.
export const LEVEL_PITCH = -4;

const degrees = (radians) => (radians * 180) / Math.PI;

// Eigenvector of the largest eigenvalue of a symmetric 4x4 matrix (cyclic Jacobi rotations).
function topEigenvector(m) {
  const a = m.map((row) => [...row]);
  const v = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]];
  for (let sweep = 0; sweep < 30; sweep += 1) {
    let off = 0;
    for (let p = 0; p < 3; p += 1) for (let q = p + 1; q < 4; q += 1) off += a[p][q] ** 2;
    if (off < 1e-18) break;
    for (let p = 0; p < 3; p += 1) {
      for (let q = p + 1; q < 4; q += 1) {
        if (Math.abs(a[p][q]) < 1e-30) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < 4; k += 1) {
          const akp = a[k][p];
          const akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < 4; k += 1) {
          const apk = a[p][k];
          const aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < 4; k += 1) {
          const vkp = v[k][p];
          const vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  let best = 0;
  for (let i = 1; i < 4; i += 1) if (a[i][i] > a[best][best]) best = i;
  return v.map((row) => row[best]);
}

// The rotation R (3x3, rows) that best carries the centred points `from` onto `to`: Horn's
// closed form through a unit quaternion, which is always a proper rotation (never a mirror).
export function bestRotation(from, to) {
  const s = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  from.forEach((f, n) => { for (let i = 0; i < 3; i += 1) for (let j = 0; j < 3; j += 1) s[i][j] += f[i] * to[n][j]; });
  const [[xx, xy, xz], [yx, yy, yz], [zx, zy, zz]] = s;
  const [w, x, y, z] = topEigenvector([
    [xx + yy + zz, yz - zy, zx - xz, xy - yx],
    [yz - zy, xx - yy - zz, xy + yx, zx + xz],
    [zx - xz, xy + yx, -xx + yy - zz, yz + zy],
    [xy - yx, zx + xz, yz + zy, -xx - yy + zz],
  ]);
  return [
    [w * w + x * x - y * y - z * z, 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), w * w - x * x + y * y - z * z, 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), w * w - x * x - y * y + z * z],
  ];
}

// R = Rz(roll) · Ry(yaw) · Rx(pitch), read back in degrees.
export function anglesOf(r) {
  return {
    yaw: degrees(Math.asin(Math.max(-1, Math.min(1, -r[2][0])))),
    pitch: degrees(Math.atan2(r[2][1], r[2][2])),
    roll: degrees(Math.atan2(r[1][0], r[0][0])),
  };
}

// The pose of a face from its mesh landmarks in image px ({x, y, z}: y down, z away from the
// camera, as MediaPipe gives them). Signs: yaw > 0 the face turns to the camera's right (the
// person's left), pitch > 0 the chin goes up, roll > 0 the face turns anticlockwise in the photo.
// `fit` is the rms distance of the landmarks from the fitted canonical face, as a share of the
// face's size: large when the landmarks are not a face seen whole.
export function headPose(points) {
  const pairs = [...CANONICAL].filter(([id]) => points[id]).map(([id, c]) => [c, [points[id].x, -points[id].y, -points[id].z]]);
  if (pairs.length < 6) return null;
  const mean = (list) => [0, 1, 2].map((i) => list.reduce((sum, p) => sum + p[i], 0) / list.length);
  const centred = (list) => { const m = mean(list); return list.map((p) => p.map((v, i) => v - m[i])); };
  const from = centred(pairs.map(([c]) => c));
  const to = centred(pairs.map(([, p]) => p));
  const r = bestRotation(from, to);
  const turned = from.map((p) => r.map((row) => row[0] * p[0] + row[1] * p[1] + row[2] * p[2]));
  let dot = 0;
  let norm = 0;
  turned.forEach((p, n) => { for (let i = 0; i < 3; i += 1) { dot += p[i] * to[n][i]; norm += p[i] * p[i]; } });
  const scale = dot / norm;
  let error = 0;
  turned.forEach((p, n) => { for (let i = 0; i < 3; i += 1) error += (scale * p[i] - to[n][i]) ** 2; });
  const size = Math.sqrt(to.reduce((sum, p) => sum + p[0] ** 2 + p[1] ** 2 + p[2] ** 2, 0) / to.length);
  const { yaw, pitch, roll } = anglesOf(r);
  // In the canonical frame Rx(+) brings the forehead towards the camera: the chin goes down.
  return { yawDeg: yaw, pitchDeg: -pitch, rollDeg: roll, fit: Math.sqrt(error / to.length) / size };
}
