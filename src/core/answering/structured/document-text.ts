import { mdCell } from "../../exports/table-formats.ts";
import type { StructuredSourcePage, StructuredSourceTable } from "../answer-types.ts";

// The document as the extraction reads it: each page's markdown cut into lines that keep their
// place in the page (so any quote is an exact substring of the page's markdown), the lines'
// sentences, and the tables with the page each row stands on.

export type DocLine = {
  page: number;
  /** Offset of the line in its page's markdown (UTF-16). */
  start: number;
  raw: string;
  /** The line without markdown markers: heading hashes, list bullets, emphasis, escapes. */
  text: string;
  /** For each index of `text`, the index in `raw`; null when `text` is `raw` from `offset` on. */
  map: number[] | null;
  offset: number;
  kind: "heading" | "list" | "text" | "table" | "blank";
  /** Heading level (1-6), 0 for other lines. */
  level: number;
  /** Order in the whole document. */
  order: number;
};

export type Sentence = { line: DocLine; start: number; end: number; text: string };

export type DocTable = {
  rows: string[][];
  /** Page of each row. */
  rowPages: number[];
  /** Each row as it stands in its page's markdown ("| a | b |"), when found there. */
  rowQuotes: (string | undefined)[];
  order: number;
};

export type DocText = {
  pages: Map<number, string>;
  lines: DocLine[];
  sentences: Sentence[];
  tables: DocTable[];
};

/** A table cell as the markdown renderer writes it (src/core/exports/table-formats.ts). */
const mdRow = (cells: string[]) => `| ${cells.map(mdCell).join(" | ")} |`;

/** Strips markdown markers from a line, remembering where each kept character was. */
function clean(raw: string): {
  text: string;
  map: number[] | null;
  offset: number;
  kind: DocLine["kind"];
  level: number;
} {
  let i = 0;
  let kind: DocLine["kind"] = "text";
  let level = 0;
  const lead = /^\s*/.exec(raw)?.[0].length ?? 0;
  const heading = /^(#{1,6})\s+/.exec(raw.slice(lead));
  const list = /^([-*+•]|\d{1,3}[.)])\s+/.exec(raw.slice(lead));
  if (heading) {
    kind = "heading";
    level = heading[1]?.length ?? 1;
    i = lead + heading[0].length;
  } else if (list) {
    kind = "list";
    i = lead + list[0].length;
  }
  // Most lines have no emphasis or escapes: their text is the raw line after its marker.
  if (!/[*_`\\]/.test(raw)) return { text: raw.slice(i), map: null, offset: i, kind, level };
  let text = "";
  const map: number[] = [];
  while (i < raw.length) {
    const c = raw[i] as string;
    const two = raw.slice(i, i + 2);
    if (two === "**" || two === "__") {
      i += 2;
      continue;
    }
    if (c === "`") {
      i++;
      continue;
    }
    if (c === "\\" && i + 1 < raw.length && /[\\`*_{}[\]()#+\-.!|<>~]/.test(raw[i + 1] as string)) {
      i++;
    }
    text += raw[i];
    map.push(i);
    i++;
  }
  return { text, map, offset: 0, kind, level };
}

/** The raw text behind text[s, e) of a line. */
/** Where text index `i` of a line stands in its raw line. */
const rawAt = (line: DocLine, i: number) =>
  line.map ? (line.map[i] ?? line.raw.length - 1) : line.offset + i;

export function lineQuote(line: DocLine, s: number, e: number): string {
  if (e <= s) return "";
  let a = rawAt(line, s);
  let b = rawAt(line, e - 1) + 1;
  // Emphasis cut in half ("Invoice No:** X") takes back its other half.
  for (const mark of ["**", "__"]) {
    if ((line.raw.slice(a, b).split(mark).length - 1) % 2 === 0) continue;
    if (line.raw.slice(a - 2, a) === mark) a -= 2;
    else if (line.raw.slice(b, b + 2) === mark) b += 2;
  }
  return line.raw.slice(a, b).trim();
}

/** The page markdown from text index s of line a to text index e of line b (same page). */
export function spanQuote(doc: DocText, a: DocLine, s: number, b: DocLine, e: number): string {
  const md = doc.pages.get(a.page) ?? "";
  const from = a.start + rawAt(a, s);
  const to = b.start + (e > 0 ? rawAt(b, e - 1) + 1 : 0);
  return md.slice(from, to).trim();
}

function splitCells(line: string): string[] {
  const body = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  const cells: string[] = [];
  let cur = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === "\\" && i + 1 < body.length) {
      cur += body[i + 1];
      i++;
    } else if (c === "|") {
      cells.push(cur);
      cur = "";
    } else cur += c;
  }
  cells.push(cur);
  return cells.map((s) => s.replace(/<br\s*\/?>/gi, "\n").trim());
}

const separatorRow = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const sentenceEnd = /[.!?]["')\]]*\s+(?=[\p{Lu}\d$€£¥₹"'(])/gu;

export function readDocument(pages: StructuredSourcePage[], tables: StructuredSourceTable[]): DocText {
  const byPage = new Map<number, string>();
  const lines: DocLine[] = [];
  const sorted = [...pages].sort((a, b) => a.pageNumber - b.pageNumber);
  for (const p of sorted) {
    byPage.set(p.pageNumber, p.markdown);
    let start = 0;
    for (const raw of p.markdown.split("\n")) {
      const trimmed = raw.trim();
      if (!trimmed)
        lines.push({
          page: p.pageNumber,
          start,
          raw,
          text: "",
          map: null,
          offset: 0,
          kind: "blank",
          level: 0,
          order: lines.length,
        });
      else if (trimmed.startsWith("|"))
        lines.push({
          page: p.pageNumber,
          start,
          raw,
          text: trimmed,
          map: null,
          offset: 0,
          kind: "table",
          level: 0,
          order: lines.length,
        });
      else lines.push({ page: p.pageNumber, start, raw, ...clean(raw), order: lines.length });
      start += raw.length + 1;
    }
  }
  const sentences: Sentence[] = [];
  for (const line of lines) {
    if (line.kind === "blank" || line.kind === "table") continue;
    let s = 0;
    for (const m of line.text.matchAll(sentenceEnd)) {
      const e = (m.index ?? 0) + m[0].trimEnd().length;
      sentences.push({ line, start: s, end: e, text: line.text.slice(s, e) });
      s = (m.index ?? 0) + m[0].length;
    }
    if (s < line.text.length)
      sentences.push({ line, start: s, end: line.text.length, text: line.text.slice(s) });
  }
  const given = tables.length ? tables.map((t) => ({ pages: t.pages, rows: t.rows })) : markdownTables(lines);
  return { pages: byPage, lines, sentences, tables: given.map((t, i) => placeTable(byPage, t, i)) };
}

/** Tables read back from the markdown, for callers that hand pages without their tables. */
function markdownTables(lines: DocLine[]): StructuredSourceTable[] {
  const out: StructuredSourceTable[] = [];
  let cur: { pages: number[]; rows: string[][] } | null = null;
  for (const l of lines) {
    if (l.kind !== "table") {
      if (cur) out.push(cur);
      cur = null;
      continue;
    }
    if (separatorRow.test(l.raw)) continue;
    cur ??= { pages: [l.page], rows: [] };
    cur.rows.push(splitCells(l.raw));
  }
  if (cur) out.push(cur);
  return out;
}

/** Finds the page each row stands on: the first of the table's pages whose markdown holds it. */
function placeTable(pages: Map<number, string>, t: StructuredSourceTable, order: number): DocTable {
  const width = Math.max(0, ...t.rows.map((r) => r.length));
  const candidates = t.pages.length ? t.pages : [...pages.keys()];
  let from = 0;
  const rowPages: number[] = [];
  const rowQuotes: (string | undefined)[] = [];
  for (const row of t.rows) {
    const line = mdRow(Array.from({ length: width }, (_, i) => row[i] ?? ""));
    let placed = false;
    // Rows run forward through the pages: look from the page the last row was on.
    for (let k = from; k < candidates.length; k++) {
      const page = candidates[k] as number;
      if (pages.get(page)?.includes(line)) {
        rowPages.push(page);
        rowQuotes.push(line);
        from = k;
        placed = true;
        break;
      }
    }
    if (!placed) {
      rowPages.push(candidates[from] ?? candidates[0] ?? 1);
      rowQuotes.push(undefined);
    }
  }
  return {
    rows: t.rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? "")),
    rowPages,
    rowQuotes,
    order,
  };
}

/** The quote for cells of a table row: the cells as written in the row's markdown, when they are. */
export function cellQuote(table: DocTable, row: number, cells: number[]): string | undefined {
  const r = table.rows[row];
  const q = table.rowQuotes[row];
  if (!r || !q) return undefined;
  const text = cells.map((c) => mdCell(r[c] ?? "")).join(" | ");
  return text && q.includes(text) ? text : undefined;
}
