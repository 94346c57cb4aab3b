import { AppError } from "../../core/errors.ts";
import { dataColumns, dataResultsCsv, dataResultsXlsx } from "../../core/exports/data-results.ts";
import {
  type InvoiceResult,
  invoiceResultsCsv,
  invoiceResultsXlsx,
} from "../../core/exports/invoice-results.ts";
import { ublInvoices } from "../../core/exports/ubl-invoice.ts";
import type { InvoiceCheck } from "../../core/invoices/invoice-checks.ts";
import type { InvoiceData } from "../../core/invoices/invoice-types.ts";
import { type ResultFormat, resultFormats } from "../../core/workflows/workflow-catalog.ts";
import type { DataFormat, WorkflowDefinition } from "../../core/workflows/workflow-steps.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import {
  findRun,
  liveRunStatuses,
  type RunRecord,
  type RunStatus,
  runRef,
  toRunRecord,
} from "./run-record.ts";

export type RunResults = { contentType: string; fileName: string; body: Uint8Array | string };

const contentTypes: Record<ResultFormat, string> = {
  json: "application/json",
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xml: "application/xml",
};

// The invoice workflow's documents hold InvoiceData and InvoiceChecks (runWorkflow writes them).
const resultsOf = (run: RunRecord): InvoiceResult[] =>
  run.documents.map((d) => ({
    documentId: d.documentId,
    fileName: d.fileName,
    status: d.status,
    data: d.data as InvoiceData | null,
    checks: d.checks as InvoiceCheck[] | null,
    error: d.error,
  }));

/** The results as JSON: the run's documents with their data and checks (sources stay on the run). */
export const resultsJson = (run: RunRecord) => ({
  run_id: run.id,
  workflow: run.workflow,
  status: run.status,
  finished_at: run.finishedAt?.toISOString() ?? null,
  documents: run.documents.map((d) => ({
    document_id: d.documentId,
    file_name: d.fileName,
    status: d.status,
    data: d.data,
    checks: d.checks,
    error: d.error,
  })),
});

/** A dynamic workflow's results in a format its export step names (every one but xml when it has none). */
async function dynamicBody(
  run: RunRecord,
  definition: WorkflowDefinition,
  format: ResultFormat,
): Promise<Uint8Array | string> {
  if (!definition.formats.includes(format as DataFormat))
    throw new AppError(
      "NOT_FOUND",
      `Run ${run.id} gives its results as ${definition.formats.map((f) => `results.${f}`).join(", ")} (its workflow's export step), not results.${format}.`,
    );
  const columns = dataColumns(definition.extract.schema);
  switch (format as DataFormat) {
    case "json":
      return JSON.stringify(resultsJson(run));
    case "csv":
      return dataResultsCsv(run.documents, columns);
    case "xlsx":
      return dataResultsXlsx(run.documents, columns);
  }
}

/** The invoice workflow's results in a format. */
async function invoiceBody(run: RunRecord, format: ResultFormat): Promise<Uint8Array | string> {
  switch (format) {
    case "json":
      return JSON.stringify(resultsJson(run));
    case "csv":
      return invoiceResultsCsv(resultsOf(run));
    case "xlsx":
      return invoiceResultsXlsx(resultsOf(run));
    case "xml":
      return resultsXml(run);
  }
}

/** UBL 2.1 invoices in the run's container; a document not read is listed without one. */
const resultsXml = (run: RunRecord) =>
  ublInvoices(
    run.documents.map((d) => ({
      data: d.status === "failed" ? null : (d.data as InvoiceData | null),
      meta: {
        documentId: d.documentId ?? `${run.id}-${d.position}`,
        fileName: d.fileName,
        // The day the invoice reached Quire: UBL requires an issue date, and this is the nearest true one.
        issuedFallback: run.createdAt.toISOString(),
        status: d.status,
      },
    })),
    run.id,
  );

/**
 * A finished run's results in one format. CONFLICT while the run is queued or running: results
 * are whole or not given.
 */
export const runResults = defineOperation({
  name: "runResults",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: runRef, workflow: z.string().max(100), format: z.enum(resultFormats) }),
  run: async (ctx, input): Promise<RunResults> => {
    const run = toRunRecord(await findRun(ctx, input.ref, input.workflow));
    if (liveRunStatuses.includes(run.status as RunStatus))
      throw new AppError(
        "CONFLICT",
        `Run ${run.id} is still ${run.status}: its results are ready once its status is succeeded, needs_review or failed.`,
      );
    const { definition } = run;
    const body = definition
      ? await dynamicBody(run, definition, input.format)
      : await invoiceBody(run, input.format);
    return { contentType: contentTypes[input.format], fileName: `${run.id}.${input.format}`, body };
  },
});
