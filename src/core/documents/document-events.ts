import type { Services } from "../services.ts";

/** Published on every phase change and page of progress; carried across processes by NOTIFY. */
export type DocumentProgressEvent = {
  id: string;
  phase: string;
  pagesCompleted: number;
  pagesTotal: number | null;
};

export const documentTopic = (id: string) => `document:${id}`;

export const terminalPhases = new Set(["complete", "awaiting_review", "error"]);

type EventDeps = Pick<Services, "events" | "log">;

/**
 * Publishes an extraction's progress. A lost event is logged, never fatal: the document row holds
 * the same state for anyone who reads it.
 */
export async function publishProgress(deps: EventDeps, e: DocumentProgressEvent): Promise<void> {
  await deps.events.publish(documentTopic(e.id), e).catch((err: Error) => {
    deps.log.warn("could not publish document progress", { documentId: e.id, error: err.message });
  });
}

/** The least time between two page-progress events of one extraction. */
const PROGRESS_INTERVAL_MS = 250;

/**
 * Page progress of one extraction, published at most every PROGRESS_INTERVAL_MS: a fast document
 * would otherwise send one NOTIFY per page, faster than anyone reads them.
 */
export function pageProgress(deps: EventDeps, doc: { id: string; pagesTotal: number }) {
  let lastPublished = 0;
  return async (pagesCompleted: number): Promise<void> => {
    if (Date.now() - lastPublished < PROGRESS_INTERVAL_MS) return;
    lastPublished = Date.now();
    await publishProgress(deps, {
      id: doc.id,
      phase: "extracting",
      pagesCompleted,
      pagesTotal: doc.pagesTotal,
    });
  };
}
