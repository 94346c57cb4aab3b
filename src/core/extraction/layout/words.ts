import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextRun } from "../ocr.ts";
import { joinDropCaps } from "./drop-caps.ts";
import type { Box } from "./geometry.ts";
import { dropLineNumbers } from "./line-numbers.ts";
import { isRtl, normalizeText } from "./normalize-text.ts";
import { seatSuperscripts } from "./superscripts.ts";

/**
 * A page's words, from the text layer or OCR alike, with a drop cap put back in front of the word
 * it begins, superscripts seated on their line and a margin's line numbers taken out (drop-caps.ts,
 * superscripts.ts, line-numbers.ts).
 */
const tidyWords = (words: Word[]): Word[] => dropLineNumbers(seatSuperscripts(joinDropCaps(words)));

/** A word (or an unbroken run of CJK text) in the reading frame. */
export type Word = Box & {
  text: string;
  /** Font size in points. */
  size: number;
  /** Baseline y for upright words; for words running across the frame, their bottom. */
  baseline: number;
  /** True for text that does not run in the frame's reading direction (a vertical header, say). */
  vertical: boolean;
  rtl: boolean;
  bold: boolean;
  /** Set in a fixed-pitch font (code, typed text). */
  mono: boolean;
  /**
   * A whole word as OCR read it: a space stands between it and the next whole word, however
   * close their boxes (the text layer's words are joined by the gap between them instead).
   */
  whole?: boolean;
  /** A superscript seated on the baseline of the word it touches (superscripts.ts). */
  raised?: boolean;
};

/**
 * The frame the page reads in: the displayed page (viewport, /Rotate applied), turned further by
 * a multiple of 90 degrees when most of its text runs that way, so a table printed sideways on
 * an upright page reads left to right. Coordinates are points, origin top-left.
 */
export type ReadingFrame = {
  width: number;
  height: number;
  /** Extra rotation applied after the viewport, in degrees clockwise. */
  turn: 0 | 90 | 180 | 270;
  /** Viewport point -> frame point. */
  map: (x: number, y: number) => [number, number];
};

type RawItem = {
  str: string;
  dir?: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
};

function makeFrame(width: number, height: number, turn: 0 | 90 | 180 | 270): ReadingFrame {
  // Rotating text that runs at angle θ (y down) back to 0 means turning the page by -θ.
  const map = (x: number, y: number): [number, number] => {
    switch (turn) {
      case 90: // text ran downwards (θ = 90): turn counter-clockwise
        return [y, width - x];
      case 180:
        return [width - x, height - y];
      case 270: // text ran upwards (θ = -90): turn clockwise
        return [height - y, x];
      default:
        return [x, y];
    }
  };
  const swap = turn === 90 || turn === 270;
  return { width: swap ? height : width, height: swap ? width : height, turn, map };
}

const quarter = (dx: number, dy: number): 0 | 90 | 180 | 270 => {
  const a = (Math.round((Math.atan2(dy, dx) * 180) / Math.PI / 90) * 90 + 360) % 360;
  return a as 0 | 90 | 180 | 270;
};

/**
 * A page's text content as pdfjs gives it, the viewport to place it in, the fonts its text uses
 * (pdfjs ids), and which of them are fixed-pitch by what pdfjs says of them in the text content
 * (family "monospace": the FixedPitch flag, or all of the font's widths equal).
 */
export type PageText = {
  items: RawItem[];
  viewport: { width: number; height: number; transform: number[] };
  fonts: Set<string>;
  monospace: Set<string>;
};

export async function pageText(page: PDFPageProxy): Promise<PageText> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const items = content.items as RawItem[];
  const styles = content.styles as Record<string, { fontFamily?: string }>;
  const fonts = new Set<string>();
  // Equal widths are also what a CJK font (every glyph full width), a subset of digits only or
  // OCR's invisible GlyphLessFont have: only a font that sets Latin letters on this page, and no
  // CJK, is taken at pdfjs's word.
  const latin = new Set<string>();
  const cjk = new Set<string>();
  for (const it of items) {
    if (!("str" in it) || !hasText(it.str)) continue;
    fonts.add(it.fontName);
    if (styles[it.fontName]?.fontFamily !== "monospace") continue;
    if (/[A-Za-z]/.test(it.str)) latin.add(it.fontName);
    if (wide.test(it.str)) cjk.add(it.fontName);
  }
  const monospace = new Set([...latin].filter((f) => !cjk.has(f)));
  return { items, viewport, fonts, monospace };
}

/** A font's weight and pitch by its pdfjs id (DocumentFonts is one). */
export type FontLookup = { isBold: (font: string) => boolean; isMono: (font: string) => boolean };

/**
 * A page's words. `fonts` tells a font's weight and pitch from its own name (see DocumentFonts);
 * a font the text content calls monospace is fixed-pitch either way.
 */
export const pageWords = (text: PageText, fonts: FontLookup) =>
  textContentWords(
    text.items,
    { isBold: fonts.isBold, isMono: (font) => text.monospace.has(font) || fonts.isMono(font) },
    text.viewport,
  );

/** An item placed in the viewport: origin, unit direction along the baseline, unit "up". */
type Placed = {
  it: RawItem;
  size: number;
  ox: number;
  oy: number;
  dx: number;
  dy: number;
  upx: number;
  upy: number;
};

/**
 * The words of a page's text content (pdfjs items) in its reading frame. This runs for every
 * page, so it works on numbers, not on point arrays: the viewport transform is applied by hand
 * and each word's box is the min/max of its four corners.
 */
export function textContentWords(
  rawItems: RawItem[],
  fonts: FontLookup,
  viewport: { width: number; height: number; transform: number[] },
): { words: Word[]; frame: ReadingFrame } {
  // User space -> viewport is affine; its linear part turns directions, all of it turns points.
  const [va = 1, vb = 0, vc = 0, vd = 1, ve = 0, vf = 0] = viewport.transform;
  const placed: Placed[] = [];
  for (const it of rawItems) {
    if (!("str" in it) || !hasText(it.str)) continue;
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = it.transform;
    const along = Math.hypot(a, b);
    const up = Math.hypot(c, d) || 1;
    const size = along || up;
    // Unit vectors in user space, then through the viewport's linear part.
    const ax = a / size;
    const ay = b / size;
    const ux = c / up;
    const uy = d / up;
    placed.push({
      it,
      size,
      ox: va * e + vc * f + ve,
      oy: vb * e + vd * f + vf,
      dx: va * ax + vc * ay,
      dy: vb * ax + vd * ay,
      upx: va * ux + vc * uy,
      upy: vb * ux + vd * uy,
    });
  }

  // The direction most of the text runs in decides the frame.
  const weight = new Map<number, number>();
  for (const p of placed) {
    const q = quarter(p.dx, p.dy);
    weight.set(q, (weight.get(q) ?? 0) + p.it.str.length);
  }
  let turn: 0 | 90 | 180 | 270 = 0;
  let best = -1;
  for (const [q, w] of weight) {
    if (w > best || (w === best && q === 0)) {
      best = w;
      turn = q as 0 | 90 | 180 | 270;
    }
  }
  const frame = makeFrame(viewport.width, viewport.height, turn);
  const { width, height } = viewport;
  // The frame's map, unrolled into x and y so no pair is allocated per point.
  const fx = (x: number, y: number) =>
    turn === 90 ? y : turn === 180 ? width - x : turn === 270 ? height - y : x;
  const fy = (x: number, y: number) =>
    turn === 90 ? width - x : turn === 180 ? height - y : turn === 270 ? x : y;

  const words: Word[] = [];
  for (const p of placed) {
    const text = normalizeText(p.it.str);
    const bold = fonts.isBold(p.it.fontName);
    const mono = fonts.isMono(p.it.fontName);
    const vertical = quarter(p.dx, p.dy) !== turn;
    // pdfjs gives right-to-left runs in logical order: their first word stands at the right.
    const rtl = p.it.dir === "rtl" || (isRtl(text) && !/[A-Za-z0-9]/.test(text));
    // Runs are split at spaces; positions within a run are proportional to characters, the
    // best estimate without glyph widths (exact at the run's ends, where column gaps are).
    const perChar = (p.it.width || p.size * 0.5 * text.length) / Math.max(1, text.length);
    const re = rtl ? /\S+/g : groupedOrWord;
    const top = 0.8 * p.size;
    const bottom = -0.2 * p.size;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const from = rtl ? text.length - m.index - m[0].length : m.index;
      const start = from * perChar;
      const end = (from + m[0].length) * perChar;
      let x0 = Number.POSITIVE_INFINITY;
      let x1 = Number.NEGATIVE_INFINITY;
      let y0 = Number.POSITIVE_INFINITY;
      let y1 = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < 4; k++) {
        const s = k < 2 ? start : end;
        const u = k % 2 === 0 ? top : bottom;
        const vx = p.ox + p.dx * s + p.upx * u;
        const vy = p.oy + p.dy * s + p.upy * u;
        const x = fx(vx, vy);
        const y = fy(vx, vy);
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
      const bx = p.ox + p.dx * start;
      const by = p.oy + p.dy * start;
      // Fields written out, not spread from a box: objects of one shape keep every later read
      // of them fast.
      words.push({
        x0,
        x1,
        y0,
        y1,
        text: m[0],
        size: p.size,
        baseline: vertical ? y1 : fy(bx, by),
        vertical,
        rtl,
        bold,
        mono,
      });
    }
  }
  return { words: tidyWords(words), frame };
}

/**
 * A word, or an amount whose thousands are set apart by spaces ("1 150,00", "EUR 15 833,50" holds
 * one): French, Swiss and Nordic figures, which split at the space would put "15" and "833,50" in
 * two columns. Only with a decimal part, so "25 100" (a quantity and a price, perhaps) stays two.
 */
const groupedOrWord = /(?<!\S)[-\u2212(]?\d{1,3}(?: \d{3})+[.,]\d{1,2}\)?(?!\S)|\S+/g;

/** CJK ideographs, kana, hangul and full-width forms: set at equal widths in any font. */
const wide = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/;

/** Whether a string holds anything but white space (what trim() keeps), without building a trimmed copy. */
const hasText = (s: string) => /\S/.test(s);

/** Space between two runs of one line, in font sizes, that still joins ideographs into one word. */
const IDEOGRAPH_JOIN_GAP = 0.6;

/**
 * Space, in font sizes, under which the two pieces of an amount cut at its decimal point are one
 * word: in a fixed-pitch face the point has a whole character's width to itself, and OCR reads
 * "4,433.97" as "4,433." and "97". A word space there is wider (a character and more).
 */
const AMOUNT_JOIN_GAP = 0.4;

/** Two characters that meet in CJK text with no space: ideographs, or an ideograph and a figure ("平成26年"). */
const ideographMeets = (last: string, first: string) =>
  (wide.test(last) && (wide.test(first) || /\d/.test(first))) || (/\d/.test(last) && wide.test(first));

/** What may be the left piece of an amount cut at its point ("4,433.", "67"), and the right one ("97", ".50", "9%"). */
const amountLeft = /^[-\u2212(+$€£]?\d[\d,.]*$/;
const amountRight = /^[.,]?\d{1,3}[%)]?$/;

/** An amount cut at its decimal point or comma: "4,433." and "97", "67" and ".50", "63." and "9%". */
const amountPieces = (prev: string, next: string) =>
  (/^[-\u2212(+$€£]?\d[\d,.]*[.,]$/.test(prev) && /^\d{1,3}[%)]?$/.test(next)) ||
  (/^[-\u2212(+$€£]?\d[\d,]*$/.test(prev) && /^[.,]\d{1,3}[%)]?$/.test(next));

/** Two runs of one line (baselines within a third of their size), `b` reaching past `a`'s end. */
const sameLine = (a: TextRun, b: TextRun, size: number) =>
  Math.abs(a.y - b.y) < 0.3 * size && b.x + b.width > a.x + a.width;

/** Two runs made one word. */
const joinedRuns = (a: TextRun, b: TextRun, size: number): TextRun => ({
  ...a,
  str: a.str + b.str,
  width: b.x + b.width - a.x,
  size,
});

/** Runs of ideographs set side by side on one line, made one word: Japanese and Chinese put no
 * spaces between words, but OCR returns them a few characters at a time ("株", "主", "資本"),
 * which would otherwise be joined with spaces. */
function joinIdeographRuns(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const r of runs) {
    const prev = out[out.length - 1];
    const size = prev ? Math.max(prev.size, r.size) : 0;
    if (
      prev &&
      ideographMeets(prev.str.at(-1) ?? "", r.str[0] ?? "") &&
      sameLine(prev, r, size) &&
      r.x - (prev.x + prev.width) < IDEOGRAPH_JOIN_GAP * size
    ) {
      out[out.length - 1] = joinedRuns(prev, r, size);
      continue;
    }
    out.push(r);
  }
  return out;
}

/**
 * The pieces of amounts cut at their point, made one word each. OCR returns a page's words in
 * its own order (a table column by column, perhaps), so the piece on the right is looked for on
 * the same line, not next in the list.
 */
function joinAmountPieces(runs: TextRun[]): TextRun[] {
  const pieces = runs.filter((r) => amountLeft.test(r.str) || amountRight.test(r.str));
  if (pieces.length < 2) return runs;
  const joined = new Map<TextRun, TextRun>();
  const taken = new Set<TextRun>();
  const byX = [...pieces].sort((a, b) => a.x - b.x);
  for (const [i, left] of byX.entries()) {
    if (taken.has(left)) continue;
    for (let j = i + 1; j < byX.length; j++) {
      const right = byX[j] as TextRun;
      const size = Math.max(left.size, right.size);
      if (right.x - (left.x + left.width) >= AMOUNT_JOIN_GAP * size) break;
      if (taken.has(right) || !sameLine(left, right, size) || !amountPieces(left.str, right.str)) continue;
      taken.add(right);
      joined.set(left, joinedRuns(left, right, size));
      break;
    }
  }
  if (taken.size === 0) return runs;
  return runs.filter((r) => !taken.has(r)).map((r) => joined.get(r) ?? r);
}

/** Words recognised by OCR (already upright, in page points) in the same shape as text-layer words. */
export function wordsFromRuns(
  runs: TextRun[],
  width: number,
  height: number,
): { words: Word[]; frame: ReadingFrame } {
  // A run that is only white space or dropped characters is no word (as in the text layer).
  const words = joinAmountPieces(joinIdeographRuns(runs))
    .map((r) => ({ r, text: normalizeText(r.str) }))
    .filter(({ text }) => hasText(text))
    .map(
      ({ r, text }): Word => ({
        text,
        x0: r.x,
        x1: r.x + r.width,
        y0: r.y - 0.8 * r.size,
        y1: r.y + 0.2 * r.size,
        size: r.size,
        baseline: r.y,
        vertical: false,
        rtl: isRtl(r.str),
        bold: false,
        mono: false,
        whole: true,
      }),
    );
  return { words: tidyWords(words), frame: makeFrame(width, height, 0) };
}
