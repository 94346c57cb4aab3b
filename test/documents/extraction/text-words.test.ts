import { describe, expect, it } from "vitest";
import { textContentWords } from "../../../src/core/extraction/layout/words.ts";

// How a text-layer run is cut into words: at spaces, except inside an amount whose thousands are
// set apart by spaces, which a column boundary must not cut in two.

const fonts = { isBold: () => false, isMono: () => false };
const viewport = { width: 612, height: 792, transform: [1, 0, 0, -1, 0, 792] };
const wordsOf = (str: string) =>
  textContentWords(
    [{ str, transform: [10, 0, 0, 10, 72, 700], width: 5 * str.length, height: 10, fontName: "f" }],
    fonts,
    viewport,
  ).words.map((w) => w.text);

describe("text-layer words", () => {
  it("keeps an amount grouped by spaces whole: 1 150,00, EUR 15 833,50, (1 234,56), 1 234 567.89", () => {
    expect(wordsOf("1 150,00")).toEqual(["1 150,00"]);
    expect(wordsOf("Sous-total EUR 15 833,50")).toEqual(["Sous-total", "EUR", "15 833,50"]);
    expect(wordsOf("1 150,00 12 650,00")).toEqual(["1 150,00", "12 650,00"]);
    expect(wordsOf("(1 234,56)")).toEqual(["(1 234,56)"]);
    expect(wordsOf("Total 1 234 567.89 EUR")).toEqual(["Total", "1 234 567.89", "EUR"]);
  });

  it("cuts figures without a decimal part, dates and codes at their spaces", () => {
    expect(wordsOf("25 100")).toEqual(["25", "100"]);
    expect(wordsOf("9 mai 2026")).toEqual(["9", "mai", "2026"]);
    expect(wordsOf("11 2026,50")).toEqual(["11", "2026,50"]);
    expect(wordsOf("DE68 6085 9511")).toEqual(["DE68", "6085", "9511"]);
  });

  it("places a grouped amount where its characters stand in the run", () => {
    const [, amount] = textContentWords(
      [{ str: "EUR 15 833,50", transform: [10, 0, 0, 10, 100, 700], width: 130, height: 10, fontName: "f" }],
      fonts,
      viewport,
    ).words;
    // 10 points a character: "15 833,50" starts at the fifth.
    expect(amount?.x0).toBeCloseTo(140, 5);
    expect(amount?.x1).toBeCloseTo(230, 5);
  });
});
