import type {
  InvoiceData,
  InvoiceItem,
  InvoiceReading,
  InvoiceSourceDocument,
} from "../../invoices/invoice-types.ts";
import { fixOcrLabels } from "../../invoices/ocr-labels.ts";
import { readInvoice } from "../../invoices/read-invoice.ts";
import { coerceFor, type Fill } from "./field-values.ts";
import { invoiceFieldOf, itemFieldOf, namesItems } from "./invoice-fields.ts";
import type { Slot } from "./match-fields.ts";
import { numberBelowLabel } from "./number-below-label.ts";
import { pointerToken, type ScalarField } from "./schema-walk.ts";
import { withStackedAmounts } from "./stacked-cells.ts";
import type { ArrayTask } from "./table-arrays.ts";

// A schema that asks for an invoice's fields is answered by the invoice reader, which knows the
// labels of each locale, reads parties whole from the letterhead and the "Bill to" block, line
// items from tables by their column names, and tells tax from subtotal. A property asks for an
// invoice field when its name (with the object it sits in: `vendor.name`) is one of the phrases
// of src/core/answering/structured/invoice-fields.ts; the reader's value, typed by the schema, is
// taken with the page and text it was read from. Other properties go on to the general matching.

const INVOICE_WORDS = /\b(?:invoice|bill|rechnung|gutschrift|facture|avoir)\b/i;

/** Fields only an invoice (or a bill) prints, beside its total. */
const INVOICE_ONLY = [
  "invoice_id",
  "invoice_date",
  "due_date",
  "subtotal",
  "total_tax",
  "purchase_order",
  "payment_terms",
  "vendor_tax_id",
] as const;
/** Such fields read beside a total, at least, that say "invoice" where no word says it. */
const INVOICE_FIELDS = 3;

/**
 * Whether the pages read as an invoice: the word on the first page (a scan's misread of it read
 * as the label word it stands for), and an amount the reader took for the total.
 */
function looksLikeInvoice(layout: InvoiceSourceDocument, reading: InvoiceReading): boolean {
  const first = layout.pages[0];
  const d = reading.data;
  const totalled = d.invoice_total !== null || d.amount_due !== null;
  if (!first) return false;
  const text = first.text || first.markdown;
  if (INVOICE_WORDS.test(text) || INVOICE_WORDS.test(fixOcrLabels(text)))
    return totalled || d.invoice_id !== null;
  // A scan may garble the word past mending ("Recninuing"): a total with line items or with the
  // fields only an invoice prints says it as well.
  const fields = INVOICE_ONLY.filter((f) => d[f] !== null).length;
  return totalled && ((d.invoice_id !== null && d.items.length > 0) || fields >= INVOICE_FIELDS);
}

type Scalar = Exclude<keyof InvoiceData, "items">;

/**
 * A field's value and source in the reading. An invoice whose only total is its amount due
 * ("Total due"), nothing having been paid, has that for its total.
 */
export function readField(reading: InvoiceReading, field: Scalar) {
  const d = reading.data;
  if (
    field === "invoice_total" &&
    d.invoice_total === null &&
    d.amount_paid === null &&
    d.amount_due !== null
  )
    return { value: d.amount_due, source: reading.sources["/amount_due"] };
  const value = d[field];
  // A party's name holding a label ("number: INV-1 Vendor: Contoso Ltd") is a line the reader took
  // whole; the labelled value it holds is left to the label matching.
  if (
    (field === "vendor_name" || field === "customer_name") &&
    typeof value === "string" &&
    /\p{L}:\s/u.test(value)
  )
    return { value: null, source: undefined };
  return { value, source: reading.sources[`/${field}`] };
}

/** The reading of the document as an invoice, or null when it is not one. */
export function invoiceReading(layout: InvoiceSourceDocument | undefined): InvoiceReading | null {
  if (!layout?.pages.length) return null;
  // A totals box of stacked label and figure cells is paired line by line (stacked-cells.ts).
  const reading = withStackedAmounts(readInvoice(layout, {}), layout);
  if (!looksLikeInvoice(layout, reading)) return null;
  // An invoice has a number: one the reader did not find is looked for under its label (see
  // number-below-label.ts), so that chat and a schema asking for it answer rather than refuse.
  if (reading.data.invoice_id !== null) return reading;
  const below = numberBelowLabel(layout);
  if (!below) return reading;
  return {
    data: { ...reading.data, invoice_id: below.value },
    sources: {
      ...reading.sources,
      "/invoice_id": { page: below.page, quote: below.quote, bbox: null, confidence: 0.6 },
    },
  };
}

/** The figures a line prints, read in both decimal conventions (1,234.56 and 1.234,56 or 1 234,56). */
export function figures(line: string): number[] {
  const out: number[] = [];
  for (const m of line.matchAll(/\d[\d.,'\u00a0\u202f ]*\d|\d/g)) {
    const raw = m[0].replace(/[\s\u00a0\u202f']/g, "");
    const dec = /[.,](\d{1,2})$/.exec(raw);
    const whole = (dec ? raw.slice(0, -dec[0].length) : raw).replace(/[.,]/g, "");
    out.push(Number(dec ? `${whole}.${dec[1]}` : whole));
  }
  return out;
}

/**
 * The text to cite for a value the reader read on a page: its own quote where the page's markdown
 * holds it, else the markdown line that prints the value (the reader quotes the page's text,
 * which the markdown may set apart, as in table cells).
 */
function quoteOn(
  pages: { pageNumber: number; markdown: string }[],
  value: unknown,
  source?: { page: number; quote: string },
) {
  if (!source) return undefined;
  const md = pages.find((p) => p.pageNumber === source.page)?.markdown;
  if (!md || md.includes(source.quote)) return source;
  for (const line of md.split("\n")) {
    const text = line.trim();
    if (!text) continue;
    if (
      typeof value === "number"
        ? figures(text).some((x) => Math.abs(x - value) < 0.005)
        : text.includes(String(value))
    )
      return { page: source.page, quote: typeof value === "number" ? text : String(value) };
  }
  return source;
}

/** The invoice field a scalar slot asks for: its own name, or its object's name with it. */
export function slotField(slot: Slot) {
  const names = slot.field.names.filter((n) => n !== "");
  const own = names[names.length - 1] ?? slot.field.key;
  const parent = names[names.length - 2];
  return (parent ? invoiceFieldOf(`${parent} ${own}`) : null) ?? invoiceFieldOf(own);
}

function fillOf(
  field: ScalarField,
  pointer: string,
  value: unknown,
  source: { page: number; quote: string } | undefined,
): Fill | null {
  if (value === null || value === undefined) return null;
  const c = coerceFor(field, String(value));
  if (!c.ok) return null;
  return {
    pointer,
    value: c.value,
    page: source?.page ?? null,
    quote: source?.quote ?? "",
    raw: String(value),
  };
}

/** Fills the scalar slots that name an invoice field the reader found. */
export function fillFromInvoice(
  slots: Slot[],
  reading: InvoiceReading,
  pages: { pageNumber: number; markdown: string }[],
) {
  for (const slot of slots) {
    if (slot.fill || slot.pointer.includes("/items/")) continue;
    const field = slotField(slot);
    if (!field) continue;
    const { value, source } = readField(reading, field);
    const fill = fillOf(slot.field, slot.pointer, value, quoteOn(pages, value, source));
    if (fill) slot.fill = fill;
  }
}

/**
 * An array named for line items whose item properties name item fields gets the reader's items,
 * one object a row; the pointers of its rows, or null when the array is not one of line items.
 */
export function fillItemsFromInvoice(
  task: ArrayTask,
  reading: InvoiceReading,
  fills: Fill[],
  pages: { pageNumber: number; markdown: string }[],
): string[] | null {
  if (task.field.items.kind !== "object" || !namesItems(task.field.key || task.field.names.at(-1) || ""))
    return null;
  const leaves = task.leaves.map((leaf) => ({ leaf, field: itemFieldOf(leaf.field.key) }));
  if (!leaves.some((l) => l.field)) return null;
  const rows: string[] = [];
  reading.data.items.forEach((item: InvoiceItem, i) => {
    // A row without what the schema says every item has (a description that cannot be null) is
    // no line item of it: a totals row the reader took for one.
    if (leaves.some(({ leaf, field }) => field && !leaf.field.nullable && item[field] === null)) return;
    const row = `${task.pointer}/${rows.length}`;
    rows.push(row);
    for (const { leaf, field } of leaves) {
      if (!field) continue;
      const pointer = `${row}${leaf.suffix}`;
      const fill = fillOf(
        leaf.field,
        pointer,
        item[field],
        quoteOn(pages, item[field], reading.sources[`/items/${i}/${pointerToken(field)}`]),
      );
      if (fill) fills.push(fill);
    }
  });
  return rows;
}
