import { legalFormEnd } from "../answering/structured/parties.ts";
import { findLabels, TITLE } from "./invoice-labels.ts";
import type { Line, Table } from "./invoice-lines.ts";
import { BLOCK_FIELDS } from "./label-values.ts";

// A table's cells as the lines the party reader walks. Layouts put the two parties side by side
// under their labels ("Bill to" | "Ship to"), and the extractor's grid may cut one party's name
// over two cells ("Zimmermann | Holzbau GmbH"). A block label owns the columns from its own to
// the next filled cell of its row, and those left of it that are empty in its row (the grid's
// columns need not line up with the labels); each row under it gives one line, its cells in that
// span joined. The other cells are read column by column, top to bottom.

const isBlockLabel = (cell: string) => {
  const h = findLabels(cell)[0];
  return Boolean(
    h && h.start <= 1 && BLOCK_FIELDS.has(h.field) && cell.slice(h.end).replace(/[\s:]/g, "") === "",
  );
};

/**
 * A letterhead row whose grid cut the issuer's name before the title ("Quayside Print | Works |
 * INVOICE", "Granite Peak Cleaning Services | LLP | Tax Invoice"): the cells left of the title,
 * words only, are one name. Not when the first already ends in its legal form, nor when a cell
 * and the title read as one title ("Commercial | Invoice").
 */
function joinCutName(row: string[]): string[] {
  const t = row.findIndex((c) => TITLE.test(c.trim()));
  if (t < 2) return row;
  const cells = row.slice(0, t).map((c) => c.trim());
  const parts = cells.filter(Boolean);
  const wordsOnly = (c: string) => !/\d/.test(c) && !/\n/.test(c) && !findLabels(c).length;
  if (parts.length < 2 || !parts.every(wordsOnly) || !cells[0]) return row;
  if (legalFormEnd(cells[0]) > 0 || parts.join(" ").split(/\s+/).length > 8) return row;
  const last = parts[parts.length - 1] as string;
  if (TITLE.test(`${last} ${row[t]?.trim()}`)) return row;
  return [parts.join(" "), ...cells.slice(1).map(() => ""), ...row.slice(t)];
}

/** The party lines of a table's rows (`rows` may be the part of an item table above its header). */
export function tableLines(table: string[][], page: number, order: number): Line[] {
  const rows = table.length ? [joinCutName(table[0] as string[]), ...table.slice(1)] : table;
  const width = Math.max(0, ...rows.map((r) => r.length));
  const used = new Set<string>();
  const out: Line[] = [];
  const line = (text: string): Line => ({ page, text, order, ocr: false });
  const cell = (r: number, c: number) => (rows[r]?.[c] ?? "").trim();
  /** The block a label at (r, c) opens, as lines, its cells marked used; an empty line ends it. */
  const block = (r: number, c: number) => {
    // The label in a column of labels, its block in the cell right of it and the cells under that
    // one, down to the next label ("Bill to | Acme Ltd<br>3 Mill Lane" over "Date | 3 May 2026").
    const beside = cell(r, c + 1);
    const below = cell(r + 1, c);
    const isLabel = (t: string) => (findLabels(t)[0]?.start ?? 9) <= 1;
    if (beside && !isLabel(beside) && (!below || isLabel(below))) {
      out.push(line(cell(r, c)));
      for (let rr = r; rr < rows.length && (rr === r || !cell(rr, c)) && cell(rr, c + 1); rr++) {
        out.push(line(cell(rr, c + 1)));
        used.add(`${rr}:${c + 1}`);
      }
      out.push(line(""));
      return;
    }
    let from = c;
    while (from > 0 && !cell(r, from - 1) && !used.has(`${r}:${from - 1}`)) from--;
    let to = c + 1;
    while (to < width && !cell(r, to)) to++;
    out.push(line(cell(r, c)));
    for (let rr = r + 1; rr < rows.length; rr++) {
      const cells = Array.from({ length: to - from }, (_, k) => cell(rr, from + k));
      if (cells.some(isBlockLabel)) break;
      const text = cells.filter(Boolean).join(" ");
      if (!text) break;
      out.push(line(text));
      for (let k = from; k < to; k++) used.add(`${rr}:${k}`);
    }
    // The block's end: the party reader stops at an empty line.
    out.push(line(""));
  };
  // Rows' labels first claim their cells, left to right, so a block never takes its neighbour's.
  for (let c = 0; c < width; c++)
    for (let r = 0; r < rows.length; r++) {
      if (used.has(`${r}:${c}`) || !cell(r, c)) continue;
      used.add(`${r}:${c}`);
      if (isBlockLabel(cell(r, c))) block(r, c);
      else out.push(line(cell(r, c)));
    }
  return out;
}

/**
 * Every table's party lines: all of a table that holds no items, the rows above an item table's
 * header. An item table ends any block above it, so it stands as an empty line: the text after the
 * table (a closing sentence, a footer) is no party's line.
 */
export function tablesPartyLines(tables: Table[], itemRows: Map<Table, Set<number>>): Line[] {
  return tables.flatMap((t) => {
    const taken = itemRows.get(t);
    const rows = taken ? t.rows.slice(0, taken.size ? Math.min(...taken) : 0) : t.rows;
    const own = rows.length ? tableLines(rows, t.page, t.order - 0.5) : [];
    return taken?.size ? [...own, { page: t.page, text: "", order: t.order - 0.5, ocr: false }] : own;
  });
}
