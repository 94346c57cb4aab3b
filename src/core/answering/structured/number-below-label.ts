import { findLabels } from "../../invoices/invoice-labels.ts";
import { documentLines } from "../../invoices/invoice-lines.ts";
import type { InvoiceSourceDocument } from "../../invoices/invoice-types.ts";
import { BLOCK_FIELDS, type ReadContext, readValue } from "../../invoices/label-values.ts";
import { findDates } from "./coerce.ts";

// An invoice number the invoice reader found no value for, looked for once more before an answer
// goes without one (a strict JSON Schema refuses the whole object for a number it cannot fill).
// Boxes set side by side, a box of the invoice's details (its number's label over the number)
// beside the customer's block ("Invoice No." | "Bill to"), are read by the layout line by line
// across both: the number's label and the block's label on one line, the number on the next,
// the customer's name after it. The reader takes a line's last empty label's value from the next
// line; here the label may be followed on its line by block labels (whose blocks start below),
// and its value is the first of the next lines that is one number and nothing else.

/** Lines below the label looked at for its value. */
const LOOK_BELOW = 3;

const CTX: ReadContext = { style: { decimal: ".", spaceGroups: false }, dayFirst: true };

/** A line that is one invoice number alone: a token with a digit, no date, no amount with cents. */
function numberAlone(text: string): string | null {
  const t = text.trim();
  if (/\s/.test(t) || findLabels(t).length || findDates(t, { dayFirst: true }).length) return null;
  if (/^[$€£¥₹]|[.,]\d{2}$|%$/.test(t)) return null;
  const v = readValue("invoice_id", t, CTX);
  return v && String(v.value) === t.replace(/[.,;:)]+$/, "") && t.length >= 3 ? String(v.value) : null;
}

export type NumberBelow = { value: string; page: number; quote: string };

/** The invoice number standing alone under its label on the first page, or null. */
export function numberBelowLabel(layout: InvoiceSourceDocument): NumberBelow | null {
  const { lines } = documentLines(layout);
  const first = lines[0]?.page;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line || line.page !== first) break;
    // The line is labels only: the number's, then other blocks' labels (whose blocks start below).
    const hits = findLabels(line.text);
    const k = hits.findIndex((h) => h.field === "invoice_id");
    if (k < 0 || !hits.slice(k + 1).every((h) => BLOCK_FIELDS.has(h.field))) continue;
    const gaps = hits.map((h, n) => line.text.slice(h.end, hits[n + 1]?.start ?? line.text.length));
    if ([line.text.slice(0, hits[0]?.start ?? 0), ...gaps].some((g) => g.replace(/[\s:#.°º\-–|]/g, "")))
      continue;
    for (let j = i + 1; j <= i + LOOK_BELOW && j < lines.length; j++) {
      const below = lines[j];
      if (!below || below.page !== line.page) break;
      const value = numberAlone(below.text);
      if (value) return { value, page: line.page, quote: below.text };
      // Another field's label: the values below are its.
      if (findLabels(below.text).some((h) => !BLOCK_FIELDS.has(h.field))) break;
    }
  }
  return null;
}
