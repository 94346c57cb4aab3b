import type { FieldSource as FoundSource } from "../answering/answer-types.ts";
import { quoteBoxes } from "../documents/quote-boxes.ts";
import type { FieldSource } from "../invoices/invoice-types.ts";
import type { Services } from "../services.ts";

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

/** A run document's sources with the box of what each quotes on its page, where it can be placed. */
export async function boxedRunSources(
  services: Services,
  documentId: string,
  sources: Record<string, FieldSource>,
): Promise<Record<string, FieldSource>> {
  const entries = Object.entries(sources);
  const boxes = await quoteBoxes(
    services.db,
    entries.map(([, s]) => ({ documentId, page: s.page, quote: s.quote })),
  );
  return Object.fromEntries(
    entries.map(([path, s], i) => [path, { ...s, bbox: s.bbox ?? boxes[i] ?? null }]),
  );
}
