import { type Candidate, lineCandidates } from "./field-candidates.ts";
import type { Table } from "./invoice-lines.ts";
import { BLOCK_FIELDS, lineSpans, type ReadContext, readValue, SUM_JOINER } from "./label-values.ts";

// Labels stacked in one cell beside their values stacked in the next ("Net total / Delivery /
// VAT 20 % / Total" | "1,200.00 / 15.00 / 243.00 / 1,458.00"): a word processor's tab stops or two
// text columns, which the layout keeps as one table cell each. Read as a cell they are one run of
// labels with every value missing; paired line by line they are a totals ladder or a block of
// header fields. Only when both cells hold the same number of lines, two or more of the label
// cell's lines open with a label and none of them holds its own value, so a wrapped description
// beside a one-line amount is never paired.

/** A line's field when the line is a label and nothing else (a rate or currency may follow). */
function labelOnly(line: string, ctx: ReadContext) {
  const spans = lineSpans(line, ctx);
  const last = spans[spans.length - 1];
  const opens = (spans[0]?.hit.start ?? 9) <= 2 || SUM_JOINER.exec(line)?.[0].length === spans[0]?.hit.start;
  if (!last || !opens) return null;
  if (spans.some((s) => s.value) || BLOCK_FIELDS.has(last.hit.field) || last.hit.field === "other")
    return null;
  return last;
}

export function stackedCandidates(
  tables: Table[],
  ctx: ReadContext,
  itemRows: Map<Table, Set<number>>,
): Candidate[] {
  const out: Candidate[] = [];
  for (const t of tables) {
    const skip = itemRows.get(t);
    (t.cellLines ?? []).forEach((row, r) => {
      if (skip?.has(r)) return;
      row.forEach((labels, c) => {
        if (labels.length < 2) return;
        const vc = row.findIndex((x, j) => j > c && x.length > 0);
        const values = row[vc];
        if (!values || values.length !== labels.length) return;
        const spans = labels.map((l) => labelOnly(l, ctx));
        if (spans.filter(Boolean).length < 2) return;
        // A cell of values holds no label of its own: two label cells side by side are no pair.
        if (values.some((v) => labelOnly(v, ctx))) return;
        spans.forEach((s, k) => {
          const text = values[k] ?? "";
          const v = s ? readValue(s.hit.field, text, ctx) : null;
          if (!s || !v) return;
          out.push({
            field: s.hit.field,
            value: v,
            page: t.page,
            quote: `${labels[k]} ${text}`,
            confidence: 0.86,
            order: t.order - 0.5 + r / 1000 + k / 100000,
            line: null,
            table: t,
          });
        });
      });
    });
  }
  return out;
}

/**
 * A table cell of several lines read as lines of text: labels over their values stacked down one
 * cell ("INVOICE NO." / "INV-2026-5314" / "DATE" / "08/02/2026"), which the cell's text run into
 * one line cannot pair (a title word and the next label read as one label: "FACTURE N° DE
 * FACTURE ...").
 */
export function cellLineCandidates(
  tables: Table[],
  ctx: ReadContext,
  itemRows: Map<Table, Set<number>>,
): Candidate[] {
  const out: Candidate[] = [];
  for (const t of tables) {
    const skip = itemRows.get(t);
    (t.cellLines ?? []).forEach((row, r) => {
      if (skip?.has(r)) return;
      row.forEach((cell) => {
        if (cell.length < 2) return;
        const lines = cell.map((text, k) => ({ page: t.page, text, order: k, ocr: t.ocr }));
        for (const c of lineCandidates(lines, ctx))
          out.push({ ...c, order: t.order - 0.5 + r / 1000 + c.order / 100000, line: null, table: t });
      });
    });
  }
  return out;
}
