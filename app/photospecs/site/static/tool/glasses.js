// Spectacle frames, from the pixels about the eyes: a frame is a thin line the face does not
// have, across the nose between the eyes (the bridge) and under each eye (the lower rims). Each
// place is read as a profile down the face (the grey level of each row, averaged along the eye
// line, so skin texture and wrinkles average out and only a line running along the eyes stays);
// a line shows as a row darker or lighter than the rows a little above and below it. Measured
// against the cheeks' brightness, so the same frame reads the same on dark and light skin.
// Pure: `pixels` is ImageData-like, the eyes are the iris centres in its px.

const grey = (data, i) => 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];

// Rows per eye distance down a profile, and how far above and below a row its neighbours are.
const ROWS = 150;
const NEIGHBOUR = 0.05;

// The face's own axes: u along the eye line from the eyes' middle, v down the face, in eye
// distances. Returns a sampler of the grey level at (u, v), null off the picture.
function faceAxes(pixels, eyeLeft, eyeRight) {
  const span = Math.hypot(eyeRight.x - eyeLeft.x, eyeRight.y - eyeLeft.y);
  const along = { x: (eyeRight.x - eyeLeft.x) / span, y: (eyeRight.y - eyeLeft.y) / span };
  const middle = { x: (eyeLeft.x + eyeRight.x) / 2, y: (eyeLeft.y + eyeRight.y) / 2 };
  return (u, v) => {
    const x = Math.round(middle.x + (u * along.x - v * along.y) * span);
    const y = Math.round(middle.y + (u * along.y + v * along.x) * span);
    if (x < 0 || y < 0 || x >= pixels.width || y >= pixels.height) return null;
    return grey(pixels.data, (y * pixels.width + x) * 4);
  };
}

// The mean grey of each row of a patch (u0..u1 across, v0..v1 down), 12 samples a row; null
// when part of it is off the picture.
function profile(at, u0, u1, v0, v1) {
  const rows = [];
  for (let r = 0; r <= Math.round((v1 - v0) * ROWS); r += 1) {
    const v = v0 + r / ROWS;
    let sum = 0;
    for (let s = 0; s < 12; s += 1) {
      const value = at(u0 + ((s + 0.5) / 12) * (u1 - u0), v);
      if (value === null) return null;
      sum += value;
    }
    rows.push(sum / 12);
  }
  return rows;
}

// The strongest thin line in a profile: how far a row is from the mean of its two neighbours.
function strongestLine(rows) {
  const gap = Math.round(NEIGHBOUR * ROWS);
  let best = 0;
  for (let i = gap; i < rows.length - gap; i += 1) best = Math.max(best, Math.abs(rows[i] - (rows[i - gap] + rows[i + gap]) / 2));
  return best;
}

// { bridge, rims, score }: the line across the nose between the eyes, the fainter of the two
// under the eyes, and their mean, each as a share of the cheeks' grey. null when a part is off
// the picture or the face is too small to read (under 20 px between the eyes).
export function frameLines(pixels, eyeLeft, eyeRight) {
  if (Math.hypot(eyeRight.x - eyeLeft.x, eyeRight.y - eyeLeft.y) < 20) return null;
  const at = faceAxes(pixels, eyeLeft, eyeRight);
  const cheeks = profile(at, -0.6, 0.6, 0.45, 0.75);
  const bridge = profile(at, -0.06, 0.06, -0.3, 0.1);
  const under = [-0.5, 0.5].map((eye) => profile(at, eye - 0.25, eye + 0.25, 0.12, 0.5));
  if (!cheeks || !bridge || under.includes(null)) return null;
  const skin = cheeks.reduce((sum, v) => sum + v, 0) / cheeks.length + 1;
  const across = strongestLine(bridge) / skin;
  const rims = Math.min(...under.map((rows) => strongestLine(rows))) / skin;
  return { bridge: across, rims, score: (across + rims) / 2 };
}
