import { describe, expect, it } from "vitest";
import { lineSpans, type ReadContext } from "../src/core/invoices/label-values.ts";

// Header fields as the grid tuning set (bench/invoices/corpus-grid, AbiWord) prints them: fields
// run on one line with a separator between them.

const US: ReadContext = { style: { decimal: ".", spaceGroups: false }, dayFirst: false };
const DE: ReadContext = { style: { decimal: ",", spaceGroups: false }, dayFirst: true };
const values = (line: string, c: ReadContext) =>
  lineSpans(line, c).map((s) => [s.hit.field, s.value?.value ?? null]);

describe("fields run on one line", () => {
  it("end the terms before the separator of the next field", () => {
    expect(values("Date: 03/04/2026 · Terms: Net 7 · PO number PO-4471", US)).toEqual([
      ["invoice_date", "2026-03-04"],
      ["payment_terms", "Net 7"],
      ["purchase_order", "PO-4471"],
    ]);
    expect(values("Zahlungsziel: 45 Tage netto | Kundennummer: C4410", DE)[0]).toEqual([
      "payment_terms",
      "45 Tage netto",
    ]);
  });
});

