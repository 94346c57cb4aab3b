import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { repairThousandsCommas } from "../../../src/core/extraction/layout/figure-separators.ts";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";
import { cell, textRows } from "../../../src/core/extraction/table-model.ts";

// A thousands comma OCR read as a point gets its comma back, only in a column that writes its
// thousands with commas and nowhere writes a point before three digits of its own.

const grid = (rows: string[][]) => rows.map((r) => r.map((t) => cell(t)));

describe("thousands commas read as points", () => {
  it("are put back in a column that writes its thousands with commas", () => {
    const out = repairThousandsCommas(
      grid([
        ["Item", "Change", "Rate"],
        ["Bolts", "47,095", "3.14"],
        ["Urban", "(36.929)", "9.67"],
        ["West", "29,566", "1.25"],
        ["Motors", "$69.902", "0.26"],
      ]),
    );
    expect(textRows(out).map((r) => r[1])).toEqual(["Change", "47,095", "(36,929)", "29,566", "$69,902"]);
    // A column of decimals is left as it is.
    expect(textRows(out).map((r) => r[2])).toEqual(["Rate", "3.14", "9.67", "1.25", "0.26"]);
  });

  it("are left alone where points may be meant: thousands with points, three decimals, one comma figure", () => {
    const european = grid([["1.234,50"], ["12.500"], ["3,456"], ["7,890"]]);
    expect(repairThousandsCommas(european)).toEqual(european);
    const threeDecimals = grid([["1,234.567"], ["12.500"], ["3,456"]]);
    expect(repairThousandsCommas(threeDecimals)).toEqual(threeDecimals);
    const oneComma = grid([["1,234"], ["12.500"], ["42"]]);
    expect(repairThousandsCommas(oneComma)).toEqual(oneComma);
  });
});

describe("a born-digital table", () => {
  afterAll(() => layoutExtractor.close());

  it("keeps its figures as its text layer writes them", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const rows = [
      ["Item", "Change", "Total"],
      ["Bolts", "47,095", "120"],
      ["Urban", "36.929", "95"],
      ["West", "29,566", "88"],
      ["Gears", "4,169", "41"],
    ];
    let y = 700;
    for (const row of rows) {
      for (const [c, t] of row.entries()) {
        const x = c === 0 ? 60 : 200 + 120 * c - font.widthOfTextAtSize(t, 10);
        page.drawText(t, { x, y, size: 10, font });
      }
      y -= 16;
    }
    const s = await layoutExtractor.open(await doc.save(), { strategy: "text", capabilities: ["tables"] });
    try {
      const p = await s.extractPage(1);
      expect(textRows(p.tables[0]?.grid ?? []).map((r) => r[1])).toEqual(rows.map((r) => r[1]));
    } finally {
      await s.close();
    }
  });
});
