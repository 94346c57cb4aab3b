import { checkInvoice } from "../../core/invoices/invoice-checks.ts";
import type { WorkflowRunJob } from "../../core/job-queue.ts";
import type { Services } from "../../core/services.ts";
import { type DataCheck, needsReview } from "../../core/workflows/data-checks.ts";
import { boxedRunSources } from "../../core/workflows/field-sources.ts";
import { readDynamicDocument } from "../../core/workflows/read-dynamic-document.ts";
import { readInvoiceDocument } from "../../core/workflows/read-invoice-document.ts";
import type { WorkflowDefinition } from "../../core/workflows/workflow-steps.ts";
import type { Document } from "../../generated/prisma/client.ts";
import {
  type RunDocumentStatus,
  type RunOptions,
  type RunStatus,
  runTopic,
  unreadStatuses,
} from "../../resolvers/workflows/run-record.ts";

// A run, as a worker reads it: each document once its parse has ended, in whatever order they
// end; the run ends when every document is read. The job holds a slot of the run queue (not of
// the extraction queue) while parses go on. A worker that dies part-way leaves the documents read
// so far; the job comes back after its heartbeat and reads the rest.

/** How often the parses a run waits for are looked at. */
const POLL_MS = 500;

/** Phases a document's parse ends in. */
const readable = new Set(["complete", "awaiting_review"]);

/** The run's outcome from its documents': failed only when every one failed; review when any needs it. */
export function runOutcome(statuses: RunDocumentStatus[]): RunStatus {
  if (statuses.every((s) => s === "failed")) return "failed";
  if (statuses.some((s) => s === "failed" || s === "needs_review")) return "needs_review";
  return "succeeded";
}

async function publish(services: Services, runId: string, event: Record<string, unknown>) {
  await services.events.publish(runTopic(runId), { runId, ...event }).catch((err: Error) => {
    services.log.warn("run progress not published", { runId, error: err.message });
  });
}

export async function runWorkflow(services: Services, job: WorkflowRunJob): Promise<void> {
  const { prisma } = services.db;
  const run = await prisma.run.findUnique({ where: { id: job.runId } });
  if (!run || (run.status !== "queued" && run.status !== "running")) return;
  if (run.status === "queued") {
    await prisma.run.update({ where: { id: run.id }, data: { status: "running" } });
    await publish(services, run.id, { status: "running" });
  }
  const hints = run.options as RunOptions;
  // Written by createRun for a dynamic workflow; a built-in one has none.
  const definition = run.definition as WorkflowDefinition | null;
  /** One parsed document read as the run's workflow reads it. */
  const read = async (doc: Document) => {
    if (definition) return readDynamicDocument(services, doc, definition, hints.locale);
    const reading = await readInvoiceDocument(services, doc, hints);
    return { ...reading, checks: checkInvoice(reading.data) as DataCheck[] };
  };
  for (;;) {
    const pending = await prisma.runDocument.findMany({
      where: { runId: run.id, status: { in: unreadStatuses } },
      orderBy: { position: "asc" },
      include: { document: true },
    });
    if (!pending.length) break;
    let progressed = false;
    for (const rd of pending) {
      const doc = rd.document;
      const set = async (data: {
        status: RunDocumentStatus;
        data?: object;
        sources?: object;
        checks?: object;
        error?: string | null;
      }) => {
        await prisma.runDocument.update({
          where: { runId_position: { runId: run.id, position: rd.position } },
          data,
        });
        await publish(services, run.id, {
          position: rd.position,
          documentId: rd.documentId,
          status: data.status,
        });
        progressed = true;
      };
      if (!doc) {
        await set({ status: "failed", error: "The document was deleted before it was read." });
        continue;
      }
      if (doc.phase === "error") {
        await set({
          status: "failed",
          error: `The PDF could not be parsed: ${doc.errorReason ?? "unknown reason"}.`,
        });
        continue;
      }
      if (!readable.has(doc.phase)) {
        if (rd.status === "queued") await set({ status: "parsing" });
        continue;
      }
      const reading = await read(doc);
      // Each value placed on its page, so a viewer can highlight where it was read.
      const sources = await boxedRunSources(services, doc.id, reading.sources);
      const review = needsReview(reading.checks) || doc.phase === "awaiting_review";
      await set({
        status: review ? "needs_review" : "succeeded",
        data: reading.data,
        sources,
        checks: reading.checks,
        error:
          doc.phase === "awaiting_review"
            ? "The document's extraction awaits review (some pages could not be read): check the figures against the PDF."
            : null,
      });
    }
    if (!progressed) await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const docs = await prisma.runDocument.findMany({ where: { runId: run.id }, select: { status: true } });
  const status = runOutcome(docs.map((d) => d.status as RunDocumentStatus));
  await prisma.run.updateMany({
    where: { id: run.id, status: "running" },
    data: { status, finishedAt: new Date() },
  });
  await publish(services, run.id, { status });
}

/** An attempt failed (the store, the database, the model): kept for giving up. */
export async function recordRunAttempt(
  services: Services,
  job: WorkflowRunJob,
  err: unknown,
): Promise<string> {
  const reason = (err as Error)?.message ?? String(err);
  await services.db.prisma.run
    .updateMany({ where: { id: job.runId, status: "running" }, data: { error: reason } })
    .catch(() => undefined);
  return reason;
}

/** Every attempt failed: the documents not read fail, and the run ends by what was read. */
export async function giveUpRun(services: Services, job: WorkflowRunJob): Promise<void> {
  const { prisma } = services.db;
  const run = await prisma.run.findUnique({ where: { id: job.runId } });
  if (!run || (run.status !== "queued" && run.status !== "running")) return;
  const reason = `Reading failed on every attempt: ${run.error ?? "the worker stopped responding"}.`;
  await prisma.runDocument.updateMany({
    where: { runId: run.id, status: { in: unreadStatuses } },
    data: { status: "failed", error: reason },
  });
  const docs = await prisma.runDocument.findMany({ where: { runId: run.id }, select: { status: true } });
  const status = runOutcome(docs.map((d) => d.status as RunDocumentStatus));
  await prisma.run.update({ where: { id: run.id }, data: { status, error: reason, finishedAt: new Date() } });
  await publish(services, run.id, { status });
}
