import { describe, expect, it } from "vitest";
import { unbreakLabels } from "../../../src/core/invoices/cell-wraps.ts";
import { tableCandidates } from "../../../src/core/invoices/field-candidates.ts";
import type { Table } from "../../../src/core/invoices/invoice-lines.ts";
import type { InvoiceSourceDocument } from "../../../src/core/invoices/invoice-types.ts";
import { readInvoice } from "../../../src/core/invoices/read-invoice.ts";

// Header grids as the grid tuning set (bench/invoices/corpus-grid, AbiWord) prints them: a row of
// narrow cells of labels over a row of values, where a long German label breaks anywhere
// ("FÄLLIGKEITSDATU" / "M") and a value ends in a label word ("45 Tage netto").

const cell = (text: string) => ({ text, rowSpan: 1, colSpan: 1 });
const DE = { style: { decimal: ",", spaceGroups: false }, dayFirst: true } as const;

describe("a label broken across a narrow cell's lines", () => {
  it("is one word again, and two words of a label on two lines stay two", () => {
    expect(unbreakLabels(["FÄLLIGKEITSDATU", "M"])).toEqual(["FÄLLIGKEITSDATUM"]);
    expect(unbreakLabels(["ZAHLUNGSBEDIN", "GUNGEN"])).toEqual(["ZAHLUNGSBEDINGUNGEN"]);
    expect(unbreakLabels(["Invoice", "date"])).toEqual(["Invoice", "date"]);
    expect(unbreakLabels(["Design consultation", "(hours)"])).toEqual(["Design consultation", "(hours)"]);
  });

  it("labels its value in the row below", () => {
    const rows = [
      ["NR.", "DATUM", "FÄLLIGKEITSDATU\nM", "FÄLLIGER BETRAG"],
      ["SI-902514", "14. Februar 2026", "21. Februar 2026", "8.245,65 €"],
    ];
    const doc: InvoiceSourceDocument = {
      pages: [
        { pageNumber: 1, markdown: "# Rechnung\n| x |", text: "", width: 595, height: 842, method: "text" },
      ],
      tables: [
        {
          pageNumber: 1,
          pages: [1],
          bbox: [40, 200, 550, 240],
          cells: rows.map((r) => r.map(cell)),
          markdown: "",
        },
      ],
    };
    expect(readInvoice(doc).data).toMatchObject({
      invoice_id: "SI-902514",
      invoice_date: "2026-02-14",
      due_date: "2026-02-21",
      amount_due: 8245.65,
    });
  });
});

describe("a value cell ending in a label word", () => {
  it("is no label of the cell beside it", () => {
    const t: Table = {
      index: 0,
      page: 1,
      pages: [1],
      bbox: null,
      order: 5,
      ocr: false,
      rows: [
        ["RECHNUNGS-NR.", "RECHNUNGSDATUM", "ZAHLUNGSBEDINGUNGEN", "FÄLLIGER BETRAG"],
        ["A43735", "30.05.2026", "45 Tage netto", "10.185,02 €"],
      ],
    };
    const got = tableCandidates([t], DE, new Map());
    expect(got.filter((c) => c.field === "subtotal")).toEqual([]);
    // A rate before the label is no value: "9% btw" still labels the amount beside it.
    const vat: Table = { ...t, rows: [["9% btw", "170,91"]] };
    expect(
      tableCandidates([vat], DE, new Map()).find((c) => c.field === "total_tax")?.value.value,
    ).toBeCloseTo(170.91, 2);
  });
});
