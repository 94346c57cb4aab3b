import { neutralizeHtml, tableToMarkdown } from "../../exports/table-formats.ts";
import type { BBox, ExtractedTable, PageElement } from "../extractor.ts";
import { textRows } from "../table-model.ts";
import {
  type Element,
  hyphenatedWords,
  pageBody,
  paragraphForm,
  paragraphs,
  readingOrder,
} from "./blocks.ts";
import { repairThousandsCommas } from "./figure-separators.ts";
import { footnotesLast } from "./footnotes.ts";
import type { Box } from "./geometry.ts";
import { type FoundTable, latticeTables, type Rule } from "./lattice.ts";
import { type Line, onSameLine, rightToLeftWords, toLines } from "./lines.ts";
import { columnGroups } from "./page-columns.ts";
import { type Gutter, linesByColumn, orderByGutters, pageGutters, splitAtGutters } from "./page-gutters.ts";
import { orderByRegions, pageRegions, type Region, regionIndex } from "./page-regions.ts";
import { beatenByProse } from "./prose-evidence.ts";
import { mirroredOrder, rightToLeftLines, rightToLeftPage } from "./right-to-left.ts";
import { type ShadedRegion, shadedRegions } from "./shaded-regions.ts";
import { streamTables } from "./stream.ts";
import type { ReadingFrame, Word } from "./words.ts";

/** What one page's layout remembers for the next pages. */
export type LayoutMemory = {
  /** Margin lines (digits masked) seen once on an earlier page: running headers and footers. */
  margins: Set<string>;
  /** Margin lines seen several times on one page: content (table rows), never dropped. */
  content: Set<string>;
  /** The gutters of the last page that had columns: a later page may keep them. */
  gutters: Gutter[];
};
export const newLayoutMemory = (): LayoutMemory => ({ margins: new Set(), content: new Set(), gutters: [] });

const MARGIN = 0.08; // top and bottom share of the page where running headers and footers live
const MAX_MARGIN = 108; // points: on a very tall page the band is an inch and a half, not 8% of it
const pageNumber =
  /^((page|p\.|seite|página)\s*)?[-–—(]?\s*\d{1,4}\s*[-–—)]?(\s*(of|\/|de|von)\s*\d{1,4})?$/i;
const romanNumber = /^[ivxlc]{1,6}$/i;
const marginKey = (s: string) => s.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();

/**
 * Drops running headers, footers and page numbers: margin lines that are page numbers or repeat
 * across pages. A running header stands once on a page: lines alike on one page (the rows of a
 * table reaching into the margin, "Item # #.# #%" once digits are masked) are content, on this
 * page and on the next ones.
 */
function dropMargins(
  lines: Line[],
  frame: ReadingFrame,
  memory: LayoutMemory,
): { kept: Line[]; dropped: Line[] } {
  const band = Math.min(frame.height * MARGIN, MAX_MARGIN);
  // The margin lines, each with its text and key, read once.
  const margin = new Map<Line, { text: string; key: string }>();
  const onThisPage = new Map<string, number>();
  for (const l of lines) {
    if (!(l.y1 < band || l.y0 > frame.height - band)) continue;
    const text = l.segments
      .map((s) => s.text)
      .join(" ")
      .trim();
    const key = marginKey(text);
    margin.set(l, { text, key });
    onThisPage.set(key, (onThisPage.get(key) ?? 0) + 1);
  }
  const kept: Line[] = [];
  const dropped: Line[] = [];
  for (const l of lines) {
    const m = margin.get(l);
    const drop =
      !!m &&
      (pageNumber.test(m.text) ||
        romanNumber.test(m.text) ||
        (memory.margins.has(m.key) && onThisPage.get(m.key) === 1 && !memory.content.has(m.key)));
    (drop ? dropped : kept).push(l);
  }
  for (const [key, n] of onThisPage) (n > 1 ? memory.content : memory.margins).add(key);
  return { kept, dropped };
}

/** Boxes in viewport coordinates (as graphics.ts gives them) in the reading frame's. */
export function boxesInFrame(boxes: readonly Box[], frame: ReadingFrame): Box[] {
  return boxes.map((b) => {
    const [ax, ay] = frame.map(b.x0, b.y0);
    const [bx, by] = frame.map(b.x1, b.y1);
    return { x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) };
  });
}

export function rulesInFrame(
  segments: { x0: number; y0: number; x1: number; y1: number }[],
  frame: ReadingFrame,
) {
  const horizontals: Rule[] = [];
  const verticals: Rule[] = [];
  for (const s of segments) {
    const [ax, ay] = frame.map(s.x0, s.y0);
    const [bx, by] = frame.map(s.x1, s.y1);
    if (Math.abs(ay - by) <= 0.5)
      horizontals.push({ x0: Math.min(ax, bx), x1: Math.max(ax, bx), y0: (ay + by) / 2, y1: (ay + by) / 2 });
    else if (Math.abs(ax - bx) <= 0.5)
      verticals.push({ y0: Math.min(ay, by), y1: Math.max(ay, by), x0: (ax + bx) / 2, x1: (ax + bx) / 2 });
  }
  return { horizontals, verticals };
}

/**
 * The words of the stream tables found among the lines as the page's layout finds them when it
 * has no gutters: the tables a shaded region must not cut across.
 */
function streamTableWords(lines: Line[], horizontals: Rule[], words: readonly Word[]): Set<Word>[] {
  const vertical = words.filter((w) => w.vertical);
  return columnGroups(lines, horizontals).flatMap((group) =>
    streamTables(group, horizontals, vertical)
      .filter((t) => !beatenByProse(textRows(t.grid), [...t.words]))
      .map((t) => t.words),
  );
}

/** The rules that lie within the box. */
function rulesWithin(rules: { horizontals: Rule[]; verticals: Rule[] }, b: Box) {
  const inside = (r: Rule) => r.x0 >= b.x0 - 1 && r.x1 <= b.x1 + 1 && r.y0 >= b.y0 - 1 && r.y1 <= b.y1 + 1;
  return { horizontals: rules.horizontals.filter(inside), verticals: rules.verticals.filter(inside) };
}

export type PageLayout = {
  markdown: string;
  text: string;
  tables: ExtractedTable[];
  elements: PageElement[];
  width: number;
  height: number;
  /** Whether the page's body starts and ends with a table: where a table may continue across pages. */
  startsWithTable: boolean;
  endsWithTable: boolean;
};

const round = (n: number) => Math.round(n * 100) / 100;
const bboxOf = (b: { x0: number; y0: number; x1: number; y1: number }): BBox => [
  round(b.x0),
  round(b.y0),
  round(b.x1),
  round(b.y1),
];

/**
 * The page's elements with its margin lines added where they stand: headers (the top band) first,
 * footers (the bottom band) last, each line an element of its own.
 */
function withMargins(body: PageElement[], margins: Line[], frame: ReadingFrame): PageElement[] {
  const element = (l: Line, type: "header" | "footer"): PageElement => ({
    type,
    text: l.segments
      .map((s) => s.text)
      .join(" ")
      .trim(),
    bbox: bboxOf(l),
  });
  const sorted = [...margins].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const top = sorted.filter((l) => l.y1 < frame.height / 2).map((l) => element(l, "header"));
  const bottom = sorted.filter((l) => l.y1 >= frame.height / 2).map((l) => element(l, "footer"));
  return [...top, ...body, ...bottom];
}

/** Smallest side of a figure (points): smaller images are bullets, rules drawn as images, specks. */
const MIN_FIGURE_SIDE = 16;
/** Share of the page an image may cover and be a figure: more is a background, or the page scanned. */
const MAX_FIGURE_SHARE = 0.8;
/** Words standing on an image that make it text set over a picture, not a figure. */
const MAX_FIGURE_WORDS = 2;

/**
 * The page's figures: images of some size (tiles of one picture joined) that carry no text,
 * top to bottom.
 */
function figuresOf(images: readonly Box[], words: readonly Word[], frame: ReadingFrame): Box[] {
  const page = frame.width * frame.height;
  const boxes = images
    .filter((b) => b.x1 - b.x0 >= MIN_FIGURE_SIDE && b.y1 - b.y0 >= MIN_FIGURE_SIDE)
    .filter((b) => (b.x1 - b.x0) * (b.y1 - b.y0) <= MAX_FIGURE_SHARE * page)
    .map((b) => ({ ...b }));
  // Tiles that touch or overlap are one picture.
  const joined: Box[] = [];
  for (const b of boxes.sort((a, c) => a.y0 - c.y0 || a.x0 - c.x0)) {
    const into = joined.find(
      (j) => b.x0 <= j.x1 + 1 && b.x1 >= j.x0 - 1 && b.y0 <= j.y1 + 1 && b.y1 >= j.y0 - 1,
    );
    if (into) {
      into.x0 = Math.min(into.x0, b.x0);
      into.y0 = Math.min(into.y0, b.y0);
      into.x1 = Math.max(into.x1, b.x1);
      into.y1 = Math.max(into.y1, b.y1);
    } else joined.push(b);
  }
  const inside = (b: Box, w: Word) => {
    const x = (w.x0 + w.x1) / 2;
    const y = (w.y0 + w.y1) / 2;
    return x > b.x0 && x < b.x1 && y > b.y0 && y < b.y1;
  };
  return joined.filter((b) => words.filter((w) => inside(b, w)).length <= MAX_FIGURE_WORDS);
}

/** Figures placed among the page's elements by where they stand: before the first element that starts below them. */
function withFigures(elements: PageElement[], figures: readonly Box[]): PageElement[] {
  const out = [...elements];
  figures.forEach((f, index) => {
    const at = out.findIndex((e) => e.type !== "header" && e.bbox[1] > f.y0);
    const figure: PageElement = { type: "figure", text: "", bbox: bboxOf(f), figure: index };
    const lastBody = out.findLastIndex((e) => e.type !== "footer");
    out.splice(at >= 0 ? at : lastBody + 1, 0, figure);
  });
  return out;
}

/** Lays out words (from the text layer, or OCR) and rules into markdown and tables. */
export function layoutWords(
  words: Word[],
  rules: { horizontals: Rule[]; verticals: Rule[] },
  frame: ReadingFrame,
  memory: LayoutMemory,
  /**
   * `lines`: toLines(words), when the caller has them already. `images`: where the page draws
   * images (its figures are found among them). `fills`: filled rectangles (not rules), where
   * large ones holding text bound regions of their own.
   */
  opts: { tables: boolean; lines?: Line[]; images?: readonly Box[]; fills?: readonly Box[] },
): PageLayout {
  const found: FoundTable[] = [];
  let rest = words;
  const rtl = rightToLeftWords(words);
  // Grids of a right-to-left page that read as lines: their cells come out as paragraphs, row
  // by row from the right, where the grid stands.
  const asLines = new Set<FoundTable>();
  if (opts.tables) {
    for (const t of latticeTables(rules.horizontals, rules.verticals, rest)) {
      if (rtl && rightToLeftLines(t.grid)) asLines.add(t);
      found.push(t);
      rest = rest.filter((w) => !t.words.has(w));
    }
  }
  // A sidebar or band that a fill bounds is laid out on its own, and placed as one block.
  let whole: Set<Word>[] | undefined;
  const pageTables = () => {
    whole ??= opts.tables ? streamTableWords(toLines(rest), rules.horizontals, rest) : [];
    return whole;
  };
  const regions: ShadedRegion[] = opts.fills?.length
    ? shadedRegions(opts.fills, rest, frame, pageTables)
    : [];
  const inRegion = new Set(regions.flatMap((r) => r.words));
  if (inRegion.size) rest = rest.filter((w) => !inRegion.has(w));
  const regionLayouts = regions.map((r) =>
    layoutWords(
      r.words,
      rulesWithin(rules, r.box),
      frame,
      // The document's margins are shared; its gutters are those of the page around the region.
      { margins: memory.margins, content: memory.content, gutters: [] },
      { tables: opts.tables },
    ),
  );
  // Unless a ruled table took some of the words, the lines are those of all of them.
  const { kept: lines, dropped } = dropMargins(
    rest === words && opts.lines ? opts.lines : toLines(rest),
    frame,
    memory,
  );
  // Columns from the whole page: its gutters, found once from the lines a ruled table left,
  // shaded regions' included (a box of text set over a gap in the page crosses it still).
  const gutterLines = regions.length ? [...lines, ...regions.flatMap((r) => toLines(r.words))] : lines;
  const gutters = pageGutters(gutterLines, pageBody(gutterLines).size, memory.gutters, rules.verticals);
  if (gutters.length) memory.gutters = gutters;
  if (opts.tables) {
    const vertical = rest.filter((w) => w.vertical);
    // On a page whose gutters part columns of prose, each column is searched on its own.
    const groups = gutters.length ? linesByColumn(lines, gutters) : [lines];
    // Prose whose lines happen to share gaps (justified columns, say) stays prose.
    for (const group of groups.flatMap((g) => columnGroups(g, rules.horizontals)))
      for (const t of streamTables(group, rules.horizontals, vertical))
        if (!beatenByProse(textRows(t.grid), [...t.words])) {
          if (rtl && rightToLeftLines(t.grid)) asLines.add(t);
          found.push(t);
        }
  }
  // Tables read by OCR (its words are whole words) get their misread thousands commas back.
  for (const t of found) if ([...t.words].every((w) => w.whole)) t.grid = repairThousandsCommas(t.grid);
  const inTable = new Set(found.flatMap((t) => [...t.words]));
  const bodyLines: Line[] = [];
  for (const l of lines) {
    const segments = l.segments.filter((s) => !s.words.every((w) => inTable.has(w)));
    if (segments.length) bodyLines.push({ ...l, segments });
  }
  const { size, typed } = pageBody(bodyLines);
  // A page with no gutter of its own may have stretches with gutters (its column count changes),
  // found in the lines tables left: a table's clear gaps between its columns are no gutters.
  const stretches = gutters.length ? [] : pageRegions(bodyLines, size, rules.verticals);
  // Lines of justified columns run together across a narrow gutter are cut at it.
  const columnLines = bodyLines.map((l) =>
    splitAtGutters(l, stretches.length ? (stretches[regionIndex(stretches, l)] as Region).gutters : gutters),
  );
  // Fixed-pitch lines are code only on a page whose body is not itself fixed-pitch.
  const codeSize = typed ? null : size;
  const elements: Element[] = [
    // Each segment is placed on its own, so a gutter between columns is visible to the cut.
    ...columnLines.flatMap((line) =>
      line.segments.map(
        (sg): Element => ({
          kind: "line",
          // Its own size: a heading in the other column, on the same baseline, is not its size.
          line: { ...line, segments: [sg], x0: sg.x0, x1: sg.x1, size: sg.size },
          x0: sg.x0,
          y0: sg.y0,
          x1: sg.x1,
          y1: sg.y1,
        }),
      ),
    ),
    ...found.map((t, index): Element => ({ kind: "table", index, ...t.box })),
    ...regions.map((r, index): Element => ({ kind: "region", index, ...r.box })),
  ];
  const figures = figuresOf(opts.images ?? [], words, frame);
  const order = (els: Element[], flip: <B extends { x0: number; x1: number }>(b: B) => B) =>
    gutters.length
      ? orderByGutters(
          els,
          size,
          gutters.map(flip).sort((a, b) => a.x0 - b.x0),
          figures.map(flip),
        )
      : stretches.length
        ? orderByRegions(els, size, stretches, figures, flip)
        : readingOrder(els, size);
  const ordered = footnotesLast(
    rightToLeftPage(bodyLines) ? mirroredOrder(elements, order) : order(elements, (b) => b),
    size,
    frame.height,
  );
  const hyphenated = hyphenatedWords(bodyLines);
  const isTable = (e: Element | undefined) =>
    e?.kind === "table" && !asLines.has(found[e.index] as FoundTable);

  const md: string[] = [];
  const text: string[] = [];
  const tables: ExtractedTable[] = [];
  const placed: PageElement[] = [];
  const regionMargins: PageElement[] = [];
  let pending: Line[] = [];
  const flush = () => {
    // Segments read one after another on the same baseline join back into one line.
    const merged: Line[] = [];
    for (const l of pending) {
      const prev = merged[merged.length - 1];
      if (prev && onSameLine(prev, l)) {
        merged[merged.length - 1] = {
          ...prev,
          segments: [...prev.segments, ...l.segments],
          x1: Math.max(prev.x1, l.x1),
          size: Math.max(prev.size, l.size),
        };
      } else {
        merged.push(l);
      }
    }
    for (const p of paragraphs(merged, codeSize, hyphenated)) {
      const form = paragraphForm(p, size);
      md.push(form.markdown);
      text.push(p.text);
      placed.push({
        type: form.type,
        ...(form.level ? { level: form.level } : {}),
        text: form.text,
        bbox: bboxOf(p.box),
        order: placed.length,
      });
    }
    pending = [];
  };
  for (const e of ordered) {
    if (e.kind === "line") {
      pending.push(e.line);
      continue;
    }
    flush();
    if (e.kind === "region") {
      const inner = regionLayouts[e.index] as PageLayout;
      if (inner.markdown) md.push(inner.markdown);
      if (inner.text) text.push(inner.text);
      for (const el of inner.elements) {
        // Its running heads and feet (no place in the order) go with the page's.
        if (el.order === undefined) regionMargins.push(el);
        else
          placed.push({
            ...el,
            ...(el.table !== undefined ? { table: el.table + tables.length } : {}),
            order: placed.length,
          });
      }
      tables.push(...inner.tables);
      continue;
    }
    const t = found[e.index] as FoundTable;
    if (asLines.has(t)) {
      for (const row of textRows(t.grid))
        for (const cell of [...row].reverse()) {
          const said = cell.replace(/\s+/g, " ").trim();
          if (!said) continue;
          md.push(neutralizeHtml(said));
          text.push(said);
          placed.push({ type: "paragraph", text: said, bbox: bboxOf(t.box), order: placed.length });
        }
      continue;
    }
    const rows = textRows(t.grid)
      .map((r) => r.join("\t"))
      .join("\n");
    placed.push({
      type: "table",
      text: rows,
      bbox: bboxOf(t.box),
      table: tables.length,
      order: placed.length,
    });
    tables.push({ grid: t.grid, bbox: bboxOf(t.box) });
    md.push(tableToMarkdown(t.grid));
    text.push(rows);
  }
  flush();
  return {
    markdown: md.join("\n\n"),
    text: text.join("\n\n"),
    tables,
    elements: [...withMargins(withFigures(placed, figures), dropped, frame), ...regionMargins],
    width: frame.width,
    height: frame.height,
    startsWithTable: isTable(ordered[0]),
    endsWithTable: isTable(ordered[ordered.length - 1]),
  };
}
