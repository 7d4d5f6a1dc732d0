// The print sheet: copies of the photo at the document's print size at the sheet's dpi, cut marks
// in the margins, a 50 mm bar to check the printer kept the scale, and a caption that is shrunk
// (never cut) to fit the paper.
import { t } from "../messages.js";
import { sheetLayout } from "./geometry.js";

// `photoAt(size)` gives a canvas of the photo's frame at `size` px (the document's print size at
// the sheet's dpi), drawn as the digital file is drawn.
export function drawSheet(sheet, spec, caption, photoAt) {
  const layout = sheetLayout(sheet, { width: spec.widthMm, height: spec.heightMm });
  if (!layout.copies) return null;
  const canvas = new OffscreenCanvas(layout.width, layout.height);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, layout.width, layout.height);
  const photo = photoAt(layout.photo);
  for (const tile of layout.tiles) context.drawImage(photo, tile.x, tile.y);

  context.strokeStyle = "#000000";
  context.lineWidth = Math.max(1, Math.round(sheet.dpi / 300));
  context.beginPath();
  for (const [x1, y1, x2, y2] of layout.cuts) { context.moveTo(x1, y1); context.lineTo(x2, y2); }
  context.stroke();

  // The bar with a tick every 10 mm, and what it should measure beside it.
  const { bar, caption: box } = layout;
  const mmPx = bar.width / 50;
  context.fillStyle = "#000000";
  context.fillRect(bar.x, bar.y, bar.width, bar.height);
  for (let tick = 0; tick <= 50; tick += 10) context.fillRect(Math.round(bar.x + tick * mmPx - 1), bar.y, 2, bar.height + Math.round(mmPx * 0.6));
  const right = box.x + box.maxWidth;
  const labelX = bar.x + bar.width + Math.round(2 * mmPx);
  fitText(context, t("this bar is 50 mm: print at 100%%, no scaling"), labelX, bar.y + bar.height, right - labelX, Math.round(mmPx * 1.6));
  // The caption on its own line; a long country or document name shrinks the type to fit.
  fitText(context, caption, box.x, box.baseline, box.maxWidth, box.size);
  return { canvas, layout };
}

function fitText(context, text, x, baseline, maxWidth, size) {
  context.font = `${size}px sans-serif`;
  const width = context.measureText(text).width;
  const fitted = width > maxWidth ? Math.floor((size * maxWidth) / width) : size;
  context.font = `${fitted}px sans-serif`;
  context.textBaseline = "alphabetic";
  context.fillText(text, x, baseline);
}
