import assert from "node:assert/strict";
import { test } from "node:test";

import { isHeif } from "../../app/photospecs/site/static/tool/loading.js";

const box = (major, ...compatible) => new Uint8Array([0, 0, 0, 16 + 4 * compatible.length, ...Buffer.from(`ftyp${major}\0\0\0\0${compatible.join("")}`)]);

test("HEIC/HEIF by type or by brand, AVIF left to the browser", () => {
  assert.ok(isHeif(new Uint8Array(0), "image/heic"));
  assert.ok(isHeif(new Uint8Array(0), "image/HEIF"));
  for (const brand of ["heic", "heix", "hevc", "mif1", "msf1"]) assert.ok(isHeif(box(brand)), brand);
  assert.ok(isHeif(box("mif1", "heic")));
  assert.ok(!isHeif(box("avif", "mif1", "miaf")));
  assert.ok(!isHeif(box("isom", "mp41")));
  assert.ok(!isHeif(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), "image/jpeg"));
});
