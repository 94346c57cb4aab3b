import { afterAll, describe, expect, it } from "vitest";
import { createOcrEngine, type OcrWord } from "../../../src/core/extraction/ocr.ts";
import { readDoubtfulFigures } from "../../../src/core/extraction/raster/doubtful-figures.ts";
import { drawnWords } from "../../support/drawn-scans.ts";

// A figure the page's reading was unsure of is read again on its own, and the surer reading kept.
// The page here is drawn clean, so its figures read right on their own; the page's words are given
// as a misjudged segmentation returns them (decimal points lost, unsure).

const SCALE = 3;
const SIZE = 10;
const engine = createOcrEngine();
afterAll(() => engine.close());

function page(texts: { text: string; x: number; y: number }[]) {
  const { img, words } = drawnWords(texts, { scale: SCALE, size: SIZE, width: 300, height: 200 });
  return { img, widths: words.map((w) => w.width) };
}

const word = (str: string, x: number, y: number, width: number, confidence: number): OcrWord => ({
  str,
  x,
  y,
  width,
  size: SIZE,
  confidence,
});

describe("figures read unsurely", () => {
  it("are read again on their own, and the surer reading is kept", async () => {
    const { img, widths } = page([
      { text: "Kerala", x: 20, y: 40 },
      { text: "8.8", x: 100, y: 40 },
      { text: "41.3", x: 160, y: 40 },
      { text: "2293", x: 220, y: 40 },
    ]);
    const w = (i: number) => widths[i] as number;
    const words = [
      word("Kerala", 20, 40, w(0), 60), // no figure: left as read
      word("88", 100, 40, w(1), 45),
      word("413", 160, 40, w(2), 50),
      word("2203", 220, 40, w(3), 95), // sure: not read again, even if wrong
      word("7", 100, 120, 6, 40), // nothing there to read: stays as it was
    ];
    const out = await readDoubtfulFigures(engine, img, SCALE, words);
    expect(out.map((x) => x.str)).toEqual(["Kerala", "8.8", "41.3", "2203", "7"]);
    expect(out[1]?.confidence).toBeGreaterThan(45);
    expect(out[1]).toMatchObject({ x: 100, y: 40, width: w(1) });
    expect(out[0]).toBe(words[0]);
    expect(out[3]).toBe(words[3]);
    expect(out[4]).toBe(words[4]);
  });
});
