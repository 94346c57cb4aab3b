import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { joinWords } from "../../../src/core/extraction/layout/lines.ts";
import { wordsFromRuns } from "../../../src/core/extraction/layout/words.ts";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";
import { renderForOcr } from "../../../src/core/extraction/ocr.ts";
import { readingConfidence, scriptReading } from "../../../src/core/extraction/ocr-languages.ts";
import { scannedPagePdf } from "../../support/drawn-scans.ts";

// Scanned pages in Japanese, Arabic and Hebrew: the English model reads them as scattered marks, so a
// page read poorly and in no marked language is read with those scripts' models too.

const corpus = path.resolve(import.meta.dirname, "../../../../shared/corpus/tables");
const run = (str: string, x: number, width: number, confidence = 90, y = 100, size = 10) => ({
  str,
  x,
  y,
  width,
  size,
  confidence,
});

describe("telling a script's reading from the English one", () => {
  const english = [run("PAE", 0, 20, 55), run("IEE", 30, 20, 52), run("5,664", 60, 30, 95)];

  it("weighs letters only: figures read surely in any script", () => {
    expect(readingConfidence(english)).toBeCloseTo(53.5, 5);
    expect(readingConfidence([run("12,017", 0, 30, 96)])).toBe(0);
  });

  it("keeps a reading surer by ten points and mostly in its script", () => {
    const japanese = [run("株主資本", 0, 40, 82), run("5,664", 60, 30, 95)];
    expect(scriptReading("jpn", japanese, english)).toBe(true);
    // Not surer by enough.
    expect(scriptReading("jpn", [run("株主資本", 0, 40, 60)], english)).toBe(false);
    // Sure, but of Latin letters (the Japanese model reads Latin print too).
    expect(
      scriptReading("jpn", [run("Jeremy", 0, 30, 90), run("is", 40, 10, 90), run("。", 55, 5, 90)], english),
    ).toBe(false);
    expect(scriptReading("ara", [run("اسمي", 0, 20, 91), run("سلطان", 30, 25, 92)], english)).toBe(true);
    expect(scriptReading("ara", [], english)).toBe(false);
  });
});

describe("words read by OCR", () => {
  it("makes ideographs read a few at a time on one line one word, and keeps apart what stands apart", () => {
    const { words } = wordsFromRuns(
      [
        run("株", 100, 10),
        run("主", 111, 10),
        run("資本", 122, 20),
        run("合計", 200, 20),
        run("Net", 240, 18),
      ],
      600,
      800,
    );
    expect(words.map((w) => w.text)).toEqual(["株主資本", "合計", "Net"]);
    expect(words[0]).toMatchObject({ x0: 100, x1: 142 });
    // Figures between ideographs belong to their word; between Latin words they stand apart.
    const dated = wordsFromRuns(
      [run("平成", 100, 20), run("26", 122, 10), run("年", 134, 10), run("No", 300, 12), run("26", 314, 10)],
      600,
      800,
    );
    expect(dated.words.map((w) => w.text)).toEqual(["平成26年", "No", "26"]);
  });

  it("makes the pieces of an amount cut at its point one word, wherever OCR lists them", () => {
    // Courier at 10 pt: a character is 6 pt wide, the point stands alone in its own cell.
    const { words } = wordsFromRuns(
      [
        run("4,433.", 100, 33.5), // "4,433." then, in OCR's column order, the next line's pieces
        run("67", 100, 11, 90, 112),
        run(".50", 112.5, 15.5, 90, 112),
        run("97", 135.5, 11), // 2 pt after the point's box: one amount
        run("63.", 200, 15.5),
        run("9%", 217.5, 11),
        run("2019.", 300, 27.5), // a word space after the point (a character and more): two words
        run("20", 335, 11),
        run("12.", 400, 15.5),
        run("Apples", 417.5, 33), // not figures: two words
      ],
      600,
      800,
    );
    expect(words.map((w) => w.text).sort()).toEqual(
      ["4,433.97", "67.50", "63.9%", "2019.", "20", "12.", "Apples"].sort(),
    );
    expect(words.find((w) => w.text === "4,433.97")).toMatchObject({ x0: 100, x1: 146.5 });
  });

  it("joins whole words with a space however close their boxes", () => {
    const { words } = wordsFromRuns([run("اسمي", 150, 30), run("سلطان", 110, 39.5)], 600, 800);
    expect(joinWords(words)).toBe("اسمي سلطان");
  });
});

/** A corpus page made an image-only PDF: drawn at 200 dpi, grey, saved as JPEG. */
async function scanOf(file: string): Promise<Uint8Array> {
  const drawn = await renderForOcr(new Uint8Array(readFileSync(path.join(corpus, file))), 1, 200 / 72);
  const jpg = await sharp(drawn.png).greyscale().jpeg({ quality: 80 }).toBuffer();
  return scannedPagePdf(jpg);
}

async function readScan(file: string) {
  const s = await layoutExtractor.open(await scanOf(file), { strategy: "auto", capabilities: ["tables"] });
  try {
    return await s.extractPage(1);
  } finally {
    await s.close();
  }
}

describe("scanned pages in other scripts", () => {
  afterAll(() => layoutExtractor.close());

  it("reads a Japanese statement's title and table headings", async () => {
    const page = await readScan("twotables.pdf");
    expect(page.method).toBe("ocr");
    expect(page.text).toContain("連結株主資本等変動計算書");
    expect(page.text).toContain("株主資本合計");
    expect(page.text).toContain("当期末残高");
    const cells = page.tables.flatMap((t) => t.grid.flat().map((c) => c?.text ?? ""));
    expect(cells).toContain("剰余金の配当");
  }, 180_000);

  it("reads an Arabic table's words in their order", async () => {
    const page = await readScan("arabic.pdf");
    expect(page.method).toBe("ocr");
    expect(page.text).toContain("اسمي سلطان");
    expect(page.text).toContain("انا من ولاية كارولينا الشمال");
    expect(page.tables).toHaveLength(1);
  }, 180_000);

  it("reads a Hebrew table's row labels, and its figures with the English model beside", async () => {
    const page = await readScan("indictb1h_14.pdf");
    expect(page.method).toBe("ocr");
    expect(page.text).toContain("תוצר מקומי גולמי");
    expect(page.text).toContain("הסקטור העסקי");
    expect(page.text).toContain("יבוא ביטחוני");
    const cells = page.tables.flatMap((t) => t.grid.flat().map((c) => c?.text ?? ""));
    expect(cells).toContain("11.2");
  }, 180_000);
});
