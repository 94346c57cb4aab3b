import { findAmounts } from "./amounts.ts";
import { findLabels, type LabelField } from "./invoice-labels.ts";
import type { Line, Table } from "./invoice-lines.ts";
import {
  BLOCK_FIELDS,
  DUE_AS_TERMS,
  type FieldValue,
  lineSpans,
  type ReadContext,
  readValue,
  type Span,
  takeValue,
} from "./label-values.ts";

// Every labelled value of the invoice, from its text lines and from the cells of its tables
// (a label cell with its value to the right or below), with where it was read.

export type Candidate = {
  field: LabelField;
  value: FieldValue;
  page: number;
  quote: string;
  confidence: number;
  /** Position in the document (lines and tables interleaved), to prefer the first or the last. */
  order: number;
  /** The line it was read from (text lines only). */
  line: number | null;
  table: Table | null;
};

/** A due date's label over terms ("Due" | "Net 30") labels the terms. */
const termsUnderDue = (field: LabelField, text: string): LabelField =>
  field === "due_date" && DUE_AS_TERMS.test(text.trim().replace(/[\s.]+$/, "")) ? "payment_terms" : field;

/** A value read apart from its label keeps the rate the label printed ("VAT 20 %" | "31.28"). */
function withRate(v: FieldValue | null, after: string, ctx: ReadContext): FieldValue | null {
  if (!v || v.rate !== undefined || typeof v.value !== "number") return v;
  const rate = findAmounts(after, ctx.style).find((a) => a.percent)?.value;
  return rate === undefined ? v : { ...v, rate };
}

/**
 * A line of labels only ("INVOICE NO. DATE DUE DATE") over a line of their values: each label's
 * value in turn, when the next line is exactly one value per label and nothing else.
 */
function labelsOver(
  line: Line,
  spans: Span[],
  next: Line | undefined,
  ctx: ReadContext,
): FieldValue[] | null {
  if (spans.length < 2 || !next || next.page !== line.page) return null;
  if (spans.some((s) => s.value || BLOCK_FIELDS.has(s.hit.field) || s.hit.field === "other")) return null;
  if (findLabels(next.text).length) return null;
  const values: FieldValue[] = [];
  let rest = next.text;
  for (const s of spans) {
    const took = takeValue(s.hit.field, rest, ctx);
    if (!took) return null;
    values.push(took.value);
    rest = took.rest;
  }
  return rest.trim() ? null : values;
}

export function lineCandidates(lines: Line[], ctx: ReadContext): Candidate[] {
  const out: Candidate[] = [];
  lines.forEach((line, i) => {
    const spans = lineSpans(line.text, ctx);
    const under = labelsOver(line, spans, lines[i + 1], ctx);
    if (under) {
      spans.forEach((s, k) => {
        const v = under[k] as FieldValue;
        out.push({
          field: s.hit.field,
          page: line.page,
          order: line.order + k / 100,
          line: i,
          table: null,
          value: v,
          quote: `${s.hit.text}\n${String(v.value)}`,
          confidence: line.ocr ? 0.7 : 0.8,
        });
      });
      return;
    }
    spans.forEach((s, k) => {
      const base = { field: s.hit.field, page: line.page, order: line.order + k / 100, line: i, table: null };
      const conf = line.ocr ? 0.8 : 0.92;
      if (s.value) {
        out.push({
          ...base,
          value: s.value,
          quote: line.text.slice(s.hit.start, s.valueEnd).trim(),
          confidence: conf,
        });
        return;
      }
      // A label ending its line: the value is the next line, when that line holds no label of its own.
      if (k !== spans.length - 1 || BLOCK_FIELDS.has(s.hit.field) || s.hit.field === "other") return;
      const next = lines[i + 1];
      if (!next || next.page !== line.page || findLabels(next.text).some((h) => h.start < 3)) return;
      const field = termsUnderDue(s.hit.field, next.text);
      const v = withRate(readValue(field, next.text, ctx), line.text.slice(s.hit.end), ctx);
      if (v)
        out.push({ ...base, field, value: v, quote: `${s.hit.text}\n${next.text}`, confidence: conf - 0.15 });
    });
  });
  return out;
}

/** `itemRows`: the rows of item tables that are items or their header, skipped here. */
const TOTALS = new Set<string>([
  "subtotal",
  "total_discount",
  "shipping",
  "total_tax",
  "invoice_total",
  "amount_paid",
  "amount_due",
]);

/** A cell's label without the word joining it to the sum ("Less: Deposit") or a sign after it ("Tax @"). */
const bareLabel = (cell: string) =>
  cell
    .trim()
    .replace(/^(?:less|plus|add|minus)\b\s*:?\s*/i, "")
    .replace(/[\s:@]+$/, "");

/** A cell closing with "incl." or "excl.": the tax word in the next cell ends a total's label. */
const INCLUDES = /(?:^|\s)(?:incl?|excl?|including|excluding|ex)\.?\s*$/i;

/** A table cell passed where a line is read: its page and order are not used. */
const TABLE_LINE: Line = { page: 0, text: "", order: 0, ocr: false };

/** Fields whose value a narrow cell wraps onto the next row: a date, payment terms. */
const WRAPS = new Set<LabelField>(["invoice_date", "due_date", "payment_terms"]);

/**
 * The text cell (r, col)'s value wrapped onto the row below: that row holds no label, fewer cells
 * than row r, and each under a filled cell of row r ("Thursday, April 30," | "2026").
 */
function continuation(t: Table, r: number, col: number, ctx: ReadContext): string | undefined {
  const row = t.rows[r];
  const next = t.rows[r + 1];
  const text = next?.[col]?.trim();
  if (!row || !next || !text) return undefined;
  const filled = next.flatMap((x, j) => (x.trim() ? [j] : []));
  if (filled.length >= row.filter((x) => x.trim()).length) return undefined;
  if (filled.some((j) => !row[j]?.trim() || lineSpans(next[j] ?? "", ctx).length)) return undefined;
  return text;
}

export function tableCandidates(
  tables: Table[],
  ctx: ReadContext,
  itemRows: Map<Table, Set<number>>,
): Candidate[] {
  const out: Candidate[] = [];
  for (const t of tables) {
    const skip = itemRows.get(t);
    t.rows.forEach((row, r) => {
      const item = skip?.has(r) ?? false;
      if (!item)
        row.forEach((cell, c) => {
          if (!cell) return;
          const before = row.slice(0, c).filter((x) => x.trim());
          const afterIncl = INCLUDES.test(before[before.length - 1] ?? "");
          const spans = lineSpans(cell, ctx);
          // Two labels the table put in one cell over their two values in the cell below
          // ("ISSUED YOUR ORDER" over "July 4, 2026 PO34327"), read as a line of labels over values.
          const under = labelsOver(
            { ...TABLE_LINE, text: cell },
            spans,
            { ...TABLE_LINE, text: t.rows[r + 1]?.[c] ?? "" },
            ctx,
          );
          if (under) {
            spans.forEach((s, k) => {
              out.push({
                field: s.hit.field,
                page: t.page,
                order: t.order - 0.5 + r / 1000,
                line: null,
                table: t,
                value: under[k] as FieldValue,
                quote: `${cell}\n${t.rows[r + 1]?.[c] ?? ""}`,
                confidence: 0.8,
              });
            });
            return;
          }
          spans.forEach((s, k) => {
            if (afterIncl && k === 0 && s.hit.field === "total_tax" && !cell.slice(0, s.hit.start).trim())
              return;
            const base = {
              field: s.hit.field,
              page: t.page,
              order: t.order - 0.5 + r / 1000,
              line: null,
              table: t,
            };
            if (s.value) {
              out.push({
                ...base,
                value: s.value,
                quote: cell.slice(s.hit.start, s.valueEnd).trim(),
                confidence: 0.9,
              });
              return;
            }
            if (k !== spans.length - 1 || BLOCK_FIELDS.has(s.hit.field) || s.hit.field === "other") return;
            // A figure before the cell's first label (other than a rate: "9% btw") makes it a value
            // ending in a label word ("45 Tage netto" under its terms' label), not a label whose
            // value stands beside it.
            const lead = cell.slice(0, spans[0]?.hit.start ?? 0).replace(/\d{1,2}(?:[.,]\d{1,2})?\s?%/g, "");
            if (/\d/.test(lead)) return;
            // The value: the next filled cell to the right that is no label, else the cell below;
            // a date or terms the cell wrapped onto a row of their own are read whole.
            const rc = row.findIndex((x, j) => j > c && x.trim());
            const right = rc >= 0 ? row[rc] : undefined;
            const rightIsLabel = right !== undefined && lineSpans(right, ctx).some((x) => x.hit.start < 2);
            const below = t.rows[r + 1]?.[c];
            const whole = (text: string | undefined, at: number, col: number) => {
              const more = WRAPS.has(s.hit.field) ? continuation(t, at, col, ctx) : undefined;
              return text && more ? `${text} ${more}` : text;
            };
            for (const [text, conf] of [
              [rightIsLabel ? undefined : whole(right, r, rc), 0.88],
              [whole(below, r + 1, c), 0.85],
            ] as const) {
              if (!text) continue;
              const field = termsUnderDue(s.hit.field, text);
              const v = withRate(readValue(field, text, ctx), cell.slice(s.hit.end), ctx);
              if (v) {
                out.push({ ...base, field, value: v, quote: `${cell} ${text}`, confidence: conf });
                return;
              }
            }
          });
        });
      // A label the table cut across two cells ("Montant | TTC: 61 459,55"): the row read as one
      // line gives the pairs no single cell holds whole; a totals row the item reader took for an
      // item gives its totals.
      const filled = row.filter((x) => x.trim());
      const line = filled.join(" ");
      // Where each cell after the first starts in the joined line.
      const bounds: number[] = [];
      filled.reduce((at, cell) => {
        if (at) bounds.push(at);
        return at + cell.length + 1;
      }, 0);
      for (const s of lineSpans(line, ctx)) {
        if (!s.value || (item && !TOTALS.has(s.hit.field))) continue;
        // A label read so is one a cell's edge cuts, one that fills its cell alone
        // ("Zwischensumme"), or one opening its cell in a row of a label and its value ("TVA (10 %)
        // EUR | 1 535,85"); not a word of an item's description ("Delivery and assembly | 1 | …").
        const label = line.slice(s.hit.start, s.hit.end).replace(/[\s:]+$/, "");
        const cut = bounds.some((b) => s.hit.start < b && b < s.hit.end);
        const alone = filled.some((cell) => bareLabel(cell) === label);
        const opens = filled.length <= 2 && (s.hit.start === 0 || bounds.includes(s.hit.start));
        if (!cut && !alone && !opens) continue;
        const quote = line.slice(s.hit.start, s.valueEnd).trim();
        if (!item && row.some((cell) => cell.includes(quote))) continue;
        out.push({
          field: s.hit.field,
          page: t.page,
          order: t.order - 0.5 + r / 1000,
          line: null,
          table: t,
          value: s.value,
          quote,
          confidence: 0.85,
        });
      }
    });
  }
  return out;
}

/**
 * The tax of an invoice charging several rates: the run of tax lines at distinct rates ending the
 * last one ("VAT 20 %: 367.78 / VAT 5 %: 6.33"), summed, when no total tax line follows them. Lines
 * before the last subtotal belong to an earlier block; a rate seen twice ends the run, unless it is
 * the same line read twice (from a cell and from its row).
 */
export function taxOfRates(cands: Candidate[]): Candidate | null {
  const own = cands.filter((c) => c.field === "total_tax").sort((a, b) => a.order - b.order);
  const last = own[own.length - 1];
  if (!last || last.value.rate === undefined) return last ?? null;
  const subtotal = cands
    .filter((c) => c.field === "subtotal" && c.order < last.order)
    .reduce((at, c) => Math.max(at, c.order), Number.NEGATIVE_INFINITY);
  const run: Candidate[] = [];
  for (let i = own.length - 1; i >= 0; i--) {
    const c = own[i] as Candidate;
    if (c.value.rate === undefined || c.order < subtotal || c.page !== last.page) break;
    const same = run.find((x) => x.value.rate === c.value.rate);
    if (same) {
      if (same.value.value === c.value.value) continue;
      break;
    }
    run.push(c);
  }
  if (run.length < 2) return last;
  const sum = Math.round(run.reduce((t, c) => t + Number(c.value.value), 0) * 100) / 100;
  return {
    ...last,
    value: { value: sum },
    quote: run
      .reverse()
      .map((c) => c.quote)
      .join("; "),
    confidence: Math.min(...run.map((c) => c.confidence)) - 0.05,
  };
}

/** Meta fields are printed once near the top: the first. Totals come last: the last. */
export function choose(
  cands: Candidate[],
  field: LabelField,
  exclude?: (c: Candidate) => boolean,
): Candidate | null {
  const own = cands.filter((c) => c.field === field && !exclude?.(c)).sort((a, b) => a.order - b.order);
  if (!own.length) return null;
  const last = [
    "subtotal",
    "total_discount",
    "shipping",
    "total_tax",
    "invoice_total",
    "amount_paid",
    "amount_due",
  ];
  return (last.includes(field) ? own[own.length - 1] : own[0]) ?? null;
}
