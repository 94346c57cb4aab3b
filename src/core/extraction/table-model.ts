/** One cell of a table grid. A spanned-over position holds no cell of its own (see `spanned`). */
export type TableCell = { text: string; rowSpan: number; colSpan: number };

/**
 * A table as rows of cells, the first row being the header. A cell that spans covers positions
 * to its right and below; those positions are `null` in their rows, so every row has the same
 * number of positions and formats can agree on where each value stands.
 */
export type TableGrid = (TableCell | null)[][];

export const cell = (text: string, rowSpan = 1, colSpan = 1): TableCell => ({ text, rowSpan, colSpan });

/**
 * The grid as plain text rows of equal length. A spanning cell's text stands in its first
 * (top-left) position and the positions it covers are "", the convention of tabula and camelot,
 * so CSV and JSON rows line up with theirs; HTML keeps the spans themselves.
 */
export function textRows(grid: TableGrid): string[][] {
  const width = Math.max(0, ...grid.map((r) => r.length));
  return grid.map((row) => Array.from({ length: width }, (_, i) => row[i]?.text ?? ""));
}
