import { describe, expect, it } from "vitest";
import type { Line } from "../../../src/core/invoices/invoice-lines.ts";
import { readParties } from "../../../src/core/invoices/invoice-parties.ts";

// Two party blocks side by side read across: the "Billed To" label with the issuer's name beside
// it, the customer's own name on the next line, then the two blocks' lines alternating.

const lines = (...texts: string[]): Line[] =>
  texts.map((text, order) => ({ page: 1, text, order, ocr: false }));

describe("a block's label with another party's name beside it", () => {
  it("reads two names one over the other as the two blocks, their lines alternating", () => {
    const { customer, vendor } = readParties(
      lines(
        "SALES INVOICE",
        "Billed To Kestrel Consulting Co.",
        "Fairmont Electrical LLC",
        "137 Mill Lane",
        "92 Queen Street",
        "Tacoma, WA 98402",
        "Austin, TX 78701",
        "EIN: 40-9010841",
      ),
    );
    expect(customer?.name).toBe("Fairmont Electrical LLC");
    expect(customer?.address).toBe("92 Queen Street, Austin, TX 78701");
    expect(vendor?.name).toBe("Kestrel Consulting Co.");
    expect(vendor?.address).toBe("137 Mill Lane, Tacoma, WA 98402");
  });

  it("keeps a block whose name is beside its label and whose address follows", () => {
    const { customer } = readParties(
      lines("Northgate Print Ltd", "Billed To Kestrel Consulting Co.", "137 Mill Lane", "Tacoma, WA 98402"),
    );
    expect(customer?.name).toBe("Kestrel Consulting Co.");
    expect(customer?.address).toBe("137 Mill Lane, Tacoma, WA 98402");
  });
});
