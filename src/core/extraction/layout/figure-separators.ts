import type { TableGrid } from "../table-model.ts";

// OCR now and then reads a thousands comma as a point ("(36.929)" among "47,095" and "4,169"): the
// two differ by a tail a few pixels long. In a column that writes its thousands with commas, never
// with points, and has no figure with three decimals, a figure whose one separator is a point
// before three digits is a misread comma, and gets it back. Only for tables read by OCR.

const commaThousands = /^[-\u2212(]?[$€£]?\d{1,3}(?:,\d{3})+(?:\.\d+)?\)?%?$/;
const pointThousands = /\d\.\d{3}(?:[.,]|\)?%?$)/;
/** A figure with a point before exactly three digits and no other separator. */
const pointBeforeThree = /^([-\u2212(]?[$€£]?\d{1,3})\.(\d{3}\)?%?)$/;
const threeDecimals = /\.\d{3}\)?%?$/;

/** The grid with misread thousands commas put back, column by column. */
export function repairThousandsCommas(grid: TableGrid): TableGrid {
  const columns = Math.max(0, ...grid.map((r) => r.length));
  const fix = new Set<number>();
  for (let c = 0; c < columns; c++) {
    let commas = 0;
    let other = false;
    for (const row of grid) {
      const text = row[c]?.text.trim() ?? "";
      if (!text || pointBeforeThree.test(text)) continue;
      if (commaThousands.test(text)) {
        commas++;
        if (threeDecimals.test(text)) other = true;
      } else if (pointThousands.test(text) || threeDecimals.test(text)) other = true;
    }
    if (commas >= 2 && !other) fix.add(c);
  }
  if (fix.size === 0) return grid;
  return grid.map((row) =>
    row.map((cell, c) => {
      if (!cell || !fix.has(c)) return cell;
      const m = pointBeforeThree.exec(cell.text.trim());
      return m ? { ...cell, text: `${m[1]},${m[2]}` } : cell;
    }),
  );
}
