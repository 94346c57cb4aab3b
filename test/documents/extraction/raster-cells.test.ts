import { describe, expect, it } from "vitest";
import type { Rule } from "../../../src/core/extraction/layout/lattice.ts";
import type { OcrWord } from "../../../src/core/extraction/ocr.ts";
import type { GreyImage } from "../../../src/core/extraction/raster/grey-image.ts";
import { dropRuleGlyphs } from "../../../src/core/extraction/raster/scan-page.ts";
import { cellImage, ruledCells, unreadCells } from "../../../src/core/extraction/raster/unread-cells.ts";

// A 2 x 3 grid of rules in points (as readScannedPage gives them), on an image at 3 px a point.
const SCALE = 3;
const H = (y: number, x0: number, x1: number): Rule => ({ x0, x1, y0: y, y1: y });
const V = (x: number, y0: number, y1: number): Rule => ({ x0: x, x1: x, y0, y1 });
const rules = {
  horizontals: [H(100, 50, 350), H(130, 50, 350), H(160, 50, 350)],
  verticals: [V(50, 100, 160), V(150, 100, 160), V(250, 100, 160), V(350, 100, 160)],
};
const word = (str: string, x: number, y: number, width: number): OcrWord => ({
  str,
  x,
  y,
  width,
  size: 10,
  confidence: 90,
});

describe("ruled cells on a scanned page", () => {
  it("finds the grid's cells, each bounded by rules on four sides", () => {
    const cells = ruledCells(rules);
    expect(cells).toHaveLength(6);
    expect(cells[0]).toEqual({ x0: 50, y0: 100, x1: 150, y1: 130 });
    // A vertical rule stopping at the first row leaves the second row's cells either side of it
    // unbounded, and with no rule at 350 the last column has no cells.
    const partial = { ...rules, verticals: [V(50, 100, 160), V(150, 100, 130), V(250, 100, 160)] };
    expect(ruledCells(partial)).toEqual([
      { x0: 50, y0: 100, x1: 150, y1: 130 },
      { x0: 150, y0: 100, x1: 250, y1: 130 },
    ]);
  });

  it("picks the cells with ink and no word, and cuts one out on a white margin", () => {
    const img: GreyImage = {
      data: new Uint8Array(400 * SCALE * 200 * SCALE).fill(255),
      width: 1200,
      height: 600,
    };
    const ink = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0 * SCALE; y < y1 * SCALE; y++)
        img.data.fill(0, y * img.width + x0 * SCALE, y * img.width + x1 * SCALE);
    };
    ink(200, 110, 206, 120); // a lone "1" in the first row's middle cell, not recognised
    ink(60, 140, 90, 150); // a word in the second row's first cell, recognised
    const words = [word("Apples", 60, 150, 30)];
    const unread = unreadCells(img, SCALE, ruledCells(rules), words);
    expect(unread).toEqual([{ x0: 150, y0: 100, x1: 250, y1: 130 }]);
    const cut = cellImage(img, SCALE, unread[0] as (typeof unread)[0]);
    expect(cut.png.subarray(1, 4).toString()).toBe("PNG");
    // The cut starts at the first whole pixel inside the rules, 10 px of margin before it.
    expect(cut.x).toBeCloseTo((Math.ceil((150 + 1.5) * SCALE) - 10) / SCALE, 5);
    expect(cut.y).toBeCloseTo((Math.ceil((100 + 1.5) * SCALE) - 10) / SCALE, 5);
  });
});

describe("rule glyphs", () => {
  it("drops a `|` standing on a vertical rule and the `|` a word took from one, and nothing else", () => {
    const words = [
      word("|", 149.5, 120, 1.5), // the rule read as a glyph
      word("|Amount", 150.5, 120, 40), // a glyph glued to the next cell's word
      word("Total|", 100, 150, 49), // glued to the word before the rule
      word("l", 120, 120, 2), // an "l" in the middle of a cell: not on a rule
      word("I", 250.2, 150, 2), // on the rule at 250
    ];
    const out = dropRuleGlyphs(words, rules.verticals);
    expect(out.map((w) => w.str)).toEqual(["Amount", "Total", "l"]);
    const amount = out[0] as OcrWord;
    expect(amount.x).toBeGreaterThan(150.5);
    expect(amount.x + amount.width).toBeCloseTo(190.5, 5);
  });
});
