import { describe, expect, it } from "vitest";
import type {
  StructuredRequest,
  StructuredResult,
  StructuredSourcePage,
  StructuredSourceTable,
} from "../../src/core/answering/answer-types.ts";
import { builtinExtract, compileSchema } from "../../src/core/answering/structured/builtin-extract.ts";
import {
  coerceBoolean,
  coerceDate,
  coerceEnum,
  coerceNumber,
  findNumbers,
} from "../../src/core/answering/structured/coerce.ts";
import { hasNestedQuantifier } from "../../src/core/answering/structured/compile-schema.ts";
import { layoutExtractor } from "../../src/core/extraction/layout-extractor.ts";
import { textRows } from "../../src/core/extraction/table-model.ts";
import { factReportPdf, invoicePdf, invoiceSchema } from "../support/fact-pdfs.ts";
import { newDoc, text } from "../support/layout-pdfs.ts";

// The built-in structured extraction, run on what the layout extractor makes of generated PDFs
// whose facts are known (as the service does), and on markdown written by hand for the cases
// a PDF would only make slower to set up.

type Doc = { pages: StructuredSourcePage[]; tables: StructuredSourceTable[] };

async function read(bytes: Uint8Array): Promise<Doc> {
  const s = await layoutExtractor.open(bytes, { strategy: "text", capabilities: ["tables"] });
  try {
    const doc: Doc = { pages: [], tables: [] };
    for (let n = 1; n <= s.pageCount; n++) {
      const p = await s.extractPage(n);
      doc.pages.push({ pageNumber: n, markdown: p.markdown });
      for (const t of p.tables) {
        const last = doc.tables[doc.tables.length - 1];
        // As the service stores them: a continuation's rows join the table they continue.
        if (t.continuation && last) {
          last.pages.push(n);
          last.rows.push(...textRows(t.grid));
        } else doc.tables.push({ pages: [n], rows: textRows(t.grid) });
      }
    }
    return doc;
  } finally {
    await s.close();
  }
}

const request = (
  doc: Doc,
  schema: Record<string, unknown>,
  prompt = "Extract the fields",
): StructuredRequest => ({
  prompt,
  schema,
  documentId: "doc-1",
  fileName: "file.pdf",
  pages: doc.pages,
  tables: doc.tables,
  model: "default",
});

const markdown = (...pages: string[]): Doc => ({
  pages: pages.map((m, i) => ({ pageNumber: i + 1, markdown: m })),
  tables: [],
});

/** JSON Pointers of every leaf value in `data`. */
function leaves(data: unknown, at = ""): string[] {
  if (Array.isArray(data)) return data.flatMap((v, i) => leaves(v, `${at}/${i}`));
  if (typeof data === "object" && data !== null)
    return Object.entries(data).flatMap(([k, v]) =>
      leaves(v, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`),
    );
  return [at];
}

/** Every leaf has one source, every source a leaf, and every quote stands in its page's markdown. */
function expectSourced(r: StructuredResult, doc: Doc) {
  expect(r.sources.map((s) => s.path).sort()).toEqual(leaves(r.data).sort());
  for (const s of r.sources) {
    const page = doc.pages.find((p) => p.pageNumber === s.page);
    expect(page, s.path).toBeDefined();
    expect(s.quote, s.path).toBeTruthy();
    expect(page?.markdown, `${s.path}: ${s.quote}`).toContain(s.quote);
  }
}

const pageOf = (r: StructuredResult, path: string) => r.sources.find((s) => s.path === path)?.page;
const quoteOf = (r: StructuredResult, path: string) => r.sources.find((s) => s.path === path)?.quote;

describe.each([
  { layout: "one label per paragraph", tight: false },
  { layout: "label lines run together by the layout", tight: true },
])("an invoice ($layout)", ({ tight }) => {
  it("extracts every known fact exactly, each from its page, quoting the page", async () => {
    const { bytes, facts } = await invoicePdf({ tight });
    const doc = await read(bytes);
    const r = await builtinExtract(request(doc, invoiceSchema, "Extract the invoice"));
    expect(r.data).toEqual({
      invoice_number: facts.invoice_number,
      invoice_date: facts.invoice_date,
      due_date: facts.due_date,
      vendor: facts.vendor,
      customer: facts.customer,
      subtotal: facts.subtotal,
      tax: facts.tax,
      total: facts.total,
      currency: facts.currency,
      paid: facts.paid,
      line_items: facts.line_items,
    });
    expect(r.valid).toBe(true);
    expectSourced(r, doc);
    for (const path of ["/invoice_number", "/invoice_date", "/due_date", "/vendor/name", "/total", "/paid"])
      expect(pageOf(r, path), path).toBe(facts.pages.header);
    expect(pageOf(r, "/currency")).toBe(facts.pages.terms);
    expect(pageOf(r, "/line_items/3/amount")).toBe(1);
    expect(quoteOf(r, "/invoice_number")).toBe("Invoice No: INV-2026-0412");
    expect(quoteOf(r, "/due_date")).toBe("Due date: 4 April 2026");
    expect(quoteOf(r, "/line_items/1/unit_price")).toBe("$1,250.00");
    // Not in the document: reported, with a reason a person can act on.
    expect(r.missing).toEqual([
      { path: "/purchase_order", reason: "no label matching 'purchase order' found in the document" },
    ]);
  });
});

describe("an invoice, asked differently", () => {
  it("matches camelCase names, descriptions and abbreviations", async () => {
    const { bytes, facts } = await invoicePdf({ tight: true });
    const doc = await read(bytes);
    const r = await builtinExtract(
      request(doc, {
        type: "object",
        properties: {
          invoiceNo: { type: "string" },
          issued: { type: "string", description: "Invoice date" },
          amountDue: { type: "number" },
          billTo: { type: "object", properties: { companyName: { type: "string" } } },
          sellerName: { type: "string" },
          items: {
            type: "array",
            items: {
              type: "object",
              properties: { item: { type: "string" }, qty: { type: "number" }, price: { type: "number" } },
            },
          },
        },
      }),
    );
    expect(r.data).toEqual({
      invoiceNo: facts.invoice_number,
      issued: facts.invoice_date,
      amountDue: facts.total,
      billTo: { companyName: facts.customer.name },
      sellerName: facts.vendor.name,
      items: facts.line_items.map((l) => ({ item: l.description, qty: l.quantity, price: l.unit_price })),
    });
    expect(r.valid).toBe(true);
    expectSourced(r, doc);
  });

  it("leaves out a required field it cannot find, and says so: valid is false", async () => {
    const doc = await read((await invoicePdf()).bytes);
    const r = await builtinExtract(
      request(doc, {
        type: "object",
        properties: { invoice_number: { type: "string" }, tracking_code: { type: "string" } },
        required: ["invoice_number", "tracking_code"],
      }),
    );
    expect(r.valid).toBe(false);
    expect(r.data).toEqual({ invoice_number: "INV-2026-0412" });
    expect(r.missing).toEqual([
      { path: "/tracking_code", reason: "no label matching 'tracking code' found in the document" },
    ]);
  });

  it("never calls valid a value the schema refuses: it is taken out and reported", async () => {
    const doc = await read((await invoicePdf()).bytes);
    const schema = {
      type: "object",
      properties: {
        total: { type: "number", maximum: 1000 },
        invoice_number: { type: "string", pattern: "^INV-\\d{4}-\\d{4}$" },
      },
    };
    const r = await builtinExtract(request(doc, schema));
    expect(r.data).toEqual({ invoice_number: "INV-2026-0412" });
    expect(r.valid).toBe(true);
    expect(r.missing).toEqual([
      {
        path: "/total",
        reason: "found '$4,593.24' for 'total' but it does not satisfy the schema: must be <= 1000",
      },
    ]);
    const required = await builtinExtract(request(doc, { ...schema, required: ["total"] }));
    expect(required.valid).toBe(false);
    expect(required.data).toEqual({ invoice_number: "INV-2026-0412" });
  });
});

describe("a three-page report", () => {
  const schema = {
    type: "object",
    properties: {
      title: { type: "string" },
      published: { type: "string", format: "date" },
      revenue: { type: "number", description: "Revenue in 2025, in dollars" },
      revenue_millions: { type: "number", description: "Revenue in 2025 in millions of dollars" },
      revenue_growth_percent: { type: "number" },
      headcount: { type: "integer" },
      turnover_percent: { type: "number" },
      regions: {
        type: "array",
        items: {
          type: "object",
          properties: { region: { type: "string" }, revenue: { type: "number" }, growth: { type: "number" } },
        },
      },
      offices: { type: "array", items: { type: "string" } },
    },
  };

  it("reads figures from sentences and tables, citing the page each stands on", async () => {
    const { bytes, facts } = await factReportPdf();
    const doc = await read(bytes);
    const r = await builtinExtract(request(doc, schema, "Key figures of the annual report"));
    expect(r.data).toEqual({
      title: facts.title,
      published: facts.published,
      revenue: facts.revenue,
      revenue_millions: facts.revenue_millions,
      revenue_growth_percent: facts.revenue_growth_percent,
      headcount: facts.headcount,
      turnover_percent: facts.turnover_percent,
      regions: facts.regions,
      offices: facts.offices,
    });
    expect(r.valid).toBe(true);
    expect(r.missing).toEqual([]);
    expectSourced(r, doc);
    expect(pageOf(r, "/title")).toBe(facts.pages.title);
    expect(pageOf(r, "/revenue")).toBe(facts.pages.revenue);
    expect(quoteOf(r, "/revenue")).toBe("Revenue in 2025 was $12.4 million, up 8% from 2024.");
    expect(pageOf(r, "/regions/3/growth")).toBe(facts.pages.regions);
    expect(pageOf(r, "/headcount")).toBe(facts.pages.headcount);
    expect(pageOf(r, "/offices/2")).toBe(facts.pages.offices);
  });

  it("wants percentages as fractions when the description says so, and a whole number of people", async () => {
    const doc = await read((await factReportPdf()).bytes);
    const r = await builtinExtract(
      request(doc, {
        type: "object",
        properties: {
          turnover: { type: "number", description: "Staff turnover as a fraction" },
          revenue: { type: "integer", description: "in millions" },
        },
      }),
    );
    expect(r.data).toEqual({ turnover: 0.095 });
    expect(r.missing).toEqual([
      { path: "/revenue", reason: "found '$12.4 million' for 'revenue' but it is not a whole number" },
    ]);
  });
});

describe("labels written in markdown", () => {
  it("reads bold labels, several labels on one line, and a label over lines", async () => {
    const doc = markdown(
      "# ACME Corp\n\n**Invoice #:** A-77 **Issued:** 05.03.2026 Terms: Net 30 Due Date: 04/04/2026\n\nSold to:\n\nJane Doe\n\n5 Main St, Boston, MA 02110\n\njane@example.com",
    );
    const r = await builtinExtract(
      request(doc, {
        type: "object",
        properties: {
          invoiceNumber: { type: "string" },
          issueDate: { type: "string", description: "Date the invoice was issued" },
          dueDate: { type: "string", format: "date" },
          terms: { type: "string" },
          customer: {
            type: "object",
            properties: { name: { type: "string" }, address: { type: "string" }, email: { type: "string" } },
          },
        },
      }),
    );
    expect(r.data).toEqual({
      invoiceNumber: "A-77",
      issueDate: "2026-03-05",
      dueDate: "2026-04-04",
      terms: "Net 30",
      customer: { name: "Jane Doe", address: "5 Main St, Boston, MA 02110", email: "jane@example.com" },
    });
    expectSourced(r, doc);
    expect(quoteOf(r, "/invoiceNumber")).toBe("**Invoice #:** A-77");
  });

  it("reads label and value from two table columns, and keys of a one-row table", async () => {
    const doc = markdown(
      "| Field | Value |\n| --- | --- |\n| Order number | SO-1 |\n| Shipped | yes |\n\n| Carrier | Weight (kg) |\n| --- | --- |\n| DHL | 1.250,5 |",
    );
    const r = await builtinExtract(
      request(doc, {
        type: "object",
        properties: {
          order_number: { type: "string" },
          shipped: { type: "boolean" },
          carrier: { type: "string", enum: ["UPS", "DHL", "FedEx"] },
          weight: { type: "number" },
        },
      }),
    );
    expect(r.data).toEqual({ order_number: "SO-1", shipped: true, carrier: "DHL", weight: 1250.5 });
    expectSourced(r, doc);
    expect(quoteOf(r, "/order_number")).toBe("Order number | SO-1");
  });

  it("reads a date and time for a date-time field, and dates in prose", async () => {
    const doc = markdown(
      "Meeting starts: March 5, 2026 at 9:30 am\n\nThe contract was signed on 3 January 2025 and ends on 31 December 2027. The fee is EUR 12,000 per year.",
    );
    const r = await builtinExtract(
      request(doc, {
        type: "object",
        properties: {
          meeting_start: { type: "string", format: "date-time" },
          signed_date: { type: "string", format: "date" },
          end_date: { type: "string", format: "date" },
          annual_fee: { type: "number" },
        },
      }),
    );
    expect(r.data).toEqual({
      meeting_start: "2026-03-05T09:30:00",
      signed_date: "2025-01-03",
      end_date: "2027-12-31",
      annual_fee: 12000,
    });
    expectSourced(r, doc);
  });

  it("takes the issuer's name and address from the letterhead, and no one else's", async () => {
    const doc = markdown("# Northwind Traders INVOICE\n\n12 Dock Road, Leeds LS1 4AB\n\nInvoice No: 5");
    const schema = (key: string, description: string) => ({
      type: "object",
      properties: {
        [key]: {
          type: "object",
          description,
          properties: { name: { type: "string" }, address: { type: "string" } },
        },
      },
    });
    const seller = await builtinExtract(request(doc, schema("seller", "")));
    expect(seller.data).toEqual({
      seller: { name: "Northwind Traders", address: "12 Dock Road, Leeds LS1 4AB" },
    });
    expectSourced(seller, doc);
    const described = await builtinExtract(request(doc, schema("party", "The supplier of the goods")));
    expect(described.data).toEqual({
      party: { name: "Northwind Traders", address: "12 Dock Road, Leeds LS1 4AB" },
    });
    const customer = await builtinExtract(request(doc, schema("customer", "The company billed")));
    expect(customer.data).toEqual({});
    expect(customer.missing.map((m) => m.path)).toEqual(["/customer/name", "/customer/address"]);
  });

  it("reads a figure from the sentence that holds one, not from a heading that only names it", async () => {
    const doc = markdown(
      "## Revenue\n\nRevenue in 2025 was $12.4 million.\n\n## Headcount\n\nThe team grew again.",
    );
    const r = await builtinExtract(
      request(doc, {
        type: "object",
        properties: { revenue: { type: "number" }, headcount: { type: "integer" } },
      }),
    );
    expect(r.data).toEqual({ revenue: 12_400_000 });
    expect(quoteOf(r, "/revenue")).toBe("Revenue in 2025 was $12.4 million.");
    expect(r.missing).toEqual([
      {
        path: "/headcount",
        reason: "found 'The team grew again.' for 'headcount' but it is not a whole number",
      },
    ]);
  });

  it("says why a value found is not of the field's type", async () => {
    const r = await builtinExtract(
      request(markdown("Date: 12/31/99x\n\nCount: about a dozen\n\nApproved: maybe"), {
        type: "object",
        properties: {
          date: { type: "string", format: "date" },
          count: { type: "integer" },
          approved: { type: "boolean" },
          status: { type: "string", enum: ["open", "closed"] },
        },
      }),
    );
    expect(r.data).toEqual({});
    expect(r.valid).toBe(true);
    expect(r.missing).toEqual([
      { path: "/date", reason: "found '12/31/99x' for 'date' but it is not a date" },
      { path: "/count", reason: "found 'about a dozen' for 'count' but it is not a whole number" },
      { path: "/approved", reason: "found 'maybe' for 'approved' but it is not yes or no" },
      { path: "/status", reason: "no label matching 'status' found in the document" },
    ]);
  });
});

describe("tables to arrays", () => {
  it("one object per row, total rows left out, a table continued on the next page followed", async () => {
    const doc: Doc = {
      pages: [
        {
          pageNumber: 1,
          markdown:
            "## Parts\n\n| Part | Qty | Price |\n| --- | --- | --- |\n| Bolt | 10 | 0.50 |\n| Nut | 20 | (0.25) |",
        },
        {
          pageNumber: 2,
          markdown: "| Part | Qty | Price |\n| --- | --- | --- |\n| Washer | 5 | 1.00 |\n| Total |  | 9.00 |",
        },
      ],
      tables: [
        {
          pages: [1, 2],
          rows: [
            ["Part", "Qty", "Price"],
            ["Bolt", "10", "0.50"],
            ["Nut", "20", "(0.25)"],
            ["Washer", "5", "1.00"],
            ["Total", "", "9.00"],
          ],
        },
      ],
    };
    const r = await builtinExtract(
      request(doc, {
        type: "object",
        properties: {
          parts: {
            type: "array",
            items: {
              type: "object",
              properties: {
                part: { type: "string" },
                quantity: { type: "integer" },
                price: { type: "number" },
              },
              required: ["part"],
            },
          },
        },
      }),
    );
    expect(r.data).toEqual({
      parts: [
        { part: "Bolt", quantity: 10, price: 0.5 },
        { part: "Nut", quantity: 20, price: -0.25 },
        { part: "Washer", quantity: 5, price: 1 },
      ],
    });
    expect(pageOf(r, "/parts/1/price")).toBe(1);
    expect(pageOf(r, "/parts/2/part")).toBe(2);
    expectSourced(r, doc);
  });

  it("fills objects inside rows, a root array, and a list under a heading", async () => {
    const priced = await builtinExtract(
      request(markdown("| Item | Price | Currency |\n| --- | --- | --- |\n| Pen | 1.50 | EUR |"), {
        type: "object",
        properties: {
          lines: {
            type: "array",
            items: {
              type: "object",
              properties: {
                item: { type: "string" },
                price: {
                  type: "object",
                  properties: { amount: { type: "number" }, currency: { type: "string" } },
                },
              },
            },
          },
        },
      }),
    );
    expect(priced.data).toEqual({ lines: [{ item: "Pen", price: { amount: 1.5, currency: "EUR" } }] });

    const stock = await builtinExtract(
      request(
        markdown(
          "| SKU | Stock | Status |\n| --- | --- | --- |\n| A1 | 5 | Active |\n| B2 | 0 | discontinued |",
        ),
        {
          type: "array",
          items: {
            type: "object",
            properties: {
              sku: { type: "string" },
              stock: { type: "integer" },
              status: { type: "string", enum: ["active", "discontinued"] },
            },
            required: ["sku"],
          },
        },
      ),
    );
    expect(stock.data).toEqual([
      { sku: "A1", stock: 5, status: "active" },
      { sku: "B2", stock: 0, status: "discontinued" },
    ]);
    expect(stock.sources.map((s) => s.path)).toContain("/1/status");

    const doc = markdown("## Key risks\n\n- Currency exposure\n- Supply chain delays\n\n## Outlook\n\nGood.");
    const risks = await builtinExtract(
      request(doc, { type: "object", properties: { risks: { type: "array", items: { type: "string" } } } }),
    );
    expect(risks.data).toEqual({ risks: ["Currency exposure", "Supply chain delays"] });
    expectSourced(risks, doc);
  });

  it("reports an array no table matches", async () => {
    const r = await builtinExtract(
      request(markdown("Nothing tabular here."), {
        type: "object",
        properties: {
          rows: {
            type: "array",
            items: { type: "object", properties: { sku: { type: "string" }, stock: { type: "integer" } } },
          },
        },
      }),
    );
    expect(r.missing).toEqual([
      { path: "/rows", reason: "no table with columns matching 'sku', 'stock' found in the document" },
    ]);
  });
});

describe("schemas", () => {
  it.each([
    [
      { type: "object", properties: { total: { type: "money" } } },
      "schema/properties/total/type must be equal to one of the allowed values",
    ],
    [{ type: "object", required: "total" }, "schema/required must be array"],
    [
      { type: "object", properties: { a: { $ref: "#/definitions/nope" } } },
      "schema: can't resolve reference #/definitions/nope from id #",
    ],
    [[{ type: "string" }], "schema must be a JSON object"],
    ["{}", "schema must be a JSON object"],
    [
      { $schema: "http://json-schema.org/draft-04/schema#", type: "object" },
      "schema/$schema 'http://json-schema.org/draft-04/schema#' is not supported (draft-07, 2019-09 and 2020-12 are)",
    ],
  ])("refuses %j: %s", (schema, message) => {
    const c = compileSchema(schema);
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.message).toBe(message);
  });

  it.each([
    ["^(a+)+$", true],
    ["(\\w+\\s?)*x", true],
    ["^(?:[a-z]*,)+$", true],
    ["((ab)*)+", true],
    ["^(a|b){2,}(c+)$", false],
    ["^[A-Z]{3}-\\d+$", false],
    ["^(ab)+$", false],
    ["^(\\d{3})?-\\d+$", false],
    ["[(a+)+]", false],
    ["\\(a+\\)+", false],
  ])("reads %s as nesting quantifiers: %s", (source, nested) => {
    expect(hasNestedQuantifier(source)).toBe(nested);
  });

  it("refuses patterns that can backtrack for ever, wherever they sit", () => {
    const deep = compileSchema({
      type: "object",
      properties: { items: { type: "array", items: { type: "string", pattern: "^(a+)+$" } } },
    });
    expect(deep.ok).toBe(false);
    if (!deep.ok)
      expect(deep.message).toMatch(/^schema\/properties\/items\/items\/pattern nests quantifiers/);
    const keys = compileSchema({ type: "object", patternProperties: { "^(x*)*$": { type: "string" } } });
    expect(keys.ok).toBe(false);
    // A pattern inside `const` or `enum` is data, not a pattern.
    expect(compileSchema({ type: "object", properties: { p: { const: { pattern: "(a+)+" } } } }).ok).toBe(
      true,
    );
    expect(compileSchema({ type: "string", pattern: "^[A-Z]{3}-\\d+$" }).ok).toBe(true);
  });

  it("compiles draft-07 and 2020-12 schemas and checks the formats extraction produces", () => {
    for (const $schema of [undefined, "https://json-schema.org/draft/2020-12/schema"]) {
      const c = compileSchema({
        $schema,
        type: "object",
        properties: { d: { type: "string", format: "date" } },
      });
      expect(c.ok).toBe(true);
      if (!c.ok) continue;
      expect(c.validate({ d: "2026-02-28" })).toBe(true);
      expect(c.validate({ d: "2026-02-30" })).toBe(false);
      expect(c.validate({ d: "March 5, 2026" })).toBe(false);
    }
  });

  it("follows local $refs and reports what it cannot fill", async () => {
    const r = await builtinExtract(
      request(markdown("Owner: Bob\n\nTags: red, green and blue\n\nScore: 7"), {
        definitions: { person: { type: "object", properties: { owner: { type: "string" } } } },
        type: "object",
        properties: {
          info: { $ref: "#/definitions/person" },
          tags: { type: "array", items: { type: "string" } },
          score: { type: ["integer", "null"] },
          either: { anyOf: [{ type: "string" }, { type: "number" }] },
        },
      }),
    );
    expect(r.data).toEqual({ info: { owner: "Bob" }, tags: ["red", "green", "blue"], score: 7 });
    expect(r.valid).toBe(true);
    expect(r.missing).toEqual([{ path: "/either", reason: "'anyOf' with 2 alternatives is not supported" }]);
  });
});

describe("coercion", () => {
  const plain = { integer: false, fraction: false, scaleWords: [] };
  it.each([
    ["$1,250.00", 1250],
    ["1.250,00 €", 1250],
    ["EUR 1 250,50", 1250.5],
    ["(1,234.50)", -1234.5],
    ["-42", -42],
    ["USD 4,321.50", 4321.5],
    ["8%", 8],
    ["$12.4 million", 12_400_000],
    ["3.5bn", 3_500_000_000],
    ["12,5", 12.5],
    ["1.234.567", 1_234_567],
    ["1'250.75", 1250.75],
    ["30 days", 30],
    ["0.5", 0.5],
  ])("number %j -> %d", (input, value) => {
    expect(coerceNumber(input, plain)).toMatchObject({ ok: true, value });
  });

  it.each([
    ["abc", "it is not a number"],
    ["1,2,3", "it is not a number"],
    ["10 to 20", "it holds 2 numbers, not a number"],
    ["INV-2026", "it is not a number"],
  ])("not a number: %j (%s)", (input, reason) => {
    expect(coerceNumber(input, plain)).toEqual({ ok: false, reason });
  });

  it("applies what the field wants: whole numbers, fractions, its own scale", () => {
    expect(coerceNumber("4.5", { ...plain, integer: true })).toEqual({
      ok: false,
      reason: "it is not a whole number",
    });
    expect(coerceNumber("1,240", { ...plain, integer: true })).toMatchObject({ ok: true, value: 1240 });
    expect(coerceNumber("8%", { ...plain, fraction: true })).toMatchObject({ ok: true, value: 0.08 });
    expect(coerceNumber("$12.4 million", { ...plain, scaleWords: ["millions"] })).toMatchObject({
      ok: true,
      value: 12.4,
    });
  });

  it("finds years, percentages and amounts in a sentence", () => {
    expect(
      findNumbers("Revenue in 2025 was $12.4 million, up 8% from 2024.").map((n) => [
        n.value,
        n.yearLike,
        n.percent,
        n.currency,
      ]),
    ).toEqual([
      [2025, true, false, null],
      [12_400_000, false, false, "$"],
      [8, false, true, null],
      [2024, true, false, null],
    ]);
  });

  it.each([
    ["March 5, 2026", "2026-03-05"],
    ["Mar. 5th, 2026", "2026-03-05"],
    ["Thursday, March 5, 2026", "2026-03-05"],
    ["5 March 2026", "2026-03-05"],
    ["5th of March, 2026", "2026-03-05"],
    ["05-Mar-2026", "2026-03-05"],
    ["2026-03-05", "2026-03-05"],
    ["2026/3/5", "2026-03-05"],
    ["05.03.2026", "2026-03-05"],
    ["03/05/2026", "2026-03-05"],
    ["25/12/2026", "2026-12-25"],
    ["29 February 2024", "2024-02-29"],
    ["Issued on 4 April 2026.", "2026-04-04"],
  ])("date %j -> %s", (input, iso) => {
    expect(coerceDate(input)).toMatchObject({ ok: true, value: iso });
  });

  it.each([
    ["12/31/99x", "it is not a date"],
    ["29 February 2025", "it is not a date"],
    ["13/13/2026", "it is not a date"],
    ["March 2026", "it is not a date"],
    ["1 May 2026 to 3 May 2026", "it holds several dates"],
  ])("not a date: %j", (input, reason) => {
    expect(coerceDate(input)).toEqual({ ok: false, reason });
  });

  it("reads a date and time when the field is a date-time", () => {
    expect(coerceDate("March 5, 2026 at 2:30 pm", { dateTime: true })).toMatchObject({
      ok: true,
      value: "2026-03-05T14:30:00",
    });
    expect(coerceDate("2026-03-05 09:15 UTC", { dateTime: true })).toMatchObject({
      value: "2026-03-05T09:15:00Z",
    });
    expect(coerceDate("March 5, 2026", { dateTime: true })).toEqual({
      ok: false,
      reason: "it is a date without a time",
    });
  });

  it.each([
    ["Yes", true],
    ["no", false],
    ["TRUE", true],
    ["false", false],
    ["Paid", true],
    ["Unpaid", false],
    ["x", true],
    ["☐", false],
  ])("boolean %j -> %s", (input, value) => {
    expect(coerceBoolean(input)).toMatchObject({ ok: true, value });
  });

  it("matches enum values without regard to case, or the one the text names", () => {
    expect(coerceEnum("PAID", ["paid", "unpaid"])).toMatchObject({ ok: true, value: "paid" });
    expect(coerceEnum("net-30", ["Net 30", "Net 60"])).toMatchObject({ ok: true, value: "Net 30" });
    expect(coerceEnum("Shipped by DHL Express", ["UPS", "DHL"])).toMatchObject({ ok: true, value: "DHL" });
    expect(coerceEnum("2", [1, 2, 3])).toMatchObject({ ok: true, value: 2 });
    expect(coerceEnum("maybe", ["yes", "no"])).toEqual({ ok: false, reason: 'it is not one of "yes", "no"' });
  });
});

describe("the engine itself", () => {
  it("is deterministic on a ten-page document", async () => {
    const { doc, font } = await newDoc();
    for (let p = 0; p < 9; p++) {
      const page = doc.addPage([612, 792]);
      for (let l = 0; l < 40; l++)
        text(
          page,
          font,
          `Section ${p + 1} line ${l + 1}: the quick brown fox jumps over the lazy dog.`,
          72,
          60 + l * 17,
        );
    }
    const invoice = await read((await invoicePdf()).bytes);
    const filler = await read(await doc.save());
    const big: Doc = {
      pages: [
        ...invoice.pages,
        ...filler.pages.map((p, i) => ({ ...p, pageNumber: invoice.pages.length + i + 1 })),
      ].slice(0, 10),
      tables: invoice.tables,
    };
    expect(big.pages).toHaveLength(10);
    const req = request(big, invoiceSchema);
    const first = await builtinExtract(req);
    // The same answer every time (its speed is a benchmark's business, not a test's).
    for (let i = 0; i < 3; i++) expect(await builtinExtract(req)).toEqual(first);
    expect(first.valid).toBe(true);
  });

  it("stops when its signal is aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      builtinExtract({ ...request(markdown("Total: 5"), { type: "object" }), signal: controller.signal }),
    ).rejects.toThrow();
  });
});
