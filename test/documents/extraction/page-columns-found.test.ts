import { describe, expect, it } from "vitest";
import type { Element } from "../../../src/core/extraction/layout/blocks.ts";
import { type Line, toLines } from "../../../src/core/extraction/layout/lines.ts";
import { orderByGutters, pageGutters } from "../../../src/core/extraction/layout/page-gutters.ts";
import { orderByRegions, pageRegions } from "../../../src/core/extraction/layout/page-regions.ts";
import type { Word } from "../../../src/core/extraction/layout/words.ts";

// Columns found where a page-wide search alone missed them: bullets hung left of a column's
// text, a column rule in a narrow gutter, a title over three columns, a page whose column
// count changes down the page. Lines are built from words as the text layer gives them.

const SIZE = 9;

const word = (text: string, x0: number, x1: number, baseline: number, size = SIZE): Word => ({
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

/**
 * A line of running text filling [x0, x1]: words of varied widths (so no word space lines up
 * from line to line), 3 pt apart, the last one ending at x1, as justified text does.
 */
function text(name: string, x0: number, x1: number, baseline: number, size = SIZE): Word[] {
  const widths: number[] = [];
  let used = 0;
  for (let k = 0; used + 14 <= x1 - x0; k++) {
    const w = 12 + ((k * 7 + Math.round(baseline) * 3) % 11);
    if (used + w > x1 - x0) break;
    widths.push(w);
    used += w + 3;
  }
  const stretch = (x1 - x0 - widths.reduce((a, b) => a + b, 0)) / Math.max(1, widths.length - 1);
  const out: Word[] = [];
  let x = x0;
  for (const [k, w] of widths.entries()) {
    out.push(word(`${name}${k}`, x, x + w, baseline, size));
    x += w + stretch;
  }
  return out;
}

const first = (e: Element) => (e.kind === "line" ? (e.line.segments[0]?.words[0]?.text ?? "") : "");
const asElements = (lines: Line[]): Element[] =>
  lines.flatMap((l) =>
    l.segments.map(
      (s): Element => ({
        kind: "line",
        line: { ...l, segments: [s], x0: s.x0, x1: s.x1, size: s.size },
        x0: s.x0,
        y0: s.y0,
        x1: s.x1,
        y1: s.y1,
      }),
    ),
  );

describe("pageGutters", () => {
  it("finds the gutters of three columns whose middle one hangs its list bullets left of its text", () => {
    // The middle column's items start at 232 with their bullets at 215: the band between the
    // bullets and the text is as clear as the gutter, and the "column" of bullets between the
    // two bands holds no running text.
    const words: Word[] = [];
    for (let k = 0; k < 20; k++) {
      const y = 100 + 12 * k;
      words.push(
        ...text(`left${k}x`, 50, 200, y),
        ...text(`mid${k}x`, 232, 365, y),
        ...text(`right${k}x`, 380, 530, y),
      );
      if (k % 3 === 0) words.push(word("•", 215, 219, y));
    }
    const gutters = pageGutters(toLines(words), SIZE);
    expect(gutters).toHaveLength(2);
    expect(gutters[0]?.x0).toBeLessThan(215);
    expect(gutters[1]?.x0).toBeGreaterThanOrEqual(365);
  });

  it("finds a gutter narrower than a word space's double where a column rule stands in it", () => {
    // Two columns 5 pt apart (0.55 em of 9 pt type), a rule drawn down the middle of the gutter.
    const words: Word[] = [];
    for (let k = 0; k < 24; k++)
      words.push(...text(`left${k}x`, 50, 288, 100 + 12 * k), ...text(`right${k}x`, 293, 530, 100 + 12 * k));
    const lines = toLines(words, 0.3);
    expect(pageGutters(lines, SIZE)).toEqual([]);
    const rule = { x0: 290.5, x1: 290.5, y0: 90, y1: 380 };
    const gutters = pageGutters(lines, SIZE, [], [rule]);
    expect(gutters).toHaveLength(1);
    expect(gutters[0]?.x0).toBeGreaterThanOrEqual(288);
    expect(gutters[0]?.x1).toBeLessThanOrEqual(293);
  });
});

describe("orderByGutters", () => {
  it("reads first a title centred over three columns that ends inside both gutters", () => {
    // The title (20 pt) runs from inside the first gutter to inside the second; the columns
    // below it start at different heights (a heading opens the third), so it does not stand
    // alone at one height with all of them.
    const gutters = [
      { x0: 200, x1: 215 },
      { x0: 365, x1: 380 },
    ];
    const lines: Line[] = [];
    lines.push(...toLines(text("Title", 205, 372, 80, 20)));
    for (const [c, [x0, x1]] of (
      [
        [50, 200],
        [215, 365],
        [380, 530],
      ] as const
    ).entries())
      for (let k = 0; k < 8; k++) lines.push(...toLines(text(`col${c}r${k}x`, x0, x1, 120 + 6 * c + 12 * k)));
    const read = orderByGutters(asElements(lines), SIZE, gutters).map(first);
    expect(read[0]).toBe("Title0");
    expect(read.slice(1).map((t) => t.slice(0, 4))).toEqual([
      ...Array(8).fill("col0"),
      ...Array(8).fill("col1"),
      ...Array(8).fill("col2"),
    ]);
  });
});

describe("pageRegions", () => {
  /** Two columns down to 220, three columns from 240 on: no gutter runs the whole page. */
  function switching(): Line[] {
    const words: Word[] = [];
    for (let k = 0; k < 10; k++) {
      const y = 100 + 12 * k;
      words.push(...text(`twoL${k}x`, 50, 280, y), ...text(`twoR${k}x`, 300, 530, y));
    }
    for (let k = 0; k < 10; k++) {
      const y = 240 + 12 * k;
      words.push(
        ...text(`threeA${k}x`, 50, 200, y),
        ...text(`threeB${k}x`, 215, 365, y),
        ...text(`threeC${k}x`, 380, 530, y),
      );
    }
    return toLines(words);
  }

  it("cuts a page whose column count changes into stretches, each read column by column", () => {
    const lines = switching();
    expect(pageGutters(lines, SIZE)).toEqual([]);
    const regions = pageRegions(lines, SIZE);
    expect(regions.map((r) => r.gutters.length)).toEqual([1, 2]);
    const read = orderByRegions(asElements(lines), SIZE, regions, [], (b) => b).map(first);
    const kinds = read.map((t) => t.replace(/\d.*$/, ""));
    expect(kinds).toEqual([
      ...Array(10).fill("twoL"),
      ...Array(10).fill("twoR"),
      ...Array(10).fill("threeA"),
      ...Array(10).fill("threeB"),
      ...Array(10).fill("threeC"),
    ]);
  });

  it("leaves to the usual cut two columns whose gutter is crossed by a heading every other line in one stretch", () => {
    // Above 200, a heading set across both columns after every line of them; below, the two
    // columns run clear. The stretch above is two columns, not one: cut there, the page would be
    // read as one column above and by its gutter below.
    const words: Word[] = [];
    for (let k = 0; k < 8; k++) {
      words.push(...text(`topL${k}x`, 50, 280, 100 + 24 * k), ...text(`topR${k}x`, 300, 530, 100 + 24 * k));
      words.push(...text(`Heading${k}x`, 50, 400, 112 + 24 * k));
    }
    for (let k = 0; k < 16; k++)
      words.push(...text(`lowL${k}x`, 50, 280, 310 + 12 * k), ...text(`lowR${k}x`, 300, 530, 310 + 12 * k));
    const lines = toLines(words);
    expect(pageGutters(lines, SIZE)).toEqual([]);
    expect(pageRegions(lines, SIZE)).toEqual([]);
  });

  it("leaves a page of one column alone", () => {
    const words: Word[] = [];
    for (let k = 0; k < 30; k++) words.push(...text(`line${k}x`, 50, 530, 100 + 12 * k));
    expect(pageRegions(toLines(words), SIZE)).toEqual([]);
  });
});
