// An item table as OCR rebuilds it from a scan: a row's description and its numbers can land on
// two rows of the grid (their baselines differ by a few pixels), one above the other, the same
// way throughout the table; and a header can be cut over two rows the same way. Here the halves
// are put back together before the rows are read.

/** Two rows as one: each column's texts joined, upper first. */
export const mergeRows = (a: string[], b: string[]): string[] =>
  Array.from({ length: Math.max(a.length, b.length) }, (_, k) =>
    [a[k] ?? "", b[k] ?? ""]
      .map((x) => x.trim())
      .filter(Boolean)
      .join(" "),
  );

type Kind = "numbers" | "text" | "full" | "other";

/**
 * Rows whose description and numbers were split apart, paired again. `kind` says what a row
 * holds; the first split row decides whether numbers stand above their text or below it.
 */
export function pairSplitRows(
  rows: { cells: string[]; at: number }[],
  kind: (row: string[]) => Kind,
): { cells: string[]; at: number }[] {
  const kinds = rows.map((r) => kind(r.cells));
  let numbersFirst: boolean | null = null;
  for (let i = 0; i + 1 < rows.length && numbersFirst === null; i++) {
    if (kinds[i] === "numbers" && kinds[i + 1] === "text") numbersFirst = true;
    else if (kinds[i] === "text" && kinds[i + 1] === "numbers") numbersFirst = false;
    else if (kinds[i] === "full") break;
  }
  if (numbersFirst === null) return rows;
  const [lead, follow]: Kind[] = numbersFirst ? ["numbers", "text"] : ["text", "numbers"];
  const out: { cells: string[]; at: number }[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as { cells: string[]; at: number };
    const next = rows[i + 1];
    if (next && kinds[i] === lead && kinds[i + 1] === follow) {
      out.push({ cells: mergeRows(row.cells, next.cells), at: row.at });
      i++;
    } else out.push(row);
  }
  return out;
}
