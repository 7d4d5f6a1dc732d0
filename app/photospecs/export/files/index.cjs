"use strict";
// photospecs-data: the photospecs dataset, and checkPhoto. The rules below are the same as the
// Python reference (photospecs/photocheck.py), rule for rule and word for word: one table of
// cases in the photospecs repository drives both.

const data = require("./photospecs-data.json");

const MM_PER_INCH = 25.4;
const BACKGROUND_TOLERANCE = 60;
const ASPECT_TOLERANCE = 0.01;
const FORMAT_ALIASES = { jpg: "jpeg", jpe: "jpeg", jfif: "jpeg", tif: "tiff", jpeg2000: "jp2" };
const COLOUR = /^#[0-9a-fA-F]{6}$/;

const byDocument = new Map(data.documents.map((document) => [document.id, document]));
const byPortal = new Map(data.portals.map((portal) => [portal.id, portal]));

function getDocument(id) {
  return byDocument.get(id);
}

function getPortal(id) {
  return byPortal.get(id);
}

function resolve(value, lookup, kind) {
  if (typeof value !== "string") return value;
  const found = lookup(value);
  if (found === undefined) throw new RangeError(`unknown ${kind} ${value}`);
  return found;
}

function checkPhoto(input) {
  const given = input ?? {};
  const document = given.document === undefined || given.document === null ? undefined : resolve(given.document, getDocument, "document");
  const portal = given.portal === undefined || given.portal === null ? undefined : resolve(given.portal, getPortal, "portal");
  return check(document, portal, given);
}

function check(document, portal, m) {
  if (document === undefined || typeof document !== "object" || typeof document.id !== "string") throw new RangeError("a document is required");
  if (portal !== undefined && !(portal.documents ?? []).includes(document.id)) {
    throw new RangeError(`portal ${portal.id} does not take document ${document.id}`);
  }
  const numbers = [
    [m.widthPx, "width"], [m.heightPx, "height"], [m.bytes, "file size"], [m.headPx, "head height"],
    [m.headMm, "head height"], [m.eyePx, "eye line"], [m.eyeMm, "eye line"],
  ];
  for (const [value, what] of numbers) {
    if (value !== undefined && value !== null && !positive(value)) throw new RangeError(`the ${what} must be a positive number`);
  }
  if (has(m.headPx) && has(m.headMm)) throw new RangeError("the head height is given twice, in px and in mm: give one");
  if (has(m.eyePx) && has(m.eyeMm)) throw new RangeError("the eye line is given twice, in px and in mm: give one");
  if (has(m.background) && (typeof m.background !== "string" || !COLOUR.test(m.background))) {
    throw new RangeError("the background must be a colour written #rrggbb");
  }
  if (has(m.format) && (typeof m.format !== "string" || !m.format.trim())) throw new RangeError("the format must be a file type such as jpeg");
  // null and absent alike mean "not measured", as None does in Python.
  const or = (value) => (has(value) ? value : undefined);

  const rules = [
    ...pixels(document, portal, or(m.widthPx), or(m.heightPx)),
    ...aspect(document, portal, or(m.widthPx), or(m.heightPx)),
    ...(portal !== undefined ? file(portal, or(m.bytes), or(m.format)) : []),
    ...(portal === undefined || !portal.uncropped ? geometry(document, or(m.heightPx), or(m.headPx), or(m.headMm), or(m.eyePx), or(m.eyeMm)) : []),
    ...backgroundRule(document, or(m.background)),
  ];
  const statuses = new Set(rules.map((rule) => rule.status));
  const verdict = statuses.has("fail") ? "fail" : statuses.has("unchecked") || rules.length === 0 ? "incomplete" : "pass";
  return { verdict, rules };
}

function positive(value) {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}

function pixels(document, portal, width, height) {
  let low;
  let high;
  let source = "";
  if (portal !== undefined && (portal.minPx || portal.maxPx)) {
    low = portal.minPx;
    high = portal.maxPx;
    source = "the portal";
  } else if (document.digitalPx) {
    low = document.digitalPx;
    source = "the authority's digital size";
    high = document.digitalPx.rule === "exact" ? document.digitalPx : undefined;
  } else if (document.dpiStated && document.widthPx && document.heightPx) {
    low = { width: document.widthPx, height: document.heightPx };
    source = `the print at ${document.dpi} dpi`;
  }
  if (!low && !high) return [];
  return [["width", width, "Width"], ["height", height, "Height"]].map(([key, value, label]) => {
    const limit = {};
    if (low) limit.min = low[key];
    if (high) limit.max = high[key];
    return range(`${key}-px`, label, value, limit, "px", source);
  });
}

function aspect(document, portal, width, height) {
  let ratio;
  let source = "";
  if (portal !== undefined && portal.aspectRatio) {
    const [across, down] = String(portal.aspectRatio).split(":").map(Number);
    ratio = across / down;
    source = `the portal's ${portal.aspectRatio}`;
  } else if (portal !== undefined && portal.uncropped) {
    return [];
  } else if (document.digitalPx) {
    ratio = document.digitalPx.width / document.digitalPx.height;
    source = `${document.digitalPx.width} x ${document.digitalPx.height} px`;
  } else if (document.widthMm && document.heightMm) {
    ratio = document.widthMm / document.heightMm;
    source = `${number(document.widthMm)} x ${number(document.heightMm)} mm`;
  }
  if (ratio === undefined) return [];
  const value = width !== undefined && height !== undefined ? width / height : undefined;
  const limit = { min: ratio * (1 - ASPECT_TOLERANCE), max: ratio * (1 + ASPECT_TOLERANCE) };
  return [range("aspect-ratio", "Width to height", value, limit, "", source)];
}

function file(portal, size, kind) {
  const results = [];
  if (has(portal.minBytes) || has(portal.maxBytes)) {
    const limit = {};
    if (has(portal.minBytes)) limit.min = portal.minBytes;
    if (has(portal.maxBytes)) limit.max = portal.maxBytes;
    results.push(range("file-size", "File size", size, limit, "bytes", "the portal"));
  }
  const allowed = [...(portal.formats ?? [])];
  if (allowed.length) {
    const spelled = kind !== undefined ? kind.trim().toLowerCase() : undefined;
    const named = spelled !== undefined ? (FORMAT_ALIASES[spelled] ?? spelled) : undefined;
    const listed = allowed.join(", ");
    let status;
    let message;
    if (named === undefined) {
      status = "unchecked";
      message = `File format: not measured, the portal takes ${listed}.`;
    } else if (allowed.includes(named)) {
      status = "pass";
      message = `File format ${named}: ok, the portal takes ${listed}.`;
    } else {
      status = "fail";
      message = `File format ${named}: not taken, the portal takes only ${listed}.`;
    }
    results.push({ rule: "file-format", status, value: named ?? null, limit: { allowed }, unit: "", message });
  }
  return results;
}

function has(value) {
  return value !== undefined && value !== null;
}

function geometry(document, heightPx, headPx, headMm, eyePx, eyeMm) {
  const results = [];
  const rows = [
    ["head-height", "Head height (chin to crown)", "headHeightMm", headPx, headMm],
    ["eye-line", "Eye line above the bottom edge", "eyeLineMm", eyePx, eyeMm],
  ];
  for (const [rule, label, field, inPx, inMm] of rows) {
    const span = document[field];
    if (!span) continue;
    const basis = document[field.replace("Mm", "Basis")];
    const source = basis === "authority" ? "the authority" : basis ? `the rule ${basis}` : "the document";
    if (inPx !== undefined) {
      const scale = pxPerMm(document, heightPx);
      if (scale === undefined) {
        results.push(unmeasurable(rule, label, span));
        continue;
      }
      results.push(range(rule, label, inPx, { min: span.min * scale, max: span.max * scale }, "px", source));
    } else {
      results.push(range(rule, label, inMm, { min: span.min, max: span.max }, "mm", source));
    }
  }
  return results;
}

function pxPerMm(document, heightPx) {
  if (heightPx !== undefined && document.heightMm) return heightPx / document.heightMm;
  if (document.dpi) return document.dpi / MM_PER_INCH;
  return undefined;
}

function unmeasurable(rule, label, span) {
  const limit = { min: round(span.min), max: round(span.max) };
  const message = `${label}: given in px, but the document has no size to convert px to mm; give it in mm.`;
  return { rule, status: "unchecked", value: null, limit, unit: "mm", message };
}

function backgroundRule(document, colour) {
  const wanted = document.bgColor;
  if (!wanted) return [];
  const label = String(document.bgColorLabel || wanted).toLowerCase();
  const limit = { max: BACKGROUND_TOLERANCE };
  if (colour === undefined) {
    const message = `Background: not measured, ${label} (${wanted}) required.`;
    return [{ rule: "background", status: "unchecked", value: null, limit, unit: "", message }];
  }
  const given = colour.toLowerCase();
  let squares = 0;
  for (const i of [1, 3, 5]) squares += (parseInt(given.slice(i, i + 2), 16) - parseInt(wanted.slice(i, i + 2), 16)) ** 2;
  const distance = Math.sqrt(squares);
  const close = distance <= BACKGROUND_TOLERANCE;
  const message = `Background ${given}: ${close ? "ok" : "too far"}, ${number(distance)} from ${label} (${wanted}), at most ${BACKGROUND_TOLERANCE} allowed.`;
  return [{ rule: "background", status: close ? "pass" : "fail", value: round(distance), limit, unit: "", message }];
}

// A number against a minimum, a maximum or both, in one wording for every rule.
function range(rule, label, value, limit, unit, source) {
  const low = limit.min;
  const high = limit.max;
  const shown = {};
  if (low !== undefined) shown.min = round(low);
  if (high !== undefined) shown.max = round(high);
  const suffix = unit ? ` ${unit}` : "";
  let wanted;
  if (low !== undefined && high !== undefined) {
    wanted = round(low) === round(high) ? `${number(low)}${suffix}` : `${number(low)} to ${number(high)}${suffix}`;
  } else if (low !== undefined) {
    wanted = `at least ${number(low)}${suffix}`;
  } else {
    wanted = `at most ${number(high ?? 0)}${suffix}`;
  }
  if (value === undefined) {
    return { rule, status: "unchecked", value: null, limit: shown, unit, message: `${label}: not measured, ${wanted} required (${source}).` };
  }
  const below = low !== undefined && value < low - 1e-9;
  const above = high !== undefined && value > high + 1e-9;
  const how = below ? "too small" : above ? "too large" : "ok";
  const message = `${label} ${number(value)}${suffix}: ${how}, ${wanted} required (${source}).`;
  return { rule, status: below || above ? "fail" : "pass", value: round(value), limit: shown, unit, message };
}

// Half up at three decimals, as the Python reference rounds, so both print the same digits.
function round(value) {
  return Math.floor(value * 1000 + 0.5) / 1000;
}

function number(value) {
  return String(round(value));
}

module.exports = {
  meta: data.meta,
  countries: data.countries,
  documents: data.documents,
  portals: data.portals,
  getDocument,
  getPortal,
  checkPhoto,
};
