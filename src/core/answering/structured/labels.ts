import { findDates, parseNumber } from "./coerce.ts";
import { cellQuote, type DocLine, type DocText, lineQuote, spanQuote } from "./document-text.ts";
import { terms } from "./terms.ts";

// Labelled values: what a document says a thing is called and what it is.
//   inline   "Invoice No: INV-2026-0412" (several may share one line: "No: 12 Date: 3 May 2026")
//   block    "Bill to:" alone on a line, the value being the few short lines after it
//   heading  a heading and the lines under it (weaker: headings name sections, not values)
//   table    a label cell and the value cell beside it, in a two-column table or a row with only
//            those two cells ("Subtotal: | $4,253.00"); a one-row table's header over its row

export type ValueLine = { text: string; quote: string };

export type Labelled = {
  label: string;
  terms: string[];
  /** The value's text (lines joined with ", " for a block). */
  value: string;
  /** A block's lines, each with its quote (one line for an inline value). */
  lines: ValueLine[];
  page: number;
  /** The label and value as they stand in the page's markdown. */
  quote: string | undefined;
  origin: "inline" | "block" | "heading" | "table";
  order: number;
};

export const MIN_LABEL_SCORE = 0.6;
const MAX_LABEL_WORDS = 6;
const BLOCK_LINES = 4;
const BLOCK_LINE_WORDS = 10;

/** A word that can be part of a label: no digits (but "(8%)" asides), not an amount. */
const labelWord = (w: string) =>
  /^\(.*\)$/.test(w) || (!/\d/.test(w) && !/^[$€£¥₹]/.test(w) && /[\p{L}#]/u.test(w));

const startsLabel = /^\s*[\p{L}#][^:]{0,40}:(\s|$)/u;

type Word = { s: number; e: number; w: string };
const wordsIn = (text: string, from: number, to: number): Word[] =>
  [...text.slice(from, to).matchAll(/\S+/g)].map((m) => ({
    s: from + (m.index ?? 0),
    e: from + (m.index ?? 0) + m[0].length,
    w: m[0],
  }));

/**
 * Where each label starts, for the colons of a line. Before a colon the label is a run of label
 * words: all of them before a line's first colon when nothing else precedes it; when the run
 * could also end an earlier value ("… INV-1 Due Date:"), the split chosen is the one whose label
 * best names a schema field (`score`), the longer on a near tie; failing any match, the words
 * from the last capitalised one (at most three).
 */
function labelStarts(text: string, colons: number[], score: (t: string[]) => number): number[] {
  const starts: number[] = [];
  let prevEnd = 0;
  colons.forEach((c, k) => {
    const words = wordsIn(text, prevEnd, c);
    let run = 0;
    while (run < words.length && run < MAX_LABEL_WORDS && labelWord(words[words.length - 1 - run]?.w ?? ""))
      run++;
    // After an earlier colon, at least one word must stay for that colon's value.
    const max = k === 0 ? run : Math.min(run, words.length - 1);
    if (max <= 0) {
      starts.push(c);
      prevEnd = c + 1;
      return;
    }
    // The first colon of a line with only label words before it: they are all the label.
    if (k === 0 && max === words.length) {
      starts.push((words[0] as Word).s);
      prevEnd = c + 1;
      return;
    }
    let best = -1;
    let bestScore = 0;
    for (let j = 1; j <= max; j++) {
      const w = words[words.length - j] as Word;
      const s = score(terms(text.slice(w.s, c)));
      if (s >= MIN_LABEL_SCORE && s >= bestScore - 0.05) {
        if (s > bestScore) bestScore = s;
        best = j;
      }
    }
    if (best < 0) {
      best = 1;
      for (let j = Math.min(max, 3); j >= 1; j--) {
        if (/^[\p{Lu}#(]/u.test(words[words.length - j]?.w ?? "")) {
          best = j;
          break;
        }
      }
    }
    starts.push((words[words.length - best] as Word).s);
    prevEnd = c + 1;
  });
  return starts;
}

const trimValue = (text: string, s: number, e: number): [number, number] => {
  while (s < e && /[\s,;|]/.test(text[s] as string)) s++;
  while (e > s && /[\s,;|]/.test(text[e - 1] as string)) e--;
  return [s, e];
};

function inlinePairs(doc: DocText, line: DocLine, score: (t: string[]) => number, out: Labelled[]) {
  const text = line.text;
  const colons: number[] = [];
  for (let i = 1; i < text.length; i++)
    if (text[i] === ":" && (i + 1 === text.length || /\s/.test(text[i + 1] as string))) colons.push(i);
  if (!colons.length) return;
  const starts = labelStarts(text, colons, score);
  colons.forEach((c, k) => {
    const ls = starts[k] as number;
    if (ls >= c) return;
    const label = text.slice(ls, c).trim();
    const t = terms(label);
    if (!t.length) return;
    const [vs, ve] = trimValue(text, c + 1, starts[k + 1] ?? text.length);
    if (ve > vs) {
      const value = text.slice(vs, ve);
      out.push({
        label,
        terms: t,
        value,
        lines: [{ text: value, quote: lineQuote(line, vs, ve) }],
        page: line.page,
        quote: lineQuote(line, ls, ve),
        origin: "inline",
        order: line.order + k / 100,
      });
    } else if (k === colons.length - 1) {
      const block = following(doc, line, (l) => !startsLabel.test(l.text), BLOCK_LINES);
      if (block.length) out.push(blockValue(doc, line, ls, label, t, block, "block"));
    }
  });
}

/** The short text lines right after `line` on its page (blank lines skipped), up to `max`. */
function following(doc: DocText, line: DocLine, ok: (l: DocLine) => boolean, max: number): DocLine[] {
  const out: DocLine[] = [];
  for (let i = line.order + 1; i < doc.lines.length && out.length < max; i++) {
    const l = doc.lines[i] as DocLine;
    if (l.page !== line.page) break;
    if (l.kind === "blank") continue;
    if (l.kind === "heading" || l.kind === "table" || !ok(l)) break;
    if (l.text.split(/\s+/).length > BLOCK_LINE_WORDS && out.length) break;
    out.push(l);
    if (l.text.split(/\s+/).length > BLOCK_LINE_WORDS) break;
  }
  return out;
}

function blockValue(
  doc: DocText,
  line: DocLine,
  labelStart: number,
  label: string,
  t: string[],
  block: DocLine[],
  origin: "block" | "heading",
): Labelled {
  const last = block[block.length - 1] as DocLine;
  return {
    label,
    terms: t,
    value: block.map((l) => l.text.trim()).join(", "),
    lines: block.map((l) => ({ text: l.text.trim(), quote: lineQuote(l, 0, l.text.length) })),
    page: line.page,
    quote: spanQuote(doc, line, labelStart, last, last.text.length),
    origin,
    order: line.order,
  };
}

const labelCell = (s: string) =>
  /\p{L}/u.test(s) &&
  s.trim().split(/\s+/).length <= 8 &&
  parseNumber(s) === null &&
  findDates(s).length === 0;

function tablePairs(doc: DocText, out: Labelled[]) {
  for (const table of doc.tables) {
    const rows = table.rows;
    const width = Math.max(0, ...rows.map((r) => r.length));
    const push = (row: number, li: number, vi: number, labelText: string, page: number) => {
      const value = (rows[row]?.[vi] ?? "").trim();
      const label = labelText.trim().replace(/:$/, "");
      const t = terms(label);
      if (!value || !t.length) return;
      const valueQuote = cellQuote(table, row, [vi]);
      out.push({
        label,
        terms: t,
        value,
        lines: [{ text: value, quote: valueQuote ?? "" }],
        page,
        quote: li + 1 === vi ? (cellQuote(table, row, [li, vi]) ?? valueQuote) : valueQuote,
        origin: "table",
        order: doc.lines.length + table.order + row / 1000,
      });
    };
    rows.forEach((r, i) => {
      const filled = r.map((c, k) => (c.trim() ? k : -1)).filter((k) => k >= 0);
      const page = table.rowPages[i] ?? 1;
      // Two-column tables hold a label and a value on each row, the first row too.
      if (width === 2 || (i > 0 && filled.length === 2 && filled[1] === (filled[0] as number) + 1)) {
        const [a, b] = width === 2 ? [0, 1] : (filled as [number, number]);
        if (labelCell(r[a] ?? "")) push(i, a, b, r[a] ?? "", page);
      }
    });
    // A one-row table: each header names the value below it.
    if (rows.length === 2) {
      const header = rows[0] as string[];
      header.forEach((h, k) => {
        if (labelCell(h)) push(1, -1, k, h, table.rowPages[1] ?? 1);
      });
    }
  }
}

/** Every labelled value of the document, in document order. */
export function labelledValues(doc: DocText, score: (t: string[]) => number): Labelled[] {
  const out: Labelled[] = [];
  for (const line of doc.lines) {
    if (line.kind === "blank" || line.kind === "table") continue;
    if (line.kind === "heading") {
      const t = terms(line.text);
      const block = following(doc, line, (l) => !startsLabel.test(l.text), 6);
      if (t.length && block.length) out.push(blockValue(doc, line, 0, line.text.trim(), t, block, "heading"));
      // A heading may hold a label itself ("## Total: $5"), so it is read as a line too.
    }
    inlinePairs(doc, line, score, out);
  }
  tablePairs(doc, out);
  return out;
}
