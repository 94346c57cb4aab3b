import type { TableGrid } from "../extraction/table-model.ts";
import { unweaveBoxes } from "./box-columns.ts";
import { unbreakLabels } from "./cell-wraps.ts";
import type { InvoiceSourceDocument } from "./invoice-types.ts";
import { fixOcrLabels } from "./ocr-labels.ts";

// The document as the invoice reader walks it: the text lines of each page (markdown markers
// gone, tables left to their own list) and the tables as rows of cell texts.

export type Line = { page: number; text: string; order: number; ocr: boolean };

export type Table = {
  index: number;
  page: number;
  pages: number[];
  bbox: [number, number, number, number] | null;
  rows: string[][];
  /** Where the table stands among the lines (the order of the first line after it). */
  order: number;
  /** Read by OCR from a scan: its grid may split rows (see ocr-rows.ts). */
  ocr: boolean;
  /** Rows whose one cell of text spans most of the table: a group's heading, a carried sum. */
  wide?: boolean[];
};

// Markdown's marks are no text of the page: a heading's #, a list's bullet, and the > a line set
// large as a sentence is quoted with (a title run into the issuer's name may read as one).
const clean = (raw: string) =>
  raw
    .replace(/^\s*>\s+/, "")
    .replace(/^\s*#{1,6}\s+/, "")
    .replace(/^\s*[-*+•]\s+/, "")
    .replace(/\*\*|__|`/g, "")
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, "$1")
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/\s+/g, " ")
    .trim();

const cellText = (s: string) => clean(s);

/**
 * A word whose first letter the extractor put in a cell of its own ("O | ffener Betrag", a
 * letter-spaced capital over a column line): the letter goes back to its word.
 */
function rejoinCutWords(row: string[]): string[] {
  const out = [...row];
  for (let k = 0; k + 1 < out.length; k++)
    if (/^\p{Lu}$/u.test(out[k] ?? "") && /^\p{Ll}{2}/u.test(out[k + 1] ?? "")) {
      out[k + 1] = `${out[k]}${out[k + 1]}`;
      out[k] = "";
    }
  return out;
}

export function documentLines(doc: InvoiceSourceDocument): { lines: Line[]; tables: Table[] } {
  const read: Line[] = [];
  const starts: { page: number; order: number }[] = [];
  for (const p of [...doc.pages].sort((a, b) => a.pageNumber - b.pageNumber)) {
    let inTable = false;
    for (const raw of p.markdown.split("\n")) {
      if (/^\s*\|/.test(raw)) {
        if (!inTable) starts.push({ page: p.pageNumber, order: read.length });
        inTable = true;
        continue;
      }
      inTable = false;
      const ocr = p.method === "ocr";
      const text = ocr ? fixOcrLabels(clean(raw)) : clean(raw);
      if (text) read.push({ page: p.pageNumber, text, order: read.length, ocr });
    }
  }
  // Boxes read across are put back box after box; the lines are numbered again and each table
  // keeps its place before the line it stood before.
  const woven = unweaveBoxes(read, new Set(starts.map((s) => s.order)));
  const lines = woven.map((l, order) => ({ ...l, order }));
  const renumber = (old: number) => {
    const k = woven.findIndex((l) => l.order >= old);
    return k < 0 ? lines.length : k;
  };
  const tableStarts = starts.map((s) => ({ page: s.page, order: renumber(s.order) }));
  const tables: Table[] = doc.tables.map((t, index) => {
    const grid = Array.isArray(t.cells) ? (t.cells as TableGrid) : [];
    const ocr = doc.pages.find((p) => p.pageNumber === t.pageNumber)?.method === "ocr";
    const width = Math.max(0, ...grid.map((r) => r.length));
    const read = (x: string) => (ocr ? fixOcrLabels(cellText(x)) : cellText(x));
    const split = grid.map((r) =>
      Array.from({ length: width }, (_, i) => (r[i]?.text ?? "").split("\n").map(read).filter(Boolean)),
    );
    const cellLines = split.map((r) => r.map(unbreakLabels));
    // A cell's text as one line: its lines joined, or read whole where no label was broken.
    const rows = grid.map((r, j) =>
      rejoinCutWords(
        Array.from({ length: width }, (_, i) => {
          const lines = cellLines[j]?.[i] ?? [];
          return lines.length === split[j]?.[i]?.length ? read(r[i]?.text ?? "") : lines.join(" ");
        }),
      ),
    );
    const wide = grid.map((r) => {
      const filled = r.filter((c) => c?.text?.trim());
      return filled.length === 1 && (filled[0]?.colSpan ?? 1) >= Math.max(2, rows[0]?.length ?? 0) / 2;
    });
    const b = t.bbox;
    const at = tableStarts.filter((s) => s.page === t.pageNumber)[
      doc.tables.slice(0, index).filter((o) => o.pageNumber === t.pageNumber).length
    ];
    return {
      index,
      page: t.pageNumber,
      pages: t.pages.length ? t.pages : [t.pageNumber],
      bbox: b.length === 4 ? (b as [number, number, number, number]) : null,
      rows,
      order: at?.order ?? lines.filter((l) => l.page <= t.pageNumber).length,
      ocr,
      wide,
    };
  });
  return { lines, tables };
}

/** The page a cell's text stands on, among the pages its table spans. */
export function pageOf(doc: InvoiceSourceDocument, table: Table, text: string): number {
  if (table.pages.length < 2 || !text) return table.page;
  for (const n of table.pages) {
    const page = doc.pages.find((p) => p.pageNumber === n);
    if (page?.markdown.includes(text)) return n;
  }
  return table.page;
}
