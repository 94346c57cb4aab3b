import { describe, expect, it } from "vitest";
import { type Line, toLines } from "../../../src/core/extraction/layout/lines.ts";
import { spannedColumns } from "../../../src/core/extraction/layout/spanning-cells.ts";
import type { Word } from "../../../src/core/extraction/layout/words.ts";

// The spanning-cell rule on lines built from words at known places (10 pt type, a space 2.8 pt):
// a label column and three figure columns.
const bands = [
  { x0: 72, x1: 100 },
  { x0: 200, x1: 220 },
  { x0: 260, x1: 280 },
  { x0: 320, x1: 340 },
];
const figures = [false, true, true, true];

/** One line of words: each [text, x0, x1], on the baseline `y`. */
function line(y: number, ...words: [string, number, number][]): Line {
  const ws = words.map(
    ([text, x0, x1]): Word => ({
      text,
      x0,
      x1,
      y0: y - 8,
      y1: y + 2,
      size: 10,
      baseline: y,
      vertical: false,
      rtl: false,
      bold: false,
      mono: false,
    }),
  );
  return toLines(ws)[0] as Line;
}

describe("spannedColumns", () => {
  // "(in lakh)" at 255-285: centred over all three figure columns (200-340), and within the
  // middle one's reach.
  const unit = line(112, ["(in", 255, 266], ["lakh)", 268.8, 285]);

  it("spans a header line's cell over the figure columns it stands centred over", () => {
    expect(spannedColumns(unit.segments[0]!, unit, bands, undefined, figures)).toEqual({ first: 1, last: 3 });
  });

  it("does not span the next line of a one-column header, and does that of a spanning one", () => {
    const header = line(100, ["Persons", 250, 290]);
    const above = (spanning: boolean) => ({
      line: header,
      spanning: new Set(spanning ? header.segments : []),
    });
    expect(spannedColumns(unit.segments[0]!, unit, bands, above(false), figures)).toBeNull();
    expect(spannedColumns(unit.segments[0]!, unit, bands, above(true), figures)).toEqual({
      first: 1,
      last: 3,
    });
    // A line farther below than a wrapped line stands is no carrying on.
    const far = line(130, ["(in", 255, 266], ["lakh)", 268.8, 285]);
    expect(spannedColumns(far.segments[0]!, far, bands, above(false), figures)).toEqual({
      first: 1,
      last: 3,
    });
  });

  it("spans figure columns only, and a phrase over the label column's row from the first column it reaches", () => {
    // The same header when the last column holds words: only two figure columns, not centred.
    expect(spannedColumns(unit.segments[0]!, unit, bands, undefined, [false, true, true, false])).toBeNull();
    expect(spannedColumns(unit.segments[0]!, unit, bands, undefined, [false, false, true, true])).toBeNull();
    // A note row beside a label: evenly spaced, mostly between the columns.
    const note = line(
      140,
      ["Total", 72, 95],
      ["change", 205, 236],
      ["over", 238.8, 258],
      ["the", 260.8, 275],
      ["period", 277.8, 325],
    );
    expect(spannedColumns(note.segments[1]!, note, bands, undefined, figures)).toEqual({ first: 1, last: 3 });
  });

  it("leaves a figure within its own column there, empty columns around it or not", () => {
    // Evenly spaced columns: the middle one's centre is that of all three, yet "7.5" is its value.
    const even = [
      { x0: 72, x1: 100 },
      { x0: 200, x1: 220 },
      { x0: 260, x1: 280 },
      { x0: 320, x1: 340 },
    ];
    const sparse = line(160, ["7.5", 265, 280]);
    expect(spannedColumns(sparse.segments[0]!, sparse, even, undefined, figures)).toBeNull();
    // The same figure set between two columns heads them.
    const year = line(160, ["2016", 260, 280]);
    const apart = [
      { x0: 72, x1: 100 },
      { x0: 200, x1: 250 },
      { x0: 290, x1: 340 },
    ];
    expect(spannedColumns(year.segments[0]!, year, apart, undefined, [false, true, true])).toEqual({
      first: 1,
      last: 2,
    });
  });

  it("leaves unevenly spaced words to their columns (cells set closer than a segment gap)", () => {
    // Headers 33 pt wide over figure columns 10 pt wide, 7 pt apart: one segment, whose spaces
    // inside a header (2.8 pt) differ from those between headers.
    const narrow = [
      { x0: 72, x1: 100 },
      { x0: 200, x1: 210 },
      { x0: 240, x1: 250 },
      { x0: 280, x1: 290 },
    ];
    const tight = line(
      150,
      ["'16", 188.5, 200],
      ["vs", 202.8, 210],
      ["'01", 212.8, 221.5],
      ["'16", 228.5, 240],
      ["vs", 242.8, 250],
      ["'98", 252.8, 261.5],
    );
    expect(tight.segments).toHaveLength(1);
    expect(spannedColumns(tight.segments[0]!, tight, narrow, undefined, figures)).toBeNull();
  });
});
