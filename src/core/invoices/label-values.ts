import { CURRENCY_CODES } from "../answering/structured/coerce.ts";
import { type Amount, findAmounts, type NumberStyle } from "./amounts.ts";
import { labelDates } from "./invoice-dates.ts";
import { findLabels, type LabelField, type LabelHit } from "./invoice-labels.ts";

// Labelled values on a line or in a table cell. A label's value is the text from the label to
// the next label on the line; a label whose text holds no value of its field's kind ("Tax" in
// "Tax Invoice", "Due" in "Due on receipt", "date" in "30 days from invoice date") is no label,
// and its words go back to the value before it. A label with nothing after it takes its value
// from the cell to its right or below, or from the next line.

export type ReadContext = { style: NumberStyle; dayFirst: boolean };

export type FieldValue = { value: string | number; amount?: Amount; rate?: number };

export const BLOCK_FIELDS = new Set<LabelField>(["customer", "ship_to", "vendor"]);
const AMOUNT_FIELDS = new Set<LabelField>([
  "subtotal",
  "total_discount",
  "shipping",
  "total_tax",
  "invoice_total",
  "amount_paid",
  "amount_due",
]);
export const isAmountField = (f: LabelField) => AMOUNT_FIELDS.has(f);

// Sentences that follow the payment terms on an invoice's last lines, per language: extraction
// may join them to the terms' line, and they end the terms wherever they start.
const AFTER_TERMS: Record<string, string[]> = {
  en: ["thank you", "thanks for", "please", "remit to", "we appreciate", "late payment", "bank details"],
  de: ["vielen dank", "wir danken", "bitte", "bankverbindung", "verzugszinsen"],
  fr: [
    "merci",
    "nous vous remercions",
    "pénalités",
    "en cas de",
    "indemnité forfaitaire",
    "coordonnées bancaires",
  ],
  nl: ["bedankt", "hartelijk dank", "graag"],
};
const TERMS_END = new RegExp(
  `\\s+(?=(?:${Object.values(AFTER_TERMS).flat().join("|")}|IBAN|BIC|SWIFT)\\b)`,
  "iu",
);
const SENTENCE_END = /\.\s+(?=\p{Lu})/u;

/** Payment terms without a sentence or bank line run on after them. */
const termsOnly = (t: string) => {
  let end = t.length;
  for (const re of [TERMS_END, SENTENCE_END]) {
    const m = re.exec(t);
    if (m && m.index > 0) end = Math.min(end, m.index);
  }
  return t.slice(0, end);
};

/** Terms written where a due date is expected: net days, on receipt, a count of days. */
export const DUE_AS_TERMS =
  /^(?:net\s*\d{1,3}(?:\s*days)?|(?:due\s+|payable\s+)?(?:up)?on\s+receipt|(?:within\s+)?\d{1,3}\s+days(?:\s+net)?|immediate(?:ly)?|eom|c\.?o\.?d\.?)$/i;

/** Words saying the amount after them is the base of a rate, per language. */
const BASE_BEFORE = /(?<![\p{L}])(?:on|of|auf|von|sur|de|over|base)\s*:?\s*$/iu;

const SPACED_ID = /^(?:\p{Lu}{1,4}\s)?\d{2,6}(?:\s\d{3,6}){1,2}$/u;

/** The value of a field's kind at the start of `text`, or null. */
export function readValue(field: LabelField, text: string, ctx: ReadContext): FieldValue | null {
  const t = text.replace(/^[\s:#.°º\-–|]+/, "").trim();
  if (field === "invoice_date" || field === "due_date") {
    const d = labelDates(t, ctx.dayFirst)[0];
    // The date must come first: "30 days from invoice date" is no date label.
    return d && d.start <= 3 ? { value: d.iso } : null;
  }
  if (AMOUNT_FIELDS.has(field)) {
    // Figures inside a date ("Please pay by 12/28/2025") and the base a rate is taken on ("VAT 20 %
    // on 1,838.88: 367.78") are not the field's amount.
    const dates = labelDates(t, ctx.dayFirst);
    const all = findAmounts(t, ctx.style).filter(
      (a) => !dates.some((d) => a.start < d.end && a.end > d.start),
    );
    const rated = (a: Amount) => all.some((p) => p.percent && p.end <= a.start);
    const amount = all.find((a) => !a.percent && !(rated(a) && BASE_BEFORE.test(t.slice(0, a.start))));
    if (!amount) return null;
    // Words between the label and the amount other than a rate or currency mean it is not its value,
    // unless they are few ("Versand und Verpackung") and the figure is money (cents or a currency),
    // not a count or a reference ("Freight pallet wrap (5)").
    const before = t.slice(0, amount.start).replace(/\([^)]*\)|[\d.,\s%:$€£¥₹\-–()]|[A-Z]{3}/g, "");
    const money = amount.currency !== null || /[.,]\d{2}$/.test(amount.text.replace(/[^\d.,]+$/, ""));
    if (before.length > 16 || (before.length > 0 && !money)) return null;
    const rate = all.find((a) => a.percent && a.start < amount.start)?.value;
    return rate === undefined ? { value: amount.value, amount } : { value: amount.value, amount, rate };
  }
  if (field === "invoice_id" || field === "purchase_order" || field === "customer_id") {
    const bare = t.replace(/^(?:no\.?|nr\.?|n°|#)\s*:?\s*/i, "");
    // A number printed in groups ("69 3856", "INV 2026 0042") when the groups are all its label has.
    const grouped = SPACED_ID.exec(bare.trim());
    if (grouped) return { value: grouped[0] };
    const token = /^[^\s,;]+/.exec(bare)?.[0]?.replace(/[.,;:)]+$/, "");
    return token && /\d/.test(token) && token.length <= 30 ? { value: token } : null;
  }
  if (field === "vendor_tax_id") {
    const m = /^(?:[A-Z]{2,3}[-\s]?)?\d[\dA-Z.\-/]*(?:\s\d[\dA-Z.\-/]*)*/.exec(t);
    return m && (m[0].match(/\d/g) ?? []).length >= 5 ? { value: m[0].trim() } : null;
  }
  if (field === "payment_terms") {
    const v = termsOnly(t).replace(/[\s.;,]+$/, "");
    return v && v.length <= 120 ? { value: v } : null;
  }
  return { value: t };
}

/**
 * A value of the field's kind opening `text`, and the text after it: a row of values under a row
 * of labels is read one value per label, left to right.
 */
export function takeValue(
  field: LabelField,
  text: string,
  ctx: ReadContext,
): { value: FieldValue; rest: string } | null {
  const t = text.replace(/^[\s:#.°º\-–|]+/, "");
  const value = readValue(field, t, ctx);
  if (!value) return null;
  let end = t.length;
  if (field === "invoice_date" || field === "due_date") end = labelDates(t, ctx.dayFirst)[0]?.end ?? t.length;
  else if (value.amount) end = value.amount.end;
  else if (field === "invoice_id" || field === "purchase_order" || field === "customer_id") {
    const at = t.indexOf(String(value.value));
    if (at >= 0) end = at + String(value.value).length;
  }
  return { value, rest: t.slice(end) };
}

/** The currency a label names for its amount: "Total (USD)", "Balance due in GBP", "Total €". */
const LABEL_CURRENCY = new RegExp(
  `(?:\\bin\\s+)?\\(?(?:[$€£¥₹]|\\b(?:${[...CURRENCY_CODES].join("|")})\\b)\\)?`,
  "g",
);

/**
 * Nothing but punctuation, a rate ("VAT 20 %:" with its amount in the next cell) or the currency
 * of the amount ("BALANCE DUE (GBP)" over the figure).
 */
const isEmpty = (region: string) =>
  region
    .replace(/\(?\d{1,2}(?:[.,]\d{1,2})?\s?%\)?/g, "")
    .replace(LABEL_CURRENCY, "")
    .replace(/[\s:#.\-–|]/g, "") === "";

export type Span = { hit: LabelHit; valueStart: number; valueEnd: number; value: FieldValue | null };

/**
 * The labels of one line and their values. `atStart` says which block labels count: only one
 * opening the line ("Bill to"), as "from" inside a sentence introduces nothing.
 */
export function lineSpans(text: string, ctx: ReadContext): Span[] {
  let hits = findLabels(text).filter(
    (h, k, all) =>
      (!BLOCK_FIELDS.has(h.field) || /^[\s*#|]*$/.test(text.slice(0, h.start))) &&
      // "le" right after a date's label is the date's article ("Échéance : le 19 janvier 2026").
      !(k > 0 && /^le$/i.test(h.text) && /^[\s:]*$/.test(text.slice(all[k - 1]?.end ?? 0, h.start))),
  );
  // A tax word opening a cell after "incl." or "excl." ends a total's label the table cut in two
  // ("Total | incl. Sales tax | $1,988.36"): it names what the total holds, not the tax.
  hits = hits.filter(
    (h) =>
      !(
        h.field === "total_tax" &&
        /^\s*(?:incl?|excl?|including|excluding|ex)\.?\s+$/i.test(text.slice(0, h.start))
      ),
  );
  // "Account" after a bank's label on the same line is the bank account, not the customer's.
  hits = hits.filter(
    (h, k) =>
      !(
        h.field === "customer_id" &&
        /^account/i.test(h.text) &&
        hits.slice(0, k).some((x) => x.field === "other")
      ),
  );
  // Terms that are a date are the due date ("Zahlungsziel: 22.10.2025"); a due date that is terms
  // ("Due: Net 30", "Due date: Upon receipt") is the terms.
  hits = hits.map((h, k) => {
    if (h.field !== "payment_terms" && h.field !== "due_date") return h;
    const region = text.slice(h.end, hits[k + 1]?.start ?? text.length).replace(/^[\s:]+|[\s.]+$/g, "");
    if (h.field === "due_date") {
      // Not words of the terms' own value ("Terms: Payment due upon receipt").
      // Only a label set apart by its colon: "Payment due upon receipt" is a sentence of terms.
      const inTerms = hits.slice(0, k).some((x) => x.field === "payment_terms");
      const colon = /^\s*:/.test(text.slice(h.end));
      return colon && !inTerms && DUE_AS_TERMS.test(region) ? { ...h, field: "payment_terms" } : h;
    }
    const d = labelDates(region, ctx.dayFirst)[0];
    return d && d.start === 0 && d.end === region.length ? { ...h, field: "due_date" } : h;
  });
  for (;;) {
    const spans = hits.map((hit, k): Span => {
      const valueEnd = hits[k + 1]?.start ?? text.length;
      const region = text.slice(hit.end, valueEnd);
      const empty = isEmpty(region);
      return {
        hit,
        valueStart: hit.end,
        valueEnd,
        value:
          empty || BLOCK_FIELDS.has(hit.field) || hit.field === "other"
            ? null
            : readValue(hit.field, region, ctx),
      };
    });
    // A label with words after it but no value of its kind is no label (titles, sentences); an
    // empty one is kept, its value standing right of it or below.
    const bad = spans.findIndex(
      (s) =>
        !s.value &&
        !BLOCK_FIELDS.has(s.hit.field) &&
        s.hit.field !== "other" &&
        !isEmpty(text.slice(s.valueStart, s.valueEnd)),
    );
    // An empty label right after a value ends that value's text ("14 Tage netto"), not a field,
    // whether the line ends there or another label follows ("14 Tage netto Zahlbar bis ...").
    const trailing =
      bad < 0
        ? spans.findIndex(
            (s, k) =>
              k > 0 &&
              !s.value &&
              !BLOCK_FIELDS.has(s.hit.field) &&
              s.hit.field !== "other" &&
              spans[k - 1]?.value,
          )
        : -1;
    if (trailing >= 0) {
      hits = hits.filter((_, k) => k !== trailing);
      continue;
    }
    if (bad < 0) return spans;
    hits = hits.filter((_, k) => k !== bad);
  }
}
