import { rowCells } from "./sentences.ts";
import { headerContinuation } from "./table-header.ts";

// Cuts a page's markdown into passages, the pieces retrieval finds and answers cite: paragraphs
// gathered up to about PASSAGE_MAX characters, a heading starting a new passage, a paragraph too
// long for one cut at sentence ends, and each table kept apart as passages of whole rows. Pure:
// the extraction writes what this returns (src/jobs/bodies/documents.ts).

export const PASSAGE_MIN = 300;
export const PASSAGE_MAX = 1200;

export type Passage = {
  /** Order on the page, from 0. */
  position: number;
  /** [start, end) in the page markdown, in code points (as SQL substring() and Python count). */
  start: number;
  end: number;
  /**
   * The passage as indexed: the markdown from start to end, except that a table's passages start
   * with a heading line of what the table stands under (its title line and section heading), and
   * a table cut into several passages repeats its header row at the head of each later one, so
   * every part names its columns (the offsets still cover only the part's own rows).
   */
  text: string;
  kind: "text" | "table";
};

type Line = { start: number; end: number; kind: "blank" | "table" | "heading" | "text" };
/** A run of markdown in UTF-16 indices; `prefix` is text indexed before it (a repeated table header). */
type Span = { start: number; end: number; kind: "text" | "table"; heading?: boolean; prefix?: string };

const sentenceEnd = /[.!?…。][)\]"'”’»]*\s+/g;
const separatorRow = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

function linesOf(md: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  while (start <= md.length) {
    let end = md.indexOf("\n", start);
    if (end === -1) end = md.length;
    const line = md.slice(start, end);
    const t = line.trim();
    out.push({
      start,
      end,
      kind: t === "" ? "blank" : t.startsWith("|") ? "table" : /^#{1,6}\s/.test(t) ? "heading" : "text",
    });
    start = end + 1;
  }
  return out;
}

/** Moves [start, end) inwards past whitespace. */
function trimSpan(md: string, start: number, end: number): [number, number] {
  while (start < end && /\s/.test(md[start] as string)) start++;
  while (end > start && /\s/.test(md[end - 1] as string)) end--;
  return [start, end];
}

/**
 * Where to end the piece of a too-long paragraph that starts at `start`: the sentence end nearest
 * the even share of what is left (so pieces come out alike, not one full and one scrap), else
 * the last line end, else the last space, within [min, max] characters of the start.
 */
function cutPoint(md: string, start: number, end: number, min: number, max: number): number {
  const lo = start + min;
  const hi = Math.min(end, start + max);
  const target = start + (end - start) / Math.ceil((end - start) / max);
  let best = -1;
  for (const m of md.slice(start, hi).matchAll(sentenceEnd)) {
    const at = start + m.index + m[0].trimEnd().length;
    if (at >= lo && at <= hi && (best < 0 || Math.abs(at - target) < Math.abs(best - target))) best = at;
  }
  if (best > 0) return best;
  const nl = md.lastIndexOf("\n", hi - 1);
  if (nl >= lo) return nl;
  for (let i = hi - 1; i >= lo; i--) if (/\s/.test(md[i] as string)) return i;
  // One unbroken run of characters: cut at the limit, never between the halves of a surrogate pair.
  const code = md.charCodeAt(hi - 1);
  return code >= 0xd800 && code <= 0xdbff ? hi - 1 : hi;
}

/** A paragraph (or heading) as pieces of at most `max` characters. */
function paragraphPieces(md: string, start: number, end: number, min: number, max: number): Span[] {
  const out: Span[] = [];
  [start, end] = trimSpan(md, start, end);
  while (end - start > max) {
    const cut = cutPoint(md, start, end, min, max);
    const [s, e] = trimSpan(md, start, cut);
    if (e > s) out.push({ start: s, end: e, kind: "text" });
    start = trimSpan(md, cut, end)[0];
  }
  if (end > start) out.push({ start, end, kind: "text" });
  return out;
}

/**
 * A table as passages of whole rows; later parts repeat the header row and its separator, and
 * every part starts with what the table stands under (`under`, as a heading line), so its rows
 * are found by the words of their table's title and read with them.
 */
function tableParts(md: string, rows: Line[], max: number, under: string): Span[] {
  const row = (i: number) => rows[i] as Line;
  const hasHeader = rows.length > 1 && separatorRow.test(md.slice(row(1).start, row(1).end));
  // A header written over several rows is repeated whole (table-header.ts).
  const more = hasHeader
    ? headerContinuation(rows.slice(2).map((r) => rowCells(md.slice(r.start, r.end))))
    : 0;
  const headerEnd = 1 + more;
  const header = hasHeader ? md.slice(row(0).start, row(headerEnd).end).trim() : "";
  const title = under ? `#### ${under}\n` : "";
  const out: Span[] = [];
  let first = 0;
  while (first < rows.length) {
    const prefix = title + (out.length && header ? `${header}\n` : "");
    // The header and its separator stay with the first row after them.
    let last = first === 0 && hasHeader ? Math.min(rows.length - 1, headerEnd + 1) : first;
    while (last + 1 < rows.length && row(last + 1).end - row(first).start + prefix.length <= max) last++;
    const [s, e] = trimSpan(md, row(first).start, row(last).end);
    out.push({ start: s, end: e, kind: "table", ...(prefix ? { prefix } : {}) });
    first = last + 1;
  }
  return out;
}

/** Index converter from UTF-16 units to code points, for markdown outside the Basic Multilingual Plane. */
function codePointIndex(md: string): (i: number) => number {
  if (!/[\uD800-\uDFFF]/.test(md)) return (i) => i;
  const map = new Int32Array(md.length + 1);
  let cp = 0;
  for (let i = 0; i < md.length; i++) {
    map[i] = cp;
    const c = md.charCodeAt(i);
    if (!(c >= 0xdc00 && c <= 0xdfff && i > 0 && isHigh(md.charCodeAt(i - 1)))) cp++;
  }
  map[md.length] = cp;
  return (i) => map[i] as number;
}
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;

/**
 * A passage's own text, from the page: its indexed text without what was put before it (the
 * line of what a table stands under, a repeated header row). Offsets count code points.
 */
export function ownText(p: { text: string; startOffset: number; endOffset: number }): string {
  const chars = Array.from(p.text);
  const prefix = chars.length - (p.endOffset - p.startOffset);
  return prefix > 0 ? chars.slice(prefix).join("") : p.text;
}

/** The longest line read as a table's title. */
const MAX_TITLE = 200;

/** Whether the first line from `at` that is not blank is a table's. */
function nextIsTable(lines: Line[], at: number): boolean {
  let n = at;
  while (lines[n]?.kind === "blank") n++;
  return lines[n]?.kind === "table";
}

export function splitPassages(markdown: string, opts: { min?: number; max?: number } = {}): Passage[] {
  const min = opts.min ?? PASSAGE_MIN;
  const max = opts.max ?? PASSAGE_MAX;
  const lines = linesOf(markdown);

  // Units in reading order: paragraph pieces (headings flagged) and table parts.
  const units: Span[] = [];
  const kindAt = (j: number) => lines[j]?.kind;
  const textOf = (l: Line) =>
    markdown
      .slice(l.start, l.end)
      .replace(/^\s*#{1,6}\s+/, "")
      .replace(/\s+/g, " ")
      .trim();
  // What a table stands under: the last heading, and the short line just before the table (its
  // title), or before the heading just before it.
  let heading = "";
  let title = "";
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] as Line;
    let j = i + 1;
    if (line.kind === "table") {
      while (kindAt(j) === "table") j++;
      const under = [title, heading]
        .filter(Boolean)
        .join(" ")
        .slice(0, MAX_TITLE * 2);
      units.push(...tableParts(markdown, lines.slice(i, j), max, under));
      title = "";
    } else if (line.kind === "heading") {
      for (const u of paragraphPieces(markdown, line.start, line.end, min, max))
        units.push({ ...u, heading: true });
      heading = textOf(line);
      if (!nextIsTable(lines, j)) title = "";
    } else if (line.kind === "text") {
      while (kindAt(j) === "text") j++;
      units.push(...paragraphPieces(markdown, line.start, (lines[j - 1] as Line).end, min, max));
      const last = textOf(lines[j - 1] as Line);
      // A title is one short line that is not a sentence: "Table 4. Projected use of servers",
      // "Regional results:"; "Revenue was up 8%." before a table is a statement of its own.
      title = j === i + 1 && last.length <= MAX_TITLE && !/[.!?…][)\]"'”’»]*$/.test(last) ? last : "";
    }
    i = j;
  }

  // Paragraphs gathered greedily; a heading starts a new passage once the current one is long enough.
  const spans: Span[] = [];
  let current: Span | undefined;
  const flush = () => {
    if (current) spans.push(current);
    current = undefined;
  };
  for (const u of units) {
    if (u.kind === "table") {
      flush();
      spans.push(u);
      continue;
    }
    if (current && (u.end - current.start > max || (u.heading && current.end - current.start >= min)))
      flush();
    if (current) current.end = u.end;
    else current = { ...u };
  }
  flush();

  // A short paragraph passage joins the one before it when both fit, unless it opens a section.
  const merged: Span[] = [];
  for (const s of spans) {
    const prev = merged[merged.length - 1];
    if (
      prev &&
      s.kind === "text" &&
      prev.kind === "text" &&
      !s.heading &&
      s.end - s.start < min &&
      s.end - prev.start <= max
    ) {
      prev.end = s.end;
    } else merged.push(s);
  }

  const cp = codePointIndex(markdown);
  return merged.map((s, position) => ({
    position,
    start: cp(s.start),
    end: cp(s.end),
    text: (s.prefix ?? "") + markdown.slice(s.start, s.end),
    kind: s.kind,
  }));
}

/** The PostgreSQL text search configurations passages are indexed with (the migration's list). */
export const textSearchConfigs = [
  "simple",
  "english",
  "german",
  "french",
  "spanish",
  "portuguese",
  "italian",
  "dutch",
  "russian",
] as const;
export type TextSearchConfig = (typeof textSearchConfigs)[number];

const byLanguage: Record<string, TextSearchConfig> = {
  en: "english",
  de: "german",
  fr: "french",
  es: "spanish",
  pt: "portuguese",
  it: "italian",
  nl: "dutch",
  ru: "russian",
};

/** The configuration for a BCP 47 language tag ("pt-BR" -> portuguese); "simple" (no stemming, no stop words) when unknown or unset. */
export function textSearchConfigFor(language: string | null | undefined): TextSearchConfig {
  const primary = language?.split("-")[0]?.toLowerCase() ?? "";
  return byLanguage[primary] ?? "simple";
}

/** The configuration for a document, from its stored configuration (documents.config->>'language'). */
export function textSearchConfigOfDocument(config: unknown): TextSearchConfig {
  const language =
    config && typeof config === "object" ? (config as Record<string, unknown>).language : undefined;
  return textSearchConfigFor(typeof language === "string" ? language : null);
}
