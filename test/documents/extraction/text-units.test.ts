import { expect, it } from "vitest";
import { joinWords } from "../../../src/core/extraction/layout/lines.ts";
import { normalizeText } from "../../../src/core/extraction/layout/normalize-text.ts";
import type { Word } from "../../../src/core/extraction/layout/words.ts";

it("normalizeText spells out ligatures, plain-spaces odd spaces and drops invisible characters", () => {
  expect(normalizeText("\uFB01le \uFB02oor e\uFB03cient")).toBe("file floor efficient");
  expect(normalizeText("a\u00A0b\u2009c")).toBe("a b c");
  expect(normalizeText("co\u00ADop\u200Bera\uFEFFte")).toBe("cooperate");
  const plain = "nothing to change here";
  expect(normalizeText(plain)).toBe(plain);
});

const word = (text: string, x0: number, rtl: boolean): Word => ({
  text,
  x0,
  x1: x0 + 6 * text.length,
  y0: 0,
  y1: 10,
  size: 10,
  baseline: 8,
  vertical: false,
  rtl,
  bold: false,
  mono: false,
});

it("joinWords keeps a right-to-left run of several words in its own reading order inside a left-to-right line", () => {
  // Displayed left to right: two words, the Arabic run as drawn (its second word leftmost), a word.
  const line = [
    word("Customer", 0, false),
    word("name", 60, false),
    word("سلطان", 100, true),
    word("اسمي", 140, true),
    word("confirmed", 180, false),
  ];
  expect(joinWords(line)).toBe("Customer name اسمي سلطان confirmed");
});
