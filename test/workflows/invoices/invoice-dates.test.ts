import { describe, expect, it } from "vitest";
import { lineCandidates, tableCandidates } from "../../../src/core/invoices/field-candidates.ts";
import { dayFirstOf, labelDates } from "../../../src/core/invoices/invoice-dates.ts";
import { findLabels } from "../../../src/core/invoices/invoice-labels.ts";
import type { Line, Table } from "../../../src/core/invoices/invoice-lines.ts";
import { readInvoice } from "../../../src/core/invoices/read-invoice.ts";

// English invoices' dates and totals: two-digit years, which way round 04/05/2026 is read when
// the invoice gives no date that settles it, a date or terms a narrow cell wrapped onto the next
// row, and a total's label naming its currency over the figure.

const us = { style: { decimal: ".", spaceGroups: false }, dayFirst: false } as const;
const table = (rows: string[][]): Table => ({
  index: 0,
  page: 1,
  pages: [1],
  bbox: null,
  rows,
  order: 1,
  ocr: false,
});
const lines = (texts: string[]): Line[] => texts.map((text, order) => ({ page: 1, text, order, ocr: false }));

describe("labelDates", () => {
  it("reads two-digit years, month first unless the invoice is day first", () => {
    expect(labelDates("10/14/26", false)[0]?.iso).toBe("2026-10-14");
    expect(labelDates("04/05/26", false)[0]?.iso).toBe("2026-04-05");
    expect(labelDates("04/05/26", true)[0]?.iso).toBe("2026-05-04");
    expect(labelDates("14.10.26", false)[0]?.iso).toBe("2026-10-14");
    expect(labelDates("03-Mar-26", false)[0]?.iso).toBe("2026-03-03");
    expect(labelDates("3 Sept 26", false)[0]?.iso).toBe("2026-09-03");
    expect(labelDates("Mar. 3, '26", false)[0]?.iso).toBe("2026-03-03");
    expect(labelDates("3rd Mar '26", false)[0]?.iso).toBe("2026-03-03");
    // A month's name between slashes, dots or dashes, or a comma with no space before the year.
    expect(labelDates("03/Mar/2026", false)[0]?.iso).toBe("2026-03-03");
    expect(labelDates("03.Mar.2026", false)[0]?.iso).toBe("2026-03-03");
    expect(labelDates("Mar-03-2026", false)[0]?.iso).toBe("2026-03-03");
    expect(labelDates("Mar 03,2026", false)[0]?.iso).toBe("2026-03-03");
    // A four-digit year is read as before, and no two-digit reading is made inside it.
    expect(labelDates("03/04/2026", true).map((d) => d.iso)).toEqual(["2026-04-03"]);
    expect(labelDates("13/14/26", false)).toEqual([]);
  });
});

describe("dayFirstOf", () => {
  it("takes the side of the world from the invoice's words and addresses", () => {
    expect(dayFirstOf("Date 04/05/2026\nABN 12 345 678 901\nGST 10%\nTotal $110.00")).toBe(true);
    expect(dayFirstOf("Date 04/05/2026\n12 King Street\nLeeds\nLS1 4DY\nTotal 10.00")).toBe(true);
    expect(dayFirstOf("Date 04/05/2026\nVAT 20%\nTotal 10.00")).toBe(true);
    expect(dayFirstOf("Date 04/05/2026\nAustin, TX 78701\nSales tax 8.25%\nTotal $10.00")).toBe(false);
    expect(dayFirstOf("Date 04/05/2026\nTotal $10.00")).toBe(false);
  });

  it("prefers a date that settles it, then the order of a date written with its month's name", () => {
    expect(dayFirstOf("Date 04/25/2026\nVAT 20%")).toBe(false);
    expect(dayFirstOf("Issued 5 March 2026\nDue 04/05/2026")).toBe(true);
    expect(dayFirstOf("Issued March 5, 2026\nDue 04/05/2026")).toBe(false);
    expect(dayFirstOf("Date 04/05/26\nDue 28/05/26")).toBe(true);
  });
});

describe("wrapped values in a label table", () => {
  it("reads a date whose year the cell wrapped onto the next row", () => {
    const t = table([
      ["Austin, TX 78701", "Issued", "Thursday, April 23,"],
      ["", "", "2026"],
      ["", "Pay By", "Thursday, April 30,"],
      ["", "", "2026"],
    ]);
    const got = tableCandidates([t], us, new Map());
    expect(got.find((c) => c.field === "invoice_date")?.value.value).toBe("2026-04-23");
    expect(got.find((c) => c.field === "due_date")?.value.value).toBe("2026-04-30");
  });

  it("reads terms wrapped under a row of labels, and not a row of other values as their end", () => {
    const t = table([
      ["INV #", "DATE", "TERMS"],
      ["A26561", "01/07/2026", "Payment due within"],
      ["", "", "45 days"],
    ]);
    const got = tableCandidates([t], us, new Map());
    expect(got.find((c) => c.field === "payment_terms")?.value.value).toBe("Payment due within 45 days");
    const full = table([
      ["Terms", "Net 30"],
      ["Currency", "USD"],
    ]);
    const terms = tableCandidates([full], us, new Map()).find((c) => c.field === "payment_terms");
    expect(terms?.value.value).toBe("Net 30");
  });
});

describe("two labels in one cell", () => {
  it("reads them over their two values in the cell below", () => {
    const t = table([
      ["INVOICE #", "ISSUED YOUR ORDER", "DUE BY"],
      ["SI26362", "Saturday, July 4, 2026 PO34327", "09/02/2026"],
    ]);
    const got = tableCandidates([t], us, new Map());
    expect(got.find((c) => c.field === "invoice_date")?.value.value).toBe("2026-07-04");
    expect(got.find((c) => c.field === "purchase_order")?.value.value).toBe("PO34327");
  });
});

describe("a total's label naming its currency", () => {
  it("reads the figure under 'BALANCE DUE (GBP)' and 'TOTAL (USD)'", () => {
    const got = lineCandidates(lines(["BALANCE DUE (GBP)", "41,938.78", "TOTAL (USD)", "10,274.96"]), us);
    expect(got.find((c) => c.field === "amount_due")?.value.value).toBeCloseTo(41938.78, 2);
    expect(got.find((c) => c.field === "invoice_total")?.value.value).toBeCloseTo(10274.96, 2);
  });
});

describe("English dates in sentences and beside other dates", () => {
  it("reads the due date of a request to pay, and not an order's date for the invoice's", () => {
    const got = lineCandidates(
      lines(["Order Date: 03/02/2026", "Invoice Date: 03/05/2026", "Please pay by 04/04/2026."]),
      us,
    );
    expect(got.find((c) => c.field === "invoice_date")?.value.value).toBe("2026-03-05");
    expect(got.find((c) => c.field === "due_date")?.value.value).toBe("2026-04-04");
  });
});

describe("terms under a due date's label", () => {
  it("reads 'Due: Net 30' and a 'Due' cell over 'On receipt' as the terms, not a sentence of terms", () => {
    const got = lineCandidates(lines(["Due: Net 30", "Due Date: Upon receipt"]), us);
    expect(got.filter((c) => c.field === "payment_terms").map((c) => c.value.value)).toEqual([
      "Net 30",
      "Upon receipt",
    ]);
    const t = table([
      ["Invoice No.", "A-1"],
      ["Due", "On receipt"],
      ["Terms", "Payment due upon receipt"],
    ]);
    const cells = tableCandidates([t], us, new Map()).filter((c) => c.field === "payment_terms");
    expect(new Set(cells.map((c) => c.value.value))).toEqual(
      new Set(["On receipt", "Payment due upon receipt"]),
    );
  });
});

describe("English totals", () => {
  it("knows the labels English invoices give their totals", () => {
    for (const [text, field] of [
      ["Amount owing", "amount_due"],
      ["Balance outstanding", "amount_due"],
      ["Total invoice amount", "invoice_total"],
      ["Total inc. GST", "invoice_total"],
      ["Total ex GST", "subtotal"],
      ["Taxable amount", "subtotal"],
      ["Less payments", "amount_paid"],
      ["Delivery charges", "shipping"],
      ["Date due", "due_date"],
      ["Please pay by", "due_date"],
      ["Kindly remit payment by", "due_date"],
      ["Order Date", "other"],
      ["Date shipped", "other"],
    ] as const)
      expect(findLabels(text)[0]?.field, text).toBe(field);
  });

  it("reads a total the table cut before 'incl. Sales tax' as the total, not the tax", () => {
    const t = table([
      ["", "", "Subtotal", "$1,853.95"],
      ["", "Total", "incl. Sales tax", "$1,988.36"],
    ]);
    const got = tableCandidates([t], us, new Map());
    expect(got.find((c) => c.field === "total_tax")).toBeUndefined();
    expect(got.find((c) => c.field === "invoice_total")?.value.value).toBeCloseTo(1988.36, 2);
    // Cut into three cells: "Total | incl. | VAT".
    const three = table([
      ["", "VAT (20%)", "", "", "GBP 4,181.41"],
      ["", "Total", "incl.", "VAT", "GBP 25,088.44"],
    ]);
    const taxes = tableCandidates([three], us, new Map()).filter((c) => c.field === "total_tax");
    expect(new Set(taxes.map((c) => c.value.value))).toEqual(new Set([4181.41]));
  });

  it("reads a totals row taken for an item whose label has 'Less:' before it or '@' after it", () => {
    const t = table([
      ["Description", "Qty", "Amount"],
      ["Installation labour", "5", "1,893.50"],
      ["Less: payment received", "", "(5,244.47 GBP)"],
      ["Sales tax @", "7.25%", "$755.55"],
    ]);
    const got = tableCandidates([t], us, new Map([[t, new Set([0, 1, 2, 3])]]));
    expect(got.find((c) => c.field === "amount_paid")?.value.value).toBeCloseTo(-5244.47, 2);
    expect(got.find((c) => c.field === "total_tax")?.value.value).toBeCloseTo(755.55, 2);
  });

  it("takes the balance to pay, with what was paid added back, as the total when no total is printed", () => {
    const page = (text: string) => ({
      pages: [{ pageNumber: 1, markdown: text, text, width: 612, height: 792, method: "text" }],
      tables: [],
    });
    const due = readInvoice(page("Invoice 1001\nSubtotal: $100.00\nSales tax: $8.00\nBalance due: $108.00"));
    expect(due.data.invoice_total).toBeCloseTo(108, 2);
    const paid = readInvoice(
      page("Invoice 1001\nSubtotal: $100.00\nDeposit paid: $50.00\nAmount owing: $58.00"),
    );
    expect(paid.data.invoice_total).toBeCloseTo(108, 2);
    // A page's running total carried to the next page is no total of the invoice, nor a balance.
    const carried = readInvoice(page("Invoice 1001\nSubtotal: $100.00\nTotal carried forward: $100.00"));
    expect(carried.data.invoice_total).toBeNull();
    const brought = readInvoice(page("Invoice 1001\nBalance brought forward: $40.00\nTotal: $108.00"));
    expect(brought.data.amount_due).toBeNull();
    const printed = readInvoice(
      page("Invoice 1001\nTotal: $108.00\nAmount paid: $8.00\nBalance due: $100.00"),
    );
    expect(printed.data.invoice_total).toBeCloseTo(108, 2);
  });
});
