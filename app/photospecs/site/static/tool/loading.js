// A chosen file to a bitmap the tool can draw, or the words that say why not. The one place where
// a format the browser cannot decode is turned into one it can: HEIC/HEIF goes through heic.js.
import { t } from "../messages.js";
import { jpegComplete, sniff } from "./jpeg.js";

const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);
const HEIF_TYPES = new Set(["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"]);

// HEIC/HEIF by the file's type or by its 'ftyp' box. The generic brands (mif1, msf1) are also
// AVIF's, which the browser decodes itself: a file that names an AVIF brand is left to it.
export function isHeif(bytes, type = "") {
  if (HEIF_TYPES.has(type.toLowerCase())) return true;
  if (bytes.length < 16 || String.fromCharCode(...bytes.subarray(4, 8)) !== "ftyp") return false;
  const end = Math.min(bytes.length, ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0);
  const brands = [];
  for (let at = 8; at + 4 <= end; at += 4) if (at !== 12) brands.push(String.fromCharCode(...bytes.subarray(at, at + 4))); // 12: the minor version
  return !brands.some((b) => b === "avif" || b === "avis") && brands.some((b) => HEIF_BRANDS.has(b));
}

const HEIC_PROBLEM = () => t("This HEIC photo (the iPhone's usual format) could not be opened here. Choose a JPEG instead: on the iPhone, set Settings › Camera › Formats to “Most Compatible”, or share the photo as JPEG.");

// { bitmap } or { problem }: the words for a file that cannot become a photo.
export async function readPhoto(file) {
  let blob = file;
  let bytes = new Uint8Array(await file.arrayBuffer());
  if (isHeif(bytes, file.type ?? "")) {
    try {
      const { heicToBlob } = await import("./heic.js");
      blob = await heicToBlob(file);
      bytes = new Uint8Array(await blob.arrayBuffer());
    } catch {
      return { problem: HEIC_PROBLEM() };
    }
  }
  if (sniff(bytes) === "jpeg" && !jpegComplete(bytes)) {
    return { problem: t("This JPEG is cut short: its end is missing, so part of the photo would be grey. Copy the photo from your phone or camera again and choose the new copy.") };
  }
  try {
    return { bitmap: await createImageBitmap(blob, { imageOrientation: "from-image" }) };
  } catch {
    return { problem: sniff(bytes) === "heic" ? HEIC_PROBLEM() : t("This file cannot be opened as a photo. Choose a JPEG or PNG picture.") };
  }
}
