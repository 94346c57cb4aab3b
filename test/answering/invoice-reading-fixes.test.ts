import { describe, expect, it } from "vitest";
import type { AnswerEvent, StructuredSource } from "../../src/core/answering/answer-types.ts";
import { builtinPlainAnswer } from "../../src/core/answering/reader-answer.ts";
import { builtinExtract } from "../../src/core/answering/structured/builtin-extract.ts";

// What the answering path makes of an invoice's reading: a totals box whose labels and figures
// stand stacked in two cells is paired line by line (structured/stacked-cells.ts), and a value
// the reader read for one field is not handed to another field it found empty, nor is such a
// field read from a sentence (structured/reader-claims.ts). Each page is laid out as the layout
// extractor lays such invoices out (its markdown, text and table cells).

type Rows = string[][];
const markdownOf = (t: Rows) =>
  [
    `| ${t[0]?.join(" | ")} |`,
    `| ${t[0]?.map(() => "---").join(" | ")} |`,
    ...t.slice(1).map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
const cellsOf = (t: Rows) => t.map((r) => r.map((text) => ({ text, colSpan: 1, rowSpan: 1 })));

function invoice(lines: string[], tables: Rows[], textLines = lines): StructuredSource {
  const md = [...lines, ...tables.map((t) => markdownOf(t).replace(/\n(?!\|)/g, "<br>"))].join("\n\n");
  const text = [...textLines, ...tables.flatMap((t) => t.map((r) => r.join("\t").replace(/\n/g, " ")))].join(
    "\n",
  );
  return {
    documentId: "doc-1",
    fileName: "invoice.pdf",
    pages: [{ pageNumber: 1, markdown: md }],
    tables: tables.map((rows) => ({ pages: [1], rows })),
    layout: {
      pages: [{ pageNumber: 1, markdown: md, text, width: 595, height: 842, method: "text" }],
      tables: tables.map((t, i) => ({
        pageNumber: 1,
        pages: [1],
        bbox: [40, 200 + 150 * i, 555, 320 + 150 * i],
        cells: cellsOf(t),
        markdown: markdownOf(t),
      })),
    },
  };
}

async function ask(question: string, source: StructuredSource) {
  let done: Extract<AnswerEvent, { type: "done" }> | undefined;
  for await (const e of builtinPlainAnswer({
    messages: [{ role: "user", content: question }],
    passages: [],
    model: "default",
    documentContent: async () => source,
  }))
    if (e.type === "done") done = e;
  return done;
}

const extract = (source: StructuredSource, properties: Record<string, unknown>) =>
  builtinExtract({
    ...source,
    prompt: "Extract the invoice's fields.",
    model: "default",
    schema: {
      type: "object",
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
    },
  });

const nullable = (type: string, description: string) => ({ type: [type, "null"], description });

describe("a totals box of stacked labels beside stacked figures", () => {
  const items: Rows = [
    ["Description", "Qty", "Unit price", "Amount"],
    ["Site survey", "2", "4,108.71", "8,217.42"],
    ["Report writing", "1", "2,000.00", "2,000.00"],
  ];
  const box: Rows = [
    ["Net total\nSales tax 8.25 %\nTotal\nAmount due (USD)", "$10,217.42\n$842.94\n$11,060.36\n$11,060.36"],
  ];
  // The page's text runs the box's labels, then its figures, as such cells are printed.
  const lines = [
    "## Tax Invoice",
    "Larkspur Surveys LLC",
    "12 Harbor Road, Salem, MA 01970",
    "Invoice No: LS-2041",
  ];
  const source = invoice(lines, [items, box]);

  it("answers the invoice total with the figure on the total's own line, cited there", async () => {
    const answer = await ask("What is the invoice total?", source);
    expect(answer?.text).toBe("The invoice total is 11,060.36 USD. [1]");
    expect(answer?.citations[0]?.quote).toBe("$11,060.36");
    expect(answer?.citations[0]?.page).toBe(1);
  });

  it("fills a schema's subtotal, tax and total each from its own line", async () => {
    const r = await extract(source, {
      invoice_total: { type: "number", description: "The invoice total, tax included." },
      subtotal: nullable("number", "The total before tax."),
      total_tax: nullable("number", "All tax charged."),
    });
    expect(r.valid).toBe(true);
    expect(r.data).toEqual({ invoice_total: 11060.36, subtotal: 10217.42, total_tax: 842.94 });
  });
});

describe("a value the reader read for one field, and fields it found empty", () => {
  const items: Rows = [
    ["Description", "Qty", "Unit Price", "Amount"],
    ["Design consultation (hours)", "7", "552.70 USD", "3,868.90 USD"],
    ["Replacement filter set", "12", "154.74 USD", "1,856.88 USD"],
    ["", "", "Sub-total", "5,725.78 USD"],
    ["", "", "Sales tax", "412.26 USD"],
    ["", "", "TOTAL", "6,138.04 USD"],
  ];
  const lines = [
    "### Marlowe Joinery Inc.",
    "333 Maple Avenue, Albany, NY 12207",
    "## INVOICE",
    "Invoice Number: SI-40520",
    "Invoice Date: 06/10/2026",
    "Bill To",
    "Northwind Supplies LLC",
    "95 Maple Avenue",
    "Boise, ID 83702",
    "Payment due within 14 days of the invoice date.",
  ];
  const source = invoice(lines, [items]);

  it("leaves null what the invoice does not print, though another field's label and value could pass for it", async () => {
    const r = await extract(source, {
      invoice_id: { type: "string", description: "The invoice number." },
      customer_name: nullable("string", "Who is billed."),
      customer_id: nullable("string", "The customer's number at the vendor."),
      invoice_total: { type: "number", description: "The invoice total, tax included." },
      amount_paid: nullable("number", "Payments already made."),
      total_discount: nullable("number", "Discounts taken off."),
      due_date: nullable("string", "The date payment is due, ISO 8601 (YYYY-MM-DD)."),
    });
    expect(r.valid).toBe(true);
    expect(r.data).toMatchObject({
      invoice_id: "SI-40520",
      customer_name: "Northwind Supplies LLC",
      invoice_total: 6138.04,
      customer_id: null,
      amount_paid: null,
      total_discount: null,
      due_date: null,
    });
  });
});

describe("an item table running over two pages", () => {
  const header = ["Description", "Qté", "Prix unitaire", "Montant"];
  const first = Array.from({ length: 30 }, (_, i) => [`Baguette lot ${i + 1}`, "10", "1,00", "10,00"]);
  const last: Rows = [
    ["Croissants", "20", "1,50", "30,00"],
    ["", "", "Sous-total", "330,00"],
    ["", "", "TVA 5,5 %", "18,15"],
    ["", "", "Total TTC", "348,15"],
  ];
  const page1 = [
    "## Facture",
    "Boulangerie Lefèvre SARL",
    "3 rue du Four, 69002 Lyon",
    "N° de facture : F-2026-118",
    markdownOf([header, ...first]),
  ].join("\n\n");
  const page2 = markdownOf([header, ...last]);
  const text1 = [
    "Facture",
    "Boulangerie Lefèvre SARL",
    "3 rue du Four, 69002 Lyon",
    "N° de facture : F-2026-118",
    ...[header, ...first].map((r) => r.join("\t")),
  ].join("\n");
  const text2 = [header, ...last].map((r) => r.join("\t")).join("\n");
  const rows = [header, ...first, ...last];
  // The extractor places a table running over pages on its first page.
  const source: StructuredSource = {
    documentId: "doc-1",
    fileName: "facture.pdf",
    pages: [
      { pageNumber: 1, markdown: page1 },
      { pageNumber: 2, markdown: page2 },
    ],
    tables: [{ pages: [1, 2], rows }],
    layout: {
      pages: [
        { pageNumber: 1, markdown: page1, text: text1, width: 595, height: 842, method: "text" },
        { pageNumber: 2, markdown: page2, text: text2, width: 595, height: 842, method: "text" },
      ],
      tables: [
        {
          pageNumber: 1,
          pages: [1, 2],
          bbox: [40, 200, 555, 800],
          cells: cellsOf(rows),
          markdown: markdownOf(rows),
        },
      ],
    },
  };

  it("cites the total on the page that prints it", async () => {
    const answer = await ask("What is the invoice total?", source);
    expect(answer?.text).toMatch(/^The invoice total is 348\.15\b/);
    expect(answer?.citations[0]?.page).toBe(2);
  });
});
