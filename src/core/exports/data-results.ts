import ExcelJS from "exceljs";
import type { DataCheck } from "../workflows/data-checks.ts";
import { csvRecord, neutralizeFormula } from "./csv.ts";

// A dynamic workflow's results as a table: a row per document, its run columns and then one
// column per top-level property of the extract schema, in the schema's order. A value that is an
// object or a list is written as its JSON text, so nothing is lost and the row stays one row.

export type DataResult = {
  documentId: string | null;
  fileName: string;
  status: string;
  data: unknown;
  checks: readonly DataCheck[] | null;
  error: string | null;
};

const runColumns = ["document_id", "file_name", "status", "failed_checks", "error"] as const;

type Cell = string | number | boolean | null;

/** The schema's top-level property names, in order: the data columns. */
export function dataColumns(schema: Record<string, unknown>): string[] {
  const props = schema.properties;
  return props && typeof props === "object" && !Array.isArray(props) ? Object.keys(props) : [];
}

function cellOf(v: unknown): Cell {
  if (v === undefined || v === null) return null;
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  return JSON.stringify(v);
}

function rowOf(r: DataResult, columns: readonly string[]): Cell[] {
  const data = r.data && typeof r.data === "object" ? (r.data as Record<string, unknown>) : {};
  const failed = (r.checks ?? []).filter((c) => c.status === "failed").map((c) => c.rule);
  return [
    r.documentId,
    r.fileName,
    r.status,
    failed.join(" "),
    r.error,
    ...columns.map((c) => cellOf(Object.hasOwn(data, c) ? data[c] : null)),
  ];
}

/** RFC 4180, a row per document; formulas neutralized as in every CSV of ours. */
export function dataResultsCsv(results: readonly DataResult[], columns: readonly string[]): string {
  let out = csvRecord([...runColumns, ...columns]);
  for (const r of results) out += csvRecord(rowOf(r, columns).map((v) => (v === null ? "" : String(v))));
  return out;
}

/** One sheet, `results`, with the CSV's rows; numbers and booleans stay numbers and booleans. */
export async function dataResultsXlsx(
  results: readonly DataResult[],
  columns: readonly string[],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("results");
  sheet.addRow([...runColumns, ...columns]);
  for (const r of results)
    sheet.addRow(rowOf(r, columns).map((v) => (typeof v === "string" ? neutralizeFormula(v) : v)));
  return Buffer.from(await book.xlsx.writeBuffer());
}
