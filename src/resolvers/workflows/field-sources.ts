import type { FieldSource as FoundSource } from "../../core/answering/answer-types.ts";
import type { FieldSource } from "../../core/invoices/invoice-types.ts";

/** Sources as a structured extraction gives them, keyed by the value's JSON Pointer as runs keep them. */
export function sourcesByPointer(
  found: readonly FoundSource[],
  confidence: number | null,
): Record<string, FieldSource> {
  const out: Record<string, FieldSource> = {};
  for (const s of found)
    if (s.page !== null && s.path !== "")
      out[s.path] = { page: s.page, quote: s.quote ?? "", bbox: null, confidence };
  return out;
}
