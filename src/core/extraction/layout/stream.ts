import { cell, type TableGrid } from "../table-model.ts";
import { type Band, boxOf, CountedMedian, median, overlapX } from "./geometry.ts";
import { headerAbove } from "./header-row.ts";
import type { FoundTable, Rule } from "./lattice.ts";
import { joinWords, type Line, letterless, type Segment, toSegment } from "./lines.ts";
import { spannedColumns } from "./spanning-cells.ts";
import type { Word } from "./words.ts";

// Tables without rules: runs of lines that split into the same columns. Columns are the x-bands
// that the segments of the run's fullest lines occupy; every word then falls into the band it
// overlaps most, so a cell whose words sit closer than a segment gap still lands right.

// An amount: signs and brackets around figures, a currency sign before them or after them (as
// much of Europe writes prices: "8 €"), or a percent sign after.
const isNumeric = (s: string) =>
  /^[-+(]?[$€£¥%]?[\d.,]*\d[\d.,]*[%$€£¥]?\)?$/.test(s.replace(/[\s\u00A0]/g, ""));

function bandsOf(lines: Line[]): Band[] {
  const counts = lines.map((l) => l.segments.length);
  const top = Math.max(...counts);
  // The lines with (nearly) the most segments define the columns; a header cell spanning two
  // columns in another line must not merge them.
  const defining = lines.filter(
    (l) => l.segments.length >= Math.max(2, top - (counts.filter((c) => c === top).length > 1 ? 0 : 1)),
  );
  // Cells set close read as one segment: a header's over right-aligned figures ("Unit price
  // Amount"), or two figures in a row whose columns stand close. Where the fullest rows of
  // figures part into columns and a segment's words part at the same places, the segment parts
  // there too, instead of joining the columns.
  const figured = defining.filter((l) => !l.segments.every(wordsOnly));
  const most = Math.max(0, ...figured.map((l) => l.segments.length));
  const reference = merged(figured.filter((l) => l.segments.length === most).flatMap((l) => l.segments));
  return merged(defining.flatMap((l) => l.segments.flatMap((sg) => partedAt(sg, reference))));
}

/** Extents joined where they overlap or touch, left to right. */
function merged(spans: readonly Band[]): Band[] {
  const bands: Band[] = [];
  for (const s of [...spans].sort((a, b) => a.x0 - b.x0)) {
    const b = bands[bands.length - 1];
    if (b && s.x0 <= b.x1 + 1) b.x1 = Math.max(b.x1, s.x1);
    else bands.push({ x0: s.x0, x1: s.x1 });
  }
  return bands;
}

/**
 * A segment's extent, or its parts when it reaches over the gaps between some of `bands` and a
 * gap between its words falls in each of them.
 */
function partedAt(sg: Segment, bands: readonly Band[]): Band[] {
  const gaps: Band[] = [];
  for (let k = 1; k < bands.length; k++) {
    const gap = { x0: (bands[k - 1] as Band).x1, x1: (bands[k] as Band).x0 };
    if (gap.x0 > sg.x0 && gap.x1 < sg.x1) gaps.push(gap);
  }
  if (!gaps.length) return [sg];
  const words = [...sg.words].sort((a, b) => a.x0 - b.x0);
  const cuts: number[] = [];
  for (const gap of gaps) {
    const k = words.findIndex((w, i) => i > 0 && (words[i - 1] as Word).x1 < gap.x1 && w.x0 > gap.x0);
    if (k <= 0) return [sg];
    cuts.push(k);
  }
  const parts: Band[] = [];
  let from = 0;
  for (const k of [...new Set(cuts)].sort((a, b) => a - b).concat(words.length)) {
    const part = words.slice(from, k);
    if (part.length) parts.push({ x0: (part[0] as Word).x0, x1: Math.max(...part.map((w) => w.x1)) });
    from = k;
  }
  return parts;
}

/** The band an extent (a word, a group of words) overlaps most, or stands nearest to. */
function bandFor(w: Band, bands: Band[]): number {
  let best = 0;
  let score = Number.NEGATIVE_INFINITY;
  bands.forEach((b, i) => {
    const overlap = overlapX(b, w);
    const s = overlap > 0 ? overlap : -Math.min(Math.abs(w.x0 - b.x1), Math.abs(b.x0 - w.x1));
    if (s > score) {
      score = s;
      best = i;
    }
  });
  return best;
}

/**
 * Prose in columns also splits into segments a line; a table's cells hold a few words each. Two
 * columns of words are a table still when rules run above and below them (`ruled`) and the left
 * column is ragged (labels, not lines of prose that fill their column).
 */
function looksTabular(lines: Line[], bands: Band[], ruled: boolean): boolean {
  // Two rows of a table line up in two columns at least (a header over its values); labels
  // scattered around a figure, beside a title, share one at most.
  if (lines.length === 2) {
    const [a, b] = lines.map((l) => new Set(l.segments.map((sg) => bandFor(sg, bands))));
    if ([...(a as Set<number>)].filter((k) => b?.has(k)).length < 2) return false;
  }
  const segs = lines.flatMap((l) => l.segments);
  const numeric = segs.filter((s) => isNumeric(s.text)).length / segs.length;
  const wordsPerCell = segs.reduce((n, s) => n + s.words.length, 0) / segs.length;
  if (bands.length < 2) return false;
  if (bands.length === 2) {
    if (lines.length < 3) return false;
    if (numeric >= 0.3 || wordsPerCell <= 3) return true;
    const first = bands[0] as Band;
    const left = segs.filter((s) => overlapX(s, first) > 0).map((s) => s.x1 - s.x0);
    return ruled && median(left) <= 0.8 * (first.x1 - first.x0);
  }
  return numeric >= 0.2 || wordsPerCell <= 5;
}

/** A horizontal rule across the lines' columns close above the first line, and one close below the last. */
function ruledAround(run: Line[], bands: Band[], horizontals: Rule[]): boolean {
  const first = run[0];
  const last = run[run.length - 1];
  if (!first || !last || !bands.length) return false;
  const x0 = (bands[0] as Band).x0;
  const x1 = (bands[bands.length - 1] as Band).x1;
  const across = (h: Rule) => h.x0 <= x0 + first.size && h.x1 >= x1 - first.size;
  const above = horizontals.some(
    (h) => across(h) && h.y0 <= first.y0 + 1 && h.y0 >= first.y0 - 1.5 * first.size,
  );
  const below = horizontals.some(
    (h) => across(h) && h.y0 >= last.y1 - 1 && h.y0 <= last.y1 + 1.5 * last.size,
  );
  return above && below;
}

const dots = /^[.·…]+$/;
const dotTail = /[.·…]{4,}$/;

/**
 * A segment's words, dot leaders marked: a run of dots (one word, or dots spaced apart) at least
 * 1.5 font sizes long leads from a label to its value and stands in no column of its own (null
 * here); dots glued to the end of a label give a copy of the word without them, its extent
 * shortened in proportion. A short run ("...", a value not available) stays a word.
 */
function leaderParts(s: Segment): (Word | null)[] {
  if (!s.words.some((w) => dots.test(w.text) || dotTail.test(w.text))) return s.words;
  const words = [...s.words].sort((a, b) => a.x0 - b.x0);
  const out: (Word | null)[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k] as Word;
    if (dots.test(w.text)) {
      let e = k;
      while (e + 1 < words.length && dots.test((words[e + 1] as Word).text)) e++;
      const leader = (words[e] as Word).x1 - w.x0 >= 1.5 * w.size;
      for (let m = k; m <= e; m++) out.push(leader ? null : (words[m] as Word));
      k = e;
      continue;
    }
    const tail = dotTail.exec(w.text);
    if (tail && tail.index > 0 && ((w.x1 - w.x0) * tail[0].length) / w.text.length >= 1.5 * w.size) {
      const keep = tail.index / w.text.length;
      out.push({ ...w, text: w.text.slice(0, tail.index), x1: w.x0 + (w.x1 - w.x0) * keep }, null);
      continue;
    }
    out.push(w);
  }
  return out;
}

/** A line as its columns see it: segments split where a dot leader stood, the leader left out. */
function withoutLeaders(l: Line): Line {
  let changed = false;
  const segments: Segment[] = [];
  for (const s of l.segments) {
    const parts = leaderParts(s);
    if (parts === s.words) {
      segments.push(s);
      continue;
    }
    changed = true;
    let piece: Word[] = [];
    for (const w of parts) {
      if (w) piece.push(w);
      else if (piece.length) {
        segments.push(toSegment(piece));
        piece = [];
      }
    }
    if (piece.length) segments.push(toSegment(piece));
  }
  return changed ? { ...l, segments } : l;
}

const currencySign = /^[$€£¥]$/;
const startsNumber = /^[-(]?[\d.,]/;

/**
 * A line with each currency sign set apart from its amount (accounting style: the sign at the
 * column's left, the amount aligned right) joined to the amount's segment: the sign is no column.
 */
function withCurrencyJoined(l: Line): Line {
  if (!l.segments.some((s) => currencySign.test(s.text))) return l;
  const segments: Segment[] = [];
  for (let k = 0; k < l.segments.length; k++) {
    const s = l.segments[k] as Segment;
    const next = l.segments[k + 1];
    if (next && s.words.length === 1 && currencySign.test(s.text) && startsNumber.test(next.text)) {
      segments.push(toSegment([...s.words, ...next.words]));
      k++;
    } else segments.push(s);
  }
  return segments.length === l.segments.length ? l : { ...l, segments };
}

/** A run of lines read as a table: lines [start, end) of the page, and its column bands. */
type Run = { start: number; end: number; bands: Band[] };

/**
 * Two runs are one table's parts (a table broken by section rows or wider spacing) when their
 * columns are the same: as many bands, each overlapping its counterpart and neither neighbour;
 * and every line between them is a section row: not past the table's right edge, no segment
 * reaching over two columns.
 */
function sameTable(a: Run, b: Run, between: Line[]): Band[] | null {
  if (a.bands.length !== b.bands.length) return null;
  const n = a.bands.length;
  for (let k = 0; k < n; k++) {
    const [p, q] = [a.bands[k] as Band, b.bands[k] as Band];
    if (overlapX(p, q) <= 0) return null;
    if (k + 1 < n && (overlapX(p, b.bands[k + 1] as Band) > 0 || overlapX(q, a.bands[k + 1] as Band) > 0))
      return null;
  }
  const bands = a.bands.map((p, k) => ({
    x0: Math.min(p.x0, (b.bands[k] as Band).x0),
    x1: Math.max(p.x1, (b.bands[k] as Band).x1),
  }));
  const right = (bands[n - 1] as Band).x1;
  // A section row may stand out to the left of the columns (an outdented label).
  const sectionRow = (l: Line) =>
    l.x1 <= right + l.size && l.segments.every((sg) => bands.filter((b) => overlapX(b, sg) > 0).length <= 1);
  return between.every(sectionRow) ? bands : null;
}

/** A line that repeats a run's first line: as many segments, the first one the same words in the same place. */
const repeatsHeader = (first: Line, l: Line) => {
  const [a, b] = [first.segments[0], l.segments[0]];
  return (
    !!a &&
    !!b &&
    /\p{L}/u.test(a.text) &&
    a.text === b.text &&
    overlapX(a, b) > 0 &&
    first.segments.length === l.segments.length
  );
};

/** A segment of words only: letters, no figures (a header's cell). */
const wordsOnly = (s: Segment) => /\p{L}/u.test(s.text) && !/\d/.test(s.text);

/** Two lines with the same text segment by segment. */
const sameText = (a: Line, b: Line) =>
  a.segments.length === b.segments.length && a.segments.every((s, k) => s.text === b.segments[k]?.text);

/** Lines (at least one) that are section labels only: one segment each, in the label column `band`. */
const sectionLabelsOnly = (lines: Line[], band: Band) =>
  lines.length > 0 &&
  lines.every(
    (l) => l.segments.length === 1 && Math.abs(l.x0 - band.x0) <= l.size && l.x1 <= band.x1 + l.size,
  );

/**
 * A line of one segment that carries on the table: it stands in the free space of one column of
 * the last line of several segments (from that column's start to the next column's start), and
 * it sits no farther below the line above than a line's height or the run's closest pair of
 * lines. Such lines are the further lines of a wrapped cell, or a row whose other cells are
 * empty; a paragraph after the table runs across the columns.
 */
function underCell(l: Line, prev: Line, multi: Line, tightest: number): boolean {
  const size = Math.max(l.size, prev.size);
  if (l.baseline - prev.baseline > Math.max(1.5 * size, 1.1 * tightest)) return false;
  return inColumn(l, multi, size);
}

/** A line of one segment within the free space of one column of `multi` (see underCell). */
function inColumn(l: Line, multi: Line, size: number): boolean {
  const sg = l.segments[0];
  if (!sg || l.segments.length !== 1) return false;
  const segs = multi.segments;
  return segs.some((s, k) => {
    const next = segs[k + 1];
    const end = next ? next.x0 - 0.5 * size : multi.x1 + size;
    return sg.x0 >= s.x0 - 0.5 * size && sg.x1 <= end;
  });
}

export function streamTables(lines: Line[], horizontals: Rule[] = [], vertical: Word[] = []): FoundTable[] {
  // Each line with its currency signs joined to their amounts (what a table's rows are made of),
  // and that without leader dots (what its columns are found from): made once a line, as runs
  // that fail are grown again from the next line over the same lines.
  const joined: (Line | undefined)[] = [];
  const joinedLine = (k: number) => {
    joined[k] ??= withCurrencyJoined(lines[k] as Line);
    return joined[k];
  };
  const cleaned: (Line | undefined)[] = [];
  const cleanLine = (k: number) => {
    cleaned[k] ??= withoutLeaders(joinedLine(k));
    return cleaned[k];
  };
  const runs: Run[] = [];
  let i = 0;
  while (i < lines.length) {
    const first = lines[i] as Line;
    if (first.segments.length < 2) {
      i++;
      continue;
    }
    // Grow the run downwards: multi-segment lines, close together; a single-segment line may sit
    // inside (a wrapped cell, a section row) when a multi-segment line follows it.
    let j = i + 1;
    // The median font size of the run so far, kept as the run grows (re-sorting the run's sizes
    // at every line made long runs quadratic).
    const sizes = new CountedMedian();
    sizes.add(first.size);
    const pitch = () => sizes.value() || first.size;
    // The closest two lines of the run so far, and its last line of several segments.
    let tightest = Number.POSITIVE_INFINITY;
    let lastMulti = first;
    let multiLines = 1;
    let widestSoFar = first.segments.length;
    const accept = () => {
      const l = lines[j] as Line;
      sizes.add(l.size);
      tightest = Math.min(tightest, l.baseline - (lines[j - 1] as Line).baseline);
      if (l.segments.length >= 2) {
        lastMulti = l;
        multiLines++;
        widestSoFar = Math.max(widestSoFar, l.segments.length);
      }
      j++;
    };
    while (j < lines.length) {
      const l = lines[j] as Line;
      const prev = lines[j - 1] as Line;
      if (l.baseline - prev.baseline > 2.6 * Math.max(pitch(), l.size)) break;
      if (l.segments.length >= 2) {
        // The first line again (a header repeated, its first cell the same words): a second
        // table set under the first; the single lines just above it (its title) go with it.
        if (repeatsHeader(first, l)) {
          while (j > i + 1 && (lines[j - 1] as Line).segments.length < 2) j--;
          break;
        }
        // A header of more columns than any row so far (words only, three cells or more) under
        // rows of two: a wider table starts there, set close under label and value pairs (an
        // invoice's parties and references over its items), not more rows of theirs.
        if (multiLines >= 2 && widestSoFar <= 2 && l.segments.length >= 3 && l.segments.every(wordsOnly))
          break;
        accept();
        continue;
      }
      const next = lines[j + 1];
      // A single line closer to the one above than a line's height is part of its row.
      const close = l.baseline - prev.baseline < 0.75 * Math.min(l.size, prev.size);
      if (
        close ||
        (next && next.segments.length >= 2 && next.baseline - l.baseline <= 2.6 * pitch()) ||
        (multiLines >= 2 && underCell(l, prev, lastMulti, tightest))
      ) {
        accept();
        continue;
      }
      // Single lines stacked a line's height apart, each within one column, then a line of several
      // segments as close, or as far below them as they are below the line above: a cell wrapped
      // over lines above the line that holds the row's values, or a wrapped row with no values.
      let k = j;
      while (
        k < lines.length &&
        (lines[k] as Line).segments.length === 1 &&
        inColumn(lines[k] as Line, lastMulti, (lines[k] as Line).size) &&
        (k === j ||
          (lines[k] as Line).baseline - (lines[k - 1] as Line).baseline <=
            1.5 * Math.max((lines[k] as Line).size, (lines[k - 1] as Line).size))
      )
        k++;
      const end = lines[k];
      const into = l.baseline - prev.baseline;
      if (
        k > j + 1 &&
        end &&
        end.segments.length >= 2 &&
        end.baseline - (lines[k - 1] as Line).baseline <=
          Math.max(1.5 * Math.max(end.size, (lines[k - 1] as Line).size), 1.1 * into)
      ) {
        while (j < k) accept();
        continue;
      }
      break;
    }
    const clean = Array.from({ length: j - i }, (_, k) => cleanLine(i + k));
    const multi = clean.filter((l) => l.segments.length >= 2);
    if (multi.length >= 2) {
      const bands = bandsOf(multi);
      // A title or note line whose text runs across several columns is not a row of the table.
      const acrossBands = (l: Line) =>
        l.segments.some((sg) => bands.filter((b) => overlapX(b, sg) > 2).length >= 3);
      let start = i;
      let end = j;
      while (start < end && acrossBands(clean[start - i] as Line)) start++;
      while (end > start && acrossBands(clean[end - 1 - i] as Line)) end--;
      const run = clean.slice(start - i, end - i);
      if (
        run.filter((l) => l.segments.length >= 2).length >= 2 &&
        looksTabular(multi, bands, bands.length === 2 && ruledAround(run, bands, horizontals))
      ) {
        runs.push({ start, end, bands });
        i = j;
        continue;
      }
    }
    i++;
  }
  // Parts of one table that the run broke (section rows, wider spacing) join up again. A part
  // starting with the line the previous one started with is another table under the same
  // header (a title set over its columns between them), unless only section labels stand
  // between the two, in the first column where the rows' labels are ("Class A", "Class B": the
  // same rows for another class), and the repeated line differs (other figures, not a header).
  const merged: Run[] = [];
  for (const r of runs) {
    const prev = merged[merged.length - 1];
    if (!prev) {
      merged.push(r);
      continue;
    }
    const between = lines.slice(prev.end, r.start);
    const [a, b] = [lines[prev.start] as Line, lines[r.start] as Line];
    const newTable =
      repeatsHeader(a, b) && (sameText(a, b) || !sectionLabelsOnly(between, prev.bands[0] as Band));
    const bands = newTable ? null : sameTable(prev, r, between);
    if (bands) merged[merged.length - 1] = { start: prev.start, end: r.end, bands };
    else merged.push(r);
  }
  return merged.map(({ start, end, bands }, m) => {
    // A header row set apart from the body (bold, over a rule, its cells closer together).
    const header = headerAbove(lines, start, end, m > 0 ? (merged[m - 1] as Run).end : 0, bands, horizontals);
    const run = header ? [header, ...lines.slice(start, end)] : lines.slice(start, end);
    // A line of dashes or underscores is a rule typed out, not a row.
    const typedRule = (l: Line) =>
      l.segments.every((s) => s.words.every((w) => /^[-_=–—]{3,}$/.test(w.text)));
    const body = Array.from({ length: end - start }, (_, k) => joinedLine(start + k));
    const rows = (header ? [header, ...body] : body).filter((l) => !typedRule(l));
    const figures = figureColumns(rows, bands);
    // Each row's text by column, and the columns each cell spans (1 but for a spanning cell).
    const spans: number[][] = [];
    // The line above and which of its segments span columns (a header's wrapped line spans as its
    // first line does).
    let lineAbove: { line: Line; spanning: Set<Segment> } | undefined;
    const texts: string[][] = rows.map((l) => {
      const byBand = bands.map(() => [] as Word[]);
      const span = bands.map(() => 1);
      spans.push(span);
      const spanning = new Set<Segment>();
      for (const s of l.segments) {
        // A word falls in the band its extent (without leader dots) overlaps most; a leader goes
        // with the label it follows, so the cell keeps the text as printed.
        const parts = leaderParts(s);
        const spanned = parts === s.words ? spannedColumns(s, l, bands, lineAbove, figures) : null;
        if (spanned) {
          spanning.add(s);
          byBand[spanned.first]?.push(...s.words);
          span[spanned.first] = spanned.last - spanned.first + 1;
          continue;
        }
        const words = parts === s.words ? s.words : [...s.words].sort((a, b) => a.x0 - b.x0);
        let last = -1;
        let k = 0;
        // A currency sign followed by its amount goes to the amount's cell.
        let sign: Word | null = null;
        for (const w of words) {
          if (!sign && currencySign.test(w.text) && w !== words[words.length - 1] && parts === s.words) {
            sign = w;
            k++;
            continue;
          }
          const part = parts === s.words ? w : parts[k];
          // A glued leader is one word but two parts: the label's part, then its dots.
          if (part && part !== w && parts[k + 1] === null) k++;
          k++;
          const band = part ? bandFor(part, bands) : last >= 0 ? last : bandFor(w, bands);
          if (sign) byBand[band]?.push(sign);
          sign = null;
          byBand[band]?.push(w);
          last = band;
        }
      }
      lineAbove = { line: l, spanning };
      return byBand.map((ws) => (ws.length ? joinWords(ws) : ""));
    });
    // A line whose every cell starts in lower case, each under text of the line above and as
    // close to it as lines of the table get, carries on the line above's cells (wrapped text).
    const kept: string[][] = [];
    const keptSpans: number[][] = [];
    const gaps = rows.map((l, k) => (k > 0 ? l.baseline - (rows[k - 1] as Line).baseline : 0));
    const lineGap = median(gaps.slice(1));
    let above: string[] | null = null;
    // Rows set apart by more than the lines of a wrapped cell (padded rows): lines as close as
    // the run's closest pair are one row's lines, whichever of them holds the values, when those
    // closest lines are a line's height apart (stacked, not a staggered header or a label's lines
    // around its values) and no two such lines each fill several cells (rows of one line each).
    let closest = Number.POSITIVE_INFINITY;
    let stacked = true;
    for (let k = 1; k < rows.length; k++) {
      const gap = gaps[k] as number;
      if (gap < closest) {
        closest = gap;
        stacked = gap >= 0.9 * Math.max((rows[k] as Line).size, (rows[k - 1] as Line).size);
      }
    }
    const several = (t: string[]) => t.filter((x) => x).length >= 2;
    const near = (k: number) => k > 0 && (gaps[k] as number) <= 1.25 * closest;
    const padded =
      stacked &&
      gaps.some((g) => g >= 1.5 * closest) &&
      !texts.some((t, k) => near(k) && several(t) && several(texts[k - 1] as string[]));
    // Rows standing farther apart than the run's closest lines (some gap a quarter more): a wrapped
    // cell's next line may stand that close under it (see wrappedCell below).
    const rowsApart = stacked && gaps.some((g) => g >= 1.25 * closest);
    // A label of two lines with its values set between them: lines closer than a line's height,
    // the label's lines holding the first cell only, the values line every cell but it.
    const labelOnly = (r: string[]) => !!r[0] && r.every((x, c) => c === 0 || !x);
    const valuesOnly = (r: string[]) => !r[0] && r.some((x) => x);
    texts.forEach((t, k) => {
      const gap = gaps[k] as number;
      const filled = t.filter((x) => x);
      const underText = t.every((x, c) => !x || !!above?.[c]);
      // A line holding one cell only, neither the first nor the last, under text of the row above
      // and no farther from it than the run's closest lines, in a table whose rows stand farther
      // apart: that cell's next line ("2.12.2009 to" / "19.12.2009"). A row of its own would hold
      // its label, in the first cell, or in the last in a right-to-left table (indictb1h_14's
      // Hebrew section rows); a cell spanning columns is a note or header row, no wrapped line.
      const wrappedCell =
        rowsApart &&
        gap <= 1.1 * closest &&
        filled.length === 1 &&
        !t[0] &&
        !t[t.length - 1] &&
        underText &&
        (spans[k] as number[]).every((n) => n === 1);
      // A header wrapped over lines, its text set down to the last: the table's first row so far
      // holds words only, each over a cell of this line, which also fills cells it leaves empty
      // (headers that fit on one line), as close under it as the run's lines get.
      const wrappedHeader =
        kept.length === 1 &&
        !!above &&
        gap <= 1.1 * closest &&
        above.every((x, c) => !x || (/\p{L}/u.test(x) && !!t[c])) &&
        t.some((x, c) => x && !above?.[c]) &&
        [...(keptSpans[0] as number[]), ...(spans[k] as number[])].every((n) => n === 1);
      const joins =
        above &&
        ((padded && near(k)) ||
          wrappedCell ||
          wrappedHeader ||
          (k > 0 &&
            gap < 0.75 * Math.min((rows[k] as Line).size, (rows[k - 1] as Line).size) &&
            ((labelOnly(above) && valuesOnly(t)) ||
              (labelOnly(t) && !!above[0] && above.slice(1).some((x) => x)))) ||
          // Wrapped text: every cell of the line in lower case, under text of the row above,
          // no farther from it than the table's usual line spacing.
          (filled.length &&
            filled.every((x) => /^\p{Ll}/u.test(x)) &&
            underText &&
            gap <= lineGap + 0.1 * (rows[k] as Line).size));
      if (above && joins) {
        for (let c = 0; c < t.length; c++)
          if (t[c]) above[c] = above[c] ? `${above[c]}\n${t[c]}` : (t[c] as string);
        const into = keptSpans[keptSpans.length - 1] as number[];
        (spans[k] as number[]).forEach((n, c) => {
          into[c] = Math.max(into[c] as number, n);
        });
        return;
      }
      above = t;
      kept.push(t);
      keptSpans.push([...(spans[k] as number[])]);
    });
    const grid: TableGrid = kept.map((r, k) => spannedRow(r, keptSpans[k] as number[]));
    const words = new Set(run.flatMap((l) => l.segments.flatMap((s) => s.words)));
    const box = boxOf(run);
    const standing = verticalHeader(grid, bands, run[0] as Line, vertical);
    for (const w of standing) {
      words.add(w);
      box.y0 = Math.min(box.y0, w.y0);
    }
    return { grid, box, words };
  });
}

/** Which columns hold figures: half the cells the lines put in them at least are letterless. */
function figureColumns(lines: Line[], bands: Band[]): boolean[] {
  const cells = bands.map(() => 0);
  const amounts = bands.map(() => 0);
  for (const l of lines) {
    for (const s of l.segments) {
      const k = bandFor(s, bands);
      cells[k] = (cells[k] ?? 0) + 1;
      if (letterless(s.text)) amounts[k] = (amounts[k] ?? 0) + 1;
    }
  }
  return cells.map((n, k) => n > 0 && (amounts[k] ?? 0) >= 0.5 * n);
}

/**
 * A row's cells: a cell spanning columns covers the positions after it (null), as far as they
 * hold no text of their own.
 */
function spannedRow(texts: string[], spans: number[]): TableGrid[number] {
  const row: TableGrid[number] = [];
  for (let c = 0; c < texts.length; c++) {
    let n = 1;
    while (n < (spans[c] as number) && c + n < texts.length && !texts[c + n]) n++;
    row.push(cell(texts[c] as string, 1, n));
    for (let m = 1; m < n; m++) row.push(null);
    c += n - 1;
  }
  return row;
}

/**
 * Header text set sideways (turned 90 degrees) over the columns: words whose foot stands on the
 * table's first line or just above it, each over a column. Such words go to the header cell of
 * the column they stand over, in the order they were drawn: into the first row when they stand
 * beside its text, into a row of their own above it otherwise. Returns the words placed.
 */
function verticalHeader(grid: TableGrid, bands: Band[], first: Line, vertical: Word[]): Word[] {
  if (!vertical.length || !grid.length) return [];
  const left = (bands[0] as Band).x0 - first.size;
  const right = (bands[bands.length - 1] as Band).x1 + first.size;
  // Sideways lines of text: words over one another (their x-ranges overlapping); a line's foot
  // is its lowest point.
  const order = new Map(vertical.map((w, k) => [w, k]));
  const near = vertical
    .filter((w) => (w.x0 + w.x1) / 2 >= left && (w.x0 + w.x1) / 2 <= right && w.y0 < first.y1)
    .sort((a, b) => a.x0 - b.x0);
  const columns: Word[][] = [];
  for (const w of near) {
    const c = columns[columns.length - 1];
    const last = c?.[c.length - 1];
    if (c && last && overlapX(last, w) > 0.5 * Math.min(w.x1 - w.x0, last.x1 - last.x0)) c.push(w);
    else columns.push([w]);
  }
  const beside: Word[][] = bands.map(() => []);
  const over: Word[][] = bands.map(() => []);
  const placed: Word[] = [];
  for (const ws of columns) {
    const box = boxOf(ws);
    const foot = box.y1;
    if (foot > first.y1 + 0.5 * first.size || foot < first.y0 - 2.6 * first.size) continue;
    const band = bandFor(box, bands);
    (foot >= first.y0 ? beside : over)[band]?.push(...ws);
    placed.push(...ws);
  }
  if (!placed.length) return [];
  for (const ws of [...beside, ...over]) ws.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  const text = (ws: Word[]) => ws.map((w) => w.text).join(" ");
  const top = grid[0] as TableGrid[number];
  beside.forEach((ws, c) => {
    if (!ws.length) return;
    const held = top[c]?.text ?? "";
    top[c] = cell(held ? `${held}\n${text(ws)}` : text(ws));
  });
  if (over.some((ws) => ws.length)) grid.unshift(over.map((ws) => cell(text(ws))));
  return placed;
}
