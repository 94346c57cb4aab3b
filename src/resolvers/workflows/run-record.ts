import { byId, ownedRef } from "../../core/db/owned-ref.ts";
import type { FieldSource } from "../../core/invoices/invoice-types.ts";
import type { DataCheck } from "../../core/workflows/data-checks.ts";
import type { WorkflowDefinition } from "../../core/workflows/workflow-steps.ts";
import type { Run, RunDocument } from "../../generated/prisma/client.ts";
import type { AccountContext } from "../operation.ts";
import { workflowName } from "./workflow-record.ts";

export const runStatuses = ["queued", "running", "succeeded", "needs_review", "failed"] as const;
export type RunStatus = (typeof runStatuses)[number];

/** A document of a run: queued, then parsing (its document being parsed), then read. */
export const runDocumentStatuses = ["queued", "parsing", "succeeded", "needs_review", "failed"] as const;
export type RunDocumentStatus = (typeof runDocumentStatuses)[number];

/** Statuses of a run's document still to be read. */
export const unreadStatuses: RunDocumentStatus[] = ["queued", "parsing"];
/** Statuses of a run whose documents are still in use (their deletion is refused). */
export const liveRunStatuses: RunStatus[] = ["queued", "running"];

export type RunOptions = { locale?: string | undefined; currency?: string | undefined };

export type RunDocumentRecord = {
  position: number;
  /** null once the document was deleted (what was read from it stays). */
  documentId: string | null;
  fileId: string | null;
  fileName: string;
  status: RunDocumentStatus;
  /** The invoice (InvoiceData) for invoice-extraction; an object fitting the extract schema for a dynamic workflow. */
  data: Record<string, unknown> | null;
  sources: Record<string, FieldSource> | null;
  checks: DataCheck[] | null;
  /** Why it failed, or what needs review beside the checks. */
  error: string | null;
};

/** A run as every face shows it. */
export type RunRecord = {
  id: string;
  workflow: string;
  /** A dynamic workflow's steps as the run was made with them; null for a built-in workflow. */
  definition: WorkflowDefinition | null;
  status: RunStatus;
  options: RunOptions;
  error: string | null;
  documents: RunDocumentRecord[];
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
};

export type RunRow = Run & { documents: RunDocument[] };

/** What a query must include for toRunRecord. */
export const runInclude = { documents: { orderBy: { position: "asc" } } } as const;

export function toRunRecord(r: RunRow): RunRecord {
  return {
    id: r.id,
    workflow: r.workflow,
    // Written by createRun from steps workflowSteps admitted.
    definition: r.definition as WorkflowDefinition | null,
    // The database's CHECK constraints admit only the values of these unions.
    status: r.status as RunStatus,
    options: r.options as RunOptions,
    error: r.error,
    documents: [...r.documents]
      .sort((a, b) => a.position - b.position)
      .map((d) => ({
        position: d.position,
        documentId: d.documentId,
        fileId: d.fileId,
        fileName: d.fileName,
        status: d.status as RunDocumentStatus,
        data: d.data as Record<string, unknown> | null,
        sources: d.sources as Record<string, FieldSource> | null,
        checks: d.checks as DataCheck[] | null,
        error: d.error,
      })),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    finishedAt: r.finishedAt,
  };
}

/** Where a run's progress is published (runProgress subscriptions listen). */
export const runTopic = (id: string) => `run:${id}`;

export const runIdPattern = /^run_[a-z0-9]{16}$/;

/** The account's own workflow run, named in a path by its id. */
export const runs = ownedRef({
  selects: byId(runIdPattern),
  read: (prisma, where) => prisma.run.findFirst({ where, include: runInclude }),
  notFound: (ref) => `Run ${ref} was not found.`,
});
export const runRef = runs.ref;

/** The account's own run, of `workflow` when named: a run of another workflow is NOT_FOUND too. */
export async function findRun(ctx: AccountContext, ref: string, workflow?: string): Promise<RunRow> {
  if (workflow !== undefined) workflowName(ctx, workflow);
  return runs.findWith(ctx, ref, (prisma, where) =>
    prisma.run.findFirst({ where: { ...where, ...(workflow ? { workflow } : {}) }, include: runInclude }),
  );
}
/** A workflow's run on the wire (REST's Run). */
export const runWire = (r: RunRecord) => ({
  id: r.id,
  kind: "workflow" as const,
  workflow: r.workflow,
  status: r.status,
  options: r.options,
  error: r.error,
  documents: r.documents.map((d) => ({
    document_id: d.documentId,
    file_id: d.fileId,
    file_name: d.fileName,
    status: d.status,
    data: d.data,
    sources: d.sources,
    checks: d.checks,
    error: d.error,
  })),
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});
export type RunWire = ReturnType<typeof runWire>;
