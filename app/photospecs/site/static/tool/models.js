// The face and person models (MediaPipe's face mesh and selfie segmentation, vendored under
// vendor/mediapipe/), loaded from this site on first use only. Each runs on a canvas in this page;
// nothing is sent anywhere. Their URLs, fingerprinted like every asset, come from the page.
import { url } from "../routes.js";
import { distinctFaces, faceFromLandmarks, irisMiddle, personBoxes } from "./face.js";

// The page lists the model files' fingerprinted URLs; read when the models are first needed.
let listed = null;
const urls = () => (listed ??= JSON.parse(document.getElementById("tool-models")?.textContent ?? "{}"));

// A module whose one function returns a v128 constant: it validates only where WebAssembly SIMD
// is supported, and the vendored runtimes are the SIMD builds.
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, // types: () -> v128
  0x03, 0x02, 0x01, 0x00, // functions: one, of type 0
  0x0a, 0x16, 0x01, 0x14, 0x00, 0xfd, 0x0c, ...new Array(16).fill(0), 0x0b, // code: v128.const 0; end
]);
const simdSupported = () => typeof WebAssembly === "object" && WebAssembly.validate(SIMD_PROBE);

// A classic script (the vendored bundles set globals), loaded once its element is in the page.
export function script(src) {
  return new Promise((resolve, reject) => {
    const element = document.createElement("script");
    element.src = src;
    element.onload = resolve;
    element.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(element);
  });
}

// One model call at a time, whichever model: the two runtimes share globals, and a result is
// read from the callback of the call that produced it.
let queue = Promise.resolve();
function exclusive(task) {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
}

// A solution's results arrive through its callback while `send` runs; `read` takes what is
// needed from them before the next call can reuse their buffers. Each call is a still image:
// the face mesh is made for video and otherwise tracks the previous frame (it looks for the
// face where the last photo had it), so its state is reset before every call. The person mask
// keeps nothing from one call to the next (the same bytes with or without a reset: the tool's
// tests check it), and a reset rebuilds the whole graph: about 65 ms a call, twice a photo.
function wrap(solution, folder, { tracks }) {
  let latest = null;
  solution.onResults((results) => { latest = results; });
  return {
    run: (image, read) => exclusive(async () => {
      latest = null;
      if (tracks) solution.reset();
      await solution.send({ image });
      if (!latest) throw new Error(`${folder} returned no result`);
      return read(latest);
    }),
  };
}

const locate = (folder) => (file) => urls()[`${folder}/${file}`] ?? url("static", `tool/vendor/mediapipe/${folder}/${file}`);

let loading = null;
// Both bundles share globals: they are initialised one after the other, never together.
export function loadModels() {
  loading ??= (async () => {
    if (!simdSupported()) throw Object.assign(new Error("no WebAssembly SIMD"), { code: "no-simd" });
    await script(urls()["selfie_segmentation/selfie_segmentation.js"]);
    const segmentation = new window.SelfieSegmentation({ locateFile: locate("selfie_segmentation") });
    segmentation.setOptions({ modelSelection: 0, selfieMode: false, useCpuInference: true });
    await segmentation.initialize();
    await script(urls()["face_mesh/face_mesh.js"]);
    const mesh = new window.FaceMesh({ locateFile: locate("face_mesh") });
    // minDetectionConfidence is left at its default: setting it aborts this build's graph.
    mesh.setOptions({ maxNumFaces: 2, refineLandmarks: true, selfieMode: false, useCpuInference: true });
    await mesh.initialize();
    return { segmentation: wrap(segmentation, "selfie_segmentation", { tracks: false }), mesh: wrap(mesh, "face_mesh", { tracks: true }) };
  })();
  loading.catch(() => { loading = null; });
  return loading;
}

// Part of an image (a rectangle in its px) drawn on a canvas at most `longest` px on a side, with
// `hide` (a rectangle in the image's px) painted over in grey.
function excerpt(image, rect, longest, hide = null) {
  const shrink = Math.min(1, longest / Math.max(rect.width, rect.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(rect.width * shrink));
  canvas.height = Math.max(1, Math.round(rect.height * shrink));
  const context = canvas.getContext("2d");
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, canvas.width, canvas.height);
  if (hide) {
    context.fillStyle = "#808080";
    context.fillRect((hide.x - rect.x) * shrink, (hide.y - rect.y) * shrink, hide.width * shrink, hide.height * shrink);
  }
  return canvas;
}

// The person mask of a canvas, at the canvas's size: a canvas whose alpha is the person.
export async function personMask(models, canvas) {
  const mask = document.createElement("canvas");
  mask.width = canvas.width;
  mask.height = canvas.height;
  await models.segmentation.run(canvas, (results) => mask.getContext("2d").drawImage(results.segmentationMask, 0, 0, mask.width, mask.height));
  return mask;
}

// The person mask's alpha as one byte per pixel.
export function alphaOf(mask) {
  const rgba = mask.getContext("2d", { willReadFrequently: true }).getImageData(0, 0, mask.width, mask.height).data;
  const alpha = new Uint8Array(mask.width * mask.height);
  for (let i = 0; i < alpha.length; i += 1) alpha[i] = rgba[i * 4 + 3];
  return alpha;
}

const clampRect = (rect, image) => {
  const x = Math.max(0, Math.floor(rect.x));
  const y = Math.max(0, Math.floor(rect.y));
  return { x, y, width: Math.min(image.width, Math.ceil(rect.x + rect.width)) - x, height: Math.min(image.height, Math.ceil(rect.y + rect.height)) - y };
};

async function landmarksIn(models, image, rect, hide = null) {
  const canvas = excerpt(image, rect, 1024, hide);
  return models.mesh.run(canvas, (results) => (results.multiFaceLandmarks ?? []).map((points) => points.map((p) => ({
    x: rect.x + p.x * rect.width, y: rect.y + p.y * rect.height, z: p.z * rect.width,
  }))));
}

const spread = (points) => Math.max(...points.map((p) => p.x)) - Math.min(...points.map((p) => p.x));

// The landmarks' box, grown by `share` of its size on every side.
function grown(points, share) {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return { x: x0 - share * (x1 - x0), y: y0 - share * (y1 - y0), width: (x1 - x0) * (1 + 2 * share), height: (y1 - y0) * (1 + 2 * share) };
}

// Five face widths across and three down on one side of the face (`side` -1: left, 1: right),
// the face at its inner edge: room for a head beside it, at a scale the face model finds it.
function beside(points, size, side) {
  const box = grown(points, 0);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return clampRect({ x: side < 0 ? cx - 5 * box.width : cx, y: cy - 1.5 * box.width, width: 5 * box.width, height: 3 * box.width }, size);
}

// The face in a photo: the person first (the face detector misses faces that are small in a big
// photo), landmarks on the person's upper part, then the person mask around the head for the
// crown. `image` is an ImageBitmap; returns { count (faces), persons (people in the person mask),
// face } with points in its px.
export async function findFace(models, image) {
  const size = { width: image.width, height: image.height };
  const whole = { x: 0, y: 0, ...size };
  const overview = excerpt(image, whole, 512);
  const mask = await personMask(models, overview);
  // Each person's upper part, one after the other: a face small in a wide crop may be missed.
  let faces = [];
  const k = size.width / overview.width;
  const people = personBoxes(alphaOf(mask), mask.width, mask.height);
  for (const box of people) {
    const pad = 0.08 * box.width * k;
    const width = box.width * k + 2 * pad;
    const height = Math.min(box.height * k + 2 * pad, 1.3 * width);
    faces.push(...await landmarksIn(models, image, clampRect({ x: box.x * k - pad, y: box.y * k - pad, width, height }, size)));
  }
  if (!faces.length) faces = await landmarksIn(models, image, whole);
  if (!faces.length) return { count: 0, persons: people.length, face: null };
  // The biggest face is the person's.
  faces.sort((a, b) => spread(b) - spread(a));
  // Then a wide strip on each side of it with that face painted out, so the face model looks for
  // another: the person mask takes a head beside the person for part of them, or for nobody, and
  // the face model, asked for two faces, may report only the clearer one. One strip centred on
  // the face reached only 2.5 face widths aside, short of a bigger head pasted beside a small one.
  const found = faces[0];
  const hide = clampRect(grown(found, 0.15), size);
  const others = [];
  for (const side of [-1, 1]) {
    const strip = beside(found, size, side);
    if (strip.width > 0.5 * spread(found)) others.push(...await landmarksIn(models, image, strip, hide));
  }
  faces = distinctFaces([...faces, ...others]).sort((a, b) => spread(b) - spread(a));
  const points = faces[0];
  const eyes = irisMiddle(points);
  const depth = Math.hypot(points[152].x - eyes.x, points[152].y - eyes.y);
  const head = clampRect({ x: eyes.x - 2 * depth, y: eyes.y - 2.5 * depth, width: 4 * depth, height: 4 * depth }, size);
  const headCanvas = excerpt(image, head, 512);
  const headAlpha = alphaOf(await personMask(models, headCanvas));
  const scale = headCanvas.width / head.width;
  const maskAt = (x, y) => {
    const mx = Math.round((x - head.x) * scale);
    const my = Math.round((y - head.y) * scale);
    if (mx < 0 || my < 0 || mx >= headCanvas.width || my >= headCanvas.height) return 0;
    return headAlpha[my * headCanvas.width + mx] / 255;
  };
  return { count: faces.length, persons: people.length, face: faceFromLandmarks(points, maskAt) };
}
