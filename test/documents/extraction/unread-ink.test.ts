import { afterAll, describe, expect, it } from "vitest";
import { createOcrEngine, type OcrWord } from "../../../src/core/extraction/ocr.ts";
import { readUnreadInk, unreadInk } from "../../../src/core/extraction/raster/unread-ink.ts";
import { drawnWords } from "../../support/drawn-scans.ts";

// Ink no recognised word covers, in letter-sized pieces lined up like text, is read again as one
// line: the page segmentation had left out columns of a dense table. The page is drawn clean; the
// page's words are given as such a segmentation returns them (labels read, figures not).

const SCALE = 3;
const SIZE = 10;
const engine = createOcrEngine();
afterAll(() => engine.close());

type Drawn = { text: string; x: number; y: number };

const page = (texts: Drawn[]) => drawnWords(texts, { scale: SCALE, size: SIZE, width: 320, height: 200 });

const rows = [
  ["Robbery", "102.1", "25.5", "90.0"],
  ["Burglary", "240.9", "60.3", "205.0"],
  ["Arson", "9.8", "4.3", "8.1"],
];
const table: Drawn[] = rows.flatMap((r, i) =>
  r.map((text, j) => ({ text, x: j === 0 ? 20 : 60 + 70 * j, y: 40 + 16 * i })),
);

describe("ink no word covers", () => {
  it("is read again line by line, and its words come back where they are printed", async () => {
    const { img, words } = page(table);
    // The page's reading kept the labels and the first column of figures only.
    const read = words.filter((w) => w.x < 150);
    const found = await readUnreadInk(engine, img, SCALE, read);
    const missing = words.filter((w) => w.x >= 150);
    expect(found.map((w) => w.str).sort()).toEqual(missing.map((w) => w.str).sort());
    for (const m of missing) {
      const f = found.find((w) => w.str === m.str) as OcrWord;
      expect(Math.abs(f.x - m.x)).toBeLessThan(1.5);
      expect(Math.abs(f.y - m.y)).toBeLessThan(1.5);
      expect(Math.abs(f.size - SIZE)).toBeLessThan(2.5);
    }
  });

  it("reads a currency sign set apart at the left of an amount's cell", async () => {
    const { img, words } = page([
      { text: "Motors", x: 20, y: 40 },
      { text: "$", x: 120, y: 40 },
      { text: "85,042", x: 160, y: 40 },
    ]);
    const found = await readUnreadInk(engine, img, SCALE, [words[0] as OcrWord, words[2] as OcrWord]);
    expect(found.map((w) => w.str)).toEqual(["$"]);
    expect(Math.abs((found[0] as OcrWord).x - 120)).toBeLessThan(1.5);
  });

  it("is not read where the words cover it", async () => {
    const { img, words } = page(table);
    expect(unreadInk(img, SCALE, words)).toEqual([]);
    expect(await readUnreadInk(engine, img, SCALE, words)).toEqual([]);
  });

  it("leaves dot leaders, dashes and specks alone", async () => {
    const { img, words } = page([
      { text: "Total", x: 20, y: 40 },
      { text: ". . . . . . . . . .", x: 48, y: 40 },
      { text: "–", x: 160, y: 40 },
      { text: "Fraud", x: 20, y: 56 },
      { text: "-", x: 230, y: 56 },
      { text: "'", x: 160, y: 90 },
    ]);
    const read = words.filter((w) => /\p{L}/u.test(w.str));
    expect(unreadInk(img, SCALE, read)).toEqual([]);
  });
});
