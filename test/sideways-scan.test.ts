import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { layoutExtractor } from "../src/core/extraction/layout-extractor.ts";
import { textRows } from "../src/core/tables/table-model.ts";
import { testSans } from "./support/canvas-font.ts";

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
  ctx.strokeStyle = "#000000";
  ctx.lineWidth = K;
  ctx.beginPath();
  for (let r = 0; r <= ROWS.length; r++) {
    ctx.moveTo((COLS[0] as number) * K, (TOP + r * ROW_H) * K);
    ctx.lineTo((COLS[COLS.length - 1] as number) * K, (TOP + r * ROW_H) * K);
  }
  for (const x of COLS) {
    ctx.moveTo(x * K, TOP * K);
    ctx.lineTo(x * K, (TOP + ROWS.length * ROW_H) * K);
  }
  ctx.stroke();
  const page = createCanvas(Math.round(612 * K), Math.round(792 * K));
  const p = page.getContext("2d");
  p.fillStyle = "#ffffff";
  p.fillRect(0, 0, page.width, page.height);
  p.translate(page.width / 2, page.height / 2);
  p.rotate((degrees * Math.PI) / 180);
  p.drawImage(sheet, -sheet.width / 2, -sheet.height / 2);
  const jpg = await page.encode("jpeg", 80);
  const doc = await PDFDocument.create();
  const img = await doc.embedJpg(jpg);
  doc.addPage([612, 792]).drawImage(img, { x: 0, y: 0, width: 612, height: 792 });
  return doc.save();
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
