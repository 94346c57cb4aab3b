import { isKnownCurrency } from "./currencies.ts";
import type { InvoiceData } from "./invoice-types.ts";

// The arithmetic a bookkeeper does before paying an invoice. A check whose figures are not all on
// the invoice is skipped, not failed: an invoice without a discount has nothing to check there.
// A failed check sends the document to review, naming the rule and the figures.

export const checkRules = [
  "items_sum_to_subtotal",
  "totals_add_up",
  "amount_due_matches",
  "due_date_not_before_invoice_date",
  "currency_known",
] as const;
export type CheckRule = (typeof checkRules)[number];

export type InvoiceCheck = {
  rule: CheckRule;
  status: "passed" | "failed" | "skipped";
  /** What was compared, in words and figures. */
  message: string;
};

/** Amounts are printed to the cent: each figure may be off by half a cent from its exact value. */
const centsApart = (a: number, b: number, figures: number) => Math.abs(a - b) <= 0.005 * figures + 1e-9;
const money = (n: number) => n.toFixed(2);

export function checkInvoice(d: InvoiceData): InvoiceCheck[] {
  const checks: InvoiceCheck[] = [];
  const add = (rule: CheckRule, status: InvoiceCheck["status"], message: string) =>
    checks.push({ rule, status, message });

  const amounts = d.items.map((i) => i.amount);
  if (d.subtotal === null || amounts.length === 0 || amounts.some((a) => a === null))
    add("items_sum_to_subtotal", "skipped", "No subtotal, or an item without an amount.");
  else {
    const sum = (amounts as number[]).reduce((s, a) => s + a, 0);
    const ok = centsApart(sum, d.subtotal, amounts.length + 1);
    add(
      "items_sum_to_subtotal",
      ok ? "passed" : "failed",
      `The ${amounts.length} item amounts sum to ${money(sum)}; the subtotal is ${money(d.subtotal)}.`,
    );
  }

  if (d.subtotal === null || d.invoice_total === null)
    add("totals_add_up", "skipped", "No subtotal or no total.");
  else {
    const discount = d.total_discount ?? 0;
    const shipping = d.shipping ?? 0;
    const tax = d.total_tax ?? 0;
    const expected = d.subtotal - discount + shipping + tax;
    add(
      "totals_add_up",
      centsApart(expected, d.invoice_total, 5) ? "passed" : "failed",
      `Subtotal ${money(d.subtotal)} - discount ${money(discount)} + shipping ${money(shipping)} + tax ${money(tax)} = ${money(expected)}; the total is ${money(d.invoice_total)}.`,
    );
  }

  if (d.amount_due === null || d.invoice_total === null)
    add("amount_due_matches", "skipped", "No amount due or no total.");
  else {
    const paid = d.amount_paid ?? 0;
    const expected = d.invoice_total - paid;
    add(
      "amount_due_matches",
      centsApart(expected, d.amount_due, 3) ? "passed" : "failed",
      `Total ${money(d.invoice_total)} - paid ${money(paid)} = ${money(expected)}; the amount due is ${money(d.amount_due)}.`,
    );
  }

  if (d.invoice_date === null || d.due_date === null)
    add("due_date_not_before_invoice_date", "skipped", "No invoice date or no due date.");
  else
    add(
      "due_date_not_before_invoice_date",
      d.due_date >= d.invoice_date ? "passed" : "failed",
      `Due ${d.due_date}, invoiced ${d.invoice_date}.`,
    );

  if (d.currency === null)
    add("currency_known", "failed", "No currency was found on the invoice or in the options.");
  else
    add(
      "currency_known",
      isKnownCurrency(d.currency) ? "passed" : "failed",
      isKnownCurrency(d.currency)
        ? `${d.currency} is an ISO 4217 currency.`
        : `${d.currency} is not an ISO 4217 currency.`,
    );
  return checks;
}
