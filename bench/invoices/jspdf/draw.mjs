// Drawing helpers over a jsPDF document, in points from the top left: text whose top is at y,
// right-aligned text, rules, boxes and filled bands. Fonts are TrueType files embedded in the PDF.

import { readFileSync } from "node:fs";

const TT = "/usr/share/fonts/truetype";
export const FONTS = [
  ["DejaVu", `${TT}/dejavu/DejaVuSans.ttf`, `${TT}/dejavu/DejaVuSans-Bold.ttf`],
  ["LibSerif", `${TT}/liberation/LiberationSerif-Regular.ttf`, `${TT}/liberation/LiberationSerif-Bold.ttf`],
  ["LibSans", `${TT}/liberation/LiberationSans-Regular.ttf`, `${TT}/liberation/LiberationSans-Bold.ttf`],
  ["NotoSerif", `${TT}/noto/NotoSerif-Regular.ttf`, `${TT}/noto/NotoSerif-Bold.ttf`],
  [
    "LibNarrow",
    `${TT}/liberation/LiberationSansNarrow-Regular.ttf`,
    `${TT}/liberation/LiberationSansNarrow-Bold.ttf`,
  ],
];

export function pen(doc, font) {
  const [family, regular, bold] = font;
  doc.addFileToVFS(`${family}.ttf`, readFileSync(regular).toString("base64"));
  doc.addFont(`${family}.ttf`, family, "normal");
  doc.addFileToVFS(`${family}-Bold.ttf`, readFileSync(bold).toString("base64"));
  doc.addFont(`${family}-Bold.ttf`, family, "bold");
  const set = (size, b) => {
    doc.setFont(family, b ? "bold" : "normal");
    doc.setFontSize(size);
  };
  const put = (s, x, y, size = 9.5, b = false, color = 0) => {
    set(size, b);
    doc.setTextColor(color);
    doc.text(s, x, y, { baseline: "top" });
    doc.setTextColor(0);
  };
  const width = (s, size = 9.5, b = false) => {
    set(size, b);
    return doc.getTextWidth(s);
  };
  const right = (s, x, y, size = 9.5, b = false, color = 0) =>
    put(s, x - width(s, size, b), y, size, b, color);
  const rule = (x0, y0, x1, y1, w = 0.6) => {
    doc.setLineWidth(w);
    doc.line(x0, y0, x1, y1);
  };
  const box = (x, y, w, h, lw = 0.6) => {
    doc.setLineWidth(lw);
    doc.rect(x, y, w, h);
  };
  const band = (x, y, w, h, gray = 60) => {
    doc.setFillColor(gray);
    doc.rect(x, y, w, h, "F");
  };
  return { put, right, width, rule, box, band };
}
