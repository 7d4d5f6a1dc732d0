// The tool's state: the document chosen, the photo, its face and where it is placed. One object
// the page wiring owns and passes to the modules that draw, measure and encode; nothing here
// touches the page.
import { outputSize } from "./geometry.js";

export function createState() {
  return {
    documents: [], sheets: [], spec: null, portals: [], portal: null,
    // The photo and what the models found in it: `faces`/`persons` undefined until looked for.
    image: null, face: null, faces: undefined, persons: undefined,
    // The automatic placement, the current one, and the slider positions that led to it.
    placed: null, transform: null, turned: 0, zoomed: 1,
    models: null, analysis: null, mask: null, analysing: null,
    token: 0, // the photo being opened: a slower, older one never overwrites it
  };
}

// The file's pixel size for the document and portal chosen.
export const frameOf = (state) => outputSize(state.spec, state.portal);
export const imageSize = (state) => ({ width: state.image.width, height: state.image.height });

// Forget the photo and all that was measured on it.
export function clearPhoto(state, bitmap) {
  Object.assign(state, { image: bitmap, face: null, faces: undefined, persons: undefined, analysis: null, mask: null });
}
