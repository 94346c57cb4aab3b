import { findDates } from "./coerce.ts";
import { figures, slotField } from "./from-invoice.ts";
import type { Labelled } from "./labels.ts";
import type { Slot } from "./match-fields.ts";
import { labelScore } from "./terms.ts";

// On an invoice the reader has read, the general matching comes after it and sees the same page:
// a labelled value the reader already read for one field ("TOTAL | 13,900.68" for the total, the
// "Bill to" block for the customer) is that field's, and is not handed again to a field the
// reader found nothing for (the amount paid, the customer number), unless its label names that
// other field better ("Balance due" for the amount due). And a field the reader knows the labels
// of in every locale, and did not find, is not read from prose: a sentence that says "due" or
// "discount" on an invoice is a note about terms, not the place its figures are printed.

/** Whether the labelled value prints what the reader read for the slot. */
function prints(cand: Labelled, value: unknown): boolean {
  if (typeof value === "number") return figures(cand.value).some((x) => Math.abs(x - value) < 0.005);
  if (typeof value !== "string" || value.trim().length < 3) return false;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return [false, true].some((dayFirst) => findDates(cand.value, { dayFirst }).some((d) => d.iso === value));
  return cand.value.toLowerCase().includes(value.trim().toLowerCase());
}

/**
 * Marks as used the labelled values that print what the reader read (call it once the reader's
 * values are in the slots, before any other filling); returns the slots that name an invoice
 * field the reader left empty, which the sentence matching is to pass over.
 */
export function claimReaderValues(slots: Slot[], labelled: Labelled[], used: Set<Labelled>): Set<Slot> {
  const invoiceSlots = slots.filter((s) => !s.pointer.includes("/items/") && slotField(s) !== null);
  const read = invoiceSlots.filter((s) => s.fill);
  const empty = invoiceSlots.filter((s) => !s.fill);
  for (const cand of labelled) {
    if (used.has(cand)) continue;
    const owners = read.filter((s) => prints(cand, s.fill?.value));
    if (!owners.length) continue;
    const own = Math.max(...owners.map((s) => labelScore(cand.terms, s.terms)));
    const other = Math.max(0, ...empty.map((s) => labelScore(cand.terms, s.terms)));
    if (own >= other) used.add(cand);
  }
  return new Set(empty);
}
