import { cell, type TableGrid } from "../table-model.ts";
import { type Box, boxOf, clusterValues, median } from "./geometry.ts";
import { joinWords, SEGMENT_GAP, toLines } from "./lines.ts";
import type { Word } from "./words.ts";

/** An axis-aligned rule in the reading frame: horizontal when y0 === y1, vertical when x0 === x1. */
export type Rule = { x0: number; y0: number; x1: number; y1: number };

export type FoundTable = { grid: TableGrid; box: Box; words: Set<Word> };

const TOL = 2;

class UnionFind {
  private parent: number[];
  constructor(n: number) {
    this.parent = Array.from({ length: n }, (_, i) => i);
  }
  find(i: number): number {
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r] as number;
    let j = i;
    while (this.parent[j] !== r) {
      const next = this.parent[j] as number;
      this.parent[j] = r;
      j = next;
    }
    return r;
  }
  union(a: number, b: number) {
    this.parent[this.find(a)] = this.find(b);
  }
}

const touches = (h: Rule, v: Rule) =>
  v.x0 >= h.x0 - TOL && v.x0 <= h.x1 + TOL && h.y0 >= v.y0 - TOL && h.y0 <= v.y1 + TOL;

/** How much of [a, b] the rules at this coordinate cover, 0..1. */
function coverage(
  rules: { at: number; from: number; to: number }[],
  at: number,
  a: number,
  b: number,
): number {
  const spans = rules
    .filter((r) => Math.abs(r.at - at) <= TOL && r.to >= a - TOL && r.from <= b + TOL)
    .map((r) => [Math.max(a, r.from), Math.min(b, r.to)] as [number, number])
    .sort((x, y) => x[0] - y[0]);
  let covered = 0;
  let end = a;
  for (const [s, e] of spans) {
    if (e <= end) continue;
    covered += e - Math.max(s, end);
    end = e;
  }
  return b > a ? covered / (b - a) : 1;
}

function cellText(words: Word[]): string {
  const upright = words.filter((w) => !w.vertical).sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const lines: Word[][] = [];
  for (const w of upright) {
    const l = lines[lines.length - 1];
    if (l && Math.abs(w.baseline - (l[0] as Word).baseline) <= 0.35 * w.size) l.push(w);
    else lines.push([w]);
  }
  const parts = lines.map(joinWords);
  // Text set sideways inside a cell reads in the order it was drawn.
  const sideways = words.filter((w) => w.vertical);
  if (sideways.length) parts.push(sideways.map((w) => w.text).join(" "));
  return parts.join("\n");
}

/**
 * Tables drawn with rules: rules that touch form a network; its distinct horizontal and vertical
 * positions are the grid lines, a missing rule between two grid cells merges them (a span), and
 * each word goes to the cell holding its centre. Rules that run past the outermost crossing rule
 * stand for an edge the table does not draw (a spreadsheet without a frame).
 */
export function latticeTables(horizontals: Rule[], verticals: Rule[], words: Word[]): FoundTable[] {
  const hs = horizontals.filter((h) => h.x1 - h.x0 > 3);
  const vs = verticals.filter((v) => v.y1 - v.y0 > 3);
  const uf = new UnionFind(hs.length + vs.length);
  hs.forEach((h, i) => {
    vs.forEach((v, j) => {
      if (touches(h, v)) uf.union(i, hs.length + j);
    });
  });
  const groups = new Map<number, { h: Rule[]; v: Rule[] }>();
  const groupOf = (i: number) => {
    const root = uf.find(i);
    const g = groups.get(root) ?? { h: [], v: [] };
    groups.set(root, g);
    return g;
  };
  for (const [i, h] of hs.entries()) groupOf(i).h.push(h);
  for (const [j, v] of vs.entries()) groupOf(hs.length + j).v.push(v);

  const boxes = checkboxes([...groups.values()]);
  const tables: FoundTable[] = [];
  for (const { h, v } of groups.values()) {
    if (h.length < 1 || v.length < 1 || h.length + v.length < 4) continue;
    const xs = clusterValues(
      v.map((r) => r.x0),
      TOL,
    );
    const ys = clusterValues(
      h.map((r) => r.y0),
      TOL,
    );
    // Open edges: rules that reach beyond the outermost perpendicular rule.
    const minHx = Math.min(...h.map((r) => r.x0));
    const maxHx = Math.max(...h.map((r) => r.x1));
    const minVy = Math.min(...v.map((r) => r.y0));
    const maxVy = Math.max(...v.map((r) => r.y1));
    if (minHx < (xs[0] as number) - 3 * TOL) xs.unshift(minHx);
    if (maxHx > (xs[xs.length - 1] as number) + 3 * TOL) xs.push(maxHx);
    if (minVy < (ys[0] as number) - 3 * TOL) ys.unshift(minVy);
    if (maxVy > (ys[ys.length - 1] as number) + 3 * TOL) ys.push(maxVy);
    const nr = ys.length - 1;
    const nc = xs.length - 1;
    if (nr < 1 || nc < 1 || nr * nc < 2) continue;

    const vRules = v.map((r) => ({ at: r.x0, from: r.y0, to: r.y1 }));
    const hRules = h.map((r) => ({ at: r.y0, from: r.x0, to: r.x1 }));
    const cells = new UnionFind(nr * nc);
    // Upright words by grid row, for the text test of a missing column rule below.
    const rowWords: Word[][] = Array.from({ length: nr }, () => []);
    for (const w of words) {
      if (w.vertical) continue;
      const cy = (w.y0 + w.y1) / 2;
      if (cy < (ys[0] as number) || cy > (ys[nr] as number)) continue;
      let r = 0;
      while (r < nr - 1 && cy > (ys[r + 1] as number)) r++;
      rowWords[r]?.push(w);
    }
    for (let r = 0; r < nr; r++) {
      for (let c = 0; c < nc; c++) {
        const [ya, yb, xa, xb] = [ys[r] as number, ys[r + 1] as number, xs[c] as number, xs[c + 1] as number];
        if (
          c + 1 < nc &&
          coverage(vRules, xs[c + 1] as number, ya, yb) < 0.5 &&
          !columnGap(rowWords[r] as Word[], xa, xb, xs[c + 2] as number)
        )
          cells.union(r * nc + c, r * nc + c + 1);
        if (r + 1 < nr && coverage(hRules, ys[r + 1] as number, xa, xb) < 0.5)
          cells.union(r * nc + c, (r + 1) * nc + c);
      }
    }
    // Each merged group becomes one cell when it is a rectangle; anything else stays split.
    const members = new Map<number, number[]>();
    for (let i = 0; i < nr * nc; i++) {
      const root = cells.find(i);
      const list = members.get(root);
      if (list) list.push(i);
      else members.set(root, [i]);
    }
    const anchorOf = new Array<number>(nr * nc);
    const spanOf = new Map<number, { rows: number; cols: number }>();
    for (const list of members.values()) {
      const rows = list.map((i) => Math.floor(i / nc));
      const cols = list.map((i) => i % nc);
      const r0 = Math.min(...rows);
      const c0 = Math.min(...cols);
      const height = Math.max(...rows) - r0 + 1;
      const width = Math.max(...cols) - c0 + 1;
      if (height * width === list.length) {
        for (const i of list) anchorOf[i] = r0 * nc + c0;
        spanOf.set(r0 * nc + c0, { rows: height, cols: width });
      } else {
        // Not a rectangle (a rule missing under part of a row): each row's run of joined
        // columns is one cell spanning them, the rows kept apart.
        const byRow = new Map<number, number[]>();
        for (const i of list) {
          const row = Math.floor(i / nc);
          const cs = byRow.get(row);
          if (cs) cs.push(i % nc);
          else byRow.set(row, [i % nc]);
        }
        for (const [row, cs] of byRow) {
          cs.sort((a, b) => a - b);
          let first = 0;
          for (let k = 1; k <= cs.length; k++) {
            if (k < cs.length && cs[k] === (cs[k - 1] as number) + 1) continue;
            const c0 = cs[first] as number;
            const cols = (cs[k - 1] as number) - c0 + 1;
            for (let c = c0; c < c0 + cols; c++) anchorOf[row * nc + c] = row * nc + c0;
            spanOf.set(row * nc + c0, { rows: 1, cols });
            first = k;
          }
        }
      }
    }

    const box = { x0: xs[0] as number, y0: ys[0] as number, x1: xs[nc] as number, y1: ys[nr] as number };
    const inCell = new Map<number, Word[]>();
    const taken = new Set<Word>();
    for (const w of words) {
      const cx = (w.x0 + w.x1) / 2;
      const cy = (w.y0 + w.y1) / 2;
      if (cx < box.x0 || cx > box.x1 || cy < box.y0 || cy > box.y1) continue;
      const c = Math.min(
        nc - 1,
        Math.max(
          0,
          xs.findIndex((x, k) => k < nc && cx >= x && cx <= (xs[k + 1] as number)),
        ),
      );
      const r = Math.min(
        nr - 1,
        Math.max(
          0,
          ys.findIndex((y, k) => k < nr && cy >= y && cy <= (ys[k + 1] as number)),
        ),
      );
      const anchor = anchorOf[r * nc + c] as number;
      const held = inCell.get(anchor);
      if (held) held.push(w);
      else inCell.set(anchor, [w]);
      taken.add(w);
    }
    const grid: TableGrid = [];
    for (let r = 0; r < nr; r++) {
      const split =
        unruledRecords(r, nc, anchorOf, spanOf, inCell) ?? groupHeaderRows(r, xs, anchorOf, spanOf, inCell);
      if (split) {
        grid.push(...split);
        continue;
      }
      const row: TableGrid[number] = [];
      for (let c = 0; c < nc; c++) {
        const i = r * nc + c;
        if (anchorOf[i] !== i) {
          row.push(null);
          continue;
        }
        const span = spanOf.get(i) ?? { rows: 1, cols: 1 };
        row.push(cell(cellText(inCell.get(i) ?? []), span.rows, span.cols));
      }
      grid.push(row);
    }
    const filled = [...inCell.keys()].length;
    // Rules around a header only, over columns of text with no rules between them, leave cells
    // that hold several columns each: that table is better read from the text's alignment.
    // Counted in segments, not words: dot leaders would otherwise outweigh the columns.
    // Only a cell with a clear column gap counts: justified text spaces its words out at places
    // that differ from line to line, and list bullets stand apart from their text.
    let crowded = 0;
    let segments = 0;
    for (const ws of inCell.values()) {
      const columns = holdsColumns(ws) && !boxes.some((b) => between(b, ws));
      for (const l of toLines(ws)) {
        segments += l.segments.length;
        if (columns && l.segments.length >= 2) crowded += l.segments.length;
      }
    }
    if (segments > 0 && crowded / segments > 0.25) continue;
    const trimmed = dropEmptyLines(grid);
    // A frame around a paragraph or a page is not a table, nor are rules under lines of text
    // with no rule between columns: those are left to the unruled-table pass.
    if (filled < 2 || spanOf.size < 2 || Math.max(0, ...trimmed.map((r) => r.length)) < 2) continue;
    tables.push({ grid: trimmed, box, words: taken });
  }
  return tables.sort((a, b) => a.box.y0 - b.box.y0 || a.box.x0 - b.box.x0);
}

/** A checkbox's side, in points, at least and at most. */
const BOX_SIDE = { min: 4, max: 20 };

/**
 * A form's checkboxes: four rules closed into a small square, touching no other rule. Their
 * options ("☐ Yes ■ No") leave gaps a segment wide where the boxes stand, which are not a
 * cell's columns.
 */
function checkboxes(groups: { h: Rule[]; v: Rule[] }[]): Box[] {
  const out: Box[] = [];
  for (const { h, v } of groups) {
    if (h.length !== 2 || v.length !== 2) continue;
    const b = boxOf([...h, ...v]);
    const w = b.x1 - b.x0;
    const t = b.y1 - b.y0;
    if (Math.min(w, t) < BOX_SIDE.min || Math.max(w, t) > BOX_SIDE.max) continue;
    if (Math.abs(w - t) > 0.3 * Math.max(w, t)) continue;
    out.push(b);
  }
  return out;
}

/** Whether a box stands among words, between the first and the last of them on their lines. */
const between = (b: Box, words: Word[]) => {
  const box = boxOf(words);
  return b.x0 > box.x0 && b.x1 < box.x1 && b.y1 > box.y0 && b.y0 < box.y1;
};

const listMarker = /^[•◦▪▫●○■□‣⁃∙·◆◇►▸➢✓✔]$/;

/**
 * Whether a cell's words stand in columns: an x-range a segment gap wide or more that no word
 * of the cell crosses, with text on both sides, the left side not just list bullets.
 */
function holdsColumns(words: Word[]): boolean {
  const upright = words.filter((w) => !w.vertical).sort((a, b) => a.x0 - b.x0);
  let end = Number.NEGATIVE_INFINITY;
  let markersOnly = true;
  for (const w of upright) {
    if (Number.isFinite(end) && w.x0 - end >= SEGMENT_GAP * w.size && !markersOnly) return true;
    end = Math.max(end, w.x1);
    markersOnly &&= listMarker.test(w.text);
  }
  return false;
}

/**
 * Whether the text of a row stands apart at a column line the rules leave out (a header on a
 * filled band, say, drawn without rules between its cells): text on both sides of x = `at`
 * within the neighbouring columns [a, b], no word across it, and the closest words on the two
 * sides a segment gap apart or more, all on one line. Then the two cells stay apart; a cell
 * spanning the columns has text across the line, or on one side of it only.
 */
function columnGap(words: Word[], a: number, at: number, b: number): boolean {
  let leftEnd = Number.NEGATIVE_INFINITY;
  let rightStart = Number.POSITIVE_INFINITY;
  let size = 0;
  let top = Number.POSITIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const w of words) {
    if (w.x0 < at && w.x1 > at) return false;
    if (w.x1 <= at && w.x0 >= a - TOL) leftEnd = Math.max(leftEnd, w.x1);
    else if (w.x0 >= at && w.x1 <= b + TOL) rightStart = Math.min(rightStart, w.x0);
    else continue;
    size = Math.max(size, w.size);
    top = Math.min(top, w.baseline);
    bottom = Math.max(bottom, w.baseline);
  }
  // Text on both sides of the missing rule, or there is nothing to keep apart.
  if (leftEnd === Number.NEGATIVE_INFINITY || rightStart === Number.POSITIVE_INFINITY) return false;
  // One line of text only: a taller unruled stretch is a body the rules leave to the text.
  if (bottom - top > 0.35 * size) return false;
  return rightStart - leftEnd >= SEGMENT_GAP * size;
}

/**
 * A ruled row whose cells hold several records: tables that rule their columns (and the header)
 * but not the rows of the body put all of the body into one tall row. Its text lines become rows
 * of their own when they plainly are records: every line starts with text in the first column
 * (one line a record), or wider gaps than the line pitch part the lines into records (a record's
 * wrapped lines sit closer). At least three records, two of them filling two columns or more;
 * anything else (a ruled row with wrapped cells, lines centred against each other) stays one row.
 * Rows crossed by a cell spanning rows are left alone.
 */
function unruledRecords(
  r: number,
  nc: number,
  anchorOf: number[],
  spanOf: Map<number, { rows: number; cols: number }>,
  inCell: Map<number, Word[]>,
): TableGrid | null {
  const first = r * nc;
  if (anchorOf[first] !== first) return null;
  const anchors: number[] = [];
  for (let c = 0; c < nc; c++) {
    const i = r * nc + c;
    if (anchorOf[i] !== i) {
      if (Math.floor((anchorOf[i] as number) / nc) !== r) return null;
      continue;
    }
    if ((spanOf.get(i)?.rows ?? 1) !== 1) return null;
    anchors.push(i);
  }
  const words = anchors.flatMap((i) => (inCell.get(i) ?? []).filter((w) => !w.vertical));
  if (words.length < 6) return null;
  const lines = toLines(words, Number.POSITIVE_INFINITY).map((l) => l.segments.flatMap((s) => s.words));
  if (lines.length < 3) return null;
  const anchorOfWord = new Map<Word, number>();
  for (const i of anchors) for (const w of inCell.get(i) ?? []) anchorOfWord.set(w, i);
  const baseline = (ws: Word[]) => (ws[0] as Word).baseline;
  const deltas = lines.slice(1).map((l, k) => baseline(l) - baseline(lines[k] as Word[]));
  // The line pitch: the closest two lines of one cell (lines of different cells may sit apart).
  const inCellDeltas = anchors.flatMap((i) => {
    const bs = clusterValues(
      (inCell.get(i) ?? []).filter((w) => !w.vertical).map((w) => w.baseline),
      0.35 * median((inCell.get(i) ?? []).map((w) => w.size)),
    );
    return bs.slice(1).map((b, k) => b - (bs[k] as number));
  });
  const pitch = inCellDeltas.length ? Math.min(...inCellDeltas) : 0;
  let records: Word[][][];
  if (lines.every((l) => l.some((w) => anchorOfWord.get(w) === first))) records = lines.map((l) => [l]);
  else if (pitch > 0 && Math.max(...deltas) > 1.5 * pitch) {
    records = [[lines[0] as Word[]]];
    deltas.forEach((d, k) => {
      const l = lines[k + 1] as Word[];
      if (d > 1.5 * pitch) records.push([l]);
      else records[records.length - 1]?.push(l);
    });
  } else return null;
  const filled = records.filter(
    (rec) => new Set(rec.flat().map((w) => anchorOfWord.get(w))).size >= 2,
  ).length;
  if (records.length < 3 || filled < 2) return null;
  return records.map((rec) => {
    const byAnchor = new Map<number, Word[]>();
    for (const w of rec.flat()) {
      const a = anchorOfWord.get(w) as number;
      const held = byAnchor.get(a);
      if (held) held.push(w);
      else byAnchor.set(a, [w]);
    }
    const row: TableGrid[number] = [];
    for (let c = 0; c < nc; c++) {
      const i = r * nc + c;
      if (anchorOf[i] !== i) row.push(null);
      else row.push(cell(cellText(byAnchor.get(i) ?? []), 1, spanOf.get(i)?.cols ?? 1));
    }
    return row;
  });
}

/**
 * A ruled header row holding a group header over its columns' own headers, with no rule between
 * the two: "Pre-Pawn" centred over "Handgun  Long Gun  *Other", the three columns ruled apart
 * only below. The rules make one cell of the group, and its column headers would run together in
 * it. The row becomes two: the group's label spanning its columns, then a header for each column.
 * A cell qualifies when its last line stands in two or more of the columns it covers, each
 * column's part one phrase inside it, and the lines above are the label: one phrase a line,
 * across a column line or centred over the columns (the lines of wrapped column headers stand in
 * their own columns, side by side). Other cells of the row span both rows. Rows crossed by a
 * cell spanning rows are left alone.
 */
function groupHeaderRows(
  r: number,
  xs: number[],
  anchorOf: number[],
  spanOf: Map<number, { rows: number; cols: number }>,
  inCell: Map<number, Word[]>,
): TableGrid | null {
  const nc = xs.length - 1;
  const groups = new Map<number, { label: Word[]; columns: Word[][] }>();
  for (let c = 0; c < nc; c++) {
    const i = r * nc + c;
    if (anchorOf[i] !== i) {
      if (Math.floor((anchorOf[i] as number) / nc) !== r) return null;
      continue;
    }
    const span = spanOf.get(i) ?? { rows: 1, cols: 1 };
    if (span.rows !== 1) return null;
    if (span.cols < 2) continue;
    const words = inCell.get(i) ?? [];
    if (words.some((w) => w.vertical)) continue;
    const lines = toLines(words);
    const last = lines[lines.length - 1];
    if (!last || lines.length < 2) continue;
    // Which of the covered columns holds the whole of a segment, or -1 when it crosses a line.
    const columnOf = (b: Box) => {
      for (let k = c; k < c + span.cols; k++)
        if (b.x0 >= (xs[k] as number) - TOL && b.x1 <= (xs[k + 1] as number) + TOL) return k - c;
      return -1;
    };
    const placed = last.segments.map(columnOf);
    if (placed.includes(-1) || new Set(placed).size !== placed.length || placed.length < 2) continue;
    // The label: one phrase a line, across a column line or centred over the columns.
    const labelLines = lines.slice(0, -1);
    if (labelLines.some((l) => l.segments.length !== 1)) continue;
    const above = labelLines.flatMap((l) => l.segments);
    const label = boxOf(above);
    const [from, to] = [xs[c] as number, xs[c + span.cols] as number];
    const centred = Math.abs((label.x0 + label.x1) / 2 - (from + to) / 2) <= 0.1 * (to - from);
    if (!centred && !above.some((sg) => columnOf(sg) === -1)) continue;
    const columns: Word[][] = Array.from({ length: span.cols }, () => []);
    for (const [k, sg] of last.segments.entries()) columns[placed[k] as number]?.push(...sg.words);
    groups.set(i, { label: above.flatMap((sg) => sg.words), columns });
  }
  if (!groups.size) return null;
  const top: TableGrid[number] = [];
  const bottom: TableGrid[number] = [];
  for (let c = 0; c < nc; c++) {
    const i = r * nc + c;
    if (anchorOf[i] !== i) {
      top.push(null);
      if (!groups.has(anchorOf[i] as number)) bottom.push(null);
      continue;
    }
    const cols = spanOf.get(i)?.cols ?? 1;
    const group = groups.get(i);
    if (group) {
      top.push(cell(cellText(group.label), 1, cols));
      for (const words of group.columns) bottom.push(cell(cellText(words)));
    } else {
      top.push(cell(cellText(inCell.get(i) ?? []), 2, cols));
      bottom.push(null);
    }
  }
  return [top, bottom];
}

/**
 * Rows and columns where every position is an empty, unspanned cell are artefacts (double rules,
 * decorative bands); positions covered by spans are never dropped, so spans stay consistent.
 */
export function dropEmptyLines(grid: TableGrid): TableGrid {
  const blank = (x: TableGrid[number][number] | undefined) =>
    x != null && x.text === "" && x.rowSpan === 1 && x.colSpan === 1;
  // A row of empty cells, some spanning columns but none rows, and none reaching into it from
  // above (its cells cover its width), goes too.
  const emptyRow = (r: TableGrid[number]) =>
    r.every((x) => x === null || (x.text === "" && x.rowSpan === 1)) &&
    r.reduce((n, x) => n + (x?.colSpan ?? 0), 0) === r.length;
  const rows = grid.filter((r) => !emptyRow(r));
  const width = Math.max(0, ...rows.map((r) => r.length));
  const keep = Array.from({ length: width }, (_, c) => !rows.every((r) => blank(r[c])));
  return rows.map((r) => r.filter((_, c) => keep[c]));
}
