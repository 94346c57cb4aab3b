import ExcelJS from "exceljs";
import type { InvoiceCheck } from "../invoices/invoice-checks.ts";
import type { InvoiceData, InvoiceItem } from "../invoices/invoice-types.ts";
import { csvRecord, neutralizeFormula } from "./csv.ts";

// A run's invoices as tables: CSV with one row per line item (the invoice's own fields repeated
// on each, so a spreadsheet can filter and sum it as it is), and a workbook with a sheet of
// invoices and a sheet of items.

/** One document of a run, as the results show it. */
export type InvoiceResult = {
  documentId: string | null;
  fileName: string;
  status: string;
  data: InvoiceData | null;
  checks: InvoiceCheck[] | null;
  error: string | null;
};

/** The invoice's own fields, in the order the results give them (every field but items). */
export const invoiceFields = [
  "invoice_id",
  "invoice_date",
  "due_date",
  "purchase_order",
  "vendor_name",
  "vendor_address",
  "vendor_tax_id",
  "customer_name",
  "customer_address",
  "customer_id",
  "currency",
  "subtotal",
  "total_discount",
  "shipping",
  "total_tax",
  "invoice_total",
  "amount_paid",
  "amount_due",
  "payment_terms",
] as const satisfies readonly (keyof InvoiceData)[];

export const itemFields = [
  "description",
  "quantity",
  "unit",
  "unit_price",
  "tax_rate",
  "amount",
  "product_code",
] as const satisfies readonly (keyof InvoiceItem)[];

const documentColumns = ["document_id", "file_name", "status", "failed_checks", "error"] as const;

const failedChecks = (checks: InvoiceCheck[] | null) =>
  (checks ?? [])
    .filter((c) => c.status === "failed")
    .map((c) => c.rule)
    .join(" ");

type Cell = string | number | null;

const documentCells = (r: InvoiceResult): Cell[] => [
  r.documentId,
  r.fileName,
  r.status,
  failedChecks(r.checks),
  r.error,
  ...invoiceFields.map((f) => r.data?.[f] ?? null),
];

export const csvHeader = [
  ...documentColumns,
  ...invoiceFields,
  "item",
  ...itemFields.map((f) => `item_${f}`),
];

/** One row per line item; a document with no item (or not read) has one row with the item columns empty. */
export function invoiceResultsCsv(results: InvoiceResult[]): string {
  const text = (v: Cell) => (v === null ? "" : typeof v === "number" ? String(v) : v);
  let out = csvRecord(csvHeader);
  for (const r of results) {
    const head = documentCells(r).map(text);
    const items = r.data?.items ?? [];
    if (!items.length) out += csvRecord([...head, "", ...itemFields.map(() => "")]);
    for (const [i, item] of items.entries())
      out += csvRecord([...head, String(i + 1), ...itemFields.map((f) => text(item[f]))]);
  }
  return out;
}

/** Sheets `invoices` (a row per document) and `items` (a row per line item, with its document). */
export async function invoiceResultsXlsx(results: InvoiceResult[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  // Text a spreadsheet would run as a formula is shown as text, as in the CSV.
  const cell = (v: Cell) => (typeof v === "string" ? neutralizeFormula(v) : v);
  const invoices = book.addWorksheet("invoices");
  invoices.addRow([...documentColumns, ...invoiceFields]);
  for (const r of results) invoices.addRow(documentCells(r).map(cell));
  const items = book.addWorksheet("items");
  items.addRow(["document_id", "file_name", "invoice_id", "item", ...itemFields]);
  for (const r of results)
    for (const [i, item] of (r.data?.items ?? []).entries())
      items.addRow(
        [r.documentId, r.fileName, r.data?.invoice_id ?? null, i + 1, ...itemFields.map((f) => item[f])].map(
          cell,
        ),
      );
  return Buffer.from(await book.xlsx.writeBuffer());
}
