import { describe, expect, it } from "vitest";
import type { Line } from "../../../src/core/invoices/invoice-lines.ts";
import { readParties } from "../../../src/core/invoices/invoice-parties.ts";
import type { InvoiceSourceDocument } from "../../../src/core/invoices/invoice-types.ts";
import { tableLines } from "../../../src/core/invoices/party-tables.ts";
import { readInvoice } from "../../../src/core/invoices/read-invoice.ts";

// The issuer's name as the page prints it in pieces: set large as a quoted sentence with the
// title, wrapped onto a line that opens with a word that is also a label, or cut by a header
// table's grid before the title.

const lines = (...texts: string[]): Line[] =>
  texts.map((text, order) => ({ page: 1, text, order, ocr: false }));

describe("the issuer's name in pieces", () => {
  it("reads a title line the layout quoted (markdown's > is no text of the page)", () => {
    const markdown = [
      "> INVOICE #SI/44220 Redwood Signal Systems Inc.",
      "77 Kingsway Madison, WI 53703",
      "Billed to",
      "Silverbirch Analytics Ltd",
      "5 Old Forge Yard",
      "Madison, WI 53703",
      "Total: $1,200.00",
    ].join("\n\n");
    const doc: InvoiceSourceDocument = {
      pages: [{ pageNumber: 1, markdown, text: markdown, width: 612, height: 792, method: "text" }],
      tables: [],
    };
    const { data } = readInvoice(doc);
    expect(data.vendor_name).toBe("Redwood Signal Systems Inc.");
    expect(data.invoice_id).toBe("SI/44220");
    expect(data.customer_name).toBe("Silverbirch Analytics Ltd");
  });

  it("joins a name's second line that ends in its legal form, though its first word is a label", () => {
    const { vendor } = readParties(
      lines("FACTURE", "Imprimerie du Vieux", "Port SARL", "Rue de la Loi 155", "1000 Bruxelles"),
    );
    expect(vendor?.name).toBe("Imprimerie du Vieux Port SARL");
    expect(vendor?.address).toBe("Rue de la Loi 155, 1000 Bruxelles");
    // A name that has its legal form already is whole: the next line is no part of it.
    const whole = readParties(lines("Imprimerie Vieux SARL", "Port Services SAS", "Rue de la Loi 155"));
    expect(whole.vendor?.name).toBe("Imprimerie Vieux SARL");
  });

  it("joins the cells of a letterhead row that the grid cut before the title", () => {
    const first = (row: string[]) => tableLines([row, ["Unit 4, Riverside Estate", "", ""]], 1, 0)[0]?.text;
    expect(first(["Quayside Print", "Works", "INVOICE"])).toBe("Quayside Print Works");
    expect(first(["Granite Peak Cleaning Services", "LLP", "Tax Invoice"])).toBe(
      "Granite Peak Cleaning Services LLP",
    );
    // Not a name already whole, nor a word of the title, nor a label.
    expect(first(["Ashcombe Data Services plc", "Commercial", "Invoice"])).toBe("Ashcombe Data Services plc");
    expect(first(["Ashcombe Data", "Commercial", "Invoice"])).toBe("Ashcombe Data");
    expect(first(["Ashcombe Data", "Invoice No.", "Invoice"])).toBe("Ashcombe Data");
  });
});
