// Scoring a read invoice against its truth: each scalar field is right or wrong (numbers within
// 0.005; strings equal after folding case and whitespace, commas counting as whitespace since
// address lines are joined either way); items are aligned in order and each item field of the
// truth's items scores once, missing and extra items counting as wrong.

import type { InvoiceData, InvoiceItem } from "../../src/core/invoices/invoice-types.ts";

const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[\s,]+/g, " ")
    .trim();

export function same(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= 0.005;
  return fold(String(a)) === fold(String(b));
}

export type FieldScore = { field: string; right: boolean; expected: unknown; got: unknown };

const ITEM_KEYS: (keyof InvoiceItem)[] = [
  "description",
  "quantity",
  "unit",
  "unit_price",
  "tax_rate",
  "amount",
  "product_code",
];

export function scoreInvoice(truth: InvoiceData, got: InvoiceData): FieldScore[] {
  const out: FieldScore[] = [];
  for (const k of Object.keys(truth) as (keyof InvoiceData)[]) {
    if (k === "items") continue;
    out.push({ field: k, right: same(truth[k], got[k]), expected: truth[k], got: got[k] });
  }
  const n = Math.max(truth.items.length, got.items.length);
  for (let i = 0; i < n; i++) {
    const t = truth.items[i];
    const g = got.items[i];
    for (const k of ITEM_KEYS) {
      // An extra item read where the truth has none scores its fields as wrong.
      const expected = t ? t[k] : null;
      const value = g ? g[k] : null;
      if (!t && value === null) continue;
      out.push({ field: `items.${k}`, right: t ? same(expected, value) : false, expected, got: value });
    }
  }
  return out;
}
