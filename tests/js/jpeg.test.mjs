import assert from "node:assert/strict";
import { test } from "node:test";

import { jpegComplete, sniff, withDensity } from "../../app/photospecs/site/static/tool/jpeg.js";

const segment = (marker, body) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body];
// A JPEG's outline: SOI, an APP0, an EXIF APP1, a comment, a quantisation table, the scan, EOI.
const jpeg = new Uint8Array([
  0xff, 0xd8,
  ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
  ...segment(0xe1, [0x45, 0x78, 0x69, 0x66, 0, 0, 9, 9, 9]),
  ...segment(0xfe, [0x68, 0x69]),
  ...segment(0xdb, [0, 1, 2, 3]),
  ...segment(0xda, [1, 2, 3]), 0x11, 0x22, 0xff, 0x00, 0x33,
  0xff, 0xd9,
]);

test("kinds of file by their first bytes", () => {
  assert.equal(sniff(jpeg), "jpeg");
  assert.equal(sniff(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])), "png");
  const heic = new TextEncoder().encode("\0\0\0\x18ftypheic\0\0\0\0mif1heic");
  assert.equal(sniff(heic), "heic");
  assert.equal(sniff(new TextEncoder().encode("hello, not a photo")), "other");
});

test("a JPEG cut short lacks its end marker", () => {
  assert.ok(jpegComplete(jpeg));
  assert.ok(!jpegComplete(jpeg.subarray(0, jpeg.length - 4)));
  assert.ok(jpegComplete(new Uint8Array([...jpeg, 0, 0, 0])), "padding after the end marker is fine");
});

test("the download carries one JFIF header with its dpi and no other metadata", () => {
  const out = withDensity(jpeg, 300);
  assert.deepEqual([...out.subarray(0, 20)], [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 1, 1, 44, 1, 44, 0, 0]);
  const text = new TextDecoder("latin1").decode(out);
  assert.ok(!text.includes("Exif") && !text.includes("hi"), "EXIF and comment removed");
  assert.equal(text.split("JFIF").length, 2, "one JFIF header");
  // The quantisation table and the scan are kept byte for byte.
  const tail = [...segment(0xdb, [0, 1, 2, 3]), ...segment(0xda, [1, 2, 3]), 0x11, 0x22, 0xff, 0x00, 0x33, 0xff, 0xd9];
  assert.deepEqual([...out.subarray(20)], tail);
});
