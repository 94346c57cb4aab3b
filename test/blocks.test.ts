import { expect, it } from "vitest";
import { paragraphMarkdown, paragraphs } from "../src/core/extraction/layout/blocks.ts";
import { type Line, toLines } from "../src/core/extraction/layout/lines.ts";
import type { Word } from "../src/core/extraction/layout/words.ts";

/** Lines from words given as [text, x0, x1, baseline], 10 pt type. */
function lines(...words: [string, number, number, number][]): Line[] {
  return toLines(
    words.map(
      ([text, x0, x1, baseline]): Word => ({
        text,
        x0,
        x1,
        y0: baseline - 8,
        y1: baseline + 2,
        size: 10,
        baseline,
        vertical: false,
        rtl: false,
        bold: false,
        mono: false,
      }),
    ),
  );
}

it("makes a line starting with a symbol font's bullet (a private-use character) a list item", () => {
  // What pdfjs gives for a Wingdings bullet: U+F06E, set apart from the item's text.
  const page = lines(
    ["Three", 72, 97, 100],
    ["designs:", 100, 136, 100],
    ["\uf06e", 72, 79, 113],
    ["Randomized", 90, 141, 113],
    ["control.", 144, 178, 113],
    ["\uf06e", 72, 79, 126],
    ["Outcomes", 90, 133, 126],
    ["over", 136, 155, 126],
    ["time.", 158, 180, 126],
  );
  expect(paragraphs(page).map((p) => paragraphMarkdown(p, 10))).toEqual([
    "Three designs:",
    "- Randomized control.",
    "- Outcomes over time.",
  ]);
});
