// What the check is given, from the session as it stands: the placement's measures, the photo's
// own pixels in the file, the face's pose and whether the photo's edge cuts the head. Pure: the
// pixel measures that need canvases come from analysis.js as `analysis`.
import { cutEdges } from "./face.js";
import { coversFrame, enlargement, frameMm, measure, sourcePixelsAcross, uncroppedExport } from "./geometry.js";

const distance = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);

// The photo's px across the file chosen, and how many the file needs: the document's crop (the
// document's print pixels or the file's, whichever is more), or the uncropped file (the portal's
// minimum width). Only the photo's own pixels count, never those the file would enlarge or the
// blank beyond the photo's edge.
export function pixelsOfFile({ spec, portal, transform, image, size, head, uncropped }) {
  const frame = frameMm(spec, size);
  if (uncropped && head) {
    const out = uncroppedExport(transform, head, spec, image, portal);
    return { have: out.size.width, need: portal?.minPx?.width ?? spec.widthPx };
  }
  const eyeLevel = head ? head.crown + 0.45 * (head.chin - head.crown) : frame.height / 2;
  return { have: sourcePixelsAcross(transform, frame, image, eyeLevel), need: Math.max(spec.widthPx, size.width) };
}

// Where the head is in the document frame (mm): measured from the face, or, lined up by hand,
// where the guides aim a head (only where a head range is published and the bands are drawn).
export function headInFrame({ spec, face, transform, image }) {
  if (face) {
    const m = measure(transform, face, spec, image);
    return { crown: m.topMarginMm, chin: m.topMarginMm + m.headMm, centreX: m.offCentreMm };
  }
  const { chinMm, target } = spec.guides;
  return chinMm ? { crown: target.crownMm, chin: target.chinMm, centreX: 0 } : null;
}

// Everything the check reads. `session`: { spec, portal, image ({width, height}), size (the
// file's px), transform, face, faces, persons, analysis, uncropped, canReplace }.
export function measuresOf(session) {
  const { spec, face, transform, image, size } = session;
  const placement = face ? measure(transform, face, spec, image) : null;
  const head = headInFrame(session);
  const m = {
    faces: session.faces,
    persons: session.persons,
    face,
    placement,
    pixels: pixelsOfFile({ ...session, head }),
    covers: coversFrame(transform, frameMm(spec, size), image),
    canReplace: session.canReplace,
    ...session.analysis,
  };
  if (face) {
    m.cut = cutEdges(face, image);
    const source = distance(face.eyeLeft, face.eyeRight);
    m.eyes = { source, file: source * enlargement(transform, size, spec.heightMm) };
  }
  return m;
}
