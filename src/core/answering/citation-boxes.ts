import { quoteBoxes } from "../documents/quote-boxes.ts";
import type { Services } from "../services.ts";
import type { AnswerEvent, Citation, FieldSource } from "./answer-types.ts";

/** The citations with the box of what each quotes on its page (null where it cannot be placed). */
export async function boxedCitations(
  services: Services,
  citations: readonly Citation[],
): Promise<Citation[]> {
  const boxes = await quoteBoxes(services.db, citations);
  return citations.map((c, i) => ({ ...c, bbox: boxes[i] ?? null }));
}

/** An answer's events as they come, its final one with its citations boxed. */
export async function* withCitationBoxes(
  services: Services,
  events: AsyncIterable<AnswerEvent>,
): AsyncGenerator<AnswerEvent> {
  for await (const e of events)
    yield e.type === "done" ? { ...e, citations: await boxedCitations(services, e.citations) } : e;
}

/** A document's extracted values' sources with the box of what each quotes (null where it cannot be placed). */
export async function boxedSources(
  services: Services,
  documentId: string,
  sources: readonly FieldSource[],
): Promise<FieldSource[]> {
  const boxes = await quoteBoxes(
    services.db,
    sources.map((s) => ({ documentId, page: s.page, quote: s.quote })),
  );
  return sources.map((s, i) => ({ ...s, bbox: boxes[i] ?? null }));
}
