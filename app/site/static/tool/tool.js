// The photo tool: choose a document, load a photo, line it up under the document's guides,
// check it, and download the digital file and a print sheet. Everything happens on canvases in
// this page; the photo is never sent anywhere (the page's CSP allows connections to this site
// only, and the only requests made are for the specifications).
import { backgroundVerdict, coverTransform, coversFrame, faceTransform, fitQuality, headGuides, outputSize, sheetLayout } from "./geometry.js";
import { jpegPdf } from "./pdf.js";

const $ = (selector) => document.querySelector(selector);
const ui = {
  country: $("#tool-country"), document: $("#tool-document"), portal: $("#tool-portal"), portalRow: $("#tool-portal-row"),
  facts: $("#tool-facts"), file: $("#tool-file"), drop: $("#tool-drop"), camera: $("#tool-camera"), video: $("#tool-video"),
  snap: $("#tool-snap"), canvas: $("#tool-canvas"), zoom: $("#tool-zoom"), rotate: $("#tool-rotate"),
  checks: $("#tool-checks"), download: $("#tool-download"), sheet: $("#tool-sheet"), sheetKind: $("#tool-sheet-kind"),
  sheetFormat: $("#tool-sheet-format"), status: $("#tool-status"), editor: $("#tool-editor"), hint: $("#tool-hint"),
};
const state = { documents: [], spec: null, portals: [], portal: null, sheets: [], image: null, transform: null };
const json = async (path) => {
  const response = await fetch(path, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
};
const say = (text) => { ui.status.textContent = text; };

function option(value, text) {
  const element = document.createElement("option");
  element.value = value;
  element.textContent = text;
  return element;
}

async function start() {
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
  const [index, sheets] = await Promise.all([json("/api/documents"), json("/api/print-sheets")]);
  state.documents = index.documents;
  state.sheets = sheets.sheets;
  ui.sheetKind.replaceChildren(...state.sheets.map((s) => option(s.id, s.name)));
  const countries = [...new Map(state.documents.map((d) => [d.country, d])).values()];
  ui.country.replaceChildren(option("", "Choose a country"), ...countries.map((d) => option(d.country, `${d.countryName}`)));
  const query = new URLSearchParams(location.search);
  const wanted = state.documents.find((d) => d.id === query.get("document"));
  const country = wanted?.country ?? (countries.some((d) => d.country === query.get("country")) ? query.get("country") : "");
  ui.country.value = country;
  fillDocuments(wanted?.id);
  if (ui.document.value) await chooseDocument();
}

function fillDocuments(selected) {
  const docs = state.documents.filter((d) => d.country === ui.country.value);
  ui.document.replaceChildren(...(docs.length ? docs.map((d) => option(d.id, d.name)) : [option("", "Choose a country first")]));
  ui.document.disabled = !docs.length;
  if (selected) ui.document.value = selected;
}

async function chooseDocument() {
  const id = ui.document.value;
  if (!id) return;
  const spec = await json(`/api/documents/${encodeURIComponent(id)}`);
  state.spec = spec;
  state.portals = await Promise.all((spec.portals ?? []).map((p) => json(`/api/portals/${encodeURIComponent(p)}`)));
  ui.portal.replaceChildren(option("", "No portal: the document's own size"), ...state.portals.map((p) => option(p.id, p.name)));
  ui.portalRow.hidden = !state.portals.length;
  if (state.portals.length) ui.portal.value = state.portals[0].id;
  state.portal = state.portals[0] ?? null;
  history.replaceState(null, "", `?country=${encodeURIComponent(spec.country)}&document=${encodeURIComponent(spec.id)}`);
  describe(spec);
  resetPlacement();
}

function describe(spec) {
  const rows = [];
  const add = (term, text) => rows.push([term, text]);
  if (spec.sizeBasis === "common-format") {
    add("Photo", "The office takes this photo when you apply. The authority publishes no size: the one below is the common portrait format, for a photo of your own only.");
  } else if (spec.sizeBasis === "secondary") {
    add("Size basis", "The authority states no size: the one below is what secondary sources report. Confirm it with the authority before you print.");
  }
  if (spec.widthMm) {
    add("Size", `${spec.widthMm} × ${spec.heightMm} mm, ${spec.widthPx} × ${spec.heightPx} px at ${spec.dpi} dpi`);
    add("Background", `${spec.bgColorLabel} (${spec.bgColor})`);
  } else if (spec.sizeBasis === "unpublished") {
    add("Size", "The authority asks for a photo of your own but publishes no size: ask the office or mission which size it accepts, then choose a document of that size here.");
  } else {
    add("Photo", "The office takes this photo when you apply: there is nothing to make here.");
  }
  if (spec.headHeightMm) {
    const basis = spec.headHeightBasis === "icao-default" ? " (ICAO default: the authority publishes no figure)" : "";
    add("Head, chin to crown", `${spec.headHeightMm.min}–${spec.headHeightMm.max} mm${basis}`);
  }
  if (spec.eyeLineMm) {
    const basis = spec.eyeLineBasis === "icao-default" ? " (ICAO default)" : "";
    add("Eyes above the bottom edge", `${spec.eyeLineMm.min}–${spec.eyeLineMm.max} mm${basis}`);
  }
  if (state.portal) add("Portal limits", portalText(state.portal));
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

const bytes = (count) => `${count.toLocaleString("en")} bytes`;

function portalText(portal) {
  const parts = [portal.formats.join(", ").toUpperCase()];
  // The figure as the authority writes it, with the byte value the tool aims for.
  if (portal.maxBytes) parts.push(`at most ${portal.maxSizeStated ? `${portal.maxSizeStated} (${bytes(portal.maxBytes)})` : bytes(portal.maxBytes)}`);
  if (portal.minBytes) parts.push(`at least ${portal.minSizeStated ? `${portal.minSizeStated} (${bytes(portal.minBytes)})` : bytes(portal.minBytes)}`);
  if (portal.minPx) parts.push(`from ${portal.minPx.width} × ${portal.minPx.height} px`);
  if (portal.maxPx) parts.push(`up to ${portal.maxPx.width} × ${portal.maxPx.height} px`);
  return parts.join(", ");
}

function frame() {
  return outputSize(state.spec, state.portal);
}

// --- loading a photo -------------------------------------------------------------------------

async function loadBlob(blob) {
  const url = URL.createObjectURL(blob);
  const image = new Image();
  image.src = url;
  await image.decode();
  state.image = image;
  await resetPlacement();
  say(`Photo loaded: ${image.naturalWidth} × ${image.naturalHeight} px. It stays on this device.`);
}

async function resetPlacement() {
  if (!state.image || !state.spec?.widthMm) { draw(); return; }
  const size = frame();
  const image = { width: state.image.naturalWidth, height: state.image.naturalHeight };
  state.transform = coverTransform(size, image);
  const guides = headGuides(state.spec);
  if (guides && "FaceDetector" in window) {
    try {
      const [face] = await new window.FaceDetector({ fastMode: true, maxDetectedFaces: 1 }).detect(state.image);
      if (face) {
        const box = face.boundingBox;
        state.transform = faceTransform({ x: box.x, y: box.y, width: box.width, height: box.height, imageWidth: image.width, imageHeight: image.height }, size, state.spec, guides);
        ui.hint.textContent = "Placed from the detected face: check the chin and the top of the head against the guides.";
      }
    } catch { /* no detector on this device: the centred start and the instructions remain */ }
  }
  ui.zoom.value = "100";
  ui.rotate.value = "0";
  state.baseScale = state.transform.scale;
  draw();
}

// --- drawing ----------------------------------------------------------------------------------

function render(context, size, withGuides) {
  context.fillStyle = state.spec.bgColor ?? "#ffffff";
  context.fillRect(0, 0, size.width, size.height);
  if (state.image) {
    const { x, y, scale, angle } = state.transform;
    context.save();
    context.translate(x, y);
    context.rotate((angle * Math.PI) / 180);
    context.scale(scale, scale);
    context.imageSmoothingQuality = "high";
    context.drawImage(state.image, -state.image.naturalWidth / 2, -state.image.naturalHeight / 2);
    context.restore();
  }
  if (withGuides) drawGuides(context, size);
}

function drawGuides(context, size) {
  const guides = headGuides(state.spec);
  if (!guides) return;
  const pxPerMm = size.height / state.spec.heightMm;
  const band = (range, colour, label) => {
    context.fillStyle = colour;
    context.fillRect(0, range.top * pxPerMm, size.width, (range.bottom - range.top) * pxPerMm);
    // Dark text on a light halo, readable over any photo.
    context.font = `600 ${Math.round(size.height / 28)}px sans-serif`;
    context.lineWidth = Math.max(2, size.height / 150);
    context.strokeStyle = "rgba(255, 255, 255, 0.9)";
    context.textBaseline = "top";  // inside the band, so the top band's label is never cut off
    context.strokeText(label, 6, range.top * pxPerMm + 2);
    context.fillStyle = "#111";
    context.fillText(label, 6, range.top * pxPerMm + 2);
  };
  band(guides.crown, "rgba(29, 78, 137, 0.28)", "top of head");
  band(guides.chin, "rgba(29, 78, 137, 0.28)", "chin");
  if (guides.eyes) band(guides.eyes, "rgba(232, 163, 61, 0.28)", "eyes");
  context.strokeStyle = "rgba(0,0,0,0.35)";
  context.beginPath();
  context.moveTo(size.width / 2, 0);
  context.lineTo(size.width / 2, size.height);
  context.stroke();
}

function draw() {
  if (!state.spec?.widthMm) return;
  const size = frame();
  const canvas = ui.canvas;
  const display = Math.min(1, 420 / size.height);
  canvas.width = Math.round(size.width * display);
  canvas.height = Math.round(size.height * display);
  const context = canvas.getContext("2d");
  context.setTransform(display, 0, 0, display, 0, 0);
  render(context, size, true);
  context.setTransform(1, 0, 0, 1, 0, 0);
  check();
}

// --- moving, zooming, rotating ---------------------------------------------------------------

const pointers = new Map();
function displayScale() { return ui.canvas.width / frame().width; }
function move(dx, dy) { state.transform.x += dx; state.transform.y += dy; draw(); }
function zoomTo(percent) {
  state.transform.scale = state.baseScale * (percent / 100);
  ui.zoom.value = String(Math.round(percent));
  draw();
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
    if (before > 0) zoomTo(Number(ui.zoom.value) * (after / before));
  } else {
    move((event.clientX - previous.clientX) / displayScale(), (event.clientY - previous.clientY) / displayScale());
  }
  pointers.set(event.pointerId, event);
});
ui.canvas.addEventListener("wheel", (event) => {
  if (!state.image) return;
  event.preventDefault();
  zoomTo(Math.min(400, Math.max(20, Number(ui.zoom.value) * (event.deltaY < 0 ? 1.05 : 1 / 1.05))));
}, { passive: false });
ui.canvas.addEventListener("keydown", (event) => {
  if (!state.image) return;
  const step = event.shiftKey ? 10 : 2;
  const actions = {
    ArrowLeft: () => move(-step, 0), ArrowRight: () => move(step, 0), ArrowUp: () => move(0, -step), ArrowDown: () => move(0, step),
    "+": () => zoomTo(Number(ui.zoom.value) + 2), "=": () => zoomTo(Number(ui.zoom.value) + 2), "-": () => zoomTo(Number(ui.zoom.value) - 2),
    "[": () => { ui.rotate.value = String(Number(ui.rotate.value) - 0.5); rotate(); },
    "]": () => { ui.rotate.value = String(Number(ui.rotate.value) + 0.5); rotate(); },
  };
  if (actions[event.key]) { event.preventDefault(); actions[event.key](); }
});
ui.zoom.addEventListener("input", () => state.image && zoomTo(Number(ui.zoom.value)));
function rotate() { if (state.image) { state.transform.angle = Number(ui.rotate.value); draw(); } }
ui.rotate.addEventListener("input", rotate);

// --- checks ----------------------------------------------------------------------------------

function check() {
  const items = [];
  if (!state.image) {
    items.push(["todo", "Load a photo to begin."]);
  } else {
    const size = frame();
    const image = { width: state.image.naturalWidth, height: state.image.naturalHeight };
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext("2d", { willReadFrequently: true });
    render(context, size, false);
    const samples = [];
    const strip = Math.max(2, Math.round(size.width * 0.04));
    for (let i = 0; i < 24; i += 1) {
      const y = Math.round((size.height * 0.45 * i) / 24);
      for (const x of [1, size.width - strip]) {
        const pixel = context.getImageData(x, y, 1, 1).data;
        samples.push([pixel[0], pixel[1], pixel[2]]);
      }
      const top = context.getImageData(Math.round((size.width * i) / 24), 1, 1, 1).data;
      samples.push([top[0], top[1], top[2]]);
    }
    const background = backgroundVerdict(samples, state.spec.bgColor);
    items.push(background.close && background.even
      ? ["ok", `The background along the edges is close to ${state.spec.bgColorLabel.toLowerCase()} and even.`]
      : ["warn", background.close ? "The background is the right colour but uneven: look for shadows or objects behind you."
        : `The background along the edges is not ${state.spec.bgColorLabel.toLowerCase()} enough: stand in front of a plain ${state.spec.bgColorLabel.toLowerCase()} wall.`]);
    const enlargement = state.transform.scale;
    items.push(enlargement <= 1.0001
      ? ["ok", `The photo has enough pixels for ${size.width} × ${size.height} px.`]
      : ["warn", `The photo is enlarged ${enlargement.toFixed(1)} times to fill the frame: it may print blurred. Use a photo taken closer or at a higher resolution.`]);
    items.push(coversFrame(state.transform, size, image)
      ? ["ok", "The photo fills the whole frame."]
      : ["warn", "Part of the frame is empty: zoom in or move the photo."]);
    items.push(headGuides(state.spec)
      ? ["todo", "Line up the top of your head (hair included) inside the top band and your chin inside the chin band; the tool cannot see your face for you."]
      : ["todo", "The authority publishes no head size: keep the head centred and filling most of the frame."]);
  }
  ui.checks.replaceChildren(...items.map(([kind, text]) => {
    const li = document.createElement("li");
    li.className = `check-${kind}`;
    li.textContent = `${{ ok: "✓", warn: "!", todo: "→" }[kind]} ${text}`;
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

function photoCanvas(size) {
  const canvas = new OffscreenCanvas(size.width, size.height);
  render(canvas.getContext("2d"), size, false);
  return canvas;
}

ui.download.addEventListener("click", async () => {
  if (!state.image) { say("Load a photo first."); return; }
  const size = frame();
  const canvas = photoCanvas(size);
  const limits = { minBytes: state.portal?.minBytes ?? 0, maxBytes: state.portal?.maxBytes ?? Infinity };
  const result = await fitQuality((quality) => canvas.convertToBlob({ type: "image/jpeg", quality }), limits);
  save(result.blob, `${state.spec.id}-${size.width}x${size.height}.jpg`);
  const where = state.portal ? ` for ${state.portal.name}` : "";
  const problem = { "too-large": " It is still larger than the portal allows.", "too-small": " It is smaller than the portal's minimum file size." }[result.problem] ?? "";
  say(`Downloaded a ${size.width} × ${size.height} px JPEG of ${result.blob.size} bytes (quality ${Math.round(result.quality * 100)})${where}.${problem}`);
});

ui.sheet.addEventListener("click", async () => {
  if (!state.image) { say("Load a photo first."); return; }
  const sheet = state.sheets.find((s) => s.id === ui.sheetKind.value);
  const layout = sheetLayout(sheet, { width: state.spec.widthMm, height: state.spec.heightMm });
  if (!layout.copies) { say(`The photo does not fit on ${sheet.name}.`); return; }
  const canvas = new OffscreenCanvas(layout.width, layout.height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, layout.width, layout.height);
  const photo = photoCanvas(layout.photo);
  const mark = Math.round(sheet.dpi / 25.4 * 2); // 2 mm cut marks
  context.strokeStyle = "#000";
  context.lineWidth = Math.max(1, Math.round(sheet.dpi / 300));
  for (const at of layout.positions) {
    context.drawImage(photo, at.x, at.y);
    for (const [x, y] of [[at.x, at.y], [at.x + layout.photo.width, at.y], [at.x, at.y + layout.photo.height], [at.x + layout.photo.width, at.y + layout.photo.height]]) {
      context.beginPath();
      context.moveTo(x - mark, y); context.lineTo(x - 2, y); context.moveTo(x + 2, y); context.lineTo(x + mark, y);
      context.moveTo(x, y - mark); context.lineTo(x, y - 2); context.moveTo(x, y + 2); context.lineTo(x, y + mark);
      context.stroke();
    }
  }
  context.fillStyle = "#000";
  context.font = `${Math.round(sheet.dpi / 10)}px sans-serif`;
  context.fillText(`${state.spec.name} (${state.spec.country}) · ${state.spec.widthMm} × ${state.spec.heightMm} mm · ${layout.copies} copies · print at 100%, cut along the marks`, Math.round(sheet.dpi / 5), layout.captionY);
  const jpeg = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.92 });
  if (ui.sheetFormat.value === "pdf") {
    const bytes = new Uint8Array(await jpeg.arrayBuffer());
    const mm = (px) => (px / sheet.dpi) * 25.4;
    save(new Blob([jpegPdf(bytes, layout.width, layout.height, mm(layout.width), mm(layout.height))], { type: "application/pdf" }), `${state.spec.id}-${sheet.id}.pdf`);
  } else {
    save(jpeg, `${state.spec.id}-${sheet.id}.jpg`);
  }
  say(`Downloaded a ${sheet.name} sheet with ${layout.copies} copies.`);
});

// --- inputs ----------------------------------------------------------------------------------

ui.country.addEventListener("change", () => { fillDocuments(); chooseDocument(); });
ui.document.addEventListener("change", chooseDocument);
ui.portal.addEventListener("change", () => {
  state.portal = state.portals.find((p) => p.id === ui.portal.value) ?? null;
  describe(state.spec);
  draw();
});
ui.file.addEventListener("change", () => ui.file.files[0] && loadBlob(ui.file.files[0]));
ui.drop.addEventListener("dragover", (event) => { event.preventDefault(); ui.drop.classList.add("dragging"); });
ui.drop.addEventListener("dragleave", () => ui.drop.classList.remove("dragging"));
ui.drop.addEventListener("drop", (event) => {
  event.preventDefault();
  ui.drop.classList.remove("dragging");
  const file = [...event.dataTransfer.files].find((f) => f.type.startsWith("image/"));
  if (file) loadBlob(file);
});
if (navigator.mediaDevices?.getUserMedia) {
  ui.camera.hidden = false;
  ui.camera.addEventListener("click", async () => {
    try {
      ui.video.srcObject = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "user" } });
      ui.video.hidden = false;
      ui.snap.hidden = false;
      await ui.video.play();
    } catch { say("The camera is not available: load a photo from a file instead."); }
  });
  ui.snap.addEventListener("click", async () => {
    const canvas = new OffscreenCanvas(ui.video.videoWidth, ui.video.videoHeight);
    canvas.getContext("2d").drawImage(ui.video, 0, 0);
    ui.video.srcObject.getTracks().forEach((track) => track.stop());
    ui.video.hidden = true;
    ui.snap.hidden = true;
    await loadBlob(await canvas.convertToBlob({ type: "image/png" }));
  });
}

start().catch((error) => say(`The specifications could not be loaded (${error.message}). Reload the page to try again.`));
