import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextRun } from "../ocr.ts";
import type { Box } from "./geometry.ts";
import { isRtl, normalizeText } from "./normalize-text.ts";

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

export async function pageWords(page: PDFPageProxy): Promise<{ words: Word[]; frame: ReadingFrame }> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const styles = content.styles as Record<string, { fontFamily?: string }>;
  const items = (content.items as RawItem[]).filter((it) => "str" in it && it.str.trim().length > 0);

  // Each item in viewport coordinates: origin, unit direction along the baseline, unit "up".
  const placed = items.map((it) => {
    const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = it.transform;
    const size = Math.hypot(a, b) || Math.hypot(c, d) || 1;
    const [ox, oy] = viewport.convertToViewportPoint(e, f) as [number, number];
    const [ax, ay] = viewport.convertToViewportPoint(e + a / size, f + b / size) as [number, number];
    const [ux, uy] = viewport.convertToViewportPoint(
      e + c / (Math.hypot(c, d) || 1),
      f + d / (Math.hypot(c, d) || 1),
    ) as [number, number];
    return { it, size, ox, oy, dx: ax - ox, dy: ay - oy, upx: ux - ox, upy: uy - oy };
  });

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

  const words: Word[] = [];
  for (const p of placed) {
    const text = normalizeText(p.it.str);
    const family = styles[p.it.fontName]?.fontFamily ?? "";
    const bold = /bold|black|heavy|semibold|demi/i.test(`${family} ${p.it.fontName}`);
    const vertical = quarter(p.dx, p.dy) !== turn;
    // pdfjs gives right-to-left runs in logical order; where each word of such a run stands is
    // not known, so the run stays whole (its extent is exact) and lines order runs by bidi rules.
    const rtl = p.it.dir === "rtl" || (isRtl(text) && !/[A-Za-z0-9]/.test(text));
    // Split other runs at spaces; positions within a run are proportional to characters, the
    // best estimate without glyph widths (exact at the run's ends, where column gaps are).
    const perChar = (p.it.width || p.size * 0.5 * text.length) / Math.max(1, text.length);
    const re = rtl ? /\S(.*\S)?/g : /\S+/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index * perChar;
      const end = (m.index + m[0].length) * perChar;
      const corners: [number, number][] = [];
      for (const along of [start, end]) {
        for (const up of [0.8 * p.size, -0.2 * p.size]) {
          corners.push(frame.map(p.ox + p.dx * along + p.upx * up, p.oy + p.dy * along + p.upy * up));
        }
      }
      const xs = corners.map((c) => c[0]);
      const ys = corners.map((c) => c[1]);
      const baseAt = frame.map(p.ox + p.dx * start, p.oy + p.dy * start);
      const y1 = Math.max(...ys);
      // Fields written out, not spread from a box: objects of one shape keep every later read
      // of them fast (measured: word building 3.6 -> 0.6 ms a page).
      words.push({
        x0: Math.min(...xs),
        x1: Math.max(...xs),
        y0: Math.min(...ys),
        y1,
        text: m[0],
        size: p.size,
        baseline: vertical ? y1 : baseAt[1],
        vertical,
        rtl,
        bold,
      });
    }
  }
  return { words, frame };
}

/** Words recognised by OCR (already upright, in page points) in the same shape as text-layer words. */
export function wordsFromRuns(
  runs: TextRun[],
  width: number,
  height: number,
): { words: Word[]; frame: ReadingFrame } {
  const words = runs.map(
    (r): Word => ({
      text: normalizeText(r.str),
      x0: r.x,
      x1: r.x + r.width,
      y0: r.y - 0.8 * r.size,
      y1: r.y + 0.2 * r.size,
      size: r.size,
      baseline: r.y,
      vertical: false,
      rtl: isRtl(r.str),
      bold: false,
    }),
  );
  return { words, frame: makeFrame(width, height, 0) };
}
