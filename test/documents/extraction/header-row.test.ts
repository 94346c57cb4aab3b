import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";
import { textRows } from "../../../src/core/extraction/table-model.ts";

// Borderless tables whose header row is set apart from the body: in bold, or over a rule, further
// above the first row than rows stand apart, its cells closer together than the body's columns.
// The header must come out as the table's first row, not as a heading above it.

const HEADER = ["Description", "Qty", "Unit price", "Amount"];
const BODY = [
  ["Consulting hours", "12", "95.00", "1,140.00"],
  ["Travel expenses", "1", "243.72", "243.72"],
  ["Printed manuals", "40", "12.50", "500.00"],
  ["Support plan", "2", "310.00", "620.00"],
];

type Variant = { title?: string; bold: boolean; rule: boolean; caption?: string; tight?: boolean };

async function invoice(v: Variant): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const reg = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 760;
  if (v.title) {
    page.drawText(v.title, { x: 60, y, size: 16, font: bold });
    y -= 40;
  }
  page.drawText("Billed to Acme Ltd, 4 Long Road, Leeds. Payment within 30 days of the invoice date.", {
    x: 60,
    y,
    size: 10,
    font: reg,
  });
  y -= 36;
  if (v.caption) {
    page.drawText(v.caption, { x: 60, y, size: 10, font: bold });
    y -= 18;
  }
  // Columns: a left-aligned label, then figures right-aligned 40 pt right of these. Tight: "Qty"
  // and "Unit price" end up closer than a segment gap, one segment in the header's line.
  const body = v.tight ? [60, 200, 257, 330] : [60, 290, 390, 500];
  const put = (t: string, c: number, cols: number[], font: typeof reg) => {
    const x = c === 0 ? (cols[0] as number) : (cols[c] as number) + 40 - font.widthOfTextAtSize(t, 10);
    page.drawText(t, { x, y, size: 10, font });
  };
  const hf = v.bold ? bold : reg;
  for (const [c, t] of HEADER.entries()) put(t, c, body, hf);
  if (v.rule) page.drawLine({ start: { x: 55, y: y - 6 }, end: { x: 545, y: y - 6 }, thickness: 0.8 });
  y -= 34;
  for (const row of BODY) {
    for (const [c, t] of row.entries()) put(t, c, body, reg);
    y -= 16;
  }
  return doc.save();
}

async function firstPage(bytes: Uint8Array) {
  const s = await layoutExtractor.open(bytes, { strategy: "text", capabilities: ["tables"] });
  try {
    return await s.extractPage(1);
  } finally {
    await s.close();
  }
}

afterAll(() => layoutExtractor.close());

describe("a header row over a borderless table", () => {
  const cases: [string, Variant][] = [
    ["bold, under a title", { title: "Invoice 2041", bold: true, rule: false }],
    ["bold, with no title", { bold: true, rule: false }],
    ["over a rule, not bold", { title: "Invoice 2041", bold: false, rule: true }],
    ["bold, its cells closer together than the body's columns", { bold: true, rule: true, tight: true }],
  ];
  for (const [name, v] of cases) {
    it(`${name}: is the table's first row, not a heading`, async () => {
      const page = await firstPage(await invoice(v));
      expect(page.tables).toHaveLength(1);
      expect(textRows(page.tables[0]?.grid ?? [])).toEqual([HEADER, ...BODY]);
      expect(page.markdown).not.toMatch(/^#+ Description/m);
    });
  }

  it("a plain line with no column structure over it stays out", async () => {
    const page = await firstPage(await invoice({ bold: false, rule: false }));
    expect(page.markdown).toContain("Billed to Acme Ltd");
    expect(textRows(page.tables[0]?.grid ?? [])[0]).not.toContain("Billed to Acme Ltd");
  });

  it("a bold caption over a table that has its header stays a caption", async () => {
    const page = await firstPage(
      await invoice({ bold: true, rule: false, caption: "Table 2. Items delivered", title: "Invoice" }),
    );
    const rows = textRows(page.tables[0]?.grid ?? []);
    expect(rows[0]).toEqual(HEADER);
    expect(page.markdown).toContain("Table 2. Items delivered");
  });
});

describe("a header wrapped over lines", () => {
  /** A Courier table whose longer headers wrap, set down to the line of the short ones. */
  async function wrapped(upper: string[]): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    const font = await doc.embedFont(StandardFonts.Courier);
    const cols = [60, 200, 300, 420];
    const right = (t: string, c: number, y: number) =>
      c === 0
        ? page.drawText(t, { x: cols[0] as number, y, size: 8, font })
        : page.drawText(t, { x: (cols[c] as number) + 70 - font.widthOfTextAtSize(t, 8), y, size: 8, font });
    let y = 700;
    for (const [c, t] of upper.entries()) if (t) right(t, c, y);
    y -= 9;
    for (const [c, t] of ["Item", "Qty", "price", "revenue"].entries()) right(t, c, y);
    y -= 14;
    for (const row of BODY) {
      for (const [c, t] of row.entries()) right(t, c, y);
      y -= 14;
    }
    return doc.save();
  }

  it("is one row, each cell its lines joined", async () => {
    const page = await firstPage(await wrapped(["", "", "Unit", "Net"]));
    const rows = textRows(page.tables[0]?.grid ?? []);
    expect(rows[0]?.map((c) => c.replace(/\s+/g, " "))).toEqual(["Item", "Qty", "Unit price", "Net revenue"]);
    expect(rows.slice(1)).toEqual(BODY);
  });

  it("a line of figures over the header stays a row of its own", async () => {
    const page = await firstPage(await wrapped(["", "", "2024", "2025"]));
    const rows = textRows(page.tables[0]?.grid ?? []);
    expect(rows[0]).toEqual(["", "", "2024", "2025"]);
    expect(rows[1]).toEqual(["Item", "Qty", "price", "revenue"]);
  });
});
