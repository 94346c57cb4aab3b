import { splitPassages, textSearchConfigOfDocument } from "../../core/answering/passages.ts";
import { sourceBlobKey } from "../../core/documents/blob-keys.ts";
import { pageProgress } from "../../core/documents/document-events.ts";
import { failExtraction, finishExtraction, startExtraction } from "../../core/documents/extraction-phases.ts";
import { openExtraction } from "../../core/documents/open-extraction.ts";
import { underWay } from "../../core/documents/phases.ts";
import { readPage } from "../../core/documents/read-page.ts";
import { beginAttempt } from "../../core/documents/reading-attempts.ts";
import { ReviewNotes } from "../../core/documents/review-notes.ts";
import { TableStitcher } from "../../core/documents/stitch-tables.ts";
import { storePageImage } from "../../core/documents/store-page-image.ts";
import { writePage } from "../../core/documents/write-page.ts";
import type { ExtractionSession } from "../../core/extraction/extractor.ts";
import type { ExtractionJob } from "../../core/job-queue.ts";
import type { Services } from "../../core/services.ts";
import type { Document } from "../../generated/prisma/client.ts";

type Deps = Pick<Services, "db" | "blobs" | "events" | "extractor" | "renderer" | "log" | "config">;

/**
 * Extracts generation `generation` of a document, page by page, writing each page as soon as it
 * is done. Safe to run again after a crash: pages already written for this generation are kept
 * and the work resumes after them. Stops quietly when the document was deleted or a newer
 * reparse superseded this generation. Throws only for failures worth a retry (database, blob
 * store); a PDF that cannot be read ends in `error` at once.
 */
export async function runExtraction(deps: Deps, job: ExtractionJob): Promise<void> {
  const { documentId: id, generation } = job;
  const doc = await deps.db.prisma.document.findUnique({ where: { id } });
  if (!doc || doc.workingGeneration !== generation) return;
  if (doc.phase === "complete" || doc.phase === "awaiting_review") {
    if (doc.activeGeneration === generation) return; // already done: a duplicate delivery
  }
  const bytes = await deps.blobs.get(sourceBlobKey(id));
  if (!bytes) {
    await failExtraction(deps, job, "The uploaded file is missing from storage; upload it again.");
    return;
  }
  const opened = await openExtraction(deps, bytes, doc);
  if ("failure" in opened) {
    await failExtraction(deps, job, opened.failure);
    return;
  }
  const { session } = opened;
  // The key under which this extraction's open PDF is held for drawing page images: the
  // document's id, as a viewer's and the background's renders name it (a document's PDF never
  // changes), so the render thread holds it open once whoever asks.
  const renderKey = id;
  try {
    await extractPages(deps, job, doc, session, { bytes, renderKey });
  } finally {
    await session.close();
    deps.log.info("extraction ended", {
      documentId: id,
      generation,
      pages: session.pageCount,
      peakMemoryMb: Math.round((session.peakMemoryBytes?.() ?? 0) / 2 ** 20),
    });
    // Not forget: a viewer's render of the same document may be under way.
    deps.renderer.closeIfIdle(renderKey);
  }
}

/** The pages not yet written for this generation, then the document's final phase. */
async function extractPages(
  deps: Deps,
  job: ExtractionJob,
  doc: Document,
  session: ExtractionSession,
  pdf: { bytes: Uint8Array; renderKey: string },
): Promise<void> {
  const { prisma } = deps.db;
  const { documentId: id, generation } = job;
  const pageCount = session.pageCount;
  if (pageCount > deps.config.maxPages) {
    await failExtraction(
      deps,
      job,
      `The PDF has ${pageCount} pages; this service accepts at most ${deps.config.maxPages} (MAX_PAGES).`,
    );
    return;
  }
  const done = await prisma.page.findMany({
    where: { documentId: id, generation },
    select: { pageNumber: true, method: true },
    orderBy: { pageNumber: "asc" },
  });
  const stitcher = await TableStitcher.resume(prisma, job, doc.capabilities.includes("tables"));
  if (!(await startExtraction(deps, job, { total: pageCount, completed: done.length }))) return;

  const notes = new ReviewNotes(done.filter((p) => p.method === "failed").map((p) => p.pageNumber));
  const imagesWanted = doc.capabilities.includes("page_images");
  const tsConfig = textSearchConfigOfDocument(doc.config);
  const progress = pageProgress(deps, { id, pagesTotal: pageCount });
  const startAt = (done[done.length - 1]?.pageNumber ?? 0) + 1;
  if (startAt > 1 && startAt <= pageCount) {
    // Resuming after a crash: reading the last page written again (and throwing the result
    // away) rebuilds what the extractor carries from page to page, such as a table that runs
    // on into the next page or the running headers seen.
    await session.extractPage(startAt - 1).catch(() => undefined);
  }
  const skipped = await beginAttempt(prisma, { id, generation, page: startAt, last: doc.readingAttempt });
  for (let n = startAt; n <= pageCount; n++) {
    const reading = await readPage(session, n, n === skipped);
    if ("outOfTime" in reading) {
      await failExtraction(
        deps,
        job,
        `Extraction took longer than ${deps.config.extractionTimeoutSeconds} s (EXTRACTION_TIMEOUT_SECONDS) and was stopped on page ${n}; pages before it are saved.`,
      );
      return;
    }
    const { page, failure } = reading;
    if (failure !== undefined) {
      deps.log.warn("page extraction failed", { documentId: id, page: n, error: failure });
      notes.failed(n, failure);
    } else if (page.text.trim() === "") notes.empty(n);
    const stitched = stitcher.stitch(page);
    const progressed = await writePage(prisma, {
      documentId: id,
      generation,
      page: { ...page, elements: stitched.elements },
      tables: stitched.tables,
      grown: stitched.grown,
      passages: splitPassages(page.markdown),
      tsConfig,
    });
    if (!progressed) return;
    stitched.written();
    if (imagesWanted && failure === undefined)
      await storePageImage(deps, pdf, { documentId: id, generation, pageNumber: n });
    await progress(n);
  }
  await finishExtraction(deps, job, { pageCount, review: notes.reason() });
}

/**
 * What a failed attempt leaves on the document for the dead-letter handler to report, should no
 * retry succeed: its own message for our errors, the kind of failure for the database's (whose
 * messages hold SQL and values, never shown to a client). Nothing is written to a document that
 * is no longer being extracted: the attempt lost its job to a worker that finished it.
 */
export async function recordAttemptFailure(deps: Deps, job: ExtractionJob, err: unknown): Promise<void> {
  await deps.db.prisma.document.updateMany({
    where: { id: job.documentId, workingGeneration: job.generation, phase: { in: [...underWay] } },
    data: { errorReason: attemptFailureReason(err) },
  });
}

export function attemptFailureReason(err: unknown): string {
  const e = err as { code?: unknown; name?: unknown; meta?: { driverAdapterError?: unknown } };
  const fromDatabase =
    (typeof e?.code === "string" && /^P\d{4}$/.test(e.code)) ||
    e?.meta?.driverAdapterError !== undefined ||
    (typeof e?.name === "string" && e.name.startsWith("PrismaClient")) ||
    e?.name === "DatabaseError";
  if (fromDatabase) return "the database failed while the results were written";
  return err instanceof Error ? err.message : String(err);
}

/** After the last retry failed: the document ends in `error` with the last failure as its reason. */
export async function failExtractionForGood(
  deps: Deps,
  job: ExtractionJob,
  lastError: string,
): Promise<void> {
  await failExtraction(deps, job, `Extraction failed after several attempts: ${lastError}`);
}
