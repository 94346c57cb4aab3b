import { splitPassages, textSearchConfigOfDocument } from "../answering/passages.ts";
import { tableToMarkdown } from "../exports/table-formats.ts";
import { DocumentBudgetError, type ExtractedPage, ExtractionLimitError } from "../extraction/extractor.ts";
import { PdfOpenError } from "../extraction/pdf-open-error.ts";
import { DEFAULT_IMAGE_SCALE } from "../extraction/render-page.ts";
import type { TableGrid } from "../extraction/table-model.ts";
import type { Services } from "../services.ts";
import { pageImageKey, pageImagePrefix, sourceBlobKey } from "./blob-keys.ts";
import { type DocumentProgressEvent, documentTopic } from "./document-events.ts";
import { storable } from "./storable-text.ts";
import { writePage } from "./write-page.ts";

type Deps = Pick<Services, "db" | "blobs" | "events" | "extractor" | "renderer" | "log" | "config">;

async function publish(deps: Deps, e: DocumentProgressEvent) {
  await deps.events.publish(documentTopic(e.id), e).catch((err: Error) => {
    deps.log.warn("could not publish document progress", { documentId: e.id, error: err.message });
  });
}

/** Ends the extraction in `error` with a reason a person can act on; earlier good results stay readable. */
async function fail(deps: Deps, id: string, generation: number, reason: string) {
  // Only an extraction under way ends: a worker that lost its job never undoes the one that finished.
  const r = await deps.db.prisma.document.updateMany({
    where: { id, workingGeneration: generation, phase: { in: ["queued", "extracting"] } },
    data: { phase: "error", errorReason: reason },
  });
  if (r.count) {
    const d = await deps.db.prisma.document.findUnique({ where: { id } });
    if (d)
      await publish(deps, { id, phase: "error", pagesCompleted: d.pagesCompleted, pagesTotal: d.pagesTotal });
  }
}

/**
 * Extracts generation `generation` of a document, page by page, writing each page as soon as it
 * is done. Safe to run again after a crash: pages already written for this generation are kept
 * and the work resumes after them. Stops quietly when the document was deleted or a newer
 * reparse superseded this generation. Throws only for failures worth a retry (database, blob
 * store); a PDF that cannot be read ends in `error` at once.
 */
export async function runExtraction(
  deps: Deps,
  job: { documentId: string; generation: number },
): Promise<void> {
  const { prisma } = deps.db;
  const { documentId: id, generation } = job;
  const doc = await prisma.document.findUnique({ where: { id } });
  if (!doc || doc.workingGeneration !== generation) return;
  if (doc.phase === "complete" || doc.phase === "awaiting_review") {
    if (doc.activeGeneration === generation) return; // already done: a duplicate delivery
  }

  const bytes = await deps.blobs.get(sourceBlobKey(id));
  if (!bytes) {
    await fail(deps, id, generation, "The uploaded file is missing from storage; upload it again.");
    return;
  }
  let session: Awaited<ReturnType<typeof deps.extractor.open>>;
  const timeout = deps.config.extractionTimeoutSeconds;
  try {
    session = await deps.extractor.open(bytes, {
      strategy: doc.strategy,
      capabilities: doc.capabilities,
      limits: {
        pageMaxOps: deps.config.pageMaxOps,
        pageTimeMs: deps.config.pageTimeBudgetSeconds * 1000,
        deadline: Date.now() + timeout * 1000,
      },
    });
  } catch (err) {
    if (err instanceof PdfOpenError) {
      await fail(deps, id, generation, err.message);
      return;
    }
    if (err instanceof DocumentBudgetError) {
      await fail(
        deps,
        id,
        generation,
        `Extraction took longer than ${timeout} s (EXTRACTION_TIMEOUT_SECONDS) and was stopped while the PDF was opened.`,
      );
      return;
    }
    // Opening ran into a reading limit: trying again would do the same.
    if (err instanceof ExtractionLimitError) {
      await fail(deps, id, generation, `The PDF could not be opened: ${err.message}.`);
      return;
    }
    throw err;
  }
  // The key under which this extraction's open PDF is held for drawing page images: the
  // document's id, as a viewer's and the background's renders name it (a document's PDF never
  // changes), so the render thread holds it open once whoever asks.
  const renderKey = id;
  try {
    if (session.pageCount > deps.config.maxPages) {
      await fail(
        deps,
        id,
        generation,
        `The PDF has ${session.pageCount} pages; this service accepts at most ${deps.config.maxPages} (MAX_PAGES).`,
      );
      return;
    }
    const done = await prisma.page.findMany({
      where: { documentId: id, generation },
      select: { pageNumber: true, method: true },
      orderBy: { pageNumber: "asc" },
    });
    // The last table written for this generation: a table that runs on into the next page grows
    // it. Read here once (it exists only when resuming) and then kept, not read again per page.
    const lastStored = await prisma.documentTable.findFirst({
      where: { documentId: id, generation },
      orderBy: { tableIndex: "desc" },
      select: { tableIndex: true, cells: true, pages: true },
    });
    let lastTable: StoredTable | undefined = lastStored
      ? {
          index: lastStored.tableIndex,
          grid: lastStored.cells as unknown as TableGrid,
          pages: lastStored.pages,
        }
      : undefined;
    const started = await prisma.document.updateMany({
      where: { id, workingGeneration: generation },
      data: { phase: "extracting", pagesTotal: session.pageCount, pagesCompleted: done.length },
    });
    if (!started.count) return;
    await publish(deps, {
      id,
      phase: "extracting",
      pagesCompleted: done.length,
      pagesTotal: session.pageCount,
    });

    const failedPages = done.filter((p) => p.method === "failed").map((p) => p.pageNumber);
    const failures: string[] = [];
    const emptyPages: number[] = [];
    const tablesWanted = doc.capabilities.includes("tables");
    const imagesWanted = doc.capabilities.includes("page_images");
    const tsConfig = textSearchConfigOfDocument(doc.config);
    let lastPublished = 0;
    const startAt = (done[done.length - 1]?.pageNumber ?? 0) + 1;
    if (startAt > 1 && startAt <= session.pageCount) {
      // Resuming after a crash: reading the last page written again (and throwing the result
      // away) rebuilds what the extractor carries from page to page, such as a table that runs
      // on into the next page or the running headers seen.
      await session.extractPage(startAt - 1).catch(() => undefined);
    }
    const skipped = await beginAttempt(deps, { id, generation, page: startAt, last: doc.readingAttempt });
    for (let n = startAt; n <= session.pageCount; n++) {
      let page: ExtractedPage;
      let failed = false;
      try {
        if (n === skipped)
          throw new Error(
            `page ${n} was begun by ${POISON_ATTEMPTS} attempts that did not finish it (their worker was killed, ran out of memory or failed to store it); it is skipped`,
          );
        page = storable(await session.extractPage(n));
      } catch (err) {
        if (err instanceof DocumentBudgetError) {
          await fail(
            deps,
            id,
            generation,
            `Extraction took longer than ${timeout} s (EXTRACTION_TIMEOUT_SECONDS) and was stopped on page ${n}; pages before it are saved.`,
          );
          return;
        }
        // One bad page does not sink the document: it is recorded as failed and reviewed.
        deps.log.warn("page extraction failed", { documentId: id, page: n, error: (err as Error).message });
        failures.push((err as Error).message);
        page = {
          pageNumber: n,
          markdown: "",
          text: "",
          tables: [],
          elements: [],
          width: 0,
          height: 0,
          method: "failed" as never,
        };
        failedPages.push(n);
        failed = true;
      }
      if (page.text.trim() === "" && !failed) emptyPages.push(n);
      let tables = tablesWanted ? page.tables : [];
      // A table continued from the previous page grows that table instead of starting a new one.
      const continued = tables[0]?.continuation ? tables[0] : undefined;
      const grown: StoredTable | undefined =
        continued && lastTable
          ? {
              index: lastTable.index,
              grid: [...lastTable.grid, ...continued.grid],
              pages: [...lastTable.pages, n],
            }
          : undefined;
      if (grown) tables = tables.slice(1);
      const firstIndex = (lastTable?.index ?? -1) + 1;
      // The page's elements name its tables as the document numbers them: a continued table by
      // the index of the table it grew, the rest from firstIndex on.
      const documentIndex = (local: number) =>
        grown ? (local === 0 ? grown.index : firstIndex + local - 1) : firstIndex + local;
      const elements = page.elements.map((e) =>
        e.table === undefined ? e : { ...e, table: tablesWanted ? documentIndex(e.table) : undefined },
      );
      const progressed = await writePage(prisma, {
        documentId: id,
        generation,
        page: { ...page, elements },
        tables: tables.map((t, i) => ({
          index: firstIndex + i,
          bbox: t.bbox,
          cells: t.grid,
          markdown: tableToMarkdown(t.grid),
        })),
        grown: grown && {
          index: grown.index,
          cells: grown.grid,
          pages: grown.pages,
          markdown: tableToMarkdown(grown.grid),
        },
        passages: splitPassages(page.markdown),
        tsConfig,
      });
      if (!progressed) return;
      const newest = tables[tables.length - 1];
      if (newest) lastTable = { index: firstIndex + tables.length - 1, grid: newest.grid, pages: [n] };
      else if (grown) lastTable = grown;
      if (imagesWanted && !failed) {
        // page_images: the viewer's images are ready when the page is, instead of rendered on
        // the first request. A page that cannot be drawn is logged; its text stands regardless.
        try {
          const png = await deps.renderer.render(bytes, n, DEFAULT_IMAGE_SCALE, renderKey);
          await deps.blobs.put(pageImageKey(id, generation, n, DEFAULT_IMAGE_SCALE), png);
        } catch (err) {
          deps.log.warn("page image failed", { documentId: id, page: n, error: (err as Error).message });
        }
      }
      // Progress events at most every quarter second: a fast document would otherwise send one
      // NOTIFY per page, faster than anyone reads them.
      if (Date.now() - lastPublished >= 250) {
        lastPublished = Date.now();
        await publish(deps, { id, phase: "extracting", pagesCompleted: n, pagesTotal: session.pageCount });
      }
    }

    // awaiting_review: the extraction finished, but some pages gave no text or failed, so a
    // person should look before relying on it. Approving moves it to complete; a reparse retries.
    const review = [
      failedPages.length
        ? `pages that could not be read: ${failedPages.join(", ")}${failures.length ? ` (${failures.slice(0, 3).join("; ")})` : ""}`
        : "",
      emptyPages.length
        ? `pages with no text found (blank, or a scan OCR could not read): ${emptyPages.join(", ")}`
        : "",
    ].filter(Boolean);
    const phase = review.length ? "awaiting_review" : "complete";
    const finished = await prisma.$transaction(async (tx) => {
      const u = await tx.document.updateMany({
        where: { id, workingGeneration: generation },
        data: {
          phase,
          activeGeneration: generation,
          errorReason: review.length ? `Review needed: ${review.join("; ")}.` : null,
          completedAt: new Date(),
        },
      });
      if (!u.count) return false;
      // The new results are in: the previous extraction's are replaced only now.
      await tx.page.deleteMany({ where: { documentId: id, generation: { not: generation } } });
      await tx.documentTable.deleteMany({ where: { documentId: id, generation: { not: generation } } });
      await tx.passage.deleteMany({ where: { documentId: id, generation: { not: generation } } });
      return true;
    });
    if (finished) {
      await publish(deps, { id, phase, pagesCompleted: session.pageCount, pagesTotal: session.pageCount });
      // Page images of earlier extractions are no longer served; drop them from the store.
      for (const key of await deps.blobs.list(pageImagePrefix(id))) {
        if (!key.startsWith(`${pageImagePrefix(id)}g${generation}-`)) await deps.blobs.delete(key);
      }
    }
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

/**
 * Attempts that may reach the same page and die there (their worker killed, out of memory)
 * before the page is skipped: the next attempt records it as failed and goes on after it.
 */
export const POISON_ATTEMPTS = 2;

/**
 * The page attempts of this generation have reached without writing it, and how many did. Each
 * page written moves it to the next page (writePage); each attempt that begins counts itself.
 */
type ReadingAttempt = { generation: number; page: number; attempts: number };

/**
 * Notes that an attempt begins at `page`; returns that page when POISON_ATTEMPTS attempts reached
 * it before and died there (so this one skips it), else null.
 */
async function beginAttempt(
  deps: Deps,
  a: { id: string; generation: number; page: number; last: unknown },
): Promise<number | null> {
  const last = a.last as ReadingAttempt | null;
  const died = last?.generation === a.generation && last.page === a.page ? last.attempts : 0;
  const poisoned = died >= POISON_ATTEMPTS;
  const mark: ReadingAttempt = {
    generation: a.generation,
    page: poisoned ? a.page + 1 : a.page,
    attempts: poisoned ? 1 : died + 1,
  };
  await deps.db.prisma.document.updateMany({
    where: { id: a.id, workingGeneration: a.generation },
    data: { readingAttempt: mark },
  });
  return poisoned ? a.page : null;
}

/** A table as this extraction last wrote it. */
type StoredTable = { index: number; grid: TableGrid; pages: number[] };

/**
 * What a failed attempt leaves on the document for the dead-letter handler to report, should no
 * retry succeed: its own message for our errors, the kind of failure for the database's (whose
 * messages hold SQL and values, never shown to a client). Nothing is written to a document that
 * is no longer being extracted: the attempt lost its job to a worker that finished it.
 */
export async function recordAttemptFailure(
  deps: Deps,
  job: { documentId: string; generation: number },
  err: unknown,
): Promise<void> {
  await deps.db.prisma.document.updateMany({
    where: {
      id: job.documentId,
      workingGeneration: job.generation,
      phase: { in: ["queued", "extracting"] },
    },
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
  job: { documentId: string; generation: number },
  lastError: string,
) {
  await fail(deps, job.documentId, job.generation, `Extraction failed after several attempts: ${lastError}`);
}
