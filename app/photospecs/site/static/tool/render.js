// Drawing the photo in the document's frame, and the guides over the preview. The placement is
// in mm, so every size (preview, file, print tile) shows the same crop; geometry.js turns it into
// pixels.
import { num, t } from "../messages.js";
import { drawingMatrix, framePx, measure, project } from "./geometry.js";

// The photo in a frame of `size` px. `mask`, a person mask of this very frame, replaces the
// background with the document's colour.
export function render(context, size, { image, spec, transform, mask = null }) {
  context.fillStyle = spec.bgColor ?? "#ffffff";
  context.fillRect(0, 0, size.width, size.height);
  if (!image) return;
  context.save();
  context.setTransform(...drawingMatrix(transform, image, size, spec.heightMm));
  context.imageSmoothingQuality = "high";
  context.drawImage(image, 0, 0);
  context.restore();
  if (mask) {
    // The document's colour wherever the person mask is not: the mask's alpha cuts the person out.
    const paint = new OffscreenCanvas(size.width, size.height);
    const brush = paint.getContext("2d");
    brush.fillStyle = spec.bgColor ?? "#ffffff";
    brush.fillRect(0, 0, size.width, size.height);
    brush.globalCompositeOperation = "destination-out";
    brush.drawImage(mask, 0, 0, size.width, size.height);
    context.drawImage(paint, 0, 0);
  }
}

// Dark text on a light halo: readable over any photo.
function text(context, words, x, y, size) {
  context.font = `600 ${Math.round(size.height / 26)}px sans-serif`;
  context.lineWidth = Math.max(2, size.height / 150);
  context.strokeStyle = "rgba(255, 255, 255, 0.9)";
  context.textBaseline = "top";
  context.textAlign = "left"; // from x rightwards on a right-to-left page too, inside the photo
  context.strokeText(words, x, y);
  context.fillStyle = "#111";
  context.fillText(words, x, y);
}

// The guides are the service's (spec.guides, the figures the document page draws); only the head
// frame of a measured face is this photo's own.
export function drawGuides(context, size, { spec, face, transform, image }) {
  const guides = spec.guides;
  const k = size.height / spec.heightMm;
  const band = (top, bottom, colour, label) => {
    context.fillStyle = colour;
    context.fillRect(0, top * k, size.width, (bottom - top) * k);
    if (label) text(context, label, 6, top * k + 2, size);
  };
  context.save();
  if (guides.eyesMm) band(guides.eyesMm.min, guides.eyesMm.max, "rgba(232, 163, 61, 0.25)", face ? t("eye band") : t("eyes"));
  if (face) {
    // Where a published top margin holds the crown (the eye band places it otherwise).
    if (spec.topMarginMm && guides.crownMm) band(guides.crownMm.min, guides.crownMm.max, "rgba(29, 78, 137, 0.25)", "");
    // The head frame: crown and chin lines that move with the photo, green inside the range.
    const m = measure(transform, face, spec, image);
    const crown = framePx(project(transform, face.crown, image), size, spec.heightMm);
    const chin = framePx(project(transform, face.chin, image), size, spec.heightMm);
    const inside = !guides.headMm || (m.headMm >= guides.headMm.min && m.headMm <= guides.headMm.max);
    const half = 0.42 * m.headMm * k;
    const cx = (crown.x + chin.x) / 2;
    context.strokeStyle = inside ? "#1b7a3e" : "#c0392b";
    context.lineWidth = Math.max(2, size.height / 220);
    context.strokeRect(cx - half, crown.y, 2 * half, chin.y - crown.y);
    text(context, t("head %(size)s mm", { size: num(m.headMm) }), cx - half + 4, crown.y + 3, size);
  } else if (guides.chinMm) {
    band(guides.crownMm.min, guides.crownMm.max, "rgba(29, 78, 137, 0.28)", t("top of head"));
    band(guides.chinMm.min, guides.chinMm.max, "rgba(29, 78, 137, 0.28)", t("chin"));
  }
  context.strokeStyle = "rgba(0, 0, 0, 0.35)";
  context.lineWidth = 1;
  context.setLineDash([6, 6]);
  context.beginPath();
  context.moveTo(size.width / 2, 0);
  context.lineTo(size.width / 2, size.height);
  context.stroke();
  context.restore();
}
