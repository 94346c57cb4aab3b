import { readFileSync } from "node:fs";
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { justifiedLines, readsAsProse } from "../../../src/core/extraction/layout/prose-evidence.ts";
import type { Word } from "../../../src/core/extraction/layout/words.ts";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";

// Two justified columns of prose whose paragraph gaps line up across the page, with a gutter
// narrower than the gap that parts segments (0.8 em): the page must be read down the left column,
// then down the right, and no table may come out of it.

const WORDS =
  "the reader follows each sentence down its column before turning to the next one and expects the words to stay in the order the writer set them while the printer spaced them out to fill every line from edge to edge".split(
    " ",
  );
const NAMES = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel"];

/** Justified lines of `width` points, each paragraph opening with its name. */
function paragraphLines(name: string, font: PDFFont, size: number, width: number, seed: number): string[][] {
  const words = [
    name,
    ...Array.from({ length: 48 }, (_, k) => WORDS[(k * 7 + seed) % WORDS.length] as string),
  ];
  const lines: string[][] = [];
  let cur: string[] = [];
  for (const w of words) {
    const next = [...cur, w];
    if (cur.length && font.widthOfTextAtSize(next.join(" "), size) > width) {
      lines.push(cur);
      cur = [w];
    } else cur = next;
  }
  lines.push(cur);
  return lines;
}

/** Draws justified paragraphs down a column from `top`; returns the y below the last one. */
function column(page: PDFPage, font: PDFFont, x: number, top: number, names: string[], width = 246): number {
  const size = 10;
  let y = top;
  for (const name of names) {
    const lines = paragraphLines(name, font, size, width, NAMES.indexOf(name) + name.length);
    lines.forEach((words, i) => {
      const last = i === lines.length - 1;
      const inked = words.reduce((n, w) => n + font.widthOfTextAtSize(w, size), 0);
      const gap =
        last || words.length < 2 ? font.widthOfTextAtSize(" ", size) : (width - inked) / (words.length - 1);
      let at = x;
      for (const w of words) {
        page.drawText(w, { x: at, y, size, font });
        at += font.widthOfTextAtSize(w, size) + gap;
      }
      y -= 12;
    });
    y -= 12;
  }
  return y;
}

async function twoColumnPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  column(page, font, 50, 780, NAMES.slice(0, 4));
  column(page, font, 304, 780, NAMES.slice(4, 8));
  return doc.save();
}

const read = async (bytes: Uint8Array) => {
  const session = await layoutExtractor.open(bytes, { strategy: "auto", capabilities: ["tables"] });
  const page = await session.extractPage(1);
  await session.close();
  return page;
};

describe("prose in columns", () => {
  it("reads justified columns with aligned paragraph gaps column by column, with no table", async () => {
    const session = await layoutExtractor.open(await twoColumnPage(), {
      strategy: "auto",
      capabilities: ["tables"],
    });
    const page = await session.extractPage(1);
    await session.close();
    expect(page.tables).toHaveLength(0);
    const starts = NAMES.map((n) => page.markdown.indexOf(n));
    expect(starts.every((s) => s >= 0)).toBe(true);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  it("tells prose cut at a gutter from a table", () => {
    const prose = [
      ["the reader follows each sentence", "down its column before turning to"],
      ["the next one and expects the", "words to stay in the order the"],
      ["writer set them while the printer", "spaced them out to fill every"],
    ];
    expect(readsAsProse(prose)).toBe(true);
    const table = [
      ["Item", "Status", "Amount"],
      ["Current department expenses", "open", "26,759"],
      ["General fund balance", "low", "24,337"],
    ];
    expect(readsAsProse(table)).toBe(false);
  });

  it("gives each element its place in the reading order, the markdown's", async () => {
    const page = await read(await twoColumnPage());
    const body = page.elements
      .filter((e) => e.order !== undefined)
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    expect(body.map((e) => e.order)).toEqual(body.map((_, k) => k));
    const names = body.map((e) => NAMES.find((n) => e.text.startsWith(n)));
    expect(names).toEqual(NAMES);
  });

  it("reads a short heading set over both columns where it stands, between the columns above and below it", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const font = await doc.embedFont(StandardFonts.TimesRoman);
    const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
    // Above the heading each column holds two paragraphs, below it two more: columns that end
    // and start again at one height, the heading alone on its line over the left one.
    const above = Math.min(
      column(page, font, 50, 780, NAMES.slice(0, 2)),
      column(page, font, 304, 780, NAMES.slice(2, 4)),
    );
    page.drawText("Terms of the second part", { x: 50, y: above - 8, size: 14, font: bold });
    column(page, font, 50, above - 36, NAMES.slice(4, 6));
    column(page, font, 304, above - 36, NAMES.slice(6, 8));
    const p = await read(await doc.save());
    const at = [...NAMES.slice(0, 4), "Terms of the second part", ...NAMES.slice(4)].map((n) =>
      p.markdown.indexOf(n),
    );
    expect(at.every((s) => s >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("reads a footnote set small under the first column after the page's body, not between the columns", async () => {
    const doc = await PDFDocument.create();
    // A page the columns fill, the note at its foot.
    const page = doc.addPage([595, 560]);
    const font = await doc.embedFont(StandardFonts.TimesRoman);
    const end = Math.min(
      column(page, font, 50, 500, NAMES.slice(0, 4)),
      column(page, font, 304, 500, NAMES.slice(4, 8)),
    );
    // A short rule, then two lines of a note at eight points, under the left column only.
    page.drawLine({ start: { x: 50, y: end - 4 }, end: { x: 110, y: end - 4 }, thickness: 0.5 });
    const note = [
      "1. Zulu marks where the note begins, set smaller than",
      "the body and read once the columns are done.",
    ];
    for (const [k, l] of note.entries()) page.drawText(l, { x: 50, y: end - 16 - k * 10, size: 8, font });
    const p = await read(await doc.save());
    const at = [...NAMES, "Zulu"].map((n) => p.markdown.indexOf(n));
    expect(at.every((s) => s >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(p.tables).toHaveLength(0);
  });

  it("sets a sentence pulled out large between paragraphs as a blockquote, not a heading", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const font = await doc.embedFont(StandardFonts.TimesRoman);
    const italic = await doc.embedFont(StandardFonts.TimesRomanItalic);
    const y = column(page, font, 72, 780, NAMES.slice(0, 2), 450);
    const quote = ["The reader follows each sentence down its column", "before turning to the next one."];
    for (const [k, l] of quote.entries())
      page.drawText(l, { x: 110, y: y - 6 - k * 19, size: 16, font: italic });
    column(page, font, 72, y - 60, NAMES.slice(2, 4), 450);
    const p = await read(await doc.save());
    expect(p.markdown).toContain(`> ${quote.join(" ")}`);
    expect(p.markdown).not.toMatch(/^#/m);
  });

  it("takes lines spaced evenly across a found table for prose, a row with wider gaps between its cells for a table", () => {
    const word = (text: string, x0: number, baseline: number): Word => ({
      text,
      x0,
      x1: x0 + 6 * text.length,
      y0: baseline - 8,
      y1: baseline + 2,
      baseline,
      size: 10,
      vertical: false,
      rtl: false,
      bold: false,
      mono: false,
    });
    // Each line's words a justified 9 points apart.
    const line = (texts: string[], baseline: number) => {
      let x = 50;
      return texts.map((t) => {
        const w = word(t, x, baseline);
        x = w.x1 + 9;
        return w;
      });
    };
    const prose = [
      ...line(["the", "reader", "follows", "each", "sentence"], 100),
      ...line(["down", "its", "column", "before", "turning"], 112),
      ...line(["to", "the", "next", "one", "and"], 124),
    ];
    expect(justifiedLines(prose)).toBe(true);
    const table = [
      word("North", 50, 100),
      word("region", 86, 100),
      word("1,204", 200, 100),
      word("31%", 300, 100),
      word("South", 50, 112),
      word("region", 86, 112),
      word("988", 212, 112),
      word("25%", 300, 112),
      word("East", 50, 124),
      word("region", 80, 124),
      word("1,356", 200, 124),
      word("35%", 300, 124),
    ];
    expect(justifiedLines(table)).toBe(false);
  });

  it("reads a short last page in the columns of the pages before it, with no table from its justified lines", async () => {
    // The tuning corpus's three-column changelog: its last page is a third full, its entries'
    // lines hold few words, so the page alone does not show enough running text for columns.
    const bytes = new Uint8Array(readFileSync("bench/layout/corpus/changelogs-three-c059.pdf"));
    const session = await layoutExtractor.open(bytes, { strategy: "auto", capabilities: ["tables"] });
    const pages = [];
    for (let n = 1; n <= session.pageCount; n++) pages.push(await session.extractPage(n));
    await session.close();
    const last = pages[pages.length - 1];
    expect(last?.tables).toHaveLength(0);
    const at = ["(2.38.1-1.1)", "(2.38.1-1)", "(2.38-6)", "(2.38-5)"].map((v) =>
      last?.markdown.indexOf(`util-linux ${v}`),
    );
    expect(at.every((s) => (s ?? -1) >= 0)).toBe(true);
    expect([...at].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(at);
  });
  it("reads four narrow justified columns down each column where a heading set larger meets the gutter", async () => {
    // The cairo corpus's four-column magazine page 2: 8 pt text, 8 pt gutters, list items hung
    // in the third column (so its gutter reaches into that column), a bold heading there on the
    // baseline of the second column's justified text, a segment gap from it.
    const bytes = new Uint8Array(readFileSync("bench/layout/corpus-cairo/cc0-apache-four-magazine.pdf"));
    const session = await layoutExtractor.open(bytes, { strategy: "auto", capabilities: ["tables"] });
    const page = await session.extractPage(2);
    await session.close();
    const starts = [
      "2. Source Code License.",
      "2.2. Contributor Grant.",
      "3. Distribution",
      "4. Inability to Comply",
    ];
    const at = starts.map((s) => page.markdown.indexOf(s));
    expect(at.every((n) => n >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });
});
