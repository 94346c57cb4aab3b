import { AppError } from "../../core/errors.ts";
import {
  INVOICE_WORKFLOW,
  invoiceWorkflow,
  toWorkflowRecord,
  type WorkflowRecord,
} from "../../core/workflows/workflow-catalog.ts";
import { z } from "../../core/zod.ts";
import type { AccountContext } from "../operation.ts";

export const workflowIdPattern = /^wf_[a-z0-9]{16}$/;

/** A workflow named in a path or an argument: invoice-extraction or a dynamic workflow's id. */
export const workflowRef = z.string().min(1).max(100);

const notFound = (ref: string) =>
  new AppError(
    "NOT_FOUND",
    `Workflow ${ref} was not found: the built-in one is ${INVOICE_WORKFLOW}, and GET /v1/workflows lists the account's.`,
  );

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
  const row = await ctx.services.db.prisma.workflow.findFirst({
    where: { id: ref, accountId: ctx.accountId },
  });
  if (!row) throw notFound(ref);
  return toWorkflowRecord(row);
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
  throw notFound(ref);
}
