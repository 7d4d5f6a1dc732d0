// The measures that need pixels: the background in the frame (outside the person mask), and the
// face measured on its own source pixels at the size the file will have them, never enlarged,
// so the tool's own upscaling can neither blur the face nor add pixels to it.
import { backgroundVerdict, enlargement, imageToOutput } from "./geometry.js";
import { foreheadCover } from "./forehead.js";
import { frameLines } from "./glasses.js";
import { alphaOf, personMask } from "./models.js";
import { backgroundSamples, backgroundShadow, blocking, exposure, glare, lightingBalance, sharpness, skinColour } from "./quality.js";
import { render } from "./render.js";

function canvasOf(size) {
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

// The face's part of the photo, shrunk to the file's scale where the file is smaller, with the
// face's points moved into it. `above`: how far above the eyes it reaches, in eye distances.
function faceExcerpt(image, face, shrink, above = 0.6) {
  const span = Math.hypot(face.eyeRight.x - face.eyeLeft.x, face.eyeRight.y - face.eyeLeft.y);
  const x0 = Math.max(0, Math.floor(Math.min(face.eyeLeft.x, face.chin.x) - span * 0.6));
  const y0 = Math.max(0, Math.floor(Math.min(face.eyeLeft.y, face.eyeRight.y) - span * above));
  const x1 = Math.min(image.width, Math.ceil(Math.max(face.eyeRight.x, face.chin.x) + span * 0.6));
  const y1 = Math.min(image.height, Math.ceil(face.chin.y + span * 0.1));
  if (x1 - x0 < 4 || y1 - y0 < 4) return null;
  const size = { width: Math.max(1, Math.round((x1 - x0) * shrink)), height: Math.max(1, Math.round((y1 - y0) * shrink)) };
  const canvas = canvasOf(size);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  context.imageSmoothingQuality = "high";
  context.drawImage(image, x0, y0, x1 - x0, y1 - y0, 0, 0, size.width, size.height);
  const at = (p) => ({ x: (p.x - x0) * shrink, y: (p.y - y0) * shrink });
  const box = (b) => ({ x: (b.x - x0) * shrink, y: (b.y - y0) * shrink, width: b.width * shrink, height: b.height * shrink });
  return { pixels: context.getImageData(0, 0, size.width, size.height), at, box, span: span * shrink, origin: { x: x0, y: y0 } };
}

function faceMeasures(image, face, shrink) {
  const excerpt = faceExcerpt(image, face, shrink);
  if (!excerpt) return {};
  // Compression blocks sit on the photo's own 8 px grid: measured unscaled.
  const own = shrink === 1 ? excerpt : faceExcerpt(image, face, 1);
  const { pixels, at, box, span } = excerpt;
  const eyes = [at(face.eyeLeft), at(face.eyeRight)];
  const chin = at(face.chin);
  const top = Math.min(eyes[0].y, eyes[1].y);
  return {
    lighting: lightingBalance(pixels, face.cheeks.map(at), Math.max(2, Math.round(span * 0.18))),
    sharpness: sharpness(pixels, { x: eyes[0].x - span * 0.4, y: top - span * 0.4, width: span * 1.8, height: chin.y - top + span * 0.4 }),
    exposure: exposure(pixels, box(face.skin)),
    glare: glare(pixels, eyes, span),
    glasses: frameLines(pixels, ...eyes),
    colour: skinColour(pixels, box(face.skin)),
    blocking: blocking(own.pixels, own.origin),
    forehead: foreheadOf(image, face, shrink),
  };
}

// The forehead needs more of the photo above the eyes than the other measures: its own excerpt,
// reaching a little past the mesh's top point.
function foreheadOf(image, face, shrink) {
  const marks = face.forehead;
  if (!marks) return null;
  const eyesTop = Math.min(face.eyeLeft.y, face.eyeRight.y);
  const span = Math.hypot(face.eyeRight.x - face.eyeLeft.x, face.eyeRight.y - face.eyeLeft.y);
  const excerpt = faceExcerpt(image, face, shrink, Math.max(0.6, (eyesTop - marks.top.y) / span + 0.2));
  if (!excerpt) return null;
  const { at } = excerpt;
  return foreheadCover(excerpt.pixels, { brow: at(marks.brow), top: at(marks.top), left: at(marks.left), right: at(marks.right), skin: marks.skin.map(at) });
}

// `session`: { image, spec, transform, size, face, models }. Returns { analysis, mask } (the
// frame's person mask, for background replacement), or null when the models are not there.
export async function analyse({ image, spec, transform, size, face, models }) {
  const canvas = canvasOf(size);
  const context = canvas.getContext("2d", { willReadFrequently: true });
  render(context, size, { image, spec, transform });
  const pixels = context.getImageData(0, 0, size.width, size.height);
  const mask = models ? await personMask(models, canvas) : null;
  const analysis = {};
  if (mask) {
    const alpha = alphaOf(mask);
    const samples = backgroundSamples(pixels, alpha);
    if (samples.length > 20) analysis.background = backgroundVerdict(samples, spec.bgColor);
    // Shadows on the wall beside the head, on either side of it, well clear of the person: the mask's soft
    // rim holds hair and skin, and the shoulders' edges below the chin are often missed by it.
    const chin = face ? imageToOutput(transform, face.chin, image, size, spec.heightMm) : { x: size.width / 2, y: size.height };
    const clear = backgroundSamples(pixels, alpha, 3, 2, chin.y, chin.x);
    if (clear.length > 20) analysis.shadow = backgroundShadow(clear);
  }
  if (face) Object.assign(analysis, faceMeasures(image, face, Math.min(1, enlargement(transform, size, spec.heightMm))));
  // No face found: a photo blown white or sunk in black is often why, and the person is told so.
  else analysis.exposure = exposure(pixels, { x: size.width / 4, y: size.height / 5, width: size.width / 2, height: (size.height * 3) / 5 });
  return { analysis, mask };
}
