import { type TableGrid, textRows } from "../../extraction/table-model.ts";
import { findLabels } from "../../invoices/invoice-labels.ts";
import type { InvoiceReading, InvoiceSourceDocument } from "../../invoices/invoice-types.ts";

// A totals box set as two table cells, the labels stacked in one ("Net total / Sales tax 8.25 % /
// Total / Amount due") and their figures stacked alike in the next: the page's text runs all
// the labels, then all the figures, so a reading of label-then-value takes the first figure for
// every label (the total becomes the net amount). The two cells are paired line by line here,
// each line's label named as the invoice reader names labels (src/core/invoices/invoice-labels.ts),
// and the amounts of such a box take the place of what was read from it, so a schema and chat's
// "What is the invoice total?" say the figure on the total's own line.

const AMOUNT_FIELDS = new Set([
  "subtotal",
  "total_discount",
  "shipping",
  "total_tax",
  "invoice_total",
  "amount_paid",
  "amount_due",
] as const);
type AmountField = typeof AMOUNT_FIELDS extends Set<infer T> ? T : never;

export type StackedPair = { field: AmountField; value: number; page: number; quote: string; labels: string };

/** One amount a line prints ("$842.94", "-6 317,47 €"), or null when it prints none or several. */
function amountOf(line: string): number | null {
  const found = [...line.matchAll(/\d[\d.,'\u00a0\u202f ]*\d|\d/g)];
  if (found.length !== 1 || /[\p{L}]{3,}/u.test(line.replace(/\b[A-Z]{3}\b/g, ""))) return null;
  const raw = (found[0]?.[0] ?? "").replace(/[\s\u00a0\u202f']/g, "");
  const dec = /[.,](\d{1,2})$/.exec(raw);
  const whole = (dec ? raw.slice(0, -dec[0].length) : raw).replace(/[.,]/g, "");
  return Number(dec ? `${whole}.${dec[1]}` : whole);
}

/** The amount field a stacked line's label names, when the line is that label (and a rate). */
function fieldOf(line: string): AmountField | null | undefined {
  const hits = findLabels(line);
  if (hits.length !== 1) return undefined;
  const f = hits[0]?.field as AmountField;
  return AMOUNT_FIELDS.has(f) ? f : null;
}

/** The line-by-line pairs of every stacked label cell beside a stacked figure cell. */
export function stackedPairs(layout: InvoiceSourceDocument): StackedPair[] {
  const out: StackedPair[] = [];
  for (const table of layout.tables) {
    for (const row of textRows(table.cells as TableGrid)) {
      const cells = row.map((c) => c.trim()).filter(Boolean);
      for (let i = 0; i + 1 < cells.length; i++) {
        const labels = (cells[i] ?? "").split("\n").map((l) => l.trim());
        const values = (cells[i + 1] ?? "").split("\n").map((l) => l.trim());
        if (labels.length < 2 || labels.length !== values.length) continue;
        const fields = labels.map(fieldOf);
        const amounts = values.map(amountOf);
        // Every line a label and an amount, or the two cells are something else.
        if (fields.some((f) => f === undefined) || amounts.some((a) => a === null)) continue;
        labels.forEach((_, k) => {
          const field = fields[k];
          const value = amounts[k];
          if (field && value !== null && value !== undefined)
            out.push({
              field,
              value,
              page: table.pageNumber,
              quote: values[k] ?? "",
              labels: cells[i] ?? "",
            });
        });
      }
    }
  }
  return out;
}

const flat = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * The reading with the amounts of stacked totals boxes read line by line: a field read from such
 * a box (its quote runs the box's labels) or not read at all takes its own line's figure; a field
 * two lines of the boxes name (two tax rates) is left as read.
 */
export function withStackedAmounts(reading: InvoiceReading, layout: InvoiceSourceDocument): InvoiceReading {
  const pairs = stackedPairs(layout);
  if (!pairs.length) return reading;
  const data = { ...reading.data };
  const sources = { ...reading.sources };
  for (const field of AMOUNT_FIELDS) {
    const mine = pairs.filter((p) => p.field === field);
    const pair = mine[0];
    if (mine.length !== 1 || !pair) continue;
    const source = sources[`/${field}`];
    const fromBox = source ? flat(source.quote).includes(flat(pair.labels)) : true;
    if (data[field] !== null && !fromBox) continue;
    data[field] = pair.value;
    sources[`/${field}`] = { page: pair.page, quote: pair.quote, bbox: null, confidence: 0.8 };
  }
  return { data, sources };
}
