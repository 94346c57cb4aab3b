import { cellQuote, type DocTable } from "./document-text.ts";
import { coerceFor, type Fill, fieldWords, foundBut, type Miss, shorten } from "./field-values.ts";
import { type Labelled, MIN_LABEL_SCORE } from "./labels.ts";
import { type ArrayField, type Field, pointerToken, type ScalarField } from "./schema-walk.ts";
import { type FieldTerms, labelScore, terms } from "./terms.ts";

// Arrays. An array of objects is filled from the table whose header best matches the items'
// properties (one column per property, each column used once): one object per data row, rows
// that only carry a total ("Subtotal", "Tax", "Total"...) left out, and the rows of later tables
// with the same header appended (a table the layout did not join across pages). An array of
// strings or numbers comes from a labelled list ("Offices: Seattle, Dublin, Singapore", or a
// label over lines or list items) or from the matching column of a table.

export type ItemLeaf = { suffix: string; field: ScalarField; terms: FieldTerms };
export type ArrayTask = {
  pointer: string;
  field: ArrayField;
  terms: FieldTerms;
  /** For arrays of objects: the items' scalar leaves; their unsupported parts are in `itemMisses`. */
  leaves: ItemLeaf[];
  itemMisses: { suffix: string; reason: string }[];
};

const SUMMARY =
  /^(sub-?total|total|grand total|tax|vat|gst|sales tax|balance|amount due|balance due|discount|shipping)\b/i;

export function itemLeaves(
  f: Field,
  suffix: string,
  ancestors: string[],
  hint: string[],
  out: ItemLeaf[],
  misses: { suffix: string; reason: string }[],
) {
  if (f.kind === "scalar") {
    out.push({
      suffix,
      field: f,
      terms: {
        name: terms(f.key).length ? terms(f.key) : terms(f.description).slice(0, 4),
        context: ancestors.flatMap((a) => terms(a)),
        description: terms(f.description),
        hint,
      },
    });
  } else if (f.kind === "object") {
    for (const p of f.properties)
      itemLeaves(
        p.field,
        `${suffix}/${pointerToken(p.key)}`,
        f.key ? [...ancestors, f.key] : ancestors,
        hint,
        out,
        misses,
      );
  } else if (f.kind === "array") {
    misses.push({ suffix, reason: "arrays inside the items of an array are not supported" });
  } else misses.push({ suffix, reason: f.reason });
}

/** Columns for the leaves: best scores first, each column once. */
function mapColumns(header: string[], leaves: ItemLeaf[]): { columns: Map<ItemLeaf, number>; score: number } {
  const pairs: { leaf: ItemLeaf; col: number; score: number }[] = [];
  header.forEach((h, col) => {
    const t = terms(h);
    for (const leaf of leaves) {
      const score = labelScore(t, leaf.terms);
      if (score >= MIN_LABEL_SCORE) pairs.push({ leaf, col, score });
    }
  });
  pairs.sort((a, b) => b.score - a.score || a.col - b.col);
  const columns = new Map<ItemLeaf, number>();
  const usedCols = new Set<number>();
  let score = 0;
  for (const p of pairs) {
    if (columns.has(p.leaf) || usedCols.has(p.col)) continue;
    columns.set(p.leaf, p.col);
    usedCols.add(p.col);
    score += p.score;
  }
  return { columns, score: leaves.length ? score / leaves.length : 0 };
}

const headerKey = (h: string[]) => h.map((c) => c.trim().toLowerCase()).join("\u0000");

/** Fills the rows; returns the pointers of the row objects made (empty when no table matches). */
export function fillObjectArray(
  task: ArrayTask,
  tables: DocTable[],
  fills: Fill[],
  misses: Miss[],
): string[] {
  const rows: string[] = [];
  const leaves = task.leaves;
  if (!leaves.length) return rows;
  let best: { table: DocTable; columns: Map<ItemLeaf, number>; score: number } | null = null;
  for (const table of tables) {
    if (table.rows.length < 2) continue;
    const { columns, score } = mapColumns(table.rows[0] as string[], leaves);
    const enough = columns.size >= Math.ceil(leaves.length / 2) || columns.size >= 3;
    if (!columns.size || !enough) continue;
    if (!best || score > best.score) best = { table, columns, score };
  }
  if (!best) return rows;
  const chosen = best;
  const key = headerKey(chosen.table.rows[0] as string[]);
  const sources = tables.filter(
    (t) => t === chosen.table || (t.order > chosen.table.order && headerKey(t.rows[0] ?? []) === key),
  );
  const mappedCols = [...chosen.columns.values()];
  for (const table of sources) {
    for (let r = 1; r < table.rows.length; r++) {
      const row = table.rows[r] as string[];
      const filled = mappedCols.filter((c) => (row[c] ?? "").trim());
      if (!filled.length) continue;
      // A row of the table that carries only a total: a summary word in one of its cells and
      // some mapped column left empty.
      if (row.some((c) => SUMMARY.test(c.trim())) && filled.length < mappedCols.length) continue;
      const base = `${task.pointer}/${rows.length}`;
      const rowFills: Fill[] = [];
      const rowMisses: Miss[] = [];
      for (const leaf of leaves) {
        const col = chosen.columns.get(leaf);
        const pointer = `${base}${leaf.suffix}`;
        const words = fieldWords(leaf.field);
        if (col === undefined) {
          rowMisses.push({ pointer, reason: `no column of the table matches '${words}'` });
          continue;
        }
        const text = (row[col] ?? "").trim();
        if (!text) {
          rowMisses.push({
            pointer,
            reason: `the '${table.rows[0]?.[col] ?? words}' cell of this row is empty`,
          });
          continue;
        }
        const c = coerceFor(leaf.field, text);
        if (!c.ok) {
          rowMisses.push({ pointer, reason: foundBut(text, words, c.reason) });
          continue;
        }
        rowFills.push({
          pointer,
          value: c.value,
          page: table.rowPages[r] ?? null,
          quote: cellQuote(table, r, [col]),
          raw: text,
        });
      }
      if (!rowFills.length) {
        misses.push({
          pointer: task.pointer,
          reason: `no value could be read from the row '${shorten(row.join(" | "))}'`,
        });
        continue;
      }
      fills.push(...rowFills);
      misses.push(...rowMisses);
      for (const m of task.itemMisses) misses.push({ pointer: `${base}${m.suffix}`, reason: m.reason });
      rows.push(base);
    }
  }
  return rows;
}

/** Splits "Seattle, Dublin and Singapore" into its items. */
const splitList = (s: string) =>
  s
    .split(/\s*[;,]\s*|\s+(?:and|&)\s+/)
    .map((x) => x.trim())
    .filter(Boolean);

export function fillScalarArray(
  task: ArrayTask,
  labelled: Labelled[],
  used: Set<Labelled>,
  tables: DocTable[],
  fills: Fill[],
  misses: Miss[],
): boolean {
  const item = task.field.items;
  if (item.kind !== "scalar") return false;
  let bestLabel: { cand: Labelled; score: number } | null = null;
  for (const cand of labelled) {
    if (used.has(cand)) continue;
    const score = labelScore(cand.terms, task.terms);
    if (score >= MIN_LABEL_SCORE && (!bestLabel || score > bestLabel.score)) bestLabel = { cand, score };
  }
  let bestColumn: { table: DocTable; col: number; score: number } | null = null;
  for (const table of tables) {
    (table.rows[0] ?? []).forEach((h, col) => {
      const score = labelScore(terms(h), task.terms);
      if (score >= MIN_LABEL_SCORE && (!bestColumn || score > bestColumn.score))
        bestColumn = { table, col, score };
    });
  }
  const words = fieldWords(task.field);
  const put = (i: number, text: string, page: number | null, quote: string | undefined) => {
    const c = coerceFor(item, text);
    // A value that is not of the item type is left out, the list closing up over it.
    if (c.ok) fills.push({ pointer: `${task.pointer}/${i}`, value: c.value, page, quote, raw: text });
    else misses.push({ pointer: task.pointer, reason: foundBut(text, words, c.reason) });
    return c.ok;
  };
  const column = bestColumn as { table: DocTable; col: number; score: number } | null;
  if (bestLabel && (!column || bestLabel.score >= column.score)) {
    const cand = bestLabel.cand;
    used.add(cand);
    const items =
      cand.lines.length > 1
        ? cand.lines.map((l) => ({ text: l.text.replace(/^[-*•]\s+/, ""), quote: l.quote }))
        : splitList(cand.value).map((text) => ({
            text,
            quote: cand.lines[0]?.quote.includes(text) ? text : cand.quote,
          }));
    let i = 0;
    for (const it of items) if (put(i, it.text, cand.page, it.quote)) i++;
    return i > 0;
  }
  if (column) {
    let i = 0;
    for (let r = 1; r < column.table.rows.length; r++) {
      const text = (column.table.rows[r]?.[column.col] ?? "").trim();
      if (!text || SUMMARY.test(text)) continue;
      if (put(i, text, column.table.rowPages[r] ?? null, cellQuote(column.table, r, [column.col]))) i++;
    }
    return i > 0;
  }
  return false;
}

export const noTableReason = (task: ArrayTask) =>
  task.leaves.length
    ? `no table with columns matching ${task.leaves
        .slice(0, 6)
        .map((l) => `'${fieldWords(l.field)}'`)
        .join(", ")} found in the document`
    : `nothing in the document lists '${shorten(fieldWords(task.field))}'`;
