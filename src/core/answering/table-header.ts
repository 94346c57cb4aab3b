// A table's header when it runs over several rows. Extracted tables often write a header of many
// lines as one markdown header row followed by rows that go on with it: "Revenue" over "Medical &"
// over "Public Health", a spanning "Capital" over two columns. Read as body rows, they answer
// nothing and leave the figures under them named by one word of their header, or none.
//
// Policy:
// - The rows after the separator that come before the first row holding a figure (a cell of
//   digits and no letters, a year such as "2012" or "2012-13" not counting) go on with the header,
//   at most MAX_HEADER_ROWS of them, and only when some later row holds a figure: a table of text
//   keeps every row as a row.
// - A header cell with letters spreads over the empty cells to its right when those columns have
//   text in a lower header row and none in its row or above: a spanning header ("Revenue" over
//   "Medical & Public Health" and "Family Welfare"). The first column (the rows' names) never
//   takes a spread.
// - A column's name is its header cells read downwards, joined with spaces.

export const MAX_HEADER_ROWS = 6;

const YEAR = /^(?:19|20)\d\d(?:\s*[-–/]\s*\d{2,4})?$/;
const hasFigure = (row: readonly string[]) =>
  row.some((c) => /\d/.test(c) && !/\p{L}/u.test(c) && !YEAR.test(c));

/** How many of the body rows (those after the separator) go on with the header. */
export function headerContinuation(body: readonly (readonly string[])[]): number {
  const first = body.findIndex(hasFigure);
  return first > 0 && first <= MAX_HEADER_ROWS ? first : 0;
}

/** Each column's name, read down the header rows (the header row first). */
export function columnNames(headerRows: readonly (readonly string[])[]): string[] {
  const width = Math.max(0, ...headerRows.map((r) => r.length));
  const grid = headerRows.map((r) => Array.from({ length: width }, (_, j) => r[j] ?? ""));
  const spread = grid.map((r) => [...r]);
  const textAt = (i: number, j: number) => (grid[i]?.[j] ?? "") !== "";
  for (let i = 0; i < grid.length - 1; i++) {
    const row = grid[i] as string[];
    for (let j = 1; j < width; j++) {
      const label = row[j] as string;
      if (!/\p{L}/u.test(label)) continue;
      for (let k = j + 1; k < width && !textAt(i, k); k++) {
        const above = grid.slice(0, i).some((_, u) => textAt(u, k));
        const below = grid.slice(i + 1).some((_, d) => textAt(i + 1 + d, k));
        if (above || !below) break;
        (spread[i] as string[])[k] = label;
      }
    }
  }
  return Array.from({ length: width }, (_, j) =>
    spread
      .map((r) => r[j] ?? "")
      .filter(Boolean)
      .join(" ")
      .replace(/\s+/g, " ")
      .trim(),
  );
}
