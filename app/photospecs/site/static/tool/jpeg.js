// Bytes of the files the tool reads and writes: which kind of file a person chose, whether a JPEG
// is whole, and the JPEG header the downloads carry. Pure functions over Uint8Array.

const ascii = (bytes, from, to) => String.fromCharCode(...bytes.subarray(from, to));

// The kind of file from its first bytes: "jpeg", "png", "heic" (HEIF family), or "other".
export function sniff(bytes) {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return "jpeg";
  if (ascii(bytes, 1, 4) === "PNG") return "png";
  if (ascii(bytes, 4, 8) === "ftyp" && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif)/.test(ascii(bytes, 8, 12))) return "heic";
  return "other";
}

// A JPEG cut short (an interrupted copy) still decodes, with the bottom grey: it lacks the
// end-of-image marker. Some cameras pad after it, so the last few KB are searched.
export function jpegComplete(bytes) {
  for (let i = bytes.length - 2; i >= Math.max(2, bytes.length - 4096); i -= 1) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xd9) return true;
  }
  return false;
}

// The JPEG with one JFIF header giving its density in dots per inch, and no other metadata
// (no EXIF, ICC, XMP or comment segments): what a photo portal is sent.
export function withDensity(bytes, dpi) {
  const header = new Uint8Array([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x01, // APP0 "JFIF" 1.1, dots per inch
    dpi >> 8, dpi & 0xff, dpi >> 8, dpi & 0xff, 0x00, 0x00, // x and y density, no thumbnail
  ]);
  const kept = [bytes.subarray(0, 2), header];
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker === 0xda) break; // start of scan: the rest is image data
    const end = at + 2 + ((bytes[at + 2] << 8) | bytes[at + 3]);
    const metadata = (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
    if (!metadata) kept.push(bytes.subarray(at, end));
    at = end;
  }
  kept.push(bytes.subarray(at));
  const out = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of kept) { out.set(part, offset); offset += part.length; }
  return out;
}
