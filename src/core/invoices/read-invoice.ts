import { CURRENCY_CODES } from "../answering/structured/coerce.ts";
import { findAmounts, numberStyle } from "./amounts.ts";
import { type Candidate, choose, lineCandidates, tableCandidates, taxOfRates } from "./field-candidates.ts";
import { dayFirstOf } from "./invoice-dates.ts";
import { chooseItems, lineItems, tableItems } from "./invoice-items.ts";
import type { LabelField } from "./invoice-labels.ts";
import { documentLines, pageOf } from "./invoice-lines.ts";
import { partyLines, readParties } from "./invoice-parties.ts";
import type {
  FieldSource,
  InvoiceData,
  InvoiceHints,
  InvoiceReading,
  InvoiceSourceDocument,
} from "./invoice-types.ts";
import type { ReadContext } from "./label-values.ts";
import { placeCurrency } from "./place-currency.ts";
import { cutTaxNumber } from "./tax-numbers.ts";
import { unlabelledFields } from "./unlabelled-fields.ts";

// The built-in invoice reader: no model, the stored pages and tables of a parsed document in,
// the invoice's fields and where each was read out. Pure and synchronous.

const DOLLARS = new Set(["USD", "CAD", "AUD", "NZD", "SGD", "HKD", "MXN"]);

function currency(
  text: string,
  hints: InvoiceHints,
  ctx: ReadContext,
): { code: string; quote: string; confidence: number } | null {
  const counts = new Map<string, { n: number; quote: string }>();
  for (const a of findAmounts(text, ctx.style)) {
    if (!a.currency) continue;
    const c = counts.get(a.currency) ?? { n: 0, quote: a.text };
    c.n++;
    counts.set(a.currency, c);
  }
  for (const m of text.matchAll(
    /(?:currency|währung|devise|montants? en|beträge in|amounts in)\s*:?\s*([A-Z]{3})\b/gi,
  )) {
    const code = (m[1] ?? "").toUpperCase();
    const c = counts.get(code) ?? { n: 0, quote: m[0] };
    c.n += 5;
    counts.set(code, c);
  }
  // A code a label names for its amounts ("Total (USD)", "Balance due (GBP)").
  for (const m of text.matchAll(/\(([A-Z]{3})\)/g)) {
    const code = m[1] as string;
    if (!CURRENCY_CODES.has(code)) continue;
    const c = counts.get(code) ?? { n: 0, quote: m[0] };
    c.n += 2;
    counts.set(code, c);
  }
  const best = [...counts.entries()].filter(([k]) => k !== "$").sort((a, b) => b[1].n - a[1].n)[0];
  if (best) return { code: best[0], quote: best[1].quote, confidence: 0.9 };
  const dollar = counts.get("$");
  if (dollar) {
    const hinted = hints.currency && DOLLARS.has(hints.currency.toUpperCase());
    return {
      code: hinted ? (hints.currency as string).toUpperCase() : (placeCurrency(text, DOLLARS) ?? "USD"),
      quote: dollar.quote,
      confidence: hinted ? 0.8 : 0.6,
    };
  }
  if (hints.currency) return { code: hints.currency.toUpperCase(), quote: "", confidence: 0.3 };
  // No currency printed: the one the addresses point to, as a guess.
  const placed = placeCurrency(text);
  return placed ? { code: placed, quote: "", confidence: 0.3 } : null;
}

/** An invoice of which nothing was read: every field null, no items. */
export const EMPTY_INVOICE: InvoiceData = {
  invoice_id: null,
  invoice_date: null,
  due_date: null,
  purchase_order: null,
  vendor_name: null,
  vendor_address: null,
  vendor_tax_id: null,
  customer_name: null,
  customer_address: null,
  customer_id: null,
  currency: null,
  subtotal: null,
  total_discount: null,
  shipping: null,
  total_tax: null,
  invoice_total: null,
  amount_paid: null,
  amount_due: null,
  payment_terms: null,
  items: [],
};

type ScalarKey = Exclude<keyof InvoiceData, "items">;
const LABELLED: LabelField[] = [
  "invoice_id",
  "invoice_date",
  "due_date",
  "purchase_order",
  "customer_id",
  "payment_terms",
  "subtotal",
  "total_discount",
  "shipping",
  "total_tax",
  "invoice_total",
  "amount_paid",
  "amount_due",
];
/** Deductions are reported as positive amounts, however they are printed (-50.00, (50.00)). */
const DEDUCTIONS = new Set<LabelField>(["total_discount", "amount_paid"]);

export function readInvoice(doc: InvoiceSourceDocument, hints: InvoiceHints = {}): InvoiceReading {
  const { lines, tables } = documentLines(doc);
  const allText = [
    ...lines.map((l) => l.text),
    ...tables.flatMap((t) => t.rows.map((r) => r.join("  "))),
  ].join("\n");
  const ctx: ReadContext = {
    style: numberStyle(allText, hints.locale),
    dayFirst: dayFirstOf(allText, hints.locale),
  };
  const data: InvoiceData = { ...EMPTY_INVOICE, items: [] };
  const sources: Record<string, FieldSource> = {};
  const put = (
    key: ScalarKey,
    value: string | number,
    page: number,
    quote: string,
    confidence: number,
    bbox: FieldSource["bbox"] = null,
  ) => {
    (data as Record<ScalarKey, unknown>)[key] = value;
    sources[`/${key}`] = { page, quote, bbox, confidence };
  };

  const fromTables = tableItems(tables, ctx.style, (t, text) => pageOf(doc, t, text));
  const cands: Candidate[] = [
    ...lineCandidates(lines, ctx),
    ...tableCandidates(tables, ctx, fromTables.itemRows),
  ];

  // Read only when some field has no labelled value: most invoices label every field they give.
  let unlabelled: Candidate[] | undefined;
  const fromUnlabelled = (field: LabelField) => {
    unlabelled ??= unlabelledFields(lines, tables, ctx);
    return choose(unlabelled, field);
  };
  for (const field of LABELLED) {
    const c = field === "total_tax" ? taxOfRates(cands) : (choose(cands, field) ?? fromUnlabelled(field));
    if (!c) continue;
    let v = c.value.value;
    if (typeof v === "number" && DEDUCTIONS.has(field)) v = Math.abs(v);
    put(field as ScalarKey, v, c.page, c.quote, c.confidence, c.table?.bbox ?? null);
  }

  // An invoice that prints only the balance to pay ("Balance due", no "Total" line) has that
  // balance, with what was paid added back, as its total.
  if (data.invoice_total === null && data.amount_due !== null) {
    const due = sources["/amount_due"] as FieldSource;
    const paid = data.amount_paid ?? 0;
    const total = Math.round((data.amount_due + paid) * 100) / 100;
    put("invoice_total", total, due.page, due.quote, (due.confidence ?? 0.5) - (paid ? 0.15 : 0.1), due.bbox);
  }

  const plines = partyLines(lines, tables, fromTables.itemRows);
  const parties = readParties(plines);
  // The customer's text lines by their place among the lines (a table's lines have none there).
  const customerLines = new Set((parties.customer?.lines ?? []).map((i) => plines[i]?.order));
  // The vendor's tax id: not one printed inside the customer's block (or on the line right after it).
  const taxId = choose(
    cands,
    "vendor_tax_id",
    (c) => c.line !== null && (customerLines.has(c.line) || customerLines.has(c.line - 1)),
  );
  if (taxId) put("vendor_tax_id", String(taxId.value.value), taxId.page, taxId.quote, taxId.confidence);
  for (const [who, p] of [
    ["vendor", parties.vendor],
    ["customer", parties.customer],
  ] as const) {
    if (!p) continue;
    const conf = who === "vendor" && !p.quote ? 0.5 : 0.75;
    if (p.name) put(`${who}_name`, p.name, p.page, p.name, conf);
    // A tax number printed under the address without a label is no part of it.
    const cut = p.address ? cutTaxNumber(p.address) : null;
    if (cut && who === "vendor" && data.vendor_tax_id === null)
      put("vendor_tax_id", cut.taxId, p.page, cut.taxId, 0.6);
    const address = cut ? cut.address : p.address;
    if (address) put(`${who}_address`, address, p.page, p.quote, conf - 0.05);
  }

  const cur = currency(allText, hints, ctx);
  if (cur) put("currency", cur.code, 1, cur.quote, cur.confidence);

  // Items written as lines of text, or as table rows the layout split ("2 x 12.50 | 25.00").
  const rowLines = tables.flatMap((t) =>
    t.rows.map((r, k) => ({
      page: t.page,
      text: r.filter(Boolean).join(" "),
      order: t.order - 0.5 + k / 1000,
      ocr: false,
    })),
  );
  const textItems = lineItems(
    [...lines, ...rowLines].sort((a, b) => a.order - b.order),
    ctx.style,
  );
  const items = chooseItems(fromTables.items, textItems);
  items.forEach((row, i) => {
    data.items.push(row.item);
    const bbox = row.table && row.page === row.table.page ? row.table.bbox : null;
    for (const [k, v] of Object.entries(row.item)) {
      if (v === null) continue;
      sources[`/items/${i}/${k}`] = {
        page: row.page,
        quote: String(v),
        bbox,
        confidence: row.table ? 0.85 : 0.7,
      };
    }
  });

  return { data, sources };
}
