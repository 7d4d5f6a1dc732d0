// HEIC and HEIF photos (the iPhone's default) in browsers that cannot open them (Chrome and Firefox
// on the desktop). The decoder is libheif with libde265, compiled to WebAssembly (vendor/libheif/,
// LGPL-3.0): it is fetched from this site only when such a photo is chosen, served as files of its
// own and used through its public interface, so anyone may swap in their own build. Nothing leaves
// the page.
import { url } from "../routes.js";
import { script } from "./models.js";

const MIME = new Set(["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence"]);
// Major brands of HEVC-coded HEIF files. mif1 and msf1 are the generic image and sequence brands,
// which AVIF files may carry too: those decode natively, and the caller tries that first.
const BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

const ascii = (bytes, from, to) => String.fromCharCode(...bytes.subarray(from, to));

// Whether a chosen file is HEIC/HEIF: by its type when the browser names one, otherwise by the
// brand in its 'ftyp' box (Chrome on Windows and Linux leaves the type of a .heic file empty).
export function isHeic(file, headBytes) {
  if (MIME.has((file?.type ?? "").toLowerCase())) return true;
  const bytes = headBytes instanceof Uint8Array ? headBytes : new Uint8Array(headBytes ?? []);
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== "ftyp") return false;
  return BRANDS.has(ascii(bytes, 8, 12));
}

// The decoder's two files by name, fingerprinted, from the page (as the face models' are).
function fileUrl(name) {
  const listed = document.getElementById("tool-heic");
  const urls = listed ? JSON.parse(listed.textContent) : {};
  return urls[name] ?? url("static", `tool/vendor/libheif/${name}`);
}

let loading = null;
// The glue script defines a global factory that expects its WebAssembly ready at once: left alone it
// would compile the .wasm synchronously, which Chrome refuses on the main thread for a module this
// size. So the module is compiled here first, streamed as it downloads, and handed over through the
// factory's documented instantiateWasm hook, which only has to instantiate it.
function decoder() {
  loading ??= (async () => {
    const [compiled] = await Promise.all([WebAssembly.compileStreaming(fetch(fileUrl("libheif.wasm"))), script(fileUrl("libheif.js"))]);
    const factory = globalThis.libheif;
    if (typeof factory !== "function") throw new Error("the HEIC decoder did not load");
    // The factory fills in the object it is given, and may finish before it returns.
    return await new Promise((resolve, reject) => {
      const module = {
        instantiateWasm: (imports, receive) => receive(new WebAssembly.Instance(compiled, imports), compiled),
        onRuntimeInitialized: () => resolve(module),
        onAbort: (why) => reject(new Error(`the HEIC decoder stopped: ${why}`)),
        print: () => {},
        printErr: () => {},
      };
      factory(module);
    });
  })();
  loading.catch(() => { loading = null; }); // a failed load may be retried with the next photo
  return loading;
}

// The file's primary image (the photo itself, not a thumbnail or a burst frame) as RGBA pixels.
// libheif applies the file's own rotation and mirroring (the 'irot' and 'imir' properties, which
// the HEIF standard makes the authority over any EXIF orientation the file also carries), so the
// pixels come out upright, as the phone showed them.
async function decode(bytes) {
  const lib = await decoder();
  const heif = new lib.HeifDecoder();
  const images = heif.decode(bytes);
  if (!images.length) throw new Error("no picture was found in this HEIC file");
  const primary = images.find((image) => lib.heif_image_handle_is_primary_image?.(image.handle)) ?? images[0];
  const width = primary.get_width();
  const height = primary.get_height();
  const pixels = new ImageData(width, height);
  try {
    await new Promise((resolve, reject) => {
      primary.display(pixels, (shown) => (shown ? resolve() : reject(new Error("this HEIC picture could not be decoded"))));
    });
  } finally {
    for (const image of images) image.free();
    lib.heif_context_free(heif.decoder); // the decoder keeps the file's context until its next call
    heif.decoder = null;
  }
  return pixels;
}

// A HEIC/HEIF file as a JPEG Blob of the same picture, upright. JPEG at quality 0.95 rather than
// PNG: a 12-megapixel PNG takes seconds to write, and the loss is far below what the tool measures.
export async function heicToBlob(file) {
  const pixels = await decode(new Uint8Array(await file.arrayBuffer()));
  const canvas = new OffscreenCanvas(pixels.width, pixels.height);
  canvas.getContext("2d").putImageData(pixels, 0, 0);
  return canvas.convertToBlob({ type: "image/jpeg", quality: 0.95 });
}
