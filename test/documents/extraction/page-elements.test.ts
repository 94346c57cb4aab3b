import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadAndWait } from "../../support/documents.ts";
import { call, gql } from "../../support/http.ts";
import { continuingTablePdf, newDoc, text } from "../../support/layout-pdfs.ts";
import { picturePdf, reportPdf } from "../../support/pdfs.ts";
import type { TestServer } from "../../support/server.ts";
import { sharedTestServer } from "../../support/shared-server.ts";
import { createTenant, type Tenant } from "../../support/tenant.ts";

// A page's elements through the real server: kinds, heading levels, tables by their document
// index, running headers and footers, and boxes in PDF points from the top-left.

type El = { type: string; level?: number; text: string; bbox: number[]; table?: number };

/** Three pages, each under the same running header and over its page number. */
async function headedPdf() {
  const { doc, font, bold } = await newDoc();
  for (let n = 1; n <= 3; n++) {
    const page = doc.addPage([612, 792]);
    text(page, font, "Northwind Annual Review", 72, 40, 9);
    text(page, bold, `Chapter ${n}`, 72, 120, 18);
    text(page, font, `The text of chapter ${n} runs here, long enough to be a paragraph.`, 72, 160);
    text(page, font, String(n), 300, 760, 9);
  }
  return doc.save();
}

describe("page elements", () => {
  let server: TestServer;
  let t: Tenant;
  beforeAll(async () => {
    server = await sharedTestServer();
    t = await createTenant(server.url, "elements");
  });
  afterAll(async () => {
    await server?.close();
  });

  const elementsOf = async (id: string, n: number) => {
    const r = await call(server.url, "GET", `/v1/documents/${id}/pages/${n}/elements`, { key: t.secret });
    expect(r.status, r.text).toBe(200);
    return r.body as { page: number; width: number; height: number; elements: El[] };
  };

  it("gives headings, paragraphs and tables in reading order, each with its box", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await reportPdf(), "report.pdf");
    const page = await elementsOf(doc.id, 1);
    expect(page).toMatchObject({ page: 1, width: 612, height: 792 });
    expect(page.elements.map((e) => [e.type, e.text.split("\n")[0]])).toEqual([
      ["heading", "Quarterly Report"],
      ["paragraph", "Revenue grew in every region this quarter."],
      ["table", "Region\tRevenue\tGrowth"],
      ["paragraph", "Figures in thousands of dollars."],
    ]);
    const [title, lead, table, note] = page.elements as [El, El, El, El];
    expect(title.level).toBe(1);
    expect(table.table).toBe(0);
    expect(table.text).toContain("West, Coast\t2,310\t12%");
    // pdf-lib drew the title's baseline 720 pt above the bottom: 72 pt from the top, 24 pt type.
    expect(title.bbox[0]).toBeCloseTo(72, 0);
    expect(title.bbox[3]).toBeGreaterThan(70);
    expect(title.bbox[3]).toBeLessThan(80);
    expect(title.bbox[1]).toBeGreaterThan(45);
    for (const e of page.elements) {
      const [x0, y0, x1, y1] = e.bbox as [number, number, number, number];
      expect(x0).toBeLessThan(x1);
      expect(y0).toBeLessThan(y1);
      expect(x0).toBeGreaterThanOrEqual(0);
      expect(y1).toBeLessThanOrEqual(792);
    }
    // Top to bottom, as the page reads.
    expect(title.bbox[1]).toBeLessThan(lead.bbox[1] as number);
    expect(lead.bbox[3]).toBeLessThan(table.bbox[1] as number);
    expect(table.bbox[3]).toBeLessThan(note.bbox[1] as number);
    // The table's box is the one /entities/tables gives.
    const stored = await call(server.url, "GET", `/v1/documents/${doc.id}/entities/tables/0`, {
      key: t.secret,
    });
    expect(stored.body.bbox).toEqual(table.bbox);
  });

  it("names a table continued from the page before by the index of the table it grew", async () => {
    const { bytes } = await continuingTablePdf();
    const doc = await uploadAndWait(server.url, t.secret, bytes, "continuing.pdf");
    const second = await elementsOf(doc.id, 2);
    expect(second.elements.map((e) => [e.type, e.table])).toEqual([
      ["table", 0],
      ["paragraph", undefined],
    ]);
    const tables = await call(server.url, "GET", `/v1/documents/${doc.id}/entities/tables`, {
      key: t.secret,
    });
    expect(tables.body.total).toBe(1);
  });

  it("keeps running headers and page numbers as header and footer elements, out of the markdown", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await headedPdf(), "headed.pdf");
    const second = await elementsOf(doc.id, 2);
    expect(second.elements.map((e) => [e.type, e.text])).toEqual([
      ["header", "Northwind Annual Review"],
      ["heading", "Chapter 2"],
      ["paragraph", "The text of chapter 2 runs here, long enough to be a paragraph."],
      ["footer", "2"],
    ]);
    const md = await call(server.url, "GET", `/v1/documents/${doc.id}/pages/2/markdown`, { key: t.secret });
    expect(md.text).not.toContain("Northwind Annual Review");
  });

  it("has a GraphQL twin on Page", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await reportPdf(), "gql.pdf");
    const r = await gql(
      server.url,
      "query($id: ID!) { document(id: $id) { pages(from: 1, to: 1) { elements { type level text bbox table } } } }",
      { key: t.secret, variables: { id: doc.id } },
    );
    expect(r.body.errors, r.text).toBeUndefined();
    const els = r.body.data.document.pages[0].elements;
    expect(els[0]).toMatchObject({ type: "heading", level: 1, text: "Quarterly Report", table: null });
    expect(els[2]).toMatchObject({ type: "table", table: 0, level: null });
    expect(els[2].bbox).toHaveLength(4);
  });

  it("finds pictures without text over them as figures, each with its image", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await picturePdf(), "picture.pdf");
    const page = await elementsOf(doc.id, 1);
    const figures = page.elements.filter((e) => e.type === "figure");
    // The icon is too small, the second picture carries words: one figure.
    expect(figures).toHaveLength(1);
    const [figure] = figures as [El & { figure: number }];
    expect(figure.figure).toBe(0);
    expect(figure.bbox.map(Math.round)).toEqual([100, 200, 300, 300]);
    // In reading order: after the line above it, before its caption.
    const order = page.elements.map((e) => (e.type === "figure" ? "figure" : e.text));
    expect(order.indexOf("figure")).toBe(order.indexOf("A picture of the plant follows.") + 1);
    expect(order.indexOf("Figure 1. The plant in spring.")).toBeGreaterThan(order.indexOf("figure"));
    const png = await fetch(`${server.url}/v1/documents/${doc.id}/pages/1/figures/0?scale=2`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    const image = sharp(Buffer.from(await png.arrayBuffer()));
    const meta = await image.metadata();
    expect([meta.width, meta.height]).toEqual([400, 200]);
    const { dominant } = await image.stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.g).toBeLessThan(80);
    const none = await call(server.url, "GET", `/v1/documents/${doc.id}/pages/1/figures/1`, {
      key: t.secret,
    });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toContain("/pages/1/elements");
  });

  it("answers 404 outside the document, and 409 for a page stored before elements were kept", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await reportPdf(), "old.pdf");
    const outside = await call(server.url, "GET", `/v1/documents/${doc.id}/pages/2/elements`, {
      key: t.secret,
    });
    expect(outside.status).toBe(404);
    await server.services.db.pool.query("UPDATE pages SET elements = NULL WHERE document_id = $1", [doc.id]);
    const old = await call(server.url, "GET", `/v1/documents/${doc.id}/pages/1/elements`, { key: t.secret });
    expect(old.status).toBe(409);
    expect(old.body.error.message).toContain(`POST /v1/documents/${doc.id}/reparse`);
    const reparsed = await call(server.url, "POST", `/v1/documents/${doc.id}/reparse`, { key: t.secret });
    expect(reparsed.status).toBe(202);
    for (let i = 0; i < 300; i++) {
      const r = await call(server.url, "GET", `/v1/documents/${doc.id}/pages/1/elements`, { key: t.secret });
      if (r.status === 200) {
        expect(r.body.elements[0].text).toBe("Quarterly Report");
        return;
      }
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error("elements did not come back after the reparse");
  });
});
