import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endsOpen, openCells, staggeredSides } from "../src/core/extraction/layout/prose-evidence.ts";
import type { Word } from "../src/core/extraction/layout/words.ts";
import { layoutExtractor } from "../src/core/extraction/layout-extractor.ts";

// Prose that web pages and word processors set side by side without a table (definition lists,
// columns on one baseline grid, a title block beside bulleted columns, columns leaded each on
// its own): tuning PDFs of bench/layout/corpus-chromium-elements (Chromium) and corpus-fop
// (Apache FOP). Tables of the same outline stay tables.

const LAYOUT = path.join(import.meta.dirname, "..", "bench", "layout");

const read = async (corpus: string, name: string, n: number) => {
  const bytes = new Uint8Array(readFileSync(path.join(LAYOUT, corpus, `${name}.pdf`)));
  const session = await layoutExtractor.open(bytes, { strategy: "auto", capabilities: ["tables"] });
  const page = await session.extractPage(n);
  await session.close();
  return page;
};

/** Words of a line: [text, x0, x1] at a baseline, in one size. */
const line = (baseline: number, size: number, parts: [string, number, number][]): Word[] =>
  parts.map(([text, x0, x1]) => ({
    text,
    x0,
    x1,
    y0: baseline - size,
    y1: baseline + size * 0.2,
    size,
    baseline,
    vertical: false,
    rtl: false,
    bold: false,
    mono: false,
  }));

/** A line of text set from x, each letter half a size wide, words a third of a size apart. */
const set = (baseline: number, size: number, x: number, text: string): Word[] => {
  const parts: [string, number, number][] = [];
  for (const t of text.split(" ")) {
    const w = t.length * size * 0.5;
    parts.push([t, x, x + w]);
    x += w + size / 3;
  }
  return line(baseline, size, parts);
};

describe("prose side by side that is no table", () => {
  it("reads a definition list beside another column as text, not as a table", async () => {
    const page = await read("corpus-chromium-elements", "apache-definitions-three", 1);
    expect(page.tables).toHaveLength(0);
    expect(page.markdown).toContain("hereby grants to");
  });

  it("reads two columns on one baseline grid, their lines broken anywhere, as text", async () => {
    const page = await read("corpus-chromium-elements", "tar-grid-aligned", 1);
    expect(page.tables).toHaveLength(0);
  });

  it("reads a title block beside bulleted columns as text, not as a table", async () => {
    const page = await read("corpus-fop", "wget-2-serif", 1);
    expect(page.tables).toHaveLength(0);
  });

  it("reads three justified columns leaded each on its own as text, not as a table", async () => {
    const pages = [await read("corpus-fop", "perl-3-serif", 1), await read("corpus-fop", "perl-3-serif", 5)];
    expect(pages.flatMap((p) => p.tables)).toHaveLength(0);
  });

  it("tells a cell broken off inside a phrase from a table's value", () => {
    expect(endsOpen("Fixed trailing whitespaces in")).toBe(true);
    expect(endsOpen("copyright license to")).toBe(true);
    expect(endsOpen("Fix handling of prefixes (CVE-2023-")).toBe(true);
    expect(endsOpen("replace obsolete pkg-config with pkgconf. •")).toBe(true);
    expect(endsOpen("Paid in full")).toBe(false);
    expect(endsOpen("Width 12 in")).toBe(false);
    expect(endsOpen("2.50 each")).toBe(false);
    expect(endsOpen("Total (EUR)")).toBe(false);
    expect(endsOpen("in")).toBe(false);
    // An address block's label before its value.
    expect(endsOpen("Bill to")).toBe(false);
    expect(endsOpen("Rechnung an")).toBe(false);
  });

  it("takes a grid of cells broken off inside phrases for prose, and keeps a table of phrases", () => {
    const prose = [
      ["Grant of", "Copyright License. Subject to\nthe terms and conditions of\nthis License, each", ""],
      ["", "Contributor hereby grants to", "You must"],
      ["", "You a perpetual, worldwide,\nroyalty-free, irrevocable", ""],
      ["", "copyright license to", "You must"],
    ];
    expect(openCells(prose)).toBe(true);
    const table = [
      ["Item", "Description", "Amount"],
      ["Freight", "Carriage of goods to the depot", "120.00"],
      ["Storage", "Two pallets for a week", "45.00"],
      ["Handling", "Loading and unloading", "30.00"],
      ["Insurance", "Cover in transit", "12.50"],
    ];
    expect(openCells(table)).toBe(false);
  });

  it("takes columns whose lines stand between each other's for prose, and keeps a table's rows", () => {
    // Two columns of text, the right one's lines set half a line lower than the left's.
    const prose: Word[] = [];
    for (let k = 0; k < 8; k++) {
      prose.push(...set(100 + 12 * k, 10, 50, "the lines of a column of text go on here"));
      prose.push(...set(106 + 12 * k, 10, 300, "and those of the next one are set lower"));
    }
    expect(staggeredSides(prose)).toBe(true);
    // The same columns on shared baselines: rows.
    const rows: Word[] = [];
    for (let k = 0; k < 8; k++) {
      rows.push(...set(100 + 12 * k, 10, 50, "the lines of a column of text go on here"));
      rows.push(...set(100 + 12 * k, 10, 300, "and those of the next one are set level"));
    }
    expect(staggeredSides(rows)).toBe(false);
  });
});
