// A one-page PDF holding a JPEG at a given physical size: the print sheet as a PDF. PDF can
// carry JPEG bytes as they are (DCTDecode), so no re-encoding happens.
import { MM_PER_INCH } from "./geometry.js";

export function jpegPdf(jpeg, widthPx, heightPx, widthMm, heightMm) {
  const points = (mm) => ((mm / MM_PER_INCH) * 72).toFixed(2);
  const w = points(widthMm);
  const h = points(heightMm);
  const encoder = new TextEncoder();
  const content = `q ${w} 0 0 ${h} 0 0 cm /Im0 Do Q`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${w} ${h}] /Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>`,
    null, // the image, written with its binary stream below
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  const parts = [encoder.encode("%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n")];
  const offsets = [];
  let length = parts[0].length;
  const push = (bytes) => { parts.push(bytes); length += bytes.length; };
  objects.forEach((body, index) => {
    offsets.push(length);
    if (body === null) {
      push(encoder.encode(`${index + 1} 0 obj\n<< /Type /XObject /Subtype /Image /Width ${widthPx} /Height ${heightPx} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`));
      push(jpeg);
      push(encoder.encode("\nendstream\nendobj\n"));
    } else {
      push(encoder.encode(`${index + 1} 0 obj\n${body}\nendobj\n`));
    }
  });
  const xref = length;
  const table = offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  push(encoder.encode(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`));
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}
