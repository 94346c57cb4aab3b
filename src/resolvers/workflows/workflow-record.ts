import { byId, ownedRef } from "../../core/db/owned-ref.ts";
import { AppError } from "../../core/errors.ts";
import {
  INVOICE_WORKFLOW,
  invoiceWorkflow,
  toWorkflowRecord,
  type WorkflowRecord,
} from "../../core/workflows/workflow-catalog.ts";
import type { AccountContext } from "../operation.ts";

export const workflowIdPattern = /^wf_[a-z0-9]{16}$/;

/** The account's own dynamic workflow, named by its id. */
const dynamicWorkflows = ownedRef({
  selects: byId(workflowIdPattern),
  read: (prisma, where) => prisma.workflow.findFirst({ where }),
  notFound: (ref) =>
    `Workflow ${ref} was not found: the built-in one is ${INVOICE_WORKFLOW}, and GET /v1/workflows lists the account's.`,
});

/** A workflow named in a path or an argument: invoice-extraction or a dynamic workflow's id. */
export const workflowRef = dynamicWorkflows.ref;

/** Dynamic workflows answer only when the operator has turned the beta on. */
export function requireBeta(ctx: AccountContext): void {
  if (!ctx.services.config.workflowsBeta)
    throw new AppError(
      "FORBIDDEN",
      "Dynamic workflows are in private beta and not enabled on this server (its operator turns them on with WORKFLOWS_BETA=true); the built-in invoice-extraction workflow is available.",
    );
}

/** The account's dynamic workflows, oldest first; none while the beta is off. */
export async function workflowRows(ctx: AccountContext) {
  if (!ctx.services.config.workflowsBeta) return [];
  return ctx.services.db.prisma.workflow.findMany({
    where: { accountId: ctx.accountId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/** A workflow the account may run: a built-in one or its own; another account's, or none, is NOT_FOUND. */
export async function findWorkflow(ctx: AccountContext, ref: string): Promise<WorkflowRecord> {
  if (workflowName(ctx, ref) === INVOICE_WORKFLOW) return invoiceWorkflow;
  return toWorkflowRecord(await dynamicWorkflows.find(ctx, ref));
}

/**
 * A workflow named to read runs by: the built-in one or a dynamic one's id (in the beta), whether
 * or not it still exists, since the runs of a deleted workflow stay readable. Anything else is
 * NOT_FOUND.
 */
export function workflowName(ctx: AccountContext, ref: string): string {
  if (ref === INVOICE_WORKFLOW) return ref;
  if (workflowIdPattern.test(ref)) {
    requireBeta(ctx);
    return ref;
  }
  throw dynamicWorkflows.notFound(ref);
}

// A workflow's record is made in the catalog (core/workflows/workflow-catalog.ts), which the
// engines read too; the wire form the faces share lives here with the family's other records.

/** A workflow on the wire (REST's Workflow). */
export const workflowWire = (w: WorkflowRecord) => ({
  id: w.id,
  kind: w.kind,
  name: w.name,
  description: w.description,
  input: w.input,
  output: w.output,
  checks: [...w.checks],
  result_formats: [...w.resultFormats],
  steps: w.steps,
  created_at: w.createdAt?.toISOString() ?? null,
  updated_at: w.updatedAt?.toISOString() ?? null,
});
