// Landmark sets for the tests: MediaPipe's canonical face turned by known angles.
import { CANONICAL } from "../../app/photospecs/site/static/tool/pose.js";

const rad = (d) => (d * Math.PI) / 180;
const multiply = (a, b) => a.map((row) => [0, 1, 2].map((j) => row.reduce((sum, v, k) => sum + v * b[k][j], 0)));
const rx = (d) => [[1, 0, 0], [0, Math.cos(rad(d)), -Math.sin(rad(d))], [0, Math.sin(rad(d)), Math.cos(rad(d))]];
const ry = (d) => [[Math.cos(rad(d)), 0, Math.sin(rad(d))], [0, 1, 0], [-Math.sin(rad(d)), 0, Math.cos(rad(d))]];
const rz = (d) => [[Math.cos(rad(d)), -Math.sin(rad(d)), 0], [Math.sin(rad(d)), Math.cos(rad(d)), 0], [0, 0, 1]];

// The canonical face turned by known angles (chin up = pitch up), scaled and shifted into image
// px the way the face mesh reports landmarks: y down, z away from the camera.
export function turnedFace({ yaw = 0, pitch = 0, roll = 0 }, { scale = 14, at = [600, 800], noise = 0, seed = 1 } = {}) {
  const r = multiply(rz(roll), multiply(ry(yaw), rx(-pitch)));
  let state = seed;
  const jitter = () => { state = (state * 16807) % 2147483647; return (state / 2147483647 - 0.5) * 2 * noise; };
  const points = [];
  for (const [id, c] of CANONICAL) {
    const [x, y, z] = r.map((row) => row[0] * c[0] + row[1] * c[1] + row[2] * c[2]);
    points[id] = { x: at[0] + scale * x + jitter(), y: at[1] - scale * y + jitter(), z: -scale * z + jitter() };
  }
  return points;
}
