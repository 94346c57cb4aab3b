import { describe, expect, it } from "vitest";
import { readInvoice } from "../../../src/core/invoices/read-invoice.ts";

// The currency of an invoice whose amounts carry only "$", or nothing: the one its addresses
// point to, and a code its total's label names.

const doc = (text: string) => ({
  pages: [{ pageNumber: 1, markdown: text, text, width: 612, height: 792, method: "text" }],
  tables: [],
});
const currencyOf = (text: string) => readInvoice(doc(text)).data.currency;

describe("currency from the invoice's places", () => {
  it("reads a bare dollar sign as the dollar of the country the addresses are in", () => {
    expect(
      currencyOf("Invoice 12\n4 King Street\nParramatta NSW 2150\nABN 12 345 678 901\nTotal $110.00"),
    ).toBe("AUD");
    expect(currencyOf("Invoice 12\n4 King Street\nOttawa, ON K1P 5J2\nTotal $110.00")).toBe("CAD");
    expect(currencyOf("Invoice 12\n4 King Street\nAustin, TX 78701\nTotal $110.00")).toBe("USD");
    expect(currencyOf("Invoice 12\n4 King Street\nTotal $110.00")).toBe("USD");
  });

  it("takes a code a total's label names, else guesses from the address when nothing is printed", () => {
    expect(currencyOf("Invoice 12\nAustin, TX 78701\nTotal (CAD)\n110.00")).toBe("CAD");
    expect(currencyOf("Invoice 12\n12 King Street\nLeeds\nLS1 4DY\nTotal 110.00")).toBe("GBP");
    expect(currencyOf("Invoice 12\nTotal 110.00")).toBeNull();
  });
});
