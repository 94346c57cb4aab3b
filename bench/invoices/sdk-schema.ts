// The strict JSON schema a new user would hand the SDK's zodResponseFormat for one invoice, made
// from its truth's fields: what bench/sdk.ts asks the service and bench/invoices/sdk-redump.ts
// asks a dumped corpus in process.
import { z } from "zod";
import type { InvoiceData } from "../../src/core/invoices/invoice-types.ts";

/** What a user would write beside each field; a field the truth has and this lacks gets its name. */
const DESCRIPTIONS: Record<string, string> = {
  invoice_id: "The invoice number.",
  invoice_date: "The invoice date, ISO 8601 (YYYY-MM-DD).",
  due_date: "The date payment is due, ISO 8601 (YYYY-MM-DD).",
  purchase_order: "The customer's purchase order number.",
  vendor_name: "Who issued the invoice.",
  vendor_address: "The vendor's postal address.",
  vendor_tax_id: "The vendor's VAT or tax number.",
  customer_name: "Who is billed.",
  customer_address: "The billing address.",
  customer_id: "The customer's number at the vendor.",
  currency: "ISO 4217 currency code.",
  subtotal: "The total before tax.",
  total_discount: "Discounts taken off.",
  shipping: "Shipping or freight charged.",
  total_tax: "All tax charged.",
  invoice_total: "The invoice total, tax included.",
  amount_paid: "Payments already made.",
  amount_due: "What remains to pay.",
  payment_terms: "The payment terms.",
  description: "What was sold.",
  quantity: "How many.",
  unit: "The unit of the quantity.",
  unit_price: "The price of one unit.",
  tax_rate: "The tax rate in percent.",
  amount: "The line amount.",
  product_code: "The article or product number.",
};
const NUMBER_FIELDS = new Set([
  "subtotal",
  "total_discount",
  "shipping",
  "total_tax",
  "invoice_total",
  "amount_paid",
  "amount_due",
  "quantity",
  "unit_price",
  "tax_rate",
  "amount",
]);
/** Fields a strict schema would not let be null: each invoice shows them. */
const REQUIRED_VALUES = new Set(["invoice_id", "vendor_name", "invoice_total", "description", "amount"]);

function field(name: string, value: unknown): z.ZodType {
  const number = typeof value === "number" || (value === null && NUMBER_FIELDS.has(name));
  const base = (number ? z.number() : z.string()).describe(DESCRIPTIONS[name] ?? name.replace(/_/g, " "));
  return REQUIRED_VALUES.has(name) && value !== null ? base : base.nullable();
}

/** The strict schema for one invoice, from its truth's fields. */
export function invoiceSchema(truth: InvoiceData) {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, v] of Object.entries(truth)) {
    if (k === "items") continue;
    shape[k] = field(k, v);
  }
  const first = truth.items[0] ?? {};
  const item: Record<string, z.ZodType> = {};
  const itemKeys = Object.keys(first).length
    ? Object.keys(first)
    : ["description", "quantity", "unit_price", "amount"];
  for (const k of itemKeys) {
    // An item field is non-nullable only when every item of the truth has it.
    const all = truth.items.every((it) => (it as Record<string, unknown>)[k] !== null);
    item[k] = field(k, all ? (first as Record<string, unknown>)[k] : null);
  }
  shape.items = z.array(z.object(item)).describe("The line items, in order.");
  return z.object(shape);
}
