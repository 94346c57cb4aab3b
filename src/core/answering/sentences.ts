import { columnNames, headerContinuation } from "./table-header.ts";

// A passage cut into the statements the built-in answer engine may answer with: the sentences of
// its paragraphs and list items, and the rows of its tables. Each keeps where it stands in the
// passage text, so a citation can quote it exactly and point at it in the page.
//
// Policy:
// - A line is a block: the extractor writes each paragraph on one line (page-layout.ts), so a
//   line break ends a statement, unless the line stops mid-sentence (no closing punctuation) and
//   the next one goes on in lower case, as hand-wrapped markdown does.
// - Within a block, a sentence ends at . ! ? … or 。 (and any closing quote or bracket) followed by
//   a space and not a lower-case word, and not after a common abbreviation ("e.g.", "Dr.") or an
//   initial ("J. Smith").
// - Headings are titles, not statements: they are skipped, as are table header and separator rows.
//   The heading a statement stands under is kept as its `context` (a table's passages start with
//   a heading line naming what the table stands under: its title and section, passages.ts).
// - A table row is one statement. Its `text` names every cell by its column, "Region: North;
//   Revenue: 1,200; Growth: 4%", so it reads (and matches a question) on its own; its `quote` is
//   the row as written in the passage, "| North | 1,200 | 4% |". A table cut into several passages
//   repeats its header at the head of each later part (passages.ts), so each part knows its columns.
//   A header written over several rows names each column by all its lines (table-header.ts).

export type Statement = {
  /** [start, end) in the passage text, in UTF-16 code units. */
  start: number;
  end: number;
  /** The passage text from start to end, exactly: what a citation quotes. */
  quote: string;
  /** What an answer shows and the question is matched against (markup and line breaks taken out). */
  text: string;
  kind: "sentence" | "row";
  /**
   * The heading the statement stands under in the passage. A row "| Mid-range | 7,185 |" means
   * something only with "Projected UEC of servers" over it; a date, with "Date of the next meeting".
   */
  context: string;
  /**
   * A row's column names, which every row of its table repeats: a word of them is as rare as
   * the table is, not as its rows (builtin-answer.ts).
   */
  columns?: string;
  /** A row's cells that hold something, each with its column's name ("" when it has none). */
  cells?: { column: string; value: string }[];
};

type Line = { start: number; end: number };

const separatorRow = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const heading = /^\s{0,3}#{1,6}\s/;
const listItem = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/;
const sentenceEnd = /[.!?…。][)\]"'”’»]*(?=\s|$)/g;
// Not "etc." nor "Inc.": they end sentences as often as not.
const abbreviations = new Set(
  "e.g i.e vs mr mrs ms dr prof st jr sr no nos fig figs approx dept cf al".split(" "),
);

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    out.push({ start, end });
    start = end + 1;
  }
  return out;
}

/** Moves [start, end) inwards past whitespace. */
function trim(text: string, start: number, end: number): [number, number] {
  while (start < end && /\s/.test(text[start] as string)) start++;
  while (end > start && /\s/.test(text[end - 1] as string)) end--;
  return [start, end];
}

/** The cells of a markdown table row: split at pipes not escaped, `\|` and `\\` read back, <br> as a space. */
export function rowCells(row: string): string[] {
  const cells: string[] = [];
  let cell = "";
  for (let i = 0; i < row.length; i++) {
    const c = row[i] as string;
    if (c === "\\" && (row[i + 1] === "|" || row[i + 1] === "\\")) {
      cell += row[++i];
    } else if (c === "|") {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  cells.push(cell);
  // The pipes that open and close the row leave an empty cell at either end.
  const t = row.trim();
  if (t.startsWith("|")) cells.shift();
  if (t.endsWith("|") && !t.endsWith("\\|")) cells.pop();
  return cells.map((s) =>
    s
      .replace(/<br\s*\/?>/gi, " ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/** Markdown emphasis, code ticks and list markers out, whitespace collapsed. */
function plain(s: string): string {
  return s
    .replace(listItem, "")
    .replace(/(\*\*|__|`)/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const letter = /\p{L}/u;
const hasWord = (s: string) => /[\p{L}\p{N}]/u.test(s);
const hasLetter = (s: string) => /\p{L}/u.test(s);

/** A statement as read, before the heading it stands under is known. */
type Found = Omit<Statement, "context">;

/** A value, not a column's name: digits that are not a year or a period ("2025", "FY2027", "2024-25", "Q3"). */
const valueCell = (cell: string) =>
  /\p{N}/u.test(cell) && !/^(?:FY\s?|Q)?\p{N}{1,4}(?:\s?[-/–]\s?\p{N}{2,4})?$/u.test(cell.trim());

/**
 * A box of labels and their values set as a table of two columns ("| Our reference | HC-2026-118734 |"
 * over "| Policy number | NGM/H/0457821 |"): its first row is a pair like the others, not a header,
 * when its second cell holds a value and every first cell is words.
 */
function labelledPairs(rows: string[][]): boolean {
  return (
    rows.length > 1 &&
    rows.every((r) => r.length === 2 && hasLetter(r[0] ?? "") && !/\p{N}/u.test(r[0] ?? "")) &&
    valueCell(rows[0]?.[1] ?? "")
  );
}

function tableRows(text: string, lines: Line[]): Found[] {
  const raw = (l: Line) => text.slice(l.start, l.end);
  const separated = lines.length > 1 && separatorRow.test(raw(lines[1] as Line));
  const pairs =
    separated && labelledPairs(lines.filter((l) => !separatorRow.test(raw(l))).map((l) => rowCells(raw(l))));
  const hasHeader = separated && !pairs;
  const body = lines.filter((l, i) => (hasHeader ? i >= 2 : true) && !separatorRow.test(raw(l)));
  // Rows going on with a header of several lines name the columns rather than state anything.
  const more = hasHeader ? headerContinuation(body.map((l) => rowCells(raw(l)))) : 0;
  const header = hasHeader
    ? columnNames([lines[0] as Line, ...body.slice(0, more)].map((l) => rowCells(raw(l))))
    : [];
  const out: Found[] = [];
  for (const l of body.slice(more)) {
    const [start, end] = trim(text, l.start, l.end);
    const cells = rowCells(text.slice(start, end));
    // A labelled pair reads as the label says it: "Our reference: HC-2026-118734".
    const shown = pairs
      ? cells.filter((c) => c).join(": ")
      : cells
          .map((c, i) => (c && header[i] ? `${header[i]}: ${c}` : c))
          .filter((c) => c)
          .join("; ");
    if (!hasWord(shown)) continue;
    const columns = header.filter((h, i) => h && cells[i]).join("; ");
    const named = cells.map((value, i) => ({ column: header[i] ?? "", value })).filter((c) => c.value);
    out.push({ start, end, quote: text.slice(start, end), text: shown, kind: "row", columns, cells: named });
  }
  return out;
}

/** Whether the sentence end found at `at` (the index of its mark) really ends a sentence. */
function endsSentence(block: string, at: number, after: number): boolean {
  // The next word starting in lower case goes on with the same sentence ("approx. ten", "4 p.m. today").
  const next = /\S/.exec(block.slice(after));
  if (next && /\p{Ll}/u.test(next[0])) return false;
  if (block[at] !== ".") return true;
  // The word before the mark, dots included ("e.g"), read backwards: a regex anchored at the end
  // of the block so far would rescan it from the start at every mark.
  let from = at;
  while (from > 0 && (block[from - 1] === "." || letter.test(block[from - 1] as string))) from--;
  const word = block.slice(from, at).toLowerCase();
  if (Array.from(word).length === 1) return false; // an initial: "J. Smith"
  return !abbreviations.has(word);
}

function sentencesOf(text: string, from: number, to: number): Found[] {
  const block = text.slice(from, to);
  const out: Found[] = [];
  const push = (s: number, e: number) => {
    const [start, end] = trim(text, from + s, from + e);
    const quote = text.slice(start, end);
    const shown = plain(quote);
    if (hasWord(shown)) out.push({ start, end, quote, text: shown, kind: "sentence" });
  };
  let start = 0;
  for (const m of block.matchAll(sentenceEnd)) {
    const after = m.index + m[0].length;
    if (!endsSentence(block, m.index, after)) continue;
    push(start, after);
    start = after;
  }
  push(start, block.length);
  return out;
}

export function splitStatements(text: string): Statement[] {
  const lines = linesOf(text);
  const kind = (l: Line | undefined) => {
    if (!l) return "end";
    const s = text.slice(l.start, l.end);
    if (!s.trim()) return "blank";
    if (s.trim().startsWith("|")) return "table";
    if (heading.test(s)) return "heading";
    return listItem.test(s) ? "item" : "text";
  };
  const out: Statement[] = [];
  const lineText = (l: Line) => plain(text.slice(l.start, l.end).replace(heading, ""));
  let under = "";
  const add = (found: Found[]) => {
    for (const st of found) out.push({ ...st, context: under });
  };
  for (let i = 0; i < lines.length; ) {
    const k = kind(lines[i]);
    let j = i + 1;
    if (k === "heading") under = lineText(lines[i] as Line);
    else if (k === "table") {
      while (kind(lines[j]) === "table") j++;
      add(tableRows(text, lines.slice(i, j)));
    } else if (k === "text" || k === "item") {
      // A line stopping mid-sentence and a next one going on in lower case are one block.
      while (
        kind(lines[j]) === "text" &&
        !/[.!?…。:;][)\]"'”’»]*\s*$/.test(text.slice(lines[j - 1]?.start, lines[j - 1]?.end)) &&
        /^\s*\p{Ll}/u.test(text.slice(lines[j]?.start, lines[j]?.end))
      )
        j++;
      add(sentencesOf(text, (lines[i] as Line).start, (lines[j - 1] as Line).end));
    }
    i = j;
  }
  return out;
}
