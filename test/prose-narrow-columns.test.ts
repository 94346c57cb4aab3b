import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toLines } from "../src/core/extraction/layout/lines.ts";
import { pageGutters } from "../src/core/extraction/layout/page-gutters.ts";
import { beatenByProse, justifiedEnds } from "../src/core/extraction/layout/prose-evidence.ts";
import type { Word } from "../src/core/extraction/layout/words.ts";
import { layoutExtractor } from "../src/core/extraction/layout-extractor.ts";

// Narrow columns (three or four on a page) hold three to five words a line, and justified they
// spread those words over the measure with gaps as wide as a table's: their gutters are columns'
// by the lines that fill them, and their lines' ends, flush at one x, are no table's column.

const read = async (corpus: string, name: string, n: number) => {
  const file = path.join(import.meta.dirname, "..", "bench", "layout", corpus, `${name}.pdf`);
  const session = await layoutExtractor.open(new Uint8Array(readFileSync(file)), {
    strategy: "auto",
    capabilities: ["tables"],
  });
  const page = await session.extractPage(n);
  await session.close();
  return page;
};

const word = (text: string, x0: number, x1: number, baseline: number, size = 9): Word => ({
  text,
  x0,
  x1,
  y0: baseline - 0.8 * size,
  y1: baseline + 0.2 * size,
  size,
  baseline,
  vertical: false,
  rtl: false,
  bold: false,
  mono: false,
});

/** Words [text, x0, x1] on one baseline. */
const at = (baseline: number, parts: [string, number, number][], size = 11) =>
  parts.map(([t, x0, x1]) => word(t, x0, x1, baseline, size));

describe("columns of a few words a line", () => {
  it("finds the gutters of three narrow columns whose lines hold three or four words filling the measure", () => {
    // Three columns 100 pt wide, 10 pt apart; each line three or four words spread to fill it
    // (justified), tokens of a changelog: few lines reach five words.
    const words: Word[] = [];
    const columns = [50, 160, 270];
    for (let k = 0; k < 24; k++) {
      const y = 100 + 12 * k;
      for (const [c, x] of columns.entries()) {
        const n = (k + c) % 3 === 0 ? 4 : 3;
        const w = (100 - 4 * (n - 1)) / n - 6;
        const gap = (100 - n * w) / (n - 1);
        for (let i = 0; i < n; i++)
          words.push(word(`text${c}${k}${i}`, x + i * (w + gap), x + i * (w + gap) + w, y));
      }
    }
    const gutters = pageGutters(toLines(words), 9);
    expect(gutters).toHaveLength(2);
    expect(gutters[0]?.x0).toBeGreaterThanOrEqual(149);
    expect(gutters[1]?.x1).toBeLessThanOrEqual(271);
  });

  it("finds no gutter between labels and short values that leave their column's width ragged", () => {
    const words: Word[] = [];
    for (let k = 0; k < 24; k++) {
      const y = 100 + 12 * k;
      words.push(word("Label", 50, 80, y), word(`no${k}`, 84, 100, y));
      // Values of one to three short words, most far short of the widest.
      const n = 1 + (k % 3);
      for (let i = 0; i < n; i++)
        words.push(word(`v${i}`, 160 + i * 24 + (k % 5) * 3, 180 + i * 24 + (k % 5) * 3, y));
      words.push(word("Item", 270, 290, y), word(`${k}`, 294, 300 + (k % 7) * 9, y));
    }
    expect(pageGutters(toLines(words), 9)).toHaveLength(0);
  });

  it("finds no gutter beside a table whose rows fill their width alike, its cells' gaps lined up", () => {
    // A code, a name, a code, a name on every row (left), a code and a place (right): the rows
    // fill the same width, as justified lines do, but the gaps between their cells run clear
    // down the block.
    const words: Word[] = [];
    for (let k = 0; k < 40; k++) {
      const y = 100 + 11 * k;
      words.push(word("01", 50, 60, y), word("Aguascalientes", 80, 150, y), word("001", 180, 195, y));
      words.push(word("Aguascalientes", 210, 280, y));
      words.push(word(`0${k}9`, 440, 460, y), word("Granja", 470, 500, y));
      if (k % 3 === 0) words.push(word("Adelita", 504, 540, y));
    }
    expect(pageGutters(toLines(words), 9)).toHaveLength(0);
  });

  it("reads a three-column changelog of narrow justified lines column by column, with no table", async () => {
    const page = await read("corpus-fop", "perl-3-serif", 1);
    expect(page.tables).toHaveLength(0);
    const md = page.markdown.replace(/\s+/g, " ");
    // The first column's item, then the second column's first entry.
    const first = md.indexOf("Non-maintainer upload by the LTS Team");
    const second = md.indexOf("CPAN.pm now verifies TLS certificates");
    expect(first).toBeGreaterThanOrEqual(0);
    expect(second).toBeGreaterThan(first);
    expect(md.indexOf("Arnaud Rebillout")).toBeLessThan(second);
  });
});

describe("justified line ends", () => {
  // A narrow justified column's lines as FOP sets them (perl's changelog): every line ends at
  // 205, the words that end them start anywhere, gaps even within each line.
  const column = [
    ...at(295.6, [
      ["(Closes:", 56.7, 92.8],
      ["#1138860)", 122.0, 169.6],
      ["+", 198.8, 205.0],
    ]),
    ...at(308.8, [
      ["CVE-2026-42497:", 56.7, 138.6],
      ["Archive::Tar", 148.2, 205.0],
    ]),
    ...at(322.0, [
      ["hardlink", 56.7, 93.4],
      ["extraction.", 107.8, 154.5],
      ["(Closes:", 169.0, 205.0],
    ]),
    ...at(335.2, [
      ["#1138859)", 56.7, 106.1],
      ["+", 111.6, 117.1],
      ["CVE-2026-12087:", 122.6, 205.0],
    ]),
    ...at(348.4, [
      ["Socket:", 56.7, 89.7],
      ["pack_ip_mreq_source()", 100.6, 205.0],
    ]),
  ];

  it("takes lines of one column flush at its right edge, evenly spaced, for prose", () => {
    expect(justifiedEnds(column)).toBe(true);
    expect(beatenByProse([["(Closes:", "#1138860) +"]], column)).toBe(true);
  });

  it("keeps a table whose right-aligned last column holds figures", () => {
    const table = [
      ...at(100, [
        ["Paper", 50, 80],
        ["and", 84, 100],
        ["ink", 104, 120],
        ["12.50", 180, 205],
      ]),
      ...at(114, [
        ["Postage", 50, 90],
        ["4.00", 185, 205],
      ]),
      ...at(128, [
        ["Binding", 50, 88],
        ["costs", 92, 118],
        ["120.00", 175, 205],
      ]),
    ];
    expect(justifiedEnds(table)).toBe(false);
  });

  it("keeps a table whose right-aligned words stand a wider gap from their row's other cell", () => {
    const table = [
      ...at(100, [
        ["Paper", 50, 80],
        ["and", 84, 100],
        ["ink", 104, 120],
        ["shipped", 165, 205],
      ]),
      ...at(114, [
        ["Postage", 50, 90],
        ["stamps", 94, 125],
        ["open", 180, 205],
      ]),
      ...at(128, [
        ["Binding", 50, 88],
        ["costs", 92, 118],
        ["invoiced", 160, 205],
      ]),
    ];
    expect(justifiedEnds(table)).toBe(false);
  });
});

describe("gutters of a few points", () => {
  it("finds a 0.7 em gutter, measured from the ink beside it, and reads the columns in turn", async () => {
    // Chromium, column-gap 0.7 em at 9 pt: 6.3 pt of white, five whole points clear.
    const page = await read("corpus-chromium-cols", "coreutils-changelog-three", 1);
    expect(page.tables).toHaveLength(0);
    const md = page.markdown.replace(/\s+/g, " ");
    const first = md.indexOf("Works around broken fuse.portal");
    const next = md.indexOf("coreutils (8.32-4) unstable");
    expect(first).toBeGreaterThanOrEqual(0);
    expect(next).toBeGreaterThan(first);
  });

  it("takes the gutter left of a list's labels hung in it, so they read with their column", () => {
    // Two columns; the right one's items hang their labels ("1.11.") 8 pt right of the left
    // column's edge and 14 pt left of their text: the band 200-230 holds the labels at 208-216.
    const words: Word[] = [];
    for (let k = 0; k < 30; k++) {
      const y = 100 + 11 * k;
      for (let i = 0; i < 6; i++) words.push(word(`left${k}${i}`, 50 + i * 25, 50 + i * 25 + 22, y));
      if (k % 6 === 0) words.push(word(`${k}.1.`, 208, 216, y));
      for (let i = 0; i < 6; i++) words.push(word(`right${k}${i}`, 230 + i * 25, 230 + i * 25 + 22, y));
    }
    const gutters = pageGutters(toLines(words), 9);
    expect(gutters).toHaveLength(1);
    expect(gutters[0]?.x1).toBeLessThanOrEqual(208);
  });

  it("reads short lines of three columns that stand on baselines of their own as text, not a table", async () => {
    // LaTeX multicol: a heading in a larger type in two columns beside the end of an entry in
    // the first, two lines running, a point or two apart in height.
    const page = await read("corpus-latex", "changelog-multicol3-cm-9-wide", 1);
    expect(page.tables).toHaveLength(0);
  });
});

describe("a column rule in a narrow gutter", () => {
  it("parts justified lines run together across a 0.6 em gutter with a rule down it", async () => {
    // Chromium, column-gap 0.6 em with column-rule: 5.7 pt of white with the rule in the middle.
    const page = await read("corpus-chromium-cols", "lgpl21-three-rule", 1);
    const md = page.markdown.replace(/\s+/g, " ");
    const first = md.indexOf("This is the first released version of the Lesser GPL");
    const next = md.indexOf("For example, if you distribute copies of the library");
    expect(first).toBeGreaterThanOrEqual(0);
    expect(next).toBeGreaterThan(first);
    expect(md.indexOf("The licenses for most software are designed")).toBeLessThan(next);
  });
});
