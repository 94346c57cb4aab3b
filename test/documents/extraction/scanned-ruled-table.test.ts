import { createCanvas } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";
import { textRows } from "../../../src/core/extraction/table-model.ts";
import { uploadAndWait } from "../../support/documents.ts";
import { scannedPagePdf, strokeGrid, testSans } from "../../support/drawn-scans.ts";
import { call } from "../../support/http.ts";
import type { TestServer } from "../../support/server.ts";
import { sharedTestServer } from "../../support/shared-server.ts";
import { createTenant, type Tenant } from "../../support/tenant.ts";

// A ruled table printed, scanned at 200 dpi, turned by 1.3 degrees, speckled and saved as JPEG in
// an image-only PDF: OCR alone reads it. Its cells must come out as the printed table's cells,
// with no `|` from the rules, in the extractor and through the service's table API.

const FONT = testSans();

const ROWS = [
  ["Description", "Qty", "Unit price", "Amount"],
  ["Consulting hours", "12", "95.00", "1,140.00"],
  ["Travel expenses", "1", "243.72", "243.72"],
  ["Printed manuals", "40", "12.50", "500.00"],
  ["Support plan", "2", "310.00", "620.00"],
];
const COLS = [72, 252, 322, 432, 540]; // column rules, points
const ROW_H = 26;
const TOP = 200;

async function scannedTable(): Promise<Uint8Array> {
  const K = 200 / 72;
  const canvas = createCanvas(Math.round(612 * K), Math.round(792 * K));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // Turned about the page's centre, as a sheet laid crooked on the glass.
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((1.3 * Math.PI) / 180);
  ctx.translate(-canvas.width / 2, -canvas.height / 2);
  ctx.fillStyle = "#000000";
  ctx.font = `${12 * K}px ${FONT}`;
  ctx.fillText("Invoice 2041: items delivered in October", 72 * K, 150 * K);
  for (const [r, row] of ROWS.entries()) {
    for (const [c, text] of row.entries()) {
      // The first column left-aligned, the figures right-aligned, as an invoice sets them.
      const x =
        c === 0 ? (COLS[0] as number) + 6 : (COLS[c + 1] as number) - 6 - ctx.measureText(text).width / K;
      ctx.fillText(text, x * K, (TOP + r * ROW_H + 17) * K);
    }
  }
  strokeGrid(ctx, { cols: COLS, top: TOP, rowHeight: ROW_H, rows: ROWS.length }, K);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  // Speckle: a fixed pattern of dark dots.
  ctx.fillStyle = "#000000";
  let s = 11;
  for (let i = 0; i < 1000; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const x = s % canvas.width;
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    ctx.fillRect(x, s % canvas.height, 2, 2);
  }
  return scannedPagePdf(await canvas.encode("jpeg", 75));
}

/** Cells compared without case: the recogniser's u/U at the start of a word is no layout error. */
const folded = (rows: string[][]) => rows.map((r) => r.map((c) => c.toLowerCase()));

let pdf: Uint8Array;
let server: TestServer;
let tenant: Tenant;
beforeAll(async () => {
  pdf = await scannedTable();
  server = await sharedTestServer();
  tenant = await createTenant(server.url);
}, 60_000);
afterAll(async () => {
  await layoutExtractor.close();
  await server?.close();
});

describe("a ruled table on a scanned page", () => {
  it("is read by OCR as a table with the printed cells", async () => {
    const doc = await layoutExtractor.open(pdf, { strategy: "auto", capabilities: ["tables"] });
    const page = await doc.extractPage(1);
    await doc.close();
    expect(page.method).toBe("ocr");
    expect(page.tables).toHaveLength(1);
    expect(folded(textRows((page.tables[0] as { grid: Parameters<typeof textRows>[0] }).grid))).toEqual(
      folded(ROWS),
    );
    expect(page.markdown).not.toContain("| |");
    expect(page.text).not.toMatch(/[|]/);
  }, 60_000);

  it("comes out of the service's table API with its cells", async () => {
    const done = await uploadAndWait(server.url, tenant.secret, pdf, "scan.pdf");
    expect(done.phase).toBe("complete");
    const r = await call(server.url, "GET", `/v1/documents/${done.id}/entities/tables/0?format=json`, {
      key: tenant.secret,
    });
    expect(r.status, r.text).toBe(200);
    expect(folded(r.body.rows)).toEqual(folded(ROWS));
  }, 90_000);
});
