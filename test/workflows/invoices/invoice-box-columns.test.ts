import { describe, expect, it } from "vitest";
import type { InvoiceSourceDocument } from "../../../src/core/invoices/invoice-types.ts";
import { readInvoice } from "../../../src/core/invoices/read-invoice.ts";

// Two ruled boxes side by side, the invoice's details and the customer's block, whose lines the
// page's text comes in across both boxes: each line goes back to its box by what it is.

const page = (...texts: string[]): InvoiceSourceDocument => {
  const markdown = texts.join("\n\n");
  return {
    pages: [{ pageNumber: 1, markdown, text: markdown, width: 612, height: 792, method: "text" }],
    tables: [],
  };
};

describe("a details box beside a party's box, read across", () => {
  it("puts each line back in its box: labels over values, the block's name and address", () => {
    const { data } = readInvoice(
      page(
        "## Northgate Veterinary Supplies Inc.",
        "501 W. Main Street · Burlington, VT 05401",
        "# TAX INVOICE",
        "Invoice # Customer",
        "45081",
        "Quayside Print Works",
        "Invoice date",
        "Attention: Priya Natarajan",
        "February 4, 2026",
        "88 Commerce Park Drive, Suite 210",
        "Due by",
        "Boise, ID 83702",
        "February 18, 2026",
        "United States",
        "Total: $5,169.24",
      ),
    );
    expect(data.invoice_id).toBe("45081");
    expect(data.invoice_date).toBe("2026-02-04");
    expect(data.due_date).toBe("2026-02-18");
    expect(data.customer_name).toBe("Quayside Print Works");
    expect(data.customer_address).toBe("88 Commerce Park Drive, Suite 210, Boise, ID 83702, United States");
    expect(data.vendor_name).toBe("Northgate Veterinary Supplies Inc.");
  });

  it("splits a line that holds a piece of each box (a town and a label, a date and a postcode)", () => {
    const { data } = readInvoice(
      page(
        "## Northgate Veterinary Supplies Inc.",
        "# INVOICE",
        "Invoice No. Customer",
        "INV-2026-5490",
        "Amberfield Landscape Services LLC",
        "Customer No.",
        "Flat 2, 9 Albion Terrace",
        "K33587",
        "Norwich Date",
        "02/05/2026 NR2 1SN",
        "Due date",
        "12/05/2026",
        "Total: £1,720.76",
      ),
    );
    expect(data.invoice_id).toBe("INV-2026-5490");
    expect(data.customer_id).toBe("K33587");
    expect(data.customer_name).toBe("Amberfield Landscape Services LLC");
    expect(data.customer_address).toBe("Flat 2, 9 Albion Terrace, Norwich, NR2 1SN");
    expect(data.invoice_date).toBe("2026-05-02");
  });
});
