import type { PDFPage } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { ExtractedPage } from "../../../src/core/extraction/extractor.ts";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";
import { textRows } from "../../../src/core/extraction/table-model.ts";
import { letterPage, text, textLines, textRight } from "../../support/layout-pdfs.ts";

// A large filled rectangle holding lines of text (a shaded sidebar, a tinted band) bounds a
// region read on its own; a table's shaded rows do not.

async function extract(bytes: Uint8Array): Promise<ExtractedPage> {
  const s = await layoutExtractor.open(bytes, { strategy: "text", capabilities: ["tables"] });
  try {
    return await s.extractPage(1);
  } finally {
    await s.close();
  }
}

const TINT = { type: "RGB", red: 0.88, green: 0.91, blue: 0.95 } as never;

/** A filled rectangle, top-left coordinates. */
function fill(page: PDFPage, x0: number, y0: number, x1: number, y1: number) {
  page.drawRectangle({ x: x0, y: 792 - y1, width: x1 - x0, height: y1 - y0, color: TINT });
}

/** The text of the page element holding `s`. */
const elementWith = (p: ExtractedPage, s: string) => p.elements.find((e) => e.text.includes(s))?.text ?? "";

describe("shaded regions", () => {
  it("reads a shaded side column on its own, though its lines share baselines with the body two characters away", async () => {
    const { doc, font, page } = await letterPage();
    fill(page, 0, 0, 168, 792);
    const side = ["Tallgrass Data Systems", "88 Commerce Park Drive", "Boise, ID 83702", "United States"];
    textLines(page, font, side, 20, 100, 14);
    text(page, font, "INVOICE", 190, 70, 20);
    textLines(
      page,
      font,
      ["Sold to", "Northgate Veterinary", "1420 Larkspur Avenue", "Columbus, OH 43215"],
      190,
      100,
      14,
    );
    textLines(page, font, ["Invoice #:", "Invoice date:", "Due date:"], 390, 100, 14);
    textLines(page, font, ["RE-2026-4195", "July 7, 2026", "July 21, 2026"], 470, 100, 14);
    const items = [
      ["Training session", "4", "342.59", "1,370.36"],
      ["Site inspection", "9", "332.54", "2,992.86"],
      ["Field survey", "3", "34.09", "102.27"],
    ];
    text(page, font, "Description", 190, 200);
    textRight(page, font, "Qty", 420, 200);
    textRight(page, font, "Price", 500, 200);
    textRight(page, font, "Amount", 580, 200);
    items.forEach((r, i) => {
      const y = 216 + 16 * i;
      text(page, font, r[0] as string, 190, y);
      textRight(page, font, r[1] as string, 420, y);
      textRight(page, font, r[2] as string, 500, y);
      textRight(page, font, r[3] as string, 580, y);
    });
    const p = await extract(await doc.save());
    // The side column's lines read together, nothing of the body among them.
    const sidebar = elementWith(p, "Commerce");
    for (const s of side) expect(sidebar).toContain(s);
    expect(sidebar).not.toMatch(/Sold|Invoice|Northgate/);
    // No table holds a line of the side column; the items are still a table.
    for (const t of p.tables) expect(textRows(t.grid).flat().join(" ")).not.toMatch(/Commerce|Boise/);
    expect(p.tables.some((t) => textRows(t.grid).flat().includes("Site inspection"))).toBe(true);
  });

  it("keeps a table whose body rows are shaded (head and total rows white) one table", async () => {
    const { doc, font, page } = await letterPage();
    text(page, font, "Coverage of the programme by state, in the year under review.", 72, 80);
    const rows = [
      ["State", "Stations", "Days", "Reached"],
      ["Delhi", "8", "17", "1.29"],
      ["Gujarat", "6", "13", "6.03"],
      ["Kerala", "9", "17", "1.42"],
      ["Punjab", "11", "19", "1.80"],
      ["Total", "34", "66", "10.54"],
    ];
    fill(page, 70, 124, 540, 196);
    rows.forEach((r, i) => {
      const y = 110 + 18 * i;
      text(page, font, r[0] as string, 76, y);
      for (const k of [1, 2, 3]) textRight(page, font, r[k] as string, 300 + (k - 1) * 110, y);
    });
    const p = await extract(await doc.save());
    expect(p.tables).toHaveLength(1);
    expect(textRows(p.tables[0]!.grid)).toEqual(rows);
  });
});
