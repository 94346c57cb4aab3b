import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultCapabilities } from "../../../src/core/documents/phases.ts";
import type { ExtractedPage } from "../../../src/core/extraction/extractor.ts";
import { numberInRightToLeft } from "../../../src/core/extraction/layout/lines.ts";
import { rightToLeftLines } from "../../../src/core/extraction/layout/right-to-left.ts";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";
import { cell, textRows } from "../../../src/core/extraction/table-model.ts";

// Right-to-left pages by two generators: Microsoft Word (docling's test PDFs, test/fixtures,
// MIT) and Chromium (bench/layout/corpus-rtl, made by bench/layout/make-corpus-rtl.ts).

const root = path.join(import.meta.dirname, "../../..");
async function read(file: string): Promise<ExtractedPage> {
  const bytes = new Uint8Array(readFileSync(path.join(root, file)));
  const session = await layoutExtractor.open(bytes, { strategy: "auto", capabilities: defaultCapabilities });
  try {
    return await session.extractPage(1);
  } finally {
    await session.close();
  }
}

/** The page's paragraphs and headings in reading order, as the markdown has them. */
const blocks = (p: ExtractedPage) =>
  p.markdown
    .split(/\n\s*\n/)
    .map((b) => b.replace(/^#+\s*/, "").trim())
    .filter(Boolean);

describe("right-to-left text", () => {
  it("keeps a lam-alef ligature's letters in logical order (one glyph for two letters, Word)", async () => {
    const page = await read("test/fixtures/docling-right-to-left-01.pdf");
    expect(page.markdown).toContain("تحسين الإنتاجية وحل المشكلات من خلال البرمجة بلغة R و Python");
    expect(page.markdown).not.toContain("اإلنتاجية");
  });

  it("keeps a paragraph's short last line and its stop with the paragraph", async () => {
    const page = await read("test/fixtures/docling-right-to-left-01.pdf");
    // The last line ends left of the lines above it; the stop is a run of its own.
    expect(page.markdown).toContain("فإن استخدام هذه اللغات يمكن أن يسهم بشكل كبير في تحسين نتائج العمل.");
  });

  it("spells presentation forms as letters and puts a vowel mark after its letter (Chromium)", async () => {
    const page = await read("bench/layout/corpus-rtl/ar-naskh-one-mixed.pdf");
    const b = blocks(page);
    expect(b[1]).toBe("الإنتاجية والتعلم الآلي في المكتبات العامة");
    expect(page.markdown).toContain("يزداد عامًا بعد عام");
    expect(page.markdown).toContain("مثل Python و PostgreSQL لإدارة الفهارس، ولا يقتصر الأمر");
  });

  it("reads two right-to-left columns right one first", async () => {
    const page = await read("bench/layout/corpus-rtl/he-serif-two-columns.pdf");
    const b = blocks(page);
    const at = (start: string) => b.findIndex((x) => x.startsWith(start));
    const order = [
      "הספרייה העירונית פתחה",
      "סדנאות ואירועים",
      "בנוסף, צוות הספרייה",
      "שעות פעילות בחגים",
      "אנו מודים",
    ].map(at);
    expect(order.every((k) => k >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });

  it("reads a label before its value", async () => {
    const page = await read("bench/layout/corpus-rtl/fa-sans-labels.pdf");
    expect(page.markdown).toContain("شماره استاندارد ملی 20300");
    expect(page.markdown).toContain("مشاور پذیرش کارگزاری آرمون بورس");
  });

  it("makes no table of a running head over a rule, nor of a ruled label/value block (Word)", async () => {
    const page = await read("test/fixtures/docling-right-to-left-03.pdf");
    const b = blocks(page);
    expect(b.slice(0, 2)).toEqual(["شرکت بورس کالای ايران", "اميدنامه پذيرش در بازار اصلی - کالای داخلی"]);
    // The ruled block of the admission's dates and terms reads row by row, each label before its value.
    expect(page.tables).toHaveLength(0);
    const at = (text: string) => b.indexOf(text);
    const order = ["تاريخ ارائه مدارک", "1403/09/19", "تاريخ پذيرش", "1403/10/04", "مشاور پذيرش"].map(at);
    expect(order.every((k) => k >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
  });
});

describe("right-to-left grids read as lines", () => {
  const grid = (rows: string[][]) => rows.map((r) => r.map((t) => cell(t)));
  it("reads a form's fields (labels on the right, values of mixed kinds) as lines", () => {
    const fields = grid([
      ["1403/09/19", "تاريخ ارائه مدارک"],
      ["436", "شماره جلسه کميته عرضه"],
      ["کارگزاری آرمون بورس", "مشاور پذيرش"],
    ]);
    expect(rightToLeftLines(fields)).toBe(true);
  });

  it("takes a question for a field's label (a form asks; its answer is the value)", () => {
    const fields = grid([
      ["20300", "شماره استاندارد ملی"],
      ["بلی خير", "استاندارد اجباری است؟"],
      ["سازمان ملی استاندارد ايران", "مرجع صادرکننده استاندارد"],
    ]);
    expect(rightToLeftLines(fields)).toBe(true);
  });

  it("keeps a table of sentences, a column of one kind under its header, and repeated labels as tables", () => {
    // tabula's arabic.pdf: sentences and questions in both columns.
    const sentences = grid([
      ["مرحبا", "اسمي سلطان"],
      ["انا من ولاية كارولينا الشمال", "من اين انت؟"],
      ["1234", "عندي 47 قطط"],
    ]);
    const dates = grid([
      ["تاريخ", "نام"],
      ["1403/09/19", "علی"],
      ["1403/10/04", "مریم"],
    ]);
    const repeated = grid([
      ["12", "جمع"],
      ["کالا", "نام"],
      ["14", "جمع"],
    ]);
    expect(rightToLeftLines(sentences)).toBe(false);
    expect(rightToLeftLines(dates)).toBe(false);
    expect(rightToLeftLines(repeated)).toBe(false);
    expect(rightToLeftLines(grid([["a", "b"]]))).toBe(true);
  });
});

describe("figures in right-to-left lines", () => {
  it("puts a numbered item's stop after its number when the figure is drawn apart (ReportLab, python-bidi)", async () => {
    const page = await read("bench/layout/corpus-rtl2/ar-naskh-rl-one.pdf");
    expect(page.markdown).toContain("1. افتح صفحة الإضافة من القائمة الرئيسية واختر نوع الوثيقة.");
    expect(page.markdown).toContain("بدقة 300 نقطة في البوصة");
  });

  it("reads a stop, dash or bracket at a figure's edge with the right-to-left text, signs with the figure", () => {
    expect(numberInRightToLeft(".1")).toBe("1.");
    expect(numberInRightToLeft(":20")).toBe("20:");
    expect(numberInRightToLeft("(12)")).toBe("(12)");
    expect(numberInRightToLeft("(12")).toBe("12)");
    expect(numberInRightToLeft("%65")).toBe("%65");
    expect(numberInRightToLeft("1,234.50")).toBe("1,234.50");
    expect(numberInRightToLeft("Python,")).toBe("Python,");
  });
});

describe("a right-to-left cell with more figures than letters", () => {
  it("reads a price with its currency's abbreviation in Hebrew order (ReportLab, python-bidi)", async () => {
    const page = await read("bench/tables-rtl2/he-unruled.pdf");
    const cells = page.tables.flatMap((t) => textRows(t.grid).flat());
    expect(cells).toContain('180 ש"ח');
    expect(cells).not.toContain('ח"ש 180');
  });
});
