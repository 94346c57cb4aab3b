import { expect, it } from "vitest";
import { hyphenatedWords, paragraphForm, paragraphs } from "../../../src/core/extraction/layout/blocks.ts";
import { type Line, toLines } from "../../../src/core/extraction/layout/lines.ts";
import type { Word } from "../../../src/core/extraction/layout/words.ts";

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
  expect(paragraphs(page).map((p) => paragraphForm(p, 10).markdown)).toEqual([
    "Three designs:",
    "- Randomized control.",
    "- Outcomes over time.",
  ]);
});

it("starts a paragraph at a run-in heading (a bold label ending in a colon or a full stop), set as close as a line", () => {
  const bold = (ls: Line[], boldWords: Set<string>) =>
    toLines(
      ls
        .flatMap((l) => l.segments.flatMap((s) => s.words))
        .map((w) => ({ ...w, bold: boldWords.has(w.text) })),
    );
  const page = bold(
    lines(
      ["the", 72, 87, 100],
      ["products.", 90, 130, 100],
      ["DATES:", 72, 104, 112],
      ["Comments", 107, 150, 112],
      ["by", 153, 163, 112],
      ["September.", 166, 214, 112],
      ["Health", 72, 100, 124],
      ["was", 103, 120, 124],
      ["good.", 123, 147, 124],
    ),
    new Set(["DATES:", "Health"]),
  );
  expect(paragraphs(page).map((p) => p.text)).toEqual([
    "the products.",
    // A bold word that is no label (no colon or full stop after it) goes on in its paragraph.
    "DATES: Comments by September. Health was good.",
  ]);
});

it("ends a paragraph at a table of contents entry (leader dots and a page number)", () => {
  const page = lines(
    ["1.", 72, 80, 100],
    ["Context..........4", 83, 180, 100],
    ["1.1.", 72, 88, 112],
    ["Why..........5", 91, 180, 112],
  );
  expect(paragraphs(page).map((p) => p.text)).toEqual(["1. Context..........4", "1.1. Why..........5"]);
});

it("joins a word broken over two lines, keeping the hyphen of a compound the page spells with one", () => {
  const page = lines(
    ["the", 72, 87, 100],
    ["self-", 90, 115, 100],
    ["employed", 72, 110, 112],
    ["and", 113, 128, 112],
    ["extrac-", 131, 160, 112],
    ["tion", 72, 90, 124],
    ["of", 93, 102, 124],
    ["self-employed", 105, 165, 124],
  );
  expect(paragraphs(page, null, hyphenatedWords(page)).map((p) => p.text)).toEqual([
    "the self-employed and extraction of self-employed",
  ]);
  // Without the page's compounds, a hyphen at the end of a line is a word broken there.
  expect(paragraphs(page).map((p) => p.text)).toEqual(["the selfemployed and extraction of self-employed"]);
});
