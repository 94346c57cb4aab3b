import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { staggeredSides } from "../src/core/extraction/layout/prose-evidence.ts";
import type { Word } from "../src/core/extraction/layout/words.ts";
import { layoutExtractor } from "../src/core/extraction/layout-extractor.ts";

// Columns of prose side by side whose lines do not share baselines (each column leaded on its
// own: a heading's space above, a paragraph's below), which no page gutter parted: a tuning PDF of
// bench/layout/corpus-fop (Apache FOP). Columns on shared baselines (a table's rows) stay rows.

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
  it("reads three justified columns leaded each on its own as text, not as a table", async () => {
    const pages = [await read("corpus-fop", "perl-3-serif", 1), await read("corpus-fop", "perl-3-serif", 5)];
    expect(pages.flatMap((p) => p.tables)).toHaveLength(0);
  });

  it("takes columns whose lines stand between each other's for prose, and keeps a table's rows", () => {
    // Two columns of text, the right one's lines set half a line lower than the left's.
    const prose: Word[] = [];
    for (let k = 0; k < 8; k++) {
      prose.push(...set(100 + 12 * k, 10, 50, "the lines of a column of text go on here"));
      prose.push(...set(106 + 12 * k, 10, 300, "and those of the next one are set lower"));
    }
    expect(staggeredSides(prose)).toBe(true);
    // Words read by OCR: their baselines are guessed from their boxes, and not judged.
    expect(staggeredSides(prose.map((w) => ({ ...w, whole: true })))).toBe(false);
    // The same columns on shared baselines: rows.
    const rows: Word[] = [];
    for (let k = 0; k < 8; k++) {
      rows.push(...set(100 + 12 * k, 10, 50, "the lines of a column of text go on here"));
      rows.push(...set(100 + 12 * k, 10, 300, "and those of the next one are set level"));
    }
    expect(staggeredSides(rows)).toBe(false);
  });
});
