// The files the tool gives: the document's crop, the uncropped file for a portal that crops the
// photo itself, and the print sheet. Each returns { blob, name, message } for the page to save and
// show. `session`: { spec, portal, image, transform, mask (the person mask of the document frame
// when the background is replaced, else null), models, replace, head (headInFrame), countryName }.
import { num, t } from "../messages.js";
import { fitQuality, MM_PER_INCH, outputSize, uncroppedExport } from "./geometry.js";
import { withDensity } from "./jpeg.js";
import { personMask } from "./models.js";
import { jpegPdf } from "./pdf.js";
import { render } from "./render.js";
import { drawSheet } from "./sheet.js";

const lang = typeof document === "undefined" ? "en" : document.documentElement.lang || "en";
export const bytes = (count) => t("%(count)s bytes", { count: count.toLocaleString(lang) });

async function jpeg(canvas, quality, dpi) {
  const blob = await canvas.convertToBlob({ type: "image/jpeg", quality });
  return new Blob([withDensity(new Uint8Array(await blob.arrayBuffer()), dpi)], { type: "image/jpeg" });
}

function pageCanvas(session, size, { transform = session.transform, mask = null } = {}) {
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  render(canvas.getContext("2d", { willReadFrequently: true }), size, { image: session.image, spec: session.spec, transform, mask });
  return canvas;
}

// The frame drawn on a page canvas, whose raster of the photo the preview has already warmed,
// then copied as plain pixels for the encoder: a fresh OffscreenCanvas would first spend a few
// hundred ms preparing the whole photo for high-quality scaling.
function frameCanvas(session, size, options = { mask: session.mask }) {
  const canvas = pageCanvas(session, size, options);
  const copy = new OffscreenCanvas(size.width, size.height);
  copy.getContext("2d").putImageData(canvas.getContext("2d").getImageData(0, 0, size.width, size.height), 0, 0);
  return copy;
}

// Pixels per inch that print the frame at the document's size.
const dpiOf = (spec, size) => Math.round(size.height / (spec.heightMm / MM_PER_INCH));
const limitsOf = (portal) => ({ minBytes: portal?.minBytes ?? 0, maxBytes: portal?.maxBytes ?? Infinity });
const PROBLEMS = {
  "too-large": () => t("It is still larger than the portal allows: choose a photo with a plainer background."),
  "too-small": () => t("It is still under the portal's minimum file size."),
};

export async function documentPhoto(session) {
  const { spec, portal } = session;
  const encode = (size) => { const canvas = frameCanvas(session, size); return fitQuality((q) => jpeg(canvas, q, dpiOf(spec, size)), limitsOf(portal)); };
  let size = outputSize(spec, portal);
  let result = await encode(size);
  // Under the portal's minimum even at the best quality: more pixels, while the window allows.
  for (let i = 0; i < 4 && result.problem === "too-small"; i += 1) {
    const height = Math.round(size.height * 1.25);
    const bigger = { width: Math.round((height * size.width) / size.height), height };
    if (portal?.maxPx && (bigger.width > portal.maxPx.width || bigger.height > portal.maxPx.height)) break;
    size = bigger;
    result = await encode(size);
  }
  const said = { width: size.width, height: size.height, size: bytes(result.blob.size), quality: Math.round(result.quality * 100), portal: portal?.name };
  const problem = result.problem ? ` ${PROBLEMS[result.problem]()}` : "";
  return {
    blob: result.blob, name: `${spec.id}-${size.width}x${size.height}.jpg`,
    message: (portal
      ? t("Downloaded a %(width)s × %(height)s px JPEG of %(size)s (quality %(quality)s) for %(portal)s.", said)
      : t("Downloaded a %(width)s × %(height)s px JPEG of %(size)s (quality %(quality)s).", said)) + problem,
  };
}

// The uncropped file: the same placement, the frame widened around the head and shoulders.
export async function uncroppedPhoto(session) {
  const { spec, portal, head } = session;
  if (!head) return { message: t("The authority gives no head height and no face was found, so the tool cannot tell where your head is: line it up and choose the document's crop instead.") };
  const out = uncroppedExport(session.transform, head, spec, session.image, portal);
  let mask = null;
  if (session.replace && session.models) mask = await personMask(session.models, pageCanvas(session, out.size, { transform: out.transform }));
  const canvas = frameCanvas(session, out.size, { transform: out.transform, mask });
  const result = await fitQuality((quality) => jpeg(canvas, quality, out.dpi), limitsOf(portal));
  const said = { width: out.size.width, height: out.size.height, size: bytes(result.blob.size), quality: Math.round(result.quality * 100), portal: portal?.name, share: Math.round(out.headShare * 100) };
  const notes = [portal?.uncropped
    ? t("Downloaded a %(width)s × %(height)s px JPEG of %(size)s (quality %(quality)s), not cropped, as %(portal)s asks: it crops the photo itself. Your head is centred and level and takes %(share)s %% of the height, with room above it and around your shoulders.", said)
    : t("Downloaded a %(width)s × %(height)s px JPEG of %(size)s (quality %(quality)s), not cropped. Your head is centred and level and takes %(share)s %% of the height, with room above it and around your shoulders.", said)];
  if (out.short) {
    const need = { width: out.needPx.width, height: out.needPx.height, portal: portal?.name };
    notes.push(portal
      ? t("Your photo has too few pixels for %(portal)s, which asks for at least %(width)s × %(height)s px: the file keeps your photo's own pixels rather than enlarging them. Take the photo again from a little closer or at a higher resolution.", need)
      : t("Your photo has too few pixels for the portal, which asks for at least %(width)s × %(height)s px: the file keeps your photo's own pixels rather than enlarging them. Take the photo again from a little closer or at a higher resolution.", need));
  }
  if (out.spills) notes.push(t("Your photo ends close to your head, so part of the frame is filled with plain colour: take the photo again with more space around you."));
  if (result.problem) notes.push(PROBLEMS[result.problem]());
  return { blob: result.blob, name: `${spec.id}-uncropped-${out.size.width}x${out.size.height}.jpg`, message: notes.join(" ") };
}

// The print sheet, as JPEG or PDF ("jpeg" | "pdf").
export async function printSheet(session, sheet, format) {
  const { spec } = session;
  const caption = t("%(country)s: %(document)s, %(width)s × %(height)s mm. Cut along the marks.", { country: session.countryName, document: spec.name, width: num(spec.widthMm), height: num(spec.heightMm) });
  const drawn = drawSheet(sheet, spec, caption, (size) => frameCanvas(session, size));
  if (!drawn) return { message: t("The photo does not fit on %(paper)s.", { paper: sheet.name }) };
  const { canvas, layout } = drawn;
  const file = await jpeg(canvas, 0.92, sheet.dpi);
  const message = t("Downloaded a %(paper)s sheet with %(copies)s copies at %(dpi)s dpi: print it at 100%% and check the 50 mm bar.", { paper: sheet.name, copies: layout.copies, dpi: sheet.dpi });
  if (format !== "pdf") return { blob: file, name: `${spec.id}-${sheet.id}.jpg`, message };
  const mm = (px) => (px / sheet.dpi) * MM_PER_INCH;
  const pdf = jpegPdf(new Uint8Array(await file.arrayBuffer()), layout.width, layout.height, mm(layout.width), mm(layout.height));
  return { blob: new Blob([pdf], { type: "application/pdf" }), name: `${spec.id}-${sheet.id}.pdf`, message };
}
