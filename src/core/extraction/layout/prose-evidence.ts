// Evidence that a table found from aligned gaps is prose set in columns (or justified wide) and
// not a table: its cells are pieces of sentences that read on into the cell beside or below, and
// no column holds figures, or its lines are spaced as a justified (or ragged) line of prose is:
// every gap between its words the same. A table must beat prose on its own evidence; this is the
// prose's side.

import { onSameLine } from "./lines.ts";
import type { Word } from "./words.ts";

/** A cell that is a figure: digits with the signs and separators amounts, dates and codes use. */
const FIGURE = /^[\s\p{Sc}%+\-–—−.,:/()#*x×]*\d[\d\s\p{Sc}%+\-–—−.,:/()#*x×]*$/u;
/**
 * A cell of two words or more ending inside a sentence: on a letter, a comma or a hyphen (a word
 * broken at the line end).
 */
const OPEN_END = /[\p{L},-]$/u;
/**
 * A cell that carries a sentence on: it starts with a small letter, or a letter of a script
 * without case (and holds two words at least, as the cell it carries on must).
 */
const CARRIED_ON = /^(\p{Ll}|\p{Lo})/u;

/** Share of a column's filled cells that are figures, over which it is a column of figures. */
const FIGURE_COLUMN = 0.5;
/** Share of filled cells that read on into a neighbour, over which a table without figures is prose. */
const PROSE_RUN_ON = 0.25;
/** ... and over which it is prose whatever its figures (a changelog's dates and versions). */
const PROSE_RUN_ON_ANYWAY = 0.4;

/**
 * Whether a grid of cell texts (rows of columns; a wrapped cell's lines joined by new lines)
 * reads as prose: many of its cells end inside a sentence and the cell after them (to the
 * right, or below) carries it on, and no column is a column of figures.
 */
export function readsAsProse(rows: readonly (readonly string[])[]): boolean {
  const cell = (r: number, c: number) => (rows[r]?.[c] ?? "").replace(/\s+/g, " ").trim();
  const width = Math.max(0, ...rows.map((r) => r.length));
  let filled = 0;
  let runOn = 0;
  let figureColumn = false;
  for (let c = 0; c < width; c++) {
    let inColumn = 0;
    let figures = 0;
    for (let r = 0; r < rows.length; r++) {
      const text = cell(r, c);
      if (!text) continue;
      inColumn++;
      if (FIGURE.test(text)) figures++;
      filled++;
      // A word alone ("low", "open") is a table's value as often as a piece of a sentence.
      if (!OPEN_END.test(text) || !/\S\s+\S/.test(text)) continue;
      // The next filled cell along the row, and the one below in the same column.
      let right = "";
      for (let k = c + 1; k < width && !right; k++) right = cell(r, k);
      // The next filled cell below: columns of prose whose lines do not share baselines leave
      // an empty cell between a line and the next.
      let below = "";
      for (let k = r + 1; k < rows.length && !below; k++) below = cell(k, c);
      const carries = (t: string) => CARRIED_ON.test(t) && /\S\s+\S/.test(t);
      if (carries(right) || carries(below)) runOn++;
    }
    if (inColumn >= 2 && figures >= FIGURE_COLUMN * inColumn) figureColumn = true;
  }
  if (filled < 4) return false;
  const share = runOn / filled;
  return share >= PROSE_RUN_ON_ANYWAY || (!figureColumn && share >= PROSE_RUN_ON);
}

/** Filled cells, at least, a grid needs for its columns to be judged as lines of prose. */
const PROSE_COLUMN_CELLS = 8;
/** Words a cell holds on average, at least, in every column of lines of prose ... */
const PROSE_COLUMN_WORDS = 2.5;
/** ... and over the whole grid. */
const PROSE_GRID_WORDS = 3;
/** Share of cells of several words that carry a sentence on (start in small letters), at least. */
const PROSE_CARRIED = 0.2;

/**
 * Whether a grid is columns of prose cut at their lines: every column holds lines of several
 * words, a good share of them carrying on the sentence of the line above (starting in small
 * letters), and no column holds figures. Columns of prose whose lines do not share baselines
 * need not read on across the cut (each line's neighbour is another column's line, a row up or
 * down); they read on down each column. A table of text keeps a column of short cells (its
 * labels) or of figures.
 */
export function proseColumns(rows: readonly (readonly string[])[]): boolean {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const count = (t: string) => t.split(" ").filter(Boolean).length;
  let filled = 0;
  let words = 0;
  let several = 0;
  let carried = 0;
  for (let c = 0; c < width; c++) {
    const column = rows.map((r) => (r[c] ?? "").replace(/\s+/g, " ").trim()).filter(Boolean);
    if (column.length >= 2 && column.filter((t) => FIGURE.test(t)).length >= FIGURE_COLUMN * column.length)
      return false;
    const n = column.reduce((k, t) => k + count(t), 0);
    if (column.length >= 2 && n < PROSE_COLUMN_WORDS * column.length) return false;
    filled += column.length;
    words += n;
    for (const t of column) {
      if (count(t) < 2) continue;
      several++;
      if (CARRIED_ON.test(t)) carried++;
    }
  }
  return (
    filled >= PROSE_COLUMN_CELLS && words >= PROSE_GRID_WORDS * filled && carried >= PROSE_CARRIED * several
  );
}

/**
 * A list's label set in the margin: a clause or item number ("3.", "1.6.", "(b)", "iv)"), a
 * reference ("[12]"), a bullet, or a command's option ("-a, --all", "--size=N").
 */
const LABEL =
  /^(\(?[\p{L}\d]{1,4}\)|\d{1,3}(\.\d{1,3})*\.|[\p{L}]\.|\[\d{1,4}\]|[•·▪◦*–—-]|--?[\p{L}\d][^\s]*(,? --?[\p{L}\d][^\s]*)*)$/u;
/** Words a list item's text holds, on average at least, beside its labels. */
const ITEM_WORDS = 4;

/**
 * Whether a grid is a list set with hanging labels: its first column holds only list labels
 * (numbers with their stops, "[n]", options) and the rest of each row is text of several words.
 * A table numbers its rows with bare figures, not with a clause's stop or a reference's brackets.
 */
export function labelledList(rows: readonly (readonly string[])[]): boolean {
  const cell = (r: readonly string[], c: number) => (r[c] ?? "").replace(/\s+/g, " ").trim();
  const labels = rows.map((r) => cell(r, 0)).filter(Boolean);
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  const rest = rows
    .map((r) =>
      r
        .slice(1)
        .map((_, k) => cell(r, k + 1))
        .filter(Boolean)
        .join(" "),
    )
    .filter(Boolean);
  const words = rest.reduce((n, t) => n + t.split(" ").length, 0);
  return rest.length >= 2 && words >= ITEM_WORDS * rest.length && rest.some((t) => /\p{Ll}/u.test(t));
}

/** A bullet: the mark a list item hangs from, with nothing else. */
const BULLET = /^[•·▪◦‣○●■□*–—-]$/u;

/**
 * Whether a grid is a bulleted list: every row starts with a bullet and goes on in words. However
 * few words its items hold, a column of bullets is a list's margin, not a table's column.
 */
export function bulletedList(rows: readonly (readonly string[])[]): boolean {
  const cell = (r: readonly string[], c: number) => (r[c] ?? "").replace(/\s+/g, " ").trim();
  return (
    rows.length >= 2 &&
    rows.every((r) => BULLET.test(cell(r, 0)) && r.slice(1).some((_, k) => /\p{L}{2}/u.test(cell(r, k + 1))))
  );
}

/** A cell that is a labelled value: a name of three words at most, a colon, then its value. */
const KEY_VALUE = /^\p{Lu}[\p{L}\d-]*( [\p{L}\d-]+){0,2}: \S/u;
/** Share of filled cells holding a label and its value, over which the labels are the text's. */
const KEY_VALUE_SHARE = 0.3;

/**
 * Whether a grid's cells carry their own labels ("Version: 2.1", "Section: libs"): a table puts
 * its labels in a column or a header of their own, so many cells that hold both are lines of
 * key: value records set in columns.
 */
export function keyValueCells(rows: readonly (readonly string[])[]): boolean {
  const cells = rows.flatMap((r) => r.map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean));
  const keyed = cells.filter((t) => KEY_VALUE.test(t));
  const keys = new Set(keyed.map((t) => t.slice(0, t.indexOf(":"))));
  // Records set in columns fill several columns mostly with keyed cells; an address beside an
  // invoice's number and dates fills one: two blocks side by side that the grid keeps apart.
  const width = Math.max(0, ...rows.map((r) => r.length));
  let keyedColumns = 0;
  for (let c = 0; c < width; c++) {
    const column = rows.map((r) => (r[c] ?? "").replace(/\s+/g, " ").trim()).filter(Boolean);
    if (column.length > 0 && column.filter((t) => KEY_VALUE.test(t)).length * 2 > column.length)
      keyedColumns++;
  }
  return (
    cells.length >= 6 && keys.size >= 2 && keyedColumns >= 2 && keyed.length >= KEY_VALUE_SHARE * cells.length
  );
}

/** Columns, at least, of a grid of single words spread by justification. */
const SPREAD_COLUMNS = 6;
/** Share of its filled cells that are one word of small letters. */
const SPREAD_WORDS = 0.5;

/**
 * Whether a grid is justified lines cut at their word gaps: six columns or more, no column of
 * figures, half its cells one word of small letters ("for", "utilities,") and nearly every cell
 * different. A wide table of words repeats its values ("yes", "no") or names things in capitals.
 */
export function spreadWords(rows: readonly (readonly string[])[]): boolean {
  const cells = rows.flatMap((r) => r.map((t) => t.replace(/\s+/g, " ").trim()));
  const width = Math.max(0, ...rows.map((r) => r.filter((t) => t.trim()).length));
  const filled = cells.filter(Boolean);
  if (width < SPREAD_COLUMNS || filled.length < 2 * SPREAD_COLUMNS) return false;
  for (let c = 0; c < Math.max(...rows.map((r) => r.length)); c++) {
    const column = rows.map((r) => (r[c] ?? "").trim()).filter(Boolean);
    if (column.length >= 2 && column.filter((t) => FIGURE.test(t)).length >= FIGURE_COLUMN * column.length)
      return false;
  }
  const small = filled.filter((t) => !t.includes(" ") && /^\p{Ll}/u.test(t)).length;
  return small >= SPREAD_WORDS * filled.length && new Set(filled).size >= 0.8 * filled.length;
}

/** A word ending a clause or a sentence: the space after it may be wider. */
const PUNCTUATED = /[.,;:!?)]$/;
/** Gaps of a line within this share of the font size of each other are one spacing. */
const EVEN_GAPS = 0.12;
/**
 * ... or within this share of the least of them: a line justified wide has gaps of a full size
 * or more, measured from each word's ink, whose side bearings differ from letter to letter.
 */
const EVEN_STRETCH = 0.2;
/**
 * ... when the least is no wider than this many font sizes: a justified line stretches its word
 * spaces to a size or two; gaps wider still are between a table's cells, however alike.
 */
const MAX_STRETCHED_GAP = 2.5;
/** Lines of three words or more, at least, that must be evenly spaced for the whole to be prose. */
const MIN_EVEN_LINES = 2;
/** ... and their share of such lines. */
const EVEN_SHARE = 0.6;
/** Lines of a grid, at most, in which every judged line being even is enough. */
const SHORT_GRID = 3;
/** Share of the table's width a line must span to be judged. */
const SPAN = 0.7;

/** Words closer than this share of their size are pieces of one word (a ligature set apart). */
const TOUCHING = 0.05;

/**
 * Words in lines, each line left to right, pieces of one word joined: a ligature ("fi") drawn
 * apart from the rest of its word leaves no gap, which is no word space.
 */
function linesOf(words: readonly Word[]): Word[][] {
  const lines: Word[][] = [];
  for (const w of [...words].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0)) {
    const line = lines.find((l) => onSameLine(l[0] as Word, w));
    if (line) line.push(w);
    else lines.push([w]);
  }
  return lines.map((l) => {
    const out: Word[] = [];
    for (const w of l.sort((a, b) => a.x0 - b.x0)) {
      const prev = out[out.length - 1];
      if (prev && w.x0 - prev.x1 < TOUCHING * Math.max(w.size, prev.size))
        out[out.length - 1] = { ...prev, text: prev.text + w.text, x1: Math.max(prev.x1, w.x1) };
      else out.push(w);
    }
    return out;
  });
}

/**
 * Lines of three words or more, holding letters and spanning most of the words' width, that
 * are judged, and those of them whose gaps between words are all one spacing.
 */
function evenLines(words: readonly Word[]): { lines: number; judged: number; even: number } {
  const lines = linesOf(words);
  const left = Math.min(...words.map((w) => w.x0));
  const right = Math.max(...words.map((w) => w.x1));
  let judged = 0;
  let even = 0;
  for (const l of lines) {
    if (l.length < 3 || l.filter((w) => /\p{L}/u.test(w.text)).length * 2 < l.length) continue;
    // Only lines across most of the table: a cell's text wrapped in one column is spaced as prose.
    if ((l[l.length - 1] as Word).x1 - (l[0] as Word).x0 < SPAN * (right - left)) continue;
    // A hanging label ("3.", "[12]", "-a") stands apart from its text by the indent, not a word space.
    const from = LABEL.test((l[0] as Word).text) && l.length >= 4 ? 1 : 0;
    const all = l
      .slice(1 + from)
      .map((w, k) => ({ gap: w.x0 - (l[k + from] as Word).x1, after: l[k + from] as Word }));
    const size = Math.max(...l.map((w) => w.size));
    // A space after a stop or a comma may be set wider than the others (TeX's space factor), up
    // to twice as wide: a line's other gaps, when two are left, say whether it is even; a gap
    // between a table's cells is wider still.
    const plain = all.filter((g) => !PUNCTUATED.test(g.after.text)).map((g) => g.gap);
    const widened = all.filter((g) => PUNCTUATED.test(g.after.text)).map((g) => g.gap);
    const gaps = plain.length >= 2 ? plain : all.map((g) => g.gap);
    const least = Math.min(...gaps);
    const most = Math.max(...gaps);
    const fits = (g: number) =>
      plain.length < 2 || (g >= least - EVEN_GAPS * size && g <= 2 * most + EVEN_GAPS * size);
    judged++;
    const stretch = least <= MAX_STRETCHED_GAP * size ? EVEN_STRETCH * least : 0;
    if (most - least <= Math.max(EVEN_GAPS * size, stretch) && widened.every(fits)) even++;
  }
  return { lines: lines.length, judged, even };
}

/**
 * Whether the words (of a table found from aligned gaps) lie in lines spaced as prose is: in most
 * lines of three words or more that hold letters and span most of its width, every gap between
 * words is the same, as justification or a plain word space makes them. A table's row has a
 * cell's word spaces and wider gaps between its cells.
 */
export function justifiedLines(words: readonly Word[]): boolean {
  const { lines, judged, even } = evenLines(words);
  // A "table" of three lines at most has one such line to judge: if it is spaced evenly, it is a
  // justified line with a short line or two beside it, not a row of cells.
  const few = lines <= SHORT_GRID && judged >= 1 && even === judged;
  return few || (even >= MIN_EVEN_LINES && even >= EVEN_SHARE * judged);
}

/** Judged lines, at least, in each side of a grid that is a column of prose ... */
const SIDE_LINES = 2;
/** ... and their share of the side's lines: a column of prose is mostly full lines. */
const SIDE_FULL = 0.5;
/**
 * Width of a gap no word crosses, in sizes of the body's font, at least, to part two sides: a
 * few justified lines leave narrower gaps by chance, where their word spaces line up.
 */
const SIDE_GUTTER = 0.8;
/**
 * Lines that may cross a gap between sides, as a share of the typical number over a point: a
 * running header or a title set across the columns.
 */
const SIDE_CROSSING = 0.2;
/** Share of the grid's words that the sides of prose hold, at least. */
const SIDES_WORDS = 0.8;
/**
 * Share of their words with letters that start in a small letter, at least: running text is
 * mostly such words (three in four in English), where an address beside an invoice's labelled
 * fields is names, labels and figures in capitals, its lines as evenly spaced.
 */
const SIDES_SMALL = 0.4;

/**
 * A grid's sides: its words cut at the gaps no word crosses (but a few lines set across, a
 * header or a title) that are wide enough to part columns, each word in the side that holds it
 * whole; none when no such gap is found.
 */
function sidesOf(words: readonly Word[]): Word[][] {
  if (words.length === 0) return [];
  const lines = linesOf(words);
  const left = Math.floor(Math.min(...words.map((w) => w.x0)));
  const right = Math.ceil(Math.max(...words.map((w) => w.x1)));
  // How many lines cover each point across the grid (a line once).
  const cover = new Int32Array(right - left + 1);
  for (const l of lines) {
    const marked = new Uint8Array(right - left + 1);
    for (const w of l) for (let x = Math.ceil(w.x0) - left; x <= Math.floor(w.x1) - left; x++) marked[x] = 1;
    for (let x = 0; x < cover.length; x++) cover[x] = (cover[x] as number) + (marked[x] as number);
  }
  const covered = [...cover].filter((c) => c > 0).sort((a, b) => a - b);
  const crossing = SIDE_CROSSING * (covered[covered.length >> 1] ?? 0);
  const sizes = words.map((w) => w.size).sort((a, b) => a - b);
  const gutter = SIDE_GUTTER * (sizes[sizes.length >> 1] ?? 0);
  const cuts: number[] = [left];
  for (let x = 0; x < cover.length; x++) {
    if ((cover[x] as number) > crossing) continue;
    let end = x;
    while (end + 1 < cover.length && (cover[end + 1] as number) <= crossing) end++;
    if (x > 0 && end < cover.length - 1 && end - x + 1 >= gutter) cuts.push(left + x, left + end);
    x = end;
  }
  cuts.push(right);
  if (cuts.length < 4) return [];
  const sides: Word[][] = [];
  for (let k = 0; k + 1 < cuts.length; k += 2) {
    const from = cuts[k] as number;
    const to = cuts[k + 1] as number;
    sides.push(words.filter((w) => w.x0 >= from - 1 && w.x1 <= to + 1));
  }
  return sides;
}

/**
 * Whether a grid is columns of prose side by side: cut at the gaps that no word crosses (but a
 * few lines set across, a header or a title), two sides or more are each a column of lines
 * spaced as prose (mostly lines across the side, their word gaps even), and they hold nearly all
 * its words, mostly words in small letters. Columns that no gutter was found for (a page switching between one and several
 * columns, a gutter narrower than usual) come to the table finder whole; a table's column holds
 * cells of many lengths, not a run of full lines.
 */
export function proseSides(words: readonly Word[]): boolean {
  const sides = sidesOf(words);
  if (sides.length < 2) return false;
  let inProse = 0;
  let prose = 0;
  let lettered = 0;
  let small = 0;
  for (const side of sides) {
    if (side.length === 0) continue;
    const { lines: n, judged, even } = evenLines(side);
    if (judged >= SIDE_LINES && judged >= SIDE_FULL * n && even >= EVEN_SHARE * judged) {
      prose++;
      inProse += side.length;
      for (const w of side) {
        if (!/\p{L}/u.test(w.text)) continue;
        lettered++;
        if (/^\p{Ll}/u.test(w.text)) small++;
      }
    }
  }
  return prose >= 2 && inProse >= SIDES_WORDS * words.length && small >= SIDES_SMALL * lettered;
}

/** Distance between two baselines, in font sizes, under which they are one row's. */
const SAME_BASELINE = 0.25;
/** Lines of a side, at least, set between two lines of the side beside it, for sides that never share rows ... */
const STAGGERED_LINES = 8;
/** ... and their share of the lines that have a line of the side beside them above and below. */
const STAGGERED_SHARE = 0.5;

/**
 * Whether a grid is columns of prose whose lines do not share baselines: side by side (cut at
 * gaps no word crosses), most lines of one side stand between two lines of the side beside it,
 * not level with one, and the sides are text, mostly words in small letters. Columns that are
 * each leaded on their own (a heading's space above, a paragraph's below) drift out of step; a
 * table's cells start on their row's line, however many lines each wraps to.
 */
export function staggeredSides(words: readonly Word[]): boolean {
  // OCR's baselines are guessed from each word's box, which capitals and descenders move.
  if (words.some((w) => w.whole)) return false;
  const sides = sidesOf(words).filter((s) => s.length > 0);
  if (sides.length < 2) return false;
  const sizes = words.map((w) => w.size).sort((a, b) => a - b);
  const size = sizes[sizes.length >> 1] ?? 0;
  const baselines = sides.map((s) => linesOf(s).map((l) => (l[0] as Word).baseline));
  let staggered = 0;
  let level = 0;
  for (let k = 0; k + 1 < sides.length; k++) {
    for (const [a, b] of [
      [k, k + 1],
      [k + 1, k],
    ] as const) {
      const other = baselines[b] as number[];
      for (const y of baselines[a] as number[]) {
        const above = other.filter((o) => o <= y + SAME_BASELINE * size);
        const below = other.filter((o) => o >= y - SAME_BASELINE * size);
        if (!above.length || !below.length) continue;
        if (other.some((o) => Math.abs(o - y) <= SAME_BASELINE * size)) level++;
        else staggered++;
      }
    }
  }
  if (staggered < STAGGERED_LINES || staggered < STAGGERED_SHARE * (staggered + level)) return false;
  const lettered = words.filter((w) => /\p{L}/u.test(w.text));
  return lettered.filter((w) => /^\p{Ll}/u.test(w.text)).length >= SIDES_SMALL * lettered.length;
}

/** Size ratio over which two lines are set in different sizes. */
const OTHER_SIZE = 1.15;

/**
 * Whether every line of a grid is set in another size than the line before it: a title page's
 * lines (a running header, a title, an author and a date) whose parts line up by chance. A
 * table's rows share the body's size; a header row may differ, not every row.
 */
export function sizePerLine(words: readonly Word[]): boolean {
  // OCR's sizes are guessed from each word's box, which capitals and descenders change.
  if (words.some((w) => w.whole)) return false;
  const lines = linesOf(words).map((l) => Math.max(...l.map((w) => w.size)));
  if (lines.length < 3) return false;
  return lines.every(
    (s, k) =>
      k === 0 || Math.max(s, lines[k - 1] as number) / Math.min(s, lines[k - 1] as number) >= OTHER_SIZE,
  );
}

/**
 * Whether a table found from aligned gaps (its cell texts by rows, and its words) reads as prose
 * on any of the prose's evidence above: then it is prose, however well its gaps line up.
 */
export function beatenByProse(rows: readonly (readonly string[])[], words: readonly Word[]): boolean {
  return (
    readsAsProse(rows) ||
    proseColumns(rows) ||
    justifiedLines(words) ||
    proseSides(words) ||
    sizePerLine(words) ||
    labelledList(rows) ||
    bulletedList(rows) ||
    keyValueCells(rows) ||
    spreadWords(rows) ||
    staggeredSides(words)
  );
}
