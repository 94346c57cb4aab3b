import { describe, expect, it } from "vitest";
import { tableCandidates } from "../../../src/core/invoices/field-candidates.ts";
import type { Table } from "../../../src/core/invoices/invoice-lines.ts";

// Totals in an item table's last rows, as the table extractor gives them from a French invoice:
// a label cut across two cells ("Montant | TTC: 61 459,55"), and a totals row the item reader
// took for an item. Both are read from the row as one line.

const table = (rows: string[][]): Table => ({
  index: 0,
  page: 1,
  pages: [1],
  bbox: null,
  rows,
  order: 10,
  ocr: false,
});
const ctx = { style: { decimal: ",", spaceGroups: true }, dayFirst: true } as const;
const rows = [
  ["Code Description", "Qté", "PU HT", "Total HT"],
  ["P44604 Clavier sans fil", "14", "21,99", "307,86"],
  ["", "", "Montant HT: 63 360,36", "Remise: (1 900,81)"],
  ["", "", "Montant", "TTC: 61 459,55 Solde dû: 61 459,55"],
];

describe("tableCandidates", () => {
  it("reads a label the table cut across two cells", () => {
    const t = table(rows);
    const got = tableCandidates([t], ctx, new Map([[t, new Set([0, 1])]]));
    const total = got.find((c) => c.field === "invoice_total");
    expect(total?.value.value).toBeCloseTo(61459.55, 2);
    expect(total?.quote).toBe("Montant TTC: 61 459,55");
    expect(got.find((c) => c.field === "subtotal")?.value.value).toBeCloseTo(63360.36, 2);
  });

  it("reads the totals of a row taken for an item, and nothing else of it", () => {
    const t = table(rows);
    const got = tableCandidates([t], ctx, new Map([[t, new Set([0, 1, 3])]]));
    expect(got.find((c) => c.field === "invoice_total")?.value.value).toBeCloseTo(61459.55, 2);
    const itemRow = table([
      ["Code Description", "Qté", "Total"],
      ["Date: 12.03.2026 Wartung", "1", "19,99"],
    ]);
    expect(tableCandidates([itemRow], ctx, new Map([[itemRow, new Set([0, 1])]]))).toEqual([]);
    // A row of a label opening its cell and its value: the tax, even where taken for an item.
    const vat = table([
      ["Réf. Description", "Qté", "Montant HT"],
      ["TVA (10 %) EUR", "1 535,85"],
    ]);
    const tax = tableCandidates([vat], ctx, new Map([[vat, new Set([0, 1])]]));
    expect(tax.find((c) => c.field === "total_tax")?.value.value).toBeCloseTo(1535.85, 2);
    // A label word whole in an item's description ("Delivery") is no charge of the invoice.
    const delivery = table([
      ["Description", "Qty", "Amount"],
      ["Delivery and assembly", "1", "150,00"],
    ]);
    expect(tableCandidates([delivery], ctx, new Map([[delivery, new Set([0, 1])]]))).toEqual([]);
  });
});
