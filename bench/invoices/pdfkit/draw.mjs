// Small drawing helpers over a PDFKit document: text at a point, right-aligned text, rules.

export const FONTS = [
  { regular: "Helvetica", bold: "Helvetica-Bold" },
  { regular: "Times-Roman", bold: "Times-Bold" },
  {
    regular: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    bold: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
  },
  {
    regular: "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf",
    bold: "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf",
  },
  {
    regular: "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf",
    bold: "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf",
  },
];

export function pen(doc, font) {
  const put = (s, x, y, size = 9.5, bold = false, opts = {}) => {
    doc.font(bold ? font.bold : font.regular).fontSize(size);
    doc.text(s, x, y, { lineBreak: false, ...opts });
  };
  const width = (s, size = 9.5, bold = false) => {
    doc.font(bold ? font.bold : font.regular).fontSize(size);
    return doc.widthOfString(s);
  };
  /** Text whose right edge is at x. */
  const right = (s, x, y, size = 9.5, bold = false) => put(s, x - width(s, size, bold), y, size, bold);
  const rule = (x0, y0, x1, y1, w = 0.6) => doc.lineWidth(w).moveTo(x0, y0).lineTo(x1, y1).stroke();
  const box = (x, y, w, h, lw = 0.6) => doc.lineWidth(lw).rect(x, y, w, h).stroke();
  return { put, right, width, rule, box };
}
