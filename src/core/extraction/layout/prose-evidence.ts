// Evidence that a table found from aligned gaps is prose set in columns (or justified wide) and
// not a table: its cells are pieces of sentences that read on into the cell beside or below, and
// no column holds figures. A table must beat prose on its own evidence; this is the prose's side.

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
      const below = cell(r + 1, c);
      const carries = (t: string) => CARRIED_ON.test(t) && /\S\s+\S/.test(t);
      if (carries(right) || carries(below)) runOn++;
    }
    if (inColumn >= 2 && figures >= FIGURE_COLUMN * inColumn) figureColumn = true;
  }
  if (filled < 4) return false;
  const share = runOn / filled;
  return share >= PROSE_RUN_ON_ANYWAY || (!figureColumn && share >= PROSE_RUN_ON);
}
