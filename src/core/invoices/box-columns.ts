import { findDates } from "../answering/structured/coerce.ts";
import { findLabels } from "./invoice-labels.ts";
import type { Line } from "./invoice-lines.ts";
import { BLOCK_FIELDS } from "./label-values.ts";
import { holdsMoney, isColumnHeader, labelOnly } from "./party-lines.ts";

// Two boxes side by side, the invoice's details (labels over their values) and a party's block
// ("Bill to", a name, address lines), read across: their heads on one line ("Invoice No.
// Customer") and the lines under it alternating between the boxes as their baselines fall. What
// a line is tells which box it belongs to: a label alone, a date or a one-word code with a digit
// are the details'; anything else is the party's. The lines are put back box after box, so a
// label has its value on the next line and the block its lines together.

const MAX_RUN = 20;

/** The line's two heads, a value's label and a block's, in either order; null when it is not so. */
function twoHeads(text: string): { details: string; block: string; blockFirst: boolean } | null {
  const hits = findLabels(text);
  if (hits.length !== 2) return null;
  const [a, b] = hits as [(typeof hits)[0], (typeof hits)[0]];
  if (
    a.start > 1 ||
    text.slice(b.end).replace(/[\s:#.]/g, "") ||
    text.slice(a.end, b.start).replace(/[\s:]/g, "")
  )
    return null;
  const aBlock = BLOCK_FIELDS.has(a.field);
  if (aBlock === BLOCK_FIELDS.has(b.field)) return null;
  const first = text.slice(0, b.start).trim();
  const second = text.slice(b.start).trim();
  return aBlock
    ? { details: second, block: first, blockFirst: true }
    : { details: first, block: second, blockFirst: false };
}

/** A value a detail's label stands over: a date and nothing more, or one word holding a digit. */
const isValue = (t: string) => {
  if (/^[^\s,]*\d[^\s,]*$/u.test(t)) return true;
  const d = findDates(t)[0] ?? findDates(t, { dayFirst: true })[0];
  return Boolean(d && d.start === 0 && d.end >= t.length - 1);
};

/** A line's share of each box: [details, party] texts, either may be empty. */
function sortLine(t: string): [string[], string[]] {
  if (labelOnly(t) || isValue(t)) return [[t], []];
  // A party's last word run into a label beside it ("Norwich Date").
  const hits = findLabels(t);
  const last = hits[hits.length - 1];
  if (last && last.start > 1 && !BLOCK_FIELDS.has(last.field) && labelOnly(t.slice(last.start)))
    return [[t.slice(last.start).trim()], [t.slice(0, last.start).trim()]];
  // A date run into a party's line beside it ("02/05/2026 NR2 1SN").
  const d = findDates(t)[0] ?? findDates(t, { dayFirst: true })[0];
  if (d && d.start === 0 && /\s/.test(t[d.end] ?? "")) return [[d.text], [t.slice(d.end).trim()]];
  return [[], [t]];
}

const stopsRun = (t: string) =>
  holdsMoney(t) || isColumnHeader(t) || findLabels(t).some((h) => BLOCK_FIELDS.has(h.field));

/**
 * The lines with each such pair of boxes read box after box. `breaks` are the orders at which a
 * table stands among the lines: no run passes one.
 */
export function unweaveBoxes(lines: Line[], breaks: Set<number>): Line[] {
  const out = [...lines];
  for (let i = 0; i < out.length; i++) {
    const head = out[i] as Line;
    const heads = twoHeads(head.text);
    if (!heads) continue;
    const details: string[] = [];
    const party: string[] = [];
    let j = i + 1;
    for (; j < out.length && j - i <= MAX_RUN; j++) {
      const l = out[j] as Line;
      if (l.page !== head.page || breaks.has(l.order) || stopsRun(l.text)) break;
      const [d, p] = sortLine(l.text);
      details.push(...d);
      party.push(...p);
    }
    // Both boxes must have lines: a value for the details' head, a name for the block.
    if (!details.length || !party.length || labelOnly(details[0] as string)) continue;
    const texts = heads.blockFirst
      ? [heads.block, ...party, heads.details, ...details]
      : [heads.details, ...details, heads.block, ...party];
    const run = out.slice(i, j);
    // The run keeps its place among the lines and the tables (documentLines numbers them again).
    const rebuilt: Line[] = texts.map((text, k) => ({
      ...head,
      text,
      order: (run[Math.min(k, run.length - 1)] as Line).order,
      ocr: run.some((l) => l.ocr),
    }));
    out.splice(i, j - i, ...rebuilt);
    i += rebuilt.length - 1;
  }
  return out;
}
