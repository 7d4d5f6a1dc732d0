// Synthetic pictures for the tool's unit tests, ImageData-like ({ data, width, height }).

// A picture whose pixel (x, y) is paint(x, y) = [r, g, b], painted row by row.
export function pixels(width, height, paint) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = paint(x, y);
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

// A repeatable texture: each call the next value of a seeded generator, within ±amplitude / 2.
export function speckle(seed, amplitude) {
  let state = seed;
  return () => { state = (state * 16807) % 2147483647; return (state / 2147483647 - 0.5) * amplitude; };
}
