import type { Element } from "./blocks.ts";

// Footnotes: set smaller than the body at the foot of the page, below the last line of every
// column. Column-by-column reading would place a note under the first column between that column
// and the next; a reader takes the notes after the page's body.

/** A footnote's type is this share of the body size or less (notes run 0.7 to 0.85 of it). */
const NOTE_SIZE = 0.9;
/** Notes live in the lower part of the page: their top below this share of its height. */
const LOWER_PART = 0.55;

/**
 * The ordered elements with the page's footnotes moved after its body, in the order they were
 * read (notes may stand in columns of their own). The notes are the small-type lines below every body-size line and every table, in the page's lower
 * part; a page with no body-size line has none.
 */
export function footnotesLast(ordered: Element[], size: number, pageHeight: number): Element[] {
  const small = (e: Element) => e.kind === "line" && e.line.size <= NOTE_SIZE * size;
  const body = ordered.filter((e) => !small(e));
  if (!body.some((e) => e.kind === "line")) return ordered;
  const bodyEnd = Math.max(...body.map((e) => e.y1));
  const notes = new Set(
    ordered.filter((e) => small(e) && e.y0 >= bodyEnd && e.y0 >= LOWER_PART * pageHeight),
  );
  if (!notes.size) return ordered;
  return [...ordered.filter((e) => !notes.has(e)), ...notes];
}
