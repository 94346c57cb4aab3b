import { describe, expect, it } from "vitest";
import { restoreCapitals } from "../../../src/core/extraction/raster/letter-case.ts";
import { drawnWords } from "../../support/drawn-scans.ts";

// A capital shaped like its small letter (O, W, S...) that the recogniser read small gets its
// capital back when its ink stands clearly higher than the small letters after it.

const SCALE = 3;
const SIZE = 10;

function page(words: { printed: string; read: string }[]) {
  const texts = words.map((w, i) => ({ text: w.printed, read: w.read, x: 30, y: 20 + 16 * i }));
  return drawnWords(texts, { scale: SCALE, size: SIZE, width: 200, height: 20 + 16 * words.length });
}

describe("capitals read as small letters", () => {
  it("get their capital back where the first letter stands as high as a capital", () => {
    const { img, words } = page([
      { printed: "West", read: "west" },
      { printed: "Owner", read: "owner" },
      { printed: "Sum", read: "sum" },
    ]);
    expect(restoreCapitals(img, SCALE, words).map((w) => w.str)).toEqual(["West", "Owner", "Sum"]);
  });

  it("leave small letters, words without two small letters to measure against, and other words", () => {
    const { img, words } = page([
      { printed: "west", read: "west" },
      { printed: "owner", read: "owner" },
      { printed: "or", read: "or" },
      { printed: "Office", read: "Office" },
      { printed: "total", read: "total" },
    ]);
    const out = restoreCapitals(img, SCALE, words);
    for (const [i, w] of out.entries()) expect(w).toBe(words[i]);
  });
});
