import { degrees, PDFDocument, type PDFFont, type PDFPage, StandardFonts } from "pdf-lib";

// PDFs drawn at exact positions, so layout and table tests know the structure they must find.
// Coordinates here are top-left based (y down) like the extractor's; pdf-lib's origin is bottom-left.

export type Doc = { doc: PDFDocument; font: PDFFont; bold: PDFFont };

export async function newDoc(): Promise<Doc> {
  const doc = await PDFDocument.create();
  return {
    doc,
    font: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
}

export const H = 792;

export function text(page: PDFPage, font: PDFFont, s: string, x: number, yTop: number, size = 10) {
  page.drawText(s, { x, y: page.getHeight() - yTop, size, font });
}

/** Lines of text one under another, the first at `yTop`, `leading` points apart. */
export function textLines(
  page: PDFPage,
  font: PDFFont,
  lines: string[],
  x: number,
  yTop: number,
  leading = 13,
) {
  for (const [i, l] of lines.entries()) text(page, font, l, x, yTop + i * leading);
}

/** A new document with one US Letter page, and right-aligned text on it in the regular font. */
export async function letterPage() {
  const d = await newDoc();
  const page = d.doc.addPage([612, 792]);
  return { ...d, page, right: (s: string, x: number, y: number) => textRight(page, d.font, s, x, y) };
}

/** Text whose right edge stands at `xRight` (right-aligned numbers). */
export function textRight(page: PDFPage, font: PDFFont, s: string, xRight: number, yTop: number, size = 10) {
  text(page, font, s, xRight - font.widthOfTextAtSize(s, size), yTop, size);
}

/** Where an unruled table's column stands: its cells' left edge, or their right edge (figures). */
export type Column = { left: number } | { right: number };

/** An unruled table: every non-empty cell of `rows[i]` drawn on the line at `ys[i]`, in its column. */
export function unruledTable(
  page: PDFPage,
  font: PDFFont,
  rows: string[][],
  ys: number[],
  columns: Column[],
) {
  rows.forEach((row, i) => {
    row.forEach((s, k) => {
      const col = columns[k] as Column;
      if (!s) return;
      if ("left" in col) text(page, font, s, col.left, ys[i] as number);
      else textRight(page, font, s, col.right, ys[i] as number);
    });
  });
}

export function hline(page: PDFPage, x0: number, x1: number, yTop: number) {
  page.drawLine({
    start: { x: x0, y: page.getHeight() - yTop },
    end: { x: x1, y: page.getHeight() - yTop },
    thickness: 0.8,
  });
}

export function vline(page: PDFPage, x: number, y0Top: number, y1Top: number) {
  page.drawLine({
    start: { x, y: page.getHeight() - y0Top },
    end: { x, y: page.getHeight() - y1Top },
    thickness: 0.8,
  });
}

/**
 * A ruled table: `rows` of cell texts, columns at `xs` (n+1 edges), rows `rowH` apart from `top`.
 * A cell given as null is covered by the cell to its left (no rule drawn between them); a cell
 * text with "\n" is drawn on two lines inside one taller row.
 */
export function ruledTable(
  page: PDFPage,
  font: PDFFont,
  rows: (string | null)[][],
  xs: number[],
  top: number,
  rowH = 20,
) {
  let y = top;
  const heights = rows.map((r) => (r.some((c) => c?.includes("\n")) ? rowH * 1.8 : rowH));
  const x0 = xs[0] as number;
  const x1 = xs[xs.length - 1] as number;
  hline(page, x0, x1, y);
  rows.forEach((row, r) => {
    const h = heights[r] as number;
    row.forEach((c, i) => {
      if (c === null) return;
      c.split("\n").forEach((line, k) => {
        text(page, font, line, (xs[i] as number) + 4, y + 14 + k * 12);
      });
    });
    // Vertical rules: left and right edges, and between cells unless the right cell is covered.
    vline(page, x0, y, y + h);
    for (let i = 1; i < xs.length - 1; i++) if (row[i] !== null) vline(page, xs[i] as number, y, y + h);
    vline(page, x1, y, y + h);
    y += h;
    hline(page, x0, x1, y);
  });
  return y;
}

export function rotatedText(
  page: PDFPage,
  font: PDFFont,
  s: string,
  x: number,
  y: number,
  angle: number,
  size = 10,
) {
  page.drawText(s, { x, y, size, font, rotate: degrees(angle) });
}

/**
 * A ruled table that runs from the bottom of page 1 onto page 2, its header repeated there:
 * 30 body rows on page 1, 5 on page 2, text before it and after it.
 */
export async function continuingTablePdf() {
  const { doc, font } = await newDoc();
  const header = ["Code", "Item", "Amount"];
  const body = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => [`C${from + i}`, `Item ${from + i}`, `${(from + i) * 10}`]);
  const xs = [72, 150, 350, 450];
  const p1 = doc.addPage([612, 792]);
  text(p1, font, "Intro text.", 72, 80);
  ruledTable(p1, font, [header, ...body(1, 30)], xs, 140);
  const p2 = doc.addPage([612, 792]);
  ruledTable(p2, font, [header, ...body(31, 5)], xs, 60);
  text(p2, font, "Closing text.", 72, 200);
  return { bytes: await doc.save(), header, body };
}
