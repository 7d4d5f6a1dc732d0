// The photo tool: choose a document, load a photo, and the tool finds the face and places it as
// the document asks; the person adjusts if they like, reads the check, and downloads the digital
// file and a print sheet. Everything happens on canvases in this page; the photo is never sent
// anywhere (the page's CSP allows connections to this site only, and the only requests made are
// for the specifications and the tool's own files).
import { assess, backgroundSamples, lightingBalance, sharpness } from "./checks.js";
import { backgroundVerdict, coverPlacement, coversFrame, fitQuality, frameMm, measure, MM_PER_INCH, outputSize, placeFace, project, turnAbout, uncroppedExport, zoomAbout, zoomLimits } from "./geometry.js";
import { jpegComplete, sniff, withDensity } from "./jpeg.js";
import { alphaOf, findFace, loadModels, personMask } from "./models.js";
import { jpegPdf } from "./pdf.js";
import { drawSheet } from "./sheet.js";
import { url } from "../routes.js";
import { countryNames, num, t } from "../messages.js";

const $ = (selector) => document.querySelector(selector);
const ui = {
  country: $("#tool-country"), document: $("#tool-document"), portal: $("#tool-portal"), portalRow: $("#tool-portal-row"),
  facts: $("#tool-facts"), file: $("#tool-file"), drop: $("#tool-drop"), camera: $("#tool-camera"), video: $("#tool-video"),
  snap: $("#tool-snap"), canvas: $("#tool-canvas"), zoom: $("#tool-zoom"), rotate: $("#tool-rotate"), reset: $("#tool-reset"),
  readout: $("#tool-readout"), checks: $("#tool-checks"), download: $("#tool-download"), sheet: $("#tool-sheet"),
  sheetKind: $("#tool-sheet-kind"), sheetFormat: $("#tool-sheet-format"), status: $("#tool-status"), saved: $("#tool-saved"),
  editor: $("#tool-editor"), hint: $("#tool-hint"), replace: $("#tool-replace"), replaceNote: $("#tool-replace-note"),
  framing: $("#tool-framing"), framingNote: $("#tool-framing-note"),
};
const state = {
  documents: [], spec: null, portals: [], portal: null, sheets: [],
  image: null, face: null, faces: undefined, placed: null, transform: null, turned: 0, zoomed: 1,
  models: null, analysis: null, mask: null, analysing: null, token: 0,
};
const json = async (path) => {
  const response = await fetch(path, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
};
const say = (text, kind = "info") => { ui.status.textContent = text; ui.status.dataset.kind = kind; };
const coarse = matchMedia("(pointer: coarse)").matches;

function option(value, text) {
  const element = document.createElement("option");
  element.value = value;
  element.textContent = text;
  return element;
}

async function start() {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register(url("page", "sw.js")).catch(() => {});
  ui.hint.textContent = coarse
    ? t("Drag the photo with a finger to move it; pinch to zoom. The sliders zoom and turn it about the middle of the frame.")
    : t("Drag the photo to move it (or focus it and use the arrow keys); zoom with the wheel, the slider or + and −; turn it with the slider or [ and ].");
  enableDownloads();
  const [index, sheets] = await Promise.all([json(url("documents")), json(url("print-sheets"))]);
  state.documents = index.documents;
  state.sheets = sheets.sheets;
  ui.sheetKind.replaceChildren(...state.sheets.map((s) => option(s.id, s.name)));
  // In the page's language, in its alphabetical order.
  const named = (d) => countryNames[d.country] ?? d.countryName;
  const countries = [...new Map(state.documents.map((d) => [d.country, d])).values()];
  if (Object.keys(countryNames).length) countries.sort((a, b) => named(a).localeCompare(named(b), document.documentElement.lang));
  ui.country.replaceChildren(option("", t("Choose a country")), ...countries.map((d) => option(d.country, named(d))));
  const query = new URLSearchParams(location.search);
  const wanted = state.documents.find((d) => d.id === query.get("document"));
  const country = wanted?.country ?? (countries.some((d) => d.country === query.get("country")) ? query.get("country") : "");
  ui.country.value = country;
  fillDocuments(wanted?.id);
  if (ui.document.value) await chooseDocument();
}

function fillDocuments(selected) {
  const docs = state.documents.filter((d) => d.country === ui.country.value);
  ui.document.replaceChildren(...(docs.length ? docs.map((d) => option(d.id, d.name)) : [option("", t("Choose a country first"))]));
  ui.document.disabled = !docs.length;
  if (selected) ui.document.value = selected;
}

async function chooseDocument() {
  const id = ui.document.value;
  if (!id) return;
  const spec = await json(url("document", encodeURIComponent(id)));
  state.spec = spec;
  state.portals = await Promise.all((spec.portals ?? []).map((p) => json(url("portal", encodeURIComponent(p)))));
  ui.portal.replaceChildren(option("", t("No portal: the document's own size")), ...state.portals.map((p) => option(p.id, p.name)));
  ui.portalRow.hidden = !state.portals.length;
  if (state.portals.length) ui.portal.value = state.portals[0].id;
  state.portal = state.portals[0] ?? null;
  history.replaceState(null, "", `?country=${encodeURIComponent(spec.country)}&document=${encodeURIComponent(spec.id)}`);
  describe(spec);
  offerReplacement(spec);
  frameAsThePortalAsks();
  place();
}

function describe(spec) {
  const rows = [];
  const add = (term, text) => rows.push([term, text]);
  if (spec.sizeBasis === "common-format") {
    add(t("Photo"), t("The office takes this photo when you apply. The authority publishes no size: the one below is the common portrait format, for a photo of your own only."));
  } else if (spec.sizeBasis === "secondary") {
    add(t("Size basis"), t("The authority states no size: the one below is what secondary sources report. Confirm it with the authority before you print or upload the photo."));
  }
  if (spec.widthMm) {
    add(t("Size"), t("%(width)s × %(height)s mm, %(widthPx)s × %(heightPx)s px at %(dpi)s dpi", { width: num(spec.widthMm), height: num(spec.heightMm), widthPx: spec.widthPx, heightPx: spec.heightPx, dpi: spec.dpi }));
    if (spec.digitalPx) add(t("Digital file"), `${spec.digitalPx.width} × ${spec.digitalPx.height} px`);
    add(t("Background"), `${spec.bgColorLabel} (${spec.bgColor})`);
  } else if (spec.sizeBasis === "unpublished") {
    add(t("Size"), t("The authority asks for a photo of your own but publishes no size: ask the office or mission which size it accepts, then choose a document of that size here."));
  } else {
    add(t("Photo"), t("The office takes this photo when you apply: there is nothing to make here."));
  }
  if (spec.headHeightMm) {
    const basis = spec.headHeightBasis === "icao-default" ? ` ${t("(ICAO default: the authority publishes no figure)")}` : "";
    add(t("Head, chin to crown"), `${num(spec.headHeightMm.min)}–${num(spec.headHeightMm.max)} ${t("mm")}${basis}`);
  }
  if (spec.eyeLineMm) {
    const basis = spec.eyeLineBasis === "icao-default" ? ` ${t("(ICAO default)")}` : "";
    add(t("Eyes above the bottom edge"), `${num(spec.eyeLineMm.min)}–${num(spec.eyeLineMm.max)} ${t("mm")}${basis}`);
  }
  if (spec.topMarginMm) add(t("Above the head"), `${num(spec.topMarginMm.min)}–${num(spec.topMarginMm.max)} ${t("mm")}`);
  if (state.portal) add(t("Portal limits"), portalText(state.portal));
  ui.facts.replaceChildren(...rows.flatMap(([term, text]) => {
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = text;
    return [dt, dd];
  }));
  // Nothing to make without a size: the office takes the photo, or the authority states none.
  ui.editor.hidden = ui.drop.hidden = !spec.widthMm;
}

const bytes = (count) => t("%(count)s bytes", { count: count.toLocaleString(document.documentElement.lang) });

function portalText(portal) {
  const parts = [portal.formats.join(", ").toUpperCase()];
  // The figure as the authority writes it, with the byte value the tool aims for.
  const stated = (said, count) => (said ? `${said} (${bytes(count)})` : bytes(count));
  if (portal.maxBytes) parts.push(t("at most %(size)s", { size: stated(portal.maxSizeStated, portal.maxBytes) }));
  if (portal.minBytes) parts.push(t("at least %(size)s", { size: stated(portal.minSizeStated, portal.minBytes) }));
  if (portal.minPx) parts.push(t("from %(width)s × %(height)s px", portal.minPx));
  if (portal.maxPx) parts.push(t("up to %(width)s × %(height)s px", portal.maxPx));
  if (portal.aspectRatio) parts.push(t("shape %(ratio)s", { ratio: portal.aspectRatio }));
  return parts.join(", ");
}

// Background replacement only where the document's editing rule does not forbid it.
function offerReplacement(spec) {
  const forbidden = { "no-alteration": t("Not offered for this document: the authority accepts no retouching or alteration, background removal included."), "camera-original": t("Not offered for this document: the file must come straight from the camera, background removal included.") }[spec.editing];
  ui.replace.checked = false;
  ui.replace.disabled = Boolean(forbidden);
  ui.replaceNote.textContent = forbidden
    ? forbidden
    : spec.editing === "background-replacement-allowed"
      ? t("The authority allows the background to be replaced.")
      : t("The authority publishes no rule on editing; some offices reject any retouching, so use this only if yours accepts it.");
}

// A portal that crops the photo itself asks for it uncropped: that becomes the file's framing.
function frameAsThePortalAsks() {
  ui.framing.value = state.portal?.uncropped ? "uncropped" : "document";
  explainFraming();
}

function explainFraming() {
  const portal = state.portal;
  const min = portal?.minPx ? ` ${t("(at least %(width)s × %(height)s px)", portal.minPx)}` : "";
  const asks = portal?.uncropped ? t("%(portal)s asks for a photo that is not cropped: your head, shoulders and upper body with space around, which it crops itself.", { portal: portal.name }) : "";
  ui.framingNote.textContent = ui.framing.value === "uncropped"
    ? `${asks || t("For a service that crops the photo itself.")} ${t("“Download photo” gives you centred and level with room around you, in the portal's shape%(minimum)s, at your photo's own pixels: never enlarged.", { minimum: min })}`
    : asks ? `${asks} ${t("Choose “Not cropped” for it; this framing is the document's crop, for other uses.")}` : "";
}

const frame = () => outputSize(state.spec, state.portal);
const image = () => ({ width: state.image.width, height: state.image.height });
const pivot = () => ({ x: 0, y: state.spec.heightMm / 2 });
function enableDownloads() { ui.download.disabled = ui.sheet.disabled = !state.image; }

// --- loading a photo -------------------------------------------------------------------------

async function openFile(file) {
  performance.clearMarks();
  performance.mark("photo-chosen");
  const token = ++state.token;
  ui.saved.textContent = "";
  say(t("Opening the photo…"));
  // The photo shown so far goes: a download must never be of an earlier photo than the one chosen.
  show(null);
  const data = new Uint8Array(await file.arrayBuffer());
  const kind = sniff(data);
  if (kind === "jpeg" && !jpegComplete(data)) {
    say(t("This JPEG is cut short: its end is missing, so part of the photo would be grey. Copy the photo from your phone or camera again and choose the new copy."), "problem");
    return;
  }
  let bitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    say(kind === "heic"
      ? t("This is a HEIC photo (the iPhone's usual format), which this browser cannot open. Choose a JPEG instead: on the iPhone, set Settings › Camera › Formats to “Most Compatible”, or share the photo as JPEG.")
      : t("This file cannot be opened as a photo. Choose a JPEG or PNG picture."), "problem");
    return;
  }
  if (token !== state.token) return;
  show(bitmap);
  say(t("Photo loaded: %(width)s × %(height)s px. It stays on this device. Finding the face…", { width: bitmap.width, height: bitmap.height }));
  let found;
  try {
    const started = !state.models;
    state.models = await loadModels();
    if (started) performance.mark("models-loaded");
    found = await findFace(state.models, bitmap);
  } catch (error) {
    if (token !== state.token) return;
    say(error.code === "no-simd"
      ? t("Photo loaded: %(width)s × %(height)s px. This browser cannot run the face finder (it lacks WebAssembly SIMD): line the photo up by hand with the guides.", bitmap)
      : t("Photo loaded: %(width)s × %(height)s px. The face finder could not start (%(reason)s): line the photo up by hand with the guides.", { width: bitmap.width, height: bitmap.height, reason: error.message }), "problem");
    return;
  }
  if (token !== state.token) return;
  state.faces = found.count;
  state.face = found.face;
  place();
  performance.mark("placed");
  if (!found.face) {
    say(t("No face found in this %(width)s × %(height)s px photo. Use a photo where your whole face is visible, looking at the camera, with nobody else in it; or line this one up by hand.", { width: bitmap.width, height: bitmap.height }), "problem");
  } else if (found.count > 1) {
    say(t("Two faces found: the photo must show you alone. The bigger face is placed; crop the other person out or take a new photo."), "problem");
  } else {
    say(t("Photo loaded: %(width)s × %(height)s px, and placed as the document asks. It stays on this device. Check the numbers below; drag, zoom or turn it if you like.", { width: bitmap.width, height: bitmap.height }));
  }
}

function show(bitmap) {
  state.image = bitmap;
  state.face = null;
  state.faces = undefined;
  state.analysis = null;
  state.mask = null;
  enableDownloads();
  place();
}

// The automatic placement, or the centred photo when no face is known.
function place() {
  if (!state.image || !state.spec?.widthMm) { draw(); return; }
  state.placed = state.face ? placeFace(state.face, state.spec.guides, image()) : coverPlacement(frameMm(state.spec, frame()), image());
  state.transform = { ...state.placed };
  state.zoomed = 1;
  state.turned = 0;
  const limits = state.face ? zoomLimits(state.spec.guides, measure(state.placed, state.face, state.spec, image()).headMm) : { min: 0.2, max: 5 };
  ui.zoom.min = String(Math.floor(limits.min * 100));
  ui.zoom.max = String(Math.ceil(limits.max * 100));
  ui.zoom.value = "100";
  ui.rotate.value = "0";
  changed();
}

// --- drawing ----------------------------------------------------------------------------------

// The photo in a frame of `size` px: the placement is in mm, so every size shows the same crop.
// `mask`, a person mask of this very frame, replaces the background with the document's colour.
function render(context, size, { mask = null, transform = state.transform } = {}) {
  const k = size.height / state.spec.heightMm;
  context.fillStyle = state.spec.bgColor ?? "#ffffff";
  context.fillRect(0, 0, size.width, size.height);
  if (!state.image) return;
  const { x, y, scale, angle } = transform;
  context.save();
  context.translate(size.width / 2 + x * k, y * k);
  context.rotate((angle * Math.PI) / 180);
  context.scale(scale * k, scale * k);
  context.imageSmoothingQuality = "high";
  context.drawImage(state.image, -state.image.width / 2, -state.image.height / 2);
  context.restore();
  if (mask) {
    // The document's colour wherever the person mask is not: the mask's alpha cuts the person out.
    const paint = new OffscreenCanvas(size.width, size.height);
    const brush = paint.getContext("2d");
    brush.fillStyle = state.spec.bgColor ?? "#ffffff";
    brush.fillRect(0, 0, size.width, size.height);
    brush.globalCompositeOperation = "destination-out";
    brush.drawImage(mask, 0, 0, size.width, size.height);
    context.drawImage(paint, 0, 0);
  }
}

// The guides are the service's (spec.guides, the figures the document page draws); only the head
// frame of a measured face is this photo's own.
function drawGuides(context, size) {
  const spec = state.spec;
  const guides = spec.guides;
  const k = size.height / spec.heightMm;
  const band = (top, bottom, colour, label) => {
    context.fillStyle = colour;
    context.fillRect(0, top * k, size.width, (bottom - top) * k);
    if (label) text(context, label, 6, top * k + 2, size);
  };
  context.save();
  if (guides.eyesMm) band(guides.eyesMm.min, guides.eyesMm.max, "rgba(232, 163, 61, 0.25)", state.face ? t("eye band") : t("eyes"));
  if (state.face) {
    // Where a published top margin holds the crown (the eye band places it otherwise).
    if (spec.topMarginMm && guides.crownMm) band(guides.crownMm.min, guides.crownMm.max, "rgba(29, 78, 137, 0.25)", "");
    // The head frame: crown and chin lines that move with the photo, green inside the range.
    const m = measure(state.transform, state.face, spec, image());
    const crown = project(state.transform, state.face.crown, image());
    const chin = project(state.transform, state.face.chin, image());
    const inside = !guides.headMm || (m.headMm >= guides.headMm.min && m.headMm <= guides.headMm.max);
    const half = 0.42 * m.headMm;
    const cx = size.width / 2 + ((crown.x + chin.x) / 2) * k;
    context.strokeStyle = inside ? "#1b7a3e" : "#c0392b";
    context.lineWidth = Math.max(2, size.height / 220);
    context.strokeRect(cx - half * k, crown.y * k, 2 * half * k, (chin.y - crown.y) * k);
    text(context, t("head %(size)s mm", { size: num(m.headMm) }), cx - half * k + 4, crown.y * k + 3, size);
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

// Dark text on a light halo: readable over any photo.
function text(context, words, x, y, size) {
  context.font = `600 ${Math.round(size.height / 26)}px sans-serif`;
  context.lineWidth = Math.max(2, size.height / 150);
  context.strokeStyle = "rgba(255, 255, 255, 0.9)";
  context.textBaseline = "top";
  context.strokeText(words, x, y);
  context.fillStyle = "#111";
  context.fillText(words, x, y);
}

function draw() {
  if (!state.spec?.widthMm) return;
  const size = frame();
  const canvas = ui.canvas;
  // The canvas is as sharp as the screen: its pixels are the displayed size times the density.
  const cssHeight = Math.min(440, (canvas.parentElement.clientWidth || 440) * (size.height / size.width));
  const ratio = window.devicePixelRatio || 1;
  canvas.style.width = `${Math.round((cssHeight * size.width) / size.height)}px`;
  canvas.width = Math.round(((cssHeight * size.width) / size.height) * ratio);
  canvas.height = Math.round(cssHeight * ratio);
  const view = { width: canvas.width, height: canvas.height };
  const context = canvas.getContext("2d");
  render(context, view, { mask: replacing() });
  if (state.image) drawGuides(context, view);
  readout();
  check();
}

function readout() {
  if (!state.face || !state.transform) {
    ui.readout.textContent = state.image ? t("No face measured: line the head up with the guides.") : "";
    return;
  }
  const spec = state.spec;
  const m = measure(state.transform, state.face, spec, image());
  const of = (r) => (r ? ` (${num(r.min)}–${num(r.max)})` : "");
  const parts = [
    t("Head %(size)s mm%(range)s", { size: num(m.headMm), range: of(spec.headHeightMm) }),
    t("eyes %(size)s mm above the bottom%(range)s", { size: num(m.eyeLineMm), range: of(spec.eyeLineMm) }),
    t("top %(size)s mm%(range)s", { size: num(m.topMarginMm), range: of(spec.topMarginMm) }),
  ];
  ui.readout.textContent = parts.join(" · ");
}

// After any change to the placement: redraw now, and measure the frame's pixels once it settles.
let settle = null;
function changed() {
  state.mask = null;
  state.analysis = null;
  draw();
  clearTimeout(settle);
  if (state.image) settle = setTimeout(() => { state.analysing = analyse(); }, 150);
}

// The measures that need the frame's pixels and the person mask in it.
async function analyse() {
  const transform = state.transform;
  const size = frame();
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  render(context, size, { transform });
  const pixels = context.getImageData(0, 0, size.width, size.height);
  const mask = state.models ? await personMask(state.models, canvas) : null;
  if (transform !== state.transform) return;
  const k = size.height / state.spec.heightMm;
  const toPx = (p) => { const at = project(transform, p, image()); return { x: size.width / 2 + at.x * k, y: at.y * k }; };
  const analysis = {};
  if (mask) {
    const samples = backgroundSamples(pixels, alphaOf(mask));
    if (samples.length > 20) analysis.background = backgroundVerdict(samples, state.spec.bgColor);
    state.mask = mask;
  }
  if (state.face) {
    const [a, b] = state.face.cheeks.map(toPx);
    const eyes = [toPx(state.face.eyeLeft), toPx(state.face.eyeRight)];
    const span = Math.hypot(eyes[1].x - eyes[0].x, eyes[1].y - eyes[0].y);
    analysis.lighting = lightingBalance(pixels, [a, b], Math.max(2, Math.round(span * 0.18)));
    const chin = toPx(state.face.chin);
    analysis.sharpness = sharpness(pixels, { x: eyes[0].x - span * 0.4, y: eyes[0].y - span * 0.4, width: span * 1.8, height: chin.y - eyes[0].y + span * 0.4 });
  }
  state.analysis = analysis;
  if (ui.replace.checked) draw(); else check();
}

// --- moving, zooming, rotating ---------------------------------------------------------------

const pointers = new Map();
function mmPerCssPx() { return frameMm(state.spec, frame()).width / ui.canvas.getBoundingClientRect().width; }
function move(dx, dy) { state.transform = { ...state.transform, x: state.transform.x + dx, y: state.transform.y + dy }; changed(); }
function zoomTo(percent) {
  const wanted = Math.min(Number(ui.zoom.max), Math.max(Number(ui.zoom.min), percent)) / 100;
  state.transform = zoomAbout(state.transform, wanted / state.zoomed, pivot());
  state.zoomed = wanted;
  ui.zoom.value = String(Math.round(wanted * 100));
  changed();
}
function turnTo(degrees) {
  state.transform = turnAbout(state.transform, degrees - state.turned, pivot());
  state.turned = degrees;
  ui.rotate.value = String(degrees);
  changed();
}

ui.canvas.addEventListener("pointerdown", (event) => { ui.canvas.setPointerCapture(event.pointerId); pointers.set(event.pointerId, event); });
ui.canvas.addEventListener("pointerup", (event) => pointers.delete(event.pointerId));
ui.canvas.addEventListener("pointercancel", (event) => pointers.delete(event.pointerId));
ui.canvas.addEventListener("pointermove", (event) => {
  const previous = pointers.get(event.pointerId);
  if (!previous || !state.image) return;
  if (pointers.size === 2) {  // pinch: the change in distance between the two pointers zooms
    const other = [...pointers.values()].find((p) => p.pointerId !== event.pointerId);
    const before = Math.hypot(previous.clientX - other.clientX, previous.clientY - other.clientY);
    const after = Math.hypot(event.clientX - other.clientX, event.clientY - other.clientY);
    if (before > 0) zoomTo(state.zoomed * 100 * (after / before));
  } else {
    // The photo follows the finger: css px on screen to mm in the frame.
    const scale = mmPerCssPx();
    move((event.clientX - previous.clientX) * scale, (event.clientY - previous.clientY) * scale);
  }
  pointers.set(event.pointerId, event);
});
ui.canvas.addEventListener("wheel", (event) => {
  if (!state.image) return;
  event.preventDefault();
  zoomTo(state.zoomed * 100 * (event.deltaY < 0 ? 1.02 : 1 / 1.02));
}, { passive: false });
ui.canvas.addEventListener("keydown", (event) => {
  if (!state.image) return;
  const step = event.shiftKey ? 2 : 0.5; // mm
  const actions = {
    ArrowLeft: () => move(-step, 0), ArrowRight: () => move(step, 0), ArrowUp: () => move(0, -step), ArrowDown: () => move(0, step),
    "+": () => zoomTo(state.zoomed * 100 + 1), "=": () => zoomTo(state.zoomed * 100 + 1), "-": () => zoomTo(state.zoomed * 100 - 1),
    "[": () => turnTo(Math.max(-15, state.turned - 0.5)), "]": () => turnTo(Math.min(15, state.turned + 0.5)),
  };
  if (actions[event.key]) { event.preventDefault(); actions[event.key](); }
});
ui.zoom.addEventListener("input", () => state.image && zoomTo(Number(ui.zoom.value)));
ui.rotate.addEventListener("input", () => state.image && turnTo(Number(ui.rotate.value)));
ui.reset.addEventListener("click", () => { if (state.image) place(); });
ui.replace.addEventListener("change", draw);

// --- checks ----------------------------------------------------------------------------------

// The photo's px across the file chosen, and how many it needs: the document's crop, or the
// uncropped file (whose need is the portal's minimum width).
function pixelsOfFile(fmm, size) {
  const head = ui.framing.value === "uncropped" ? headInFrame() : null;
  if (!head) return { have: fmm.width / state.transform.scale, need: Math.max(state.spec.widthPx, size.width) };
  const out = uncroppedExport(state.transform, head, state.spec, image(), state.portal);
  return { have: out.size.width, need: state.portal?.minPx?.width ?? state.spec.widthPx };
}

function check() {
  let lines;
  if (!state.image) {
    lines = [{ level: "todo", text: t("Load a photo to begin.") }];
  } else {
    const size = frame();
    const fmm = frameMm(state.spec, size);
    const m = {
      faces: state.faces,
      face: state.face,
      placement: state.face ? measure(state.transform, state.face, state.spec, image()) : null,
      pixels: pixelsOfFile(fmm, size),
      covers: coversFrame(state.transform, fmm, image()),
      canReplace: !ui.replace.disabled,
      ...state.analysis,
    };
    lines = assess(state.spec, m);
    if (!state.face && state.spec.guides.chinMm) lines.push({ level: "todo", text: t("Line up the top of your head (hair included) inside the top band and your chin inside the chin band.") });
    if (!state.analysis) lines.push({ level: "todo", text: t("Measuring the background, light and sharpness…") });
  }
  const marks = { pass: "✓", warn: "!", fail: "✗", todo: "→" };
  ui.checks.replaceChildren(...lines.map(({ level, text: words }) => {
    const li = document.createElement("li");
    li.className = `check-${level}`;
    li.textContent = `${marks[level]} ${words}`;
    return li;
  }));
}

// --- downloads -------------------------------------------------------------------------------

function save(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

// The mask the background replacement needs, for the placement as it is now.
async function ready() {
  clearTimeout(settle);
  await state.analysing;
  if (!state.analysis) await (state.analysing = analyse());
}

async function jpeg(canvas, quality, dpi) {
  const blob = await canvas.convertToBlob({ type: "image/jpeg", quality });
  return new Blob([withDensity(new Uint8Array(await blob.arrayBuffer()), dpi)], { type: "image/jpeg" });
}

// Pixels per inch that print the frame at the document's size.
const dpiOf = (size) => Math.round(size.height / (state.spec.heightMm / MM_PER_INCH));

// The frame drawn on a page canvas, whose raster of the photo the preview has already warmed,
// then copied as plain pixels for the encoder: a fresh OffscreenCanvas would first spend a few
// hundred ms preparing the whole photo for high-quality scaling.
function frameCanvas(size, options = { mask: replacing() }) {
  const canvas = pageCanvas(size, options);
  const copy = new OffscreenCanvas(size.width, size.height);
  copy.getContext("2d").putImageData(canvas.getContext("2d").getImageData(0, 0, size.width, size.height), 0, 0);
  return copy;
}

function pageCanvas(size, options) {
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  render(canvas.getContext("2d", { willReadFrequently: true }), size, options);
  return canvas;
}

// The person mask of the document frame, when the background is to be replaced.
const replacing = () => (ui.replace.checked ? state.mask : null);

// Where the head is in the document frame (mm): measured from the face, or, lined up by hand,
// where the guides aim a head (only where a head range is published and the bands are drawn).
function headInFrame() {
  if (state.face) {
    const m = measure(state.transform, state.face, state.spec, image());
    return { crown: m.topMarginMm, chin: m.topMarginMm + m.headMm, centreX: m.offCentreMm };
  }
  const { chinMm, target } = state.spec.guides;
  return chinMm ? { crown: target.crownMm, chin: target.chinMm, centreX: 0 } : null;
}

// The uncropped file: the same placement, the frame widened around the head and shoulders.
async function downloadUncropped() {
  const head = headInFrame();
  const portal = state.portal;
  if (!head) {
    ui.saved.textContent = t("The authority gives no head height and no face was found, so the tool cannot tell where your head is: line it up and choose the document's crop instead.");
    return;
  }
  const out = uncroppedExport(state.transform, head, state.spec, image(), portal);
  let mask = null;
  if (ui.replace.checked && state.models) mask = await personMask(state.models, pageCanvas(out.size, { transform: out.transform }));
  const canvas = frameCanvas(out.size, { transform: out.transform, mask });
  const result = await fitQuality((quality) => jpeg(canvas, quality, out.dpi), { minBytes: portal?.minBytes ?? 0, maxBytes: portal?.maxBytes ?? Infinity });
  save(result.blob, `${state.spec.id}-uncropped-${out.size.width}x${out.size.height}.jpg`);
  const said = { width: out.size.width, height: out.size.height, size: bytes(result.blob.size), quality: Math.round(result.quality * 100), share: Math.round(out.headShare * 100), portal: portal?.name ?? "" };
  const notes = [portal?.uncropped
    ? t("Downloaded a %(width)s × %(height)s px JPEG of %(size)s (quality %(quality)s), not cropped, as %(portal)s asks: it crops the photo itself. Your head is centred and level and takes %(share)s %% of the height, with room above it and around your shoulders.", said)
    : t("Downloaded a %(width)s × %(height)s px JPEG of %(size)s (quality %(quality)s), not cropped. Your head is centred and level and takes %(share)s %% of the height, with room above it and around your shoulders.", said)];
  if (out.short) notes.push(t("Your photo has too few pixels for the portal, which asks for at least %(width)s × %(height)s px: the file keeps your photo's own pixels rather than enlarging them. Take the photo again from a little closer or at a higher resolution.", out.needPx));
  if (out.spills) notes.push(t("Your photo ends close to your head, so part of the frame is filled with plain colour: take the photo again with more space around you."));
  if (result.problem === "too-large") notes.push(t("It is still larger than the portal allows: choose a photo with a plainer background."));
  if (result.problem === "too-small") notes.push(t("It is still under the portal's minimum file size."));
  ui.saved.textContent = notes.join(" ");
}

async function encodePhoto(size) {
  const canvas = frameCanvas(size);
  const limits = { minBytes: state.portal?.minBytes ?? 0, maxBytes: state.portal?.maxBytes ?? Infinity };
  return fitQuality((quality) => jpeg(canvas, quality, dpiOf(size)), limits);
}

ui.download.addEventListener("click", async () => {
  if (!state.image) return;
  await ready();
  if (ui.framing.value === "uncropped") { await downloadUncropped(); return; }
  let size = frame();
  let result = await encodePhoto(size);
  // Under the portal's minimum even at the best quality: more pixels, while the window allows.
  const maxPx = state.portal?.maxPx;
  for (let i = 0; i < 4 && result.problem === "too-small"; i += 1) {
    const height = Math.round(size.height * 1.25);
    const bigger = { width: Math.round((height * size.width) / size.height), height };
    if (maxPx && (bigger.width > maxPx.width || bigger.height > maxPx.height)) break;
    size = bigger;
    result = await encodePhoto(size);
  }
  save(result.blob, `${state.spec.id}-${size.width}x${size.height}.jpg`);
  const said = { width: size.width, height: size.height, size: bytes(result.blob.size), quality: Math.round(result.quality * 100), portal: state.portal?.name ?? "" };
  const problem = { "too-large": t("It is still larger than the portal allows: choose a photo with a plainer background."), "too-small": t("It is still under the portal's minimum file size.") }[result.problem];
  ui.saved.textContent = [state.portal
    ? t("Downloaded a %(width)s × %(height)s px JPEG of %(size)s (quality %(quality)s) for %(portal)s.", said)
    : t("Downloaded a %(width)s × %(height)s px JPEG of %(size)s (quality %(quality)s).", said), problem].filter(Boolean).join(" ");
});

ui.sheet.addEventListener("click", async () => {
  if (!state.image) return;
  await ready();
  const sheet = state.sheets.find((s) => s.id === ui.sheetKind.value);
  const spec = state.spec;
  const country = countryNames[spec.country] ?? state.documents.find((d) => d.id === spec.id)?.countryName ?? spec.country;
  const caption = t("%(country)s: %(document)s, %(width)s × %(height)s mm. Cut along the marks.", { country, document: spec.name, width: num(spec.widthMm), height: num(spec.heightMm) });
  const drawn = drawSheet(sheet, spec, caption, frameCanvas);
  if (!drawn) { ui.saved.textContent = t("The photo does not fit on %(paper)s.", { paper: sheet.name }); return; }
  const { canvas, layout } = drawn;
  const file = await jpeg(canvas, 0.92, sheet.dpi);
  if (ui.sheetFormat.value === "pdf") {
    const mm = (px) => (px / sheet.dpi) * MM_PER_INCH;
    const pdf = jpegPdf(new Uint8Array(await file.arrayBuffer()), layout.width, layout.height, mm(layout.width), mm(layout.height));
    save(new Blob([pdf], { type: "application/pdf" }), `${spec.id}-${sheet.id}.pdf`);
  } else {
    save(file, `${spec.id}-${sheet.id}.jpg`);
  }
  ui.saved.textContent = t("Downloaded a %(paper)s sheet with %(copies)s copies at %(dpi)s dpi: print it at 100%% and check the 50 mm bar.", { paper: sheet.name, copies: layout.copies, dpi: sheet.dpi });
});

// --- inputs ----------------------------------------------------------------------------------

ui.country.addEventListener("change", () => { fillDocuments(); chooseDocument(); });
ui.document.addEventListener("change", chooseDocument);
ui.portal.addEventListener("change", () => {
  state.portal = state.portals.find((p) => p.id === ui.portal.value) ?? null;
  describe(state.spec);
  frameAsThePortalAsks();
  changed();
});
ui.framing.addEventListener("change", () => { explainFraming(); check(); });
ui.file.addEventListener("change", () => ui.file.files[0] && openFile(ui.file.files[0]));
ui.drop.addEventListener("dragover", (event) => { event.preventDefault(); ui.drop.classList.add("dragging"); });
ui.drop.addEventListener("dragleave", () => ui.drop.classList.remove("dragging"));
ui.drop.addEventListener("drop", (event) => {
  event.preventDefault();
  ui.drop.classList.remove("dragging");
  const [file] = event.dataTransfer.files;
  if (file) openFile(file);
});
if (navigator.mediaDevices?.getUserMedia) {
  ui.camera.hidden = false;
  ui.camera.addEventListener("click", async () => {
    try {
      ui.video.srcObject = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user" } });
      ui.video.hidden = false;
      ui.snap.hidden = false;
      await ui.video.play();
    } catch { say(t("The camera is not available: load a photo from a file instead."), "problem"); }
  });
  ui.snap.addEventListener("click", async () => {
    const canvas = new OffscreenCanvas(ui.video.videoWidth, ui.video.videoHeight);
    canvas.getContext("2d").drawImage(ui.video, 0, 0);
    ui.video.srcObject.getTracks().forEach((track) => track.stop());
    ui.video.hidden = true;
    ui.snap.hidden = true;
    await openFile(await canvas.convertToBlob({ type: "image/png" }));
  });
}

start().catch((error) => say(t("The specifications could not be loaded (%(reason)s). Reload the page to try again.", { reason: error.message }), "problem"));
