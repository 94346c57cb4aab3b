import { describe, expect, it } from "vitest";
import type { InvoiceSourceDocument } from "../src/core/invoices/invoice-types.ts";
import { readInvoice } from "../src/core/invoices/read-invoice.ts";

// Labels stacked in one cell beside their values stacked in the next, as the layout gives a
// word processor's totals set with tab stops (an AbiWord invoice of the grid tuning set): each
// label takes the value on its own line of the next cell.

const cell = (text: string) => ({ text, rowSpan: 1, colSpan: 1 });
const page = (markdown: string) => ({
  pageNumber: 1,
  markdown,
  text: "",
  width: 612,
  height: 792,
  method: "text",
});
const table = (rows: string[][], top: number) => ({
  pageNumber: 1,
  pages: [1],
  bbox: [72, top, 520, top + 60],
  cells: rows.map((r) => r.map(cell)),
  markdown: "",
});

const items = [
  ["Description", "Quantity", "Unit price", "Amount"],
  ["Design consultation\n(hours)", "7", "608.39", "4,258.73"],
  ["Annual maintenance\ncontract", "12", "113.81", "1,365.72"],
];
const md = (rows: string[][]) =>
  rows.map((r) => `| ${r.map((c) => c.replace(/\n/g, "<br>")).join(" | ")} |`).join("\n");

function doc(totals: string[][]): InvoiceSourceDocument {
  return {
    pages: [page(["# Invoice", "Invoice No.: INV-2026-5808", md(items), "", md(totals)].join("\n"))],
    tables: [table(items, 300), table(totals, 400)],
  };
}

describe("labels stacked in a cell beside their values", () => {
  it("are read line by line: a totals ladder", () => {
    const { data, sources } = readInvoice(
      doc([
        [
          "Net total\nLess discount\nDelivery\nSales tax (8.25%)\nGrand total\nLess: deposit paid\nBalance due",
          "$5,624.45\n$562.45\n$82.96\n$424.44\n$5,569.40\n$1,670.82\n$3,898.58",
        ],
      ]),
    );
    expect(data).toMatchObject({
      subtotal: 5624.45,
      total_discount: 562.45,
      shipping: 82.96,
      total_tax: 424.44,
      invoice_total: 5569.4,
      amount_paid: 1670.82,
      amount_due: 3898.58,
    });
    expect(sources["/invoice_total"]?.quote).toBe("Grand total $5,569.40");
  });

  it("are read line by line: header fields beside the letterhead", () => {
    const { data } = readInvoice({
      pages: [page(["# Invoice", md(items)].join("\n"))],
      tables: [
        table(
          [
            [
              "Kestrel Print Ltd\n17 Cheapside\nLeeds LS1 4AP",
              "Invoice No.\nDate\nDue date",
              "SI-104233\n04/21/2026\n05/12/2026",
            ],
          ],
          60,
        ),
        table(items, 300),
      ],
    });
    expect(data).toMatchObject({
      invoice_id: "SI-104233",
      invoice_date: "2026-04-21",
      due_date: "2026-05-12",
    });
  });

  it("are not paired when the line counts differ or the values are labels too", () => {
    const { data } = readInvoice(doc([["Subtotal\nVAT 20%\nTotal", "$100.00\n$20.00"]]));
    expect(data.subtotal).toBeNull();
    const labels = readInvoice(doc([["Subtotal\nTotal", "Discount\nShipping"]])).data;
    expect(labels.subtotal).toBeNull();
  });
});
