// The photo tool's page: choose a document, load a photo, and the tool finds the face and places
// it as the document asks; the person adjusts if they like, reads the check, and downloads the
// digital file and a print sheet. This module only wires the page to the modules that do the
// work (state.js, loading.js, models.js, render.js, analysis.js, measures.js, checks.js,
// downloads.js); it reads the page in start(), never on import. Everything happens on canvases in
// this page; the photo is never sent anywhere (the page's CSP allows connections to this site
// only, and the only requests made are for the specifications and the tool's own files).
import { analyse } from "./analysis.js";
import { assess, basisNote, cutText } from "./checks.js";
import { bytes, documentPhoto, printSheet, uncroppedPhoto } from "./downloads.js";
import { cutEdges } from "./face.js";
import { coverPlacement, frameMm, measure, placeFace, turnAbout, zoomAbout, zoomLimits } from "./geometry.js";
import { readPhoto } from "./loading.js";
import { measuresOf, headInFrame } from "./measures.js";
import { findFace, loadModels } from "./models.js";
import { drawGuides, render } from "./render.js";
import { clearPhoto, createState, frameOf, imageSize } from "./state.js";
import { url } from "../routes.js";
import { countryNames, data, num, t } from "../messages.js";

const IDS = {
  country: "tool-country", document: "tool-document", portal: "tool-portal", portalRow: "tool-portal-row",
  facts: "tool-facts", file: "tool-file", drop: "tool-drop", camera: "tool-camera", video: "tool-video",
  snap: "tool-snap", canvas: "tool-canvas", zoom: "tool-zoom", rotate: "tool-rotate", reset: "tool-reset",
  readout: "tool-readout", checks: "tool-checks", download: "tool-download", sheet: "tool-sheet",
  sheetKind: "tool-sheet-kind", sheetFormat: "tool-sheet-format", status: "tool-status", saved: "tool-saved",
  editor: "tool-editor", hint: "tool-hint", replace: "tool-replace", replaceNote: "tool-replace-note",
  framing: "tool-framing", framingNote: "tool-framing-note",
};
let ui = null; // the page's elements, found by start()
const state = createState();

const json = async (path) => {
  const response = await fetch(path, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
};
const say = (text, kind = "info") => { ui.status.textContent = text; ui.status.dataset.kind = kind; };
let coarse = false;

// The page's entry: find its elements, wire them, and load the documents.
export function start(root = document) {
  ui = Object.fromEntries(Object.entries(IDS).map(([key, id]) => [key, root.getElementById(id)]));
  coarse = matchMedia("(pointer: coarse)").matches;
  return load().catch((error) => say(t("The specifications could not be loaded (%(reason)s). Reload the page to try again.", { reason: error.message }), "problem"));
}

function option(value, text) {
  const element = document.createElement("option");
  element.value = value;
  element.textContent = text;
  return element;
}

async function load() {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register(url("page", "sw.js")).catch(() => {});
  ui.hint.textContent = coarse
    ? t("Drag the photo with a finger to move it; pinch to zoom. The sliders zoom and turn it about the middle of the frame.")
    : t("Drag the photo to move it (or focus it and use the arrow keys); zoom with the wheel, the slider or + and −; turn it with the slider or [ and ].");
  enableDownloads();
  wire();
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
  ui.document.replaceChildren(...(docs.length ? docs.map((d) => option(d.id, data(d.name))) : [option("", t("Choose a country first"))]));
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
    add(t("Background"), `${data(spec.bgColorLabel)} (${spec.bgColor})`);
  } else if (spec.sizeBasis === "unpublished") {
    add(t("Size"), t("The authority asks for a photo of your own but publishes no size: ask the office or mission which size it accepts, then choose a document of that size here."));
  } else {
    add(t("Photo"), t("The office takes this photo when you apply: there is nothing to make here."));
  }
  if (spec.headHeightMm) add(t("Head, chin to crown"), `${num(spec.headHeightMm.min)}–${num(spec.headHeightMm.max)} ${t("mm")}${basisNote(spec.headHeightBasis)}`);
  else if (spec.widthMm) add(t("Head, chin to crown"), t("Neither the authority nor a rule of this print format gives a head height: line the head up by eye."));
  if (spec.eyeLineMm) add(t("Eyes above the bottom edge"), `${num(spec.eyeLineMm.min)}–${num(spec.eyeLineMm.max)} ${t("mm")}${basisNote(spec.eyeLineBasis)}`);
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
  const forbidden = {
    "no-alteration": () => t("Not offered for this document: the authority accepts no retouching or alteration, background removal included."),
    "camera-original": () => t("Not offered for this document: the file must come straight from the camera, background removal included."),
  }[spec.editing];
  ui.replace.checked = false;
  ui.replace.disabled = Boolean(forbidden);
  ui.replaceNote.textContent = forbidden
    ? forbidden()
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

const image = () => imageSize(state);
const pivot = () => ({ x: 0, y: state.spec.heightMm / 2 });
const uncropped = () => ui.framing.value === "uncropped";
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
  const read = await readPhoto(file);
  if (token !== state.token) return;
  if (read.problem) { say(read.problem, "problem"); return; }
  const bitmap = read.bitmap;
  show(bitmap);
  say(t("Photo loaded: %(width)s × %(height)s px. It stays on this device. Finding the face…", bitmap));
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
  state.persons = found.persons;
  state.face = found.face;
  place();
  performance.mark("placed");
  const cut = found.face ? cutEdges(found.face, image()) : [];
  if (!found.face) {
    say(t("No face found in this %(width)s × %(height)s px photo. Use a photo where your whole face is visible, looking at the camera, with nobody else in it; or line this one up by hand.", bitmap), "problem");
  } else if (found.count > 1) {
    say(t("Two faces found: the photo must show you alone. The bigger face is placed; crop the other person out or take a new photo."), "problem");
  } else if (cut.length) {
    say(`${t("One face found, but not whole.")} ${cutText(cut)}`, "problem");
  } else {
    say(t("Photo loaded: %(width)s × %(height)s px, and placed as the document asks. It stays on this device. Check the numbers below; drag, zoom or turn it if you like.", bitmap));
  }
}

function show(bitmap) {
  clearPhoto(state, bitmap);
  enableDownloads();
  place();
}

// The automatic placement, or the centred photo when no face is known.
function place() {
  if (!state.image || !state.spec?.widthMm) { draw(); return; }
  state.placed = state.face ? placeFace(state.face, state.spec.guides, image()) : coverPlacement(frameMm(state.spec, frameOf(state)), image());
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

// The person mask of the document frame, when the background is to be replaced.
const replacing = () => (ui.replace.checked ? state.mask : null);

function draw() {
  if (!state.spec?.widthMm) return;
  const size = frameOf(state);
  const canvas = ui.canvas;
  // The canvas is as sharp as the screen: its pixels are the displayed size times the density.
  const cssHeight = Math.min(440, (canvas.parentElement.clientWidth || 440) * (size.height / size.width));
  const ratio = window.devicePixelRatio || 1;
  canvas.style.width = `${Math.round((cssHeight * size.width) / size.height)}px`;
  canvas.width = Math.round(((cssHeight * size.width) / size.height) * ratio);
  canvas.height = Math.round(cssHeight * ratio);
  const view = { width: canvas.width, height: canvas.height };
  const context = canvas.getContext("2d");
  render(context, view, { image: state.image, spec: state.spec, transform: state.transform, mask: replacing() });
  if (state.image) drawGuides(context, view, { spec: state.spec, face: state.face, transform: state.transform, image: image() });
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
  const parts = [t("Head %(size)s mm%(range)s", { size: num(m.headMm), range: of(spec.headHeightMm) }),
    t("eyes %(size)s mm above the bottom%(range)s", { size: num(m.eyeLineMm), range: of(spec.eyeLineMm) }),
    t("top %(size)s mm%(range)s", { size: num(m.topMarginMm), range: of(spec.topMarginMm) })];
  ui.readout.textContent = parts.join(" · ");
}

// After any change to the placement: redraw now, and measure the frame's pixels once it settles.
let settle = null;
function changed() {
  state.mask = null;
  state.analysis = null;
  draw();
  clearTimeout(settle);
  if (state.image) settle = setTimeout(() => { state.analysing = measurePixels(); }, 150);
}

async function measurePixels() {
  const transform = state.transform;
  const result = await analyse({ image: state.image, spec: state.spec, transform, size: frameOf(state), face: state.face, models: state.models });
  if (transform !== state.transform) return;
  state.analysis = result.analysis;
  state.mask = result.mask;
  if (ui.replace.checked) draw(); else check();
}

// --- moving, zooming, rotating ---------------------------------------------------------------

function mmPerCssPx() { return frameMm(state.spec, frameOf(state)).width / ui.canvas.getBoundingClientRect().width; }
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

function wireEditor() {
  const pointers = new Map();
  const canvas = ui.canvas;
  canvas.addEventListener("pointerdown", (event) => { canvas.setPointerCapture(event.pointerId); pointers.set(event.pointerId, event); });
  canvas.addEventListener("pointerup", (event) => pointers.delete(event.pointerId));
  canvas.addEventListener("pointercancel", (event) => pointers.delete(event.pointerId));
  canvas.addEventListener("pointermove", (event) => {
    const previous = pointers.get(event.pointerId);
    if (!previous || !state.image) return;
    if (pointers.size === 2) { // pinch: the change in distance between the two pointers zooms
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
  canvas.addEventListener("wheel", (event) => {
    if (!state.image) return;
    event.preventDefault();
    zoomTo(state.zoomed * 100 * (event.deltaY < 0 ? 1.02 : 1 / 1.02));
  }, { passive: false });
  canvas.addEventListener("keydown", (event) => {
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
}

// --- checks ----------------------------------------------------------------------------------

function check() {
  let lines;
  if (!state.image) {
    lines = [{ level: "todo", text: t("Load a photo to begin.") }];
  } else {
    lines = assess(state.spec, measuresOf({
      spec: state.spec, portal: state.portal, image: image(), size: frameOf(state), transform: state.transform,
      face: state.face, faces: state.faces, persons: state.persons, analysis: state.analysis,
      uncropped: uncropped(), canReplace: !ui.replace.disabled,
    }));
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

function save({ blob, name, message }) {
  if (blob) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
  }
  ui.saved.textContent = message;
}

// The person mask the background replacement needs, for the placement as it is now.
async function ready() {
  clearTimeout(settle);
  await state.analysing;
  if (!state.analysis) await (state.analysing = measurePixels());
}

function session() {
  return {
    spec: state.spec, portal: state.portal, image: state.image, transform: state.transform, models: state.models,
    mask: replacing(), replace: ui.replace.checked,
    head: headInFrame({ spec: state.spec, face: state.face, transform: state.transform, image: image() }),
    countryName: state.documents.find((d) => d.id === state.spec.id)?.countryName ?? state.spec.country,
  };
}

function wireDownloads() {
  ui.download.addEventListener("click", async () => {
    if (!state.image) return;
    await ready();
    save(await (uncropped() ? uncroppedPhoto(session()) : documentPhoto(session())));
  });
  ui.sheet.addEventListener("click", async () => {
    if (!state.image) return;
    await ready();
    save(await printSheet(session(), state.sheets.find((s) => s.id === ui.sheetKind.value), ui.sheetFormat.value));
  });
}

// --- inputs ----------------------------------------------------------------------------------

function wire() {
  wireEditor();
  wireDownloads();
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
  if (navigator.mediaDevices?.getUserMedia) wireCamera();
}

function wireCamera() {
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
