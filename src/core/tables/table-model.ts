/** One cell of a table grid. A spanned-over position holds no cell of its own (see `spanned`). */
export type TableCell = { text: string; rowSpan: number; colSpan: number };

/**
 * A table as rows of cells, the first row being the header. A cell that spans covers positions
 * to its right and below; those positions are `null` in their rows, so every row has the same
 * number of positions and formats can agree on where each value stands.
 */
export type TableGrid = (TableCell | null)[][];

export const cell = (text: string, rowSpan = 1, colSpan = 1): TableCell => ({ text, rowSpan, colSpan });

/** The grid as plain text rows, a spanning cell's text repeated over the positions it covers. */
export function textRows(grid: TableGrid): string[][] {
  const rows = grid.map((r) => r.map(() => ""));
  grid.forEach((row, r) => {
    row.forEach((c, col) => {
      if (!c) return;
      for (let dr = 0; dr < c.rowSpan; dr++) {
        for (let dc = 0; dc < c.colSpan; dc++) {
          const target = rows[r + dr];
          if (target && col + dc < target.length) target[col + dc] = c.text;
        }
      }
    });
  });
  return rows;
}
