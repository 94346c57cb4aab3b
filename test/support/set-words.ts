import type { Word } from "../../src/core/extraction/layout/words.ts";

// Words placed by hand for the layout heuristics' unit tests: upright, regular, one size a line,
// the glyph box from a size above the baseline to a fifth of it below.

/** Words of a line: [text, x0, x1] at a baseline, in one size. */
export const line = (baseline: number, size: number, parts: [string, number, number][]): Word[] =>
  parts.map(([text, x0, x1]) => ({
    text,
    x0,
    x1,
    y0: baseline - size,
    y1: baseline + size * 0.2,
    size,
    baseline,
    vertical: false,
    rtl: false,
    bold: false,
    mono: false,
  }));

/** A line of text set from x, each letter half a size wide, words `gap` apart (a third of a size unless told). */
export const setLine = (baseline: number, size: number, x: number, text: string, gap = size / 3): Word[] => {
  const parts: [string, number, number][] = [];
  for (const t of text.split(" ")) {
    const w = t.length * size * 0.5;
    parts.push([t, x, x + w]);
    x += w + gap;
  }
  return line(baseline, size, parts);
};
