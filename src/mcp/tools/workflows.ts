import type { Services } from "../../core/services.ts";
import { z } from "../../core/zod.ts";
import { createRun, runOptionsInput } from "../../resolvers/workflows/create-run.ts";
import { getRun } from "../../resolvers/workflows/get-run.ts";
import type { RunRecord } from "../../resolvers/workflows/run-record.ts";
import { INVOICE_WORKFLOW, MAX_RUN_DOCUMENTS } from "../../resolvers/workflows/workflow-catalog.ts";
import {
  badArgument,
  boundedStructured,
  defineTool,
  hints,
  structured,
  type ToolDefinition,
} from "../tool.ts";
import { MAX_WAIT_SECONDS, waitFor, waitSecondsArg } from "../wait.ts";

/** How long get_run may wait for the end, at most. */
const POLL_MS = 500;

const runOut = z.looseObject({ id: z.string(), status: z.string() });

const ended = (r: RunRecord) => r.status !== "queued" && r.status !== "running";

/** A run as a tool gives it: each document's data and checks (its sources stay with the REST record). */
const runJson = (r: RunRecord) => ({
  id: r.id,
  workflow: r.workflow,
  status: r.status,
  finished_at: r.finishedAt?.toISOString() ?? null,
  documents: r.documents.map((d) => ({
    document_id: d.documentId,
    file_name: d.fileName,
    status: d.status,
    data: d.data,
    failed_checks: (d.checks ?? []).filter((c) => c.status === "failed"),
    error: d.error,
  })),
});

export function workflowTools(_services: Services): ToolDefinition[] {
  return [
    defineTool({
      name: "run_invoice_workflow",
      title: "Read invoices into fields and check them",
      description: `Runs the invoice-extraction workflow over 1 to ${MAX_RUN_DOCUMENTS} invoices (parsed documents by document_ids, or stored PDF files by file_ids): each is read into invoice fields (number, dates, parties, currency, subtotal, tax, total, amount due, line items) and its arithmetic checked. Runs in the background: call get_run with wait_seconds for the result.`,
      operation: createRun,
      input: z.object({
        document_ids: z
          .array(z.string().min(1).max(100))
          .min(1)
          .max(MAX_RUN_DOCUMENTS)
          .optional()
          .describe("Documents of the account (doc-…)."),
        file_ids: z
          .array(z.string().min(1).max(100))
          .min(1)
          .max(MAX_RUN_DOCUMENTS)
          .optional()
          .describe("Stored PDF files (file_…); each is parsed unless it was before."),
        locale: runOptionsInput
          .unwrap()
          .shape.locale.describe("en-US, de-DE, fr-FR: how to read 03/05/2026 and 1.234,56."),
        currency: runOptionsInput.unwrap().shape.currency.describe("ISO 4217, for invoices that name none."),
      }),
      output: runOut,
      annotations: hints.create,
      run: async (call, a) => {
        if ((a.document_ids === undefined) === (a.file_ids === undefined))
          throw badArgument("document_ids", "give document_ids or file_ids, exactly one of the two.");
        const run = await createRun.invoke(call.ctx, {
          workflow: INVOICE_WORKFLOW,
          documentIds: a.document_ids,
          fileIds: a.file_ids,
          options: { locale: a.locale, currency: a.currency },
        });
        return structured(runJson(run));
      },
    }),
    defineTool({
      name: "get_run",
      title: "A workflow run's status and results",
      description: `A run's status (queued, running, succeeded, needs_review, failed) and, per document, the invoice fields read and the checks that failed (with the figures). wait_seconds (up to ${MAX_WAIT_SECONDS}) waits for the run to end first.`,
      operation: getRun,
      input: z.object({
        run_id: z.string().min(1).max(100).describe("The run (run_…)."),
        wait_seconds: waitSecondsArg("it to end"),
      }),
      output: runOut,
      annotations: hints.read,
      run: async (call, a) => {
        const run = await waitFor(() => getRun.invoke(call.ctx, { ref: a.run_id }), ended, {
          seconds: a.wait_seconds ?? 0,
          pollMs: POLL_MS,
          signal: call.extra.signal,
        });
        return boundedStructured(
          runJson(run),
          call.budget,
          `download the whole results with GET /v1/workflows/${run.workflow}/runs/${run.id}/results.json`,
        );
      },
    }),
  ];
}
