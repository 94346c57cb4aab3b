import { createCanvas } from "@napi-rs/canvas";
import { afterAll, describe, expect, it } from "vitest";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";
import { textRows } from "../../../src/core/extraction/table-model.ts";
import { scannedPagePdf, strokeGrid, testSans } from "../../support/drawn-scans.ts";

// A wide table printed across a tall page (turned a quarter, clockwise or not) and scanned: OCR
// of the page as it lies reads almost nothing, so the page is read turned either way and the
// reading with the legible words is kept. A page of upright text is read once.

const FONT = testSans();

const ROWS = [
  ["Station", "January", "February", "March", "April"],
  ["Harbour", "1,204", "1,180", "1,342", "1,415"],
  ["Airport", "2,918", "2,744", "3,105", "3,260"],
  ["Central", "4,611", "4,502", "4,870", "5,033"],
  ["Westgate", "815", "790", "902", "948"],
];
const COLS = [72, 222, 342, 462, 582, 702];
const ROW_H = 30;
const TOP = 160;
const K = 200 / 72;

/** The table drawn on a landscape sheet, then laid onto a portrait page turned by `degrees`. */
async function sidewaysScan(degrees: 90 | -90): Promise<Uint8Array> {
  const sheet = createCanvas(Math.round(792 * K), Math.round(612 * K));
  const ctx = sheet.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, sheet.width, sheet.height);
  ctx.fillStyle = "#000000";
  ctx.font = `${13 * K}px ${FONT}`;
  ctx.fillText("Passengers boarding at each station, thousands, first quarter", 72 * K, 110 * K);
  for (const [r, row] of ROWS.entries())
    for (const [c, text] of row.entries())
      ctx.fillText(text, ((COLS[c] as number) + 6) * K, (TOP + r * ROW_H + 20) * K);
  strokeGrid(ctx, { cols: COLS, top: TOP, rowHeight: ROW_H, rows: ROWS.length }, K);
  const page = createCanvas(Math.round(612 * K), Math.round(792 * K));
  const p = page.getContext("2d");
  p.fillStyle = "#ffffff";
  p.fillRect(0, 0, page.width, page.height);
  p.translate(page.width / 2, page.height / 2);
  p.rotate((degrees * Math.PI) / 180);
  p.drawImage(sheet, -sheet.width / 2, -sheet.height / 2);
  return scannedPagePdf(await page.encode("jpeg", 80));
}

afterAll(async () => {
  await layoutExtractor.close();
});

describe("a table printed sideways on a scanned page", () => {
  for (const degrees of [90, -90] as const)
    it(`is read upright when turned ${degrees > 0 ? "clockwise" : "anticlockwise"}`, async () => {
      const doc = await layoutExtractor.open(await sidewaysScan(degrees), {
        strategy: "auto",
        capabilities: ["tables"],
      });
      const page = await doc.extractPage(1);
      await doc.close();
      expect(page.method).toBe("ocr");
      expect(page.markdown).toContain("Passengers boarding at each station");
      expect(page.tables).toHaveLength(1);
      expect(textRows((page.tables[0] as { grid: Parameters<typeof textRows>[0] }).grid)).toEqual(ROWS);
    }, 90_000);
});
