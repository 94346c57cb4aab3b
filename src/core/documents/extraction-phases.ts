import type { ExtractionJob } from "../job-queue.ts";
import type { Services } from "../services.ts";
import { publishProgress } from "./document-events.ts";
import { dropOldGenerationRows, dropOldPageImages } from "./drop-old-generations.ts";
import { movePhase, transitions } from "./phases.ts";

// The phase changes an extraction makes, each written through the state machine and announced.
// A worker that lost its job (superseded by a reparse, or taken over and finished by another)
// finds its move refused and stops without writing.

type Deps = Pick<Services, "db" | "blobs" | "events" | "log">;

/** Moves the document to `extracting` with its page counts; false when this job lost it. */
export async function startExtraction(
  deps: Deps,
  job: ExtractionJob,
  pages: { total: number; completed: number },
): Promise<boolean> {
  const id = job.documentId;
  const moved = await movePhase(
    deps.db.prisma,
    "start",
    { id, generation: job.generation },
    { pagesTotal: pages.total, pagesCompleted: pages.completed },
  );
  if (moved)
    await publishProgress(deps, {
      id,
      phase: transitions.start.to,
      pagesCompleted: pages.completed,
      pagesTotal: pages.total,
    });
  return moved;
}

/** Ends the extraction in `error` with a reason a person can act on; earlier good results stay readable. */
export async function failExtraction(deps: Deps, job: ExtractionJob, reason: string): Promise<void> {
  const id = job.documentId;
  const moved = await movePhase(
    deps.db.prisma,
    "fail",
    { id, generation: job.generation },
    { errorReason: reason },
  );
  if (!moved) return;
  const d = await deps.db.prisma.document.findUnique({ where: { id } });
  if (d)
    await publishProgress(deps, {
      id,
      phase: transitions.fail.to,
      pagesCompleted: d.pagesCompleted,
      pagesTotal: d.pagesTotal,
    });
}

/**
 * Makes the finished generation the one reads serve: `complete`, or `awaiting_review` with
 * `review` as its reason. The previous extraction's results are replaced only now.
 */
export async function finishExtraction(
  deps: Deps,
  job: ExtractionJob,
  done: { pageCount: number; review: string | null },
): Promise<void> {
  const { documentId: id, generation } = job;
  const transition = done.review === null ? "complete" : "holdForReview";
  const finished = await deps.db.prisma.$transaction(async (tx) => {
    const moved = await movePhase(
      tx,
      transition,
      { id, generation },
      { activeGeneration: generation, errorReason: done.review, completedAt: new Date() },
    );
    if (moved) await dropOldGenerationRows(tx, id, generation);
    return moved;
  });
  if (!finished) return;
  await publishProgress(deps, {
    id,
    phase: transitions[transition].to,
    pagesCompleted: done.pageCount,
    pagesTotal: done.pageCount,
  });
  await dropOldPageImages(deps.blobs, id, generation);
}
