import type { AnswerEvent, Citation, FieldSource } from "../../core/answering/answer-types.ts";
import { pageElementsOf, pageKey } from "../../core/documents/page-elements-of.ts";
import { locateQuote } from "../../core/documents/quote-boxes.ts";
import type { Services } from "../../core/services.ts";

/** The citations with the box of what each quotes on its page (null where it cannot be placed). */
export async function boxedCitations(
  services: Services,
  citations: readonly Citation[],
): Promise<Citation[]> {
  if (!citations.length) return [];
  const elements = await pageElementsOf(services.db, citations);
  return citations.map((c) => {
    const onPage = elements.get(pageKey(c));
    return { ...c, bbox: onPage ? locateQuote(onPage, c.quote) : null };
  });
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
  const placed = sources.filter((s) => s.page !== null && s.quote);
  const elements = await pageElementsOf(
    services.db,
    placed.map((s) => ({ documentId, page: s.page as number })),
  );
  return sources.map((s) => {
    const onPage = s.page === null ? undefined : elements.get(pageKey({ documentId, page: s.page }));
    return { ...s, bbox: onPage && s.quote ? locateQuote(onPage, s.quote) : null };
  });
}
