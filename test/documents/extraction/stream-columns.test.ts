import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";
import { textRows } from "../../../src/core/extraction/table-model.ts";

// Unruled tables set close together, as office suites print invoices: two address blocks and
// label/value pairs a line apart over an item table, and item columns of figures so close that a
// header's two cells, or a row's two figures, read as one run of text. The item table must come
// out on its own, with every column.

const ITEMS = [
  ["Code", "Description", "Qty", "Unit price", "Amount"],
  ["A66256", "Network cable, 5 m", "24", "53.90", "1,293.60"],
  ["SKU-64583", "Consulting", "22", "49.00", "1,078.00"],
  ["A50597", "Project management", "9", "49.00", "441.00"],
];

/** The page: parties and references (two columns) then the items, 12 pt apart throughout. */
async function invoicePage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let y = 760;
  const line = (cells: [string, number][]) => {
    for (const [t, x] of cells) page.drawText(t, { x, y, size: 10, font });
    y -= 12;
  };
  line([
    ["Northwind Traders", 40],
    ["BILL TO", 230],
  ]);
  line([
    ["3 Mill Lane", 40],
    ["Harbor Supply Co.", 230],
  ]);
  line([
    ["Leeds LS1 4AB", 40],
    ["12 Harbour Street", 230],
  ]);
  line([
    ["Invoice no.", 40],
    ["A-3911", 130],
  ]);
  line([
    ["Due date", 40],
    ["9 September 2026", 130],
  ]);
  // Item columns: code and description left-aligned; figures right-aligned to 290, 360 and 420,
  // so "Unit price" and "Amount" (and the two amounts of a row) stand a word space apart or so.
  const rightAt = [0, 0, 290, 370, 420];
  const leftAt = [40, 110];
  for (const row of ITEMS) {
    for (const [c, t] of row.entries()) {
      const x = c < 2 ? (leftAt[c] as number) : (rightAt[c] as number) - font.widthOfTextAtSize(t, 10);
      page.drawText(t, { x, y, size: 10, font });
    }
    y -= 12;
  }
  return doc.save();
}

afterAll(() => layoutExtractor.close());

describe("unruled tables set close", () => {
  it("starts a new table at a wider header under label and value pairs, with every column", async () => {
    const s = await layoutExtractor.open(await invoicePage(), { strategy: "text", capabilities: ["tables"] });
    try {
      const page = await s.extractPage(1);
      const items = page.tables.map((t) => textRows(t.grid)).find((rows) => rows[0]?.includes("Code"));
      expect(items, page.markdown).toEqual(ITEMS);
      // The parties and references are not rows of the item table.
      expect(page.tables.flatMap((t) => textRows(t.grid)).filter((r) => r.includes("Code"))).toHaveLength(1);
      const itemTable = page.tables.find((t) => textRows(t.grid)[0]?.includes("Code"));
      expect(
        textRows(itemTable?.grid ?? [])
          .flat()
          .join(" "),
      ).not.toContain("Northwind");
    } finally {
      await s.close();
    }
  });
});
