import { describe, expect, it } from "vitest";
import type { InvoiceSourceDocument } from "../../../src/core/invoices/invoice-types.ts";
import { readInvoice } from "../../../src/core/invoices/read-invoice.ts";

// The issuer's tax number printed under its address: with no label, known by its form (a VAT
// number's country prefix, a US employer number); with Australia's "ABN" label.

const page = (...texts: string[]): InvoiceSourceDocument => {
  const markdown = texts.join("\n\n");
  return {
    pages: [{ pageNumber: 1, markdown, text: markdown, width: 612, height: 792, method: "text" }],
    tables: [],
  };
};

describe("the vendor's tax number under its address", () => {
  it("cuts an unlabelled VAT number off the address and gives it as the tax id", () => {
    const { data } = readInvoice(
      page(
        "#### Quayside Print Works",
        "Unit 4, Riverside Trading Estate London EC2V 6BR UK GB 564 2609 46",
        "## INVOICE",
        "Invoice no: 96179",
        "Total: £12,339.47",
      ),
    );
    expect(data.vendor_name).toBe("Quayside Print Works");
    expect(data.vendor_address).toBe("Unit 4, Riverside Trading Estate London EC2V 6BR UK");
    expect(data.vendor_tax_id).toBe("GB 564 2609 46");
  });

  it("knows a US employer number ending the address's line, and leaves the ZIP code in the address", () => {
    const { data } = readInvoice(
      page(
        "Kestrel Consulting Co.",
        "137 Mill Lane",
        "Tacoma, WA 98402 40-9010841",
        "INVOICE",
        "Invoice no: 4471",
        "Total: $1,200.00",
      ),
    );
    expect(data.vendor_address).toBe("137 Mill Lane, Tacoma, WA 98402");
    expect(data.vendor_tax_id).toBe("40-9010841");
  });

  it("reads an Australian business number under its label", () => {
    const { data } = readInvoice(
      page(
        "Copperleaf Consulting Pty Ltd",
        "227 Elm Road",
        "Fremantle WA 6160",
        "ABN: 58 564 783 249",
        "TAX INVOICE",
        "Invoice no: 4471",
        "Total: $1,200.00",
      ),
    );
    expect(data.vendor_tax_id).toBe("58 564 783 249");
    expect(data.vendor_address).toBe("227 Elm Road, Fremantle WA 6160");
  });
});
