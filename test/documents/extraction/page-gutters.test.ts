import { describe, expect, it } from "vitest";
import type { Element } from "../../../src/core/extraction/layout/blocks.ts";
import { type Line, toLines, toSegment } from "../../../src/core/extraction/layout/lines.ts";
import { orderByGutters, splitAtGutters } from "../../../src/core/extraction/layout/page-gutters.ts";
import type { Word } from "../../../src/core/extraction/layout/words.ts";

// Gutters found from the whole page, on lines built from words as the text layer gives them.

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

/** A line of words 4 pt apart filling [x0, x1), each word `w` wide. */
function run(text: string, x0: number, x1: number, baseline: number, w = 22): Word[] {
  const out: Word[] = [];
  for (let x = x0, k = 0; x + w <= x1; x += w + 4, k++) out.push(word(`${text}${k}`, x, x + w, baseline));
  return out;
}

describe("splitAtGutters", () => {
  const gutter = { x0: 200, x1: 208 };

  it("cuts a title's last word in one column from body text on its baseline in the next", () => {
    // 19 pt title ending 9 pt short of the next column's 9 pt text: wider than a gutter of the
    // body's type (0.6 em of 9 pt), narrower than one of the title's.
    const title = [word("License", 120, 170, 100, 19), word("Version", 176, 200, 100, 19)];
    const body = [word("placed", 209, 240, 100), word("by", 243, 252, 100)];
    const line: Line = {
      ...toSegment([...title, ...body]),
      segments: [toSegment([...title, ...body])],
      baseline: 100,
    };
    const cut = splitAtGutters(line, [gutter]);
    expect(cut.segments.map((s) => s.text)).toEqual(["License Version", "placed by"]);
  });

  it("cuts a heading in the next column from the body text before it where the gutter reaches into that column", () => {
    // The next column's list items start indented, so the clear band runs past its left edge
    // (200-216) and the heading, set flush left at 208 in a larger type, starts inside it.
    const body = [word("third", 150, 175, 100), word("party", 178, 199, 100)];
    const heading = [word("Distribution", 208, 260, 100, 11), word("Obligations.", 264, 320, 100, 11)];
    const line: Line = {
      ...toSegment([...body, ...heading]),
      segments: [toSegment([...body, ...heading])],
      baseline: 100,
    };
    const cut = splitAtGutters(line, [{ x0: 200, x1: 216 }]);
    expect(cut.segments.map((s) => s.text)).toEqual(["third party", "Distribution Obligations."]);
  });

  it("keeps a title set across the columns whole where its word space falls on the gutter", () => {
    const title = [word("Row", 150, 198, 100, 19), word("Access", 209, 270, 100, 19)];
    const line: Line = { ...toSegment(title), segments: [toSegment(title)], baseline: 100 };
    expect(splitAtGutters(line, [gutter]).segments).toHaveLength(1);
  });
});

/** A line of running text as an element of the reading order, its words named `name`. */
function element(name: string, x0: number, x1: number, baseline: number, bold = false): Element {
  const line = toLines(run(name, x0, x1, baseline).map((w) => ({ ...w, bold })))[0] as Line;
  return { kind: "line", line, x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1 };
}

describe("orderByGutters", () => {
  const columns = [
    [50, 200],
    [215, 365],
    [380, 530],
  ] as const;
  const gutters = [
    { x0: 200, x1: 215 },
    { x0: 365, x1: 380 },
  ];

  it("reads a heading over three columns left unbalanced above it where it stands", () => {
    // Above the heading the columns end at different heights (the third two lines short), below
    // it all three start again at one height: the heading, set in the first column's width,
    // parts the page, so everything above it is read first.
    const els: Element[] = [];
    columns.forEach(([x0, x1], c) => {
      const rows = c === 2 ? 6 : 8;
      for (let k = 0; k < rows; k++) els.push(element(`above${c}_${k}_`, x0, x1, 100 + 12 * k));
      for (let k = 0; k < 8; k++) els.push(element(`below${c}_${k}_`, x0, x1, 220 + 12 * k));
    });
    els.push(element("HEAD", 50, 110, 200, true));
    const read = orderByGutters(els, 9, gutters).map((e) =>
      e.kind === "line" ? (e.line.segments[0]?.words[0]?.text ?? "") : "",
    );
    const head = read.indexOf("HEAD0");
    expect(read.slice(0, head).every((t) => t.startsWith("above"))).toBe(true);
    expect(read.slice(head + 1).every((t) => t.startsWith("below"))).toBe(true);
    expect(read.slice(head + 1).map((t) => t.slice(0, 6))).toEqual([
      ...Array(8).fill("below0"),
      ...Array(8).fill("below1"),
      ...Array(8).fill("below2"),
    ]);
  });
  it("reads a heading over two balanced columns where it stands, one ending a line and a paragraph gap short", () => {
    // The second column ends 19 pt (2.1 em) above the first: its last paragraph ended at its
    // foot with a paragraph gap, the first column's ran on a line.
    const els: Element[] = [];
    for (let k = 0; k < 8; k++) els.push(element(`above0_${k}_`, 50, 200, 100 + 12 * k));
    for (let k = 0; k < 7; k++) els.push(element(`above1_${k}_`, 215, 365, 93 + 12 * k));
    for (const [c, [x0, x1]] of [columns[0], columns[1]].entries())
      for (let k = 0; k < 6; k++) els.push(element(`below${c}_${k}_`, x0, x1, 220 + 12 * k));
    els.push(element("HEAD", 50, 110, 200, true));
    const read = orderByGutters(els, 9, [{ x0: 200, x1: 215 }]).map((e) =>
      e.kind === "line" ? (e.line.segments[0]?.words[0]?.text ?? "") : "",
    );
    expect(read.indexOf("HEAD0")).toBe(15);
  });
});
