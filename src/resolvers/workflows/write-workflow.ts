import { AppError } from "../../core/errors.ts";
import { newId } from "../../core/ids.ts";
import { controlCharacters } from "../../core/text-rules.ts";
import {
  INVOICE_WORKFLOW,
  toWorkflowRecord,
  type WorkflowRecord,
} from "../../core/workflows/workflow-catalog.ts";
import { workflowSteps } from "../../core/workflows/workflow-steps.ts";
import { z } from "../../core/zod.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { defineOperation } from "../operation.ts";
import { findWorkflow, requireBeta, workflowRef } from "./workflow-record.ts";

/** Dynamic workflows an account keeps at most. */
export const MAX_WORKFLOWS = 100;

const controlCharacter = new RegExp(`[${controlCharacters}]`, "u");

const name = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(100)
  .refine((s) => !controlCharacter.test(s), "must not contain control characters");

/**
 * POST /v1/workflows (private beta): stores an account's steps as a workflow (`wf_…`) to run like
 * the built-in one. The steps are checked whole before anything is kept: the extract schema
 * compiles, rules name fields it has, steps come in order.
 */
export const createWorkflow = defineOperation({
  name: "createWorkflow",
  rateClass: "standard",
  caller: "secretKey",
  input: z.strictObject({
    name,
    description: z.string().max(1000).default(""),
    steps: workflowSteps,
  }),
  run: async (ctx, input): Promise<WorkflowRecord> => {
    requireBeta(ctx);
    const { prisma } = ctx.services.db;
    const kept = await prisma.workflow.count({ where: { accountId: ctx.accountId } });
    if (kept >= MAX_WORKFLOWS)
      throw new AppError(
        "CONFLICT",
        `The account keeps ${kept} workflows, the most it may: delete one (DELETE /v1/workflows/{id}) before adding another.`,
      );
    const row = await prisma.workflow.create({
      data: {
        id: newId("wf_"),
        accountId: ctx.accountId,
        name: input.name,
        description: input.description,
        steps: input.steps as unknown as Prisma.InputJsonValue,
      },
    });
    return toWorkflowRecord(row);
  },
});

/**
 * DELETE /v1/workflows/{id}: the workflow goes; its runs stay, with the steps they were run with.
 * The built-in workflow cannot be deleted (FORBIDDEN).
 */
export const deleteWorkflow = defineOperation({
  name: "deleteWorkflow",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: workflowRef }),
  run: async (ctx, input): Promise<{ id: string; deleted: true }> => {
    if (input.ref === INVOICE_WORKFLOW)
      throw new AppError("FORBIDDEN", `${INVOICE_WORKFLOW} is built in: it cannot be deleted.`);
    const wf = await findWorkflow(ctx, input.ref);
    await ctx.services.db.prisma.workflow.deleteMany({ where: { id: wf.id, accountId: ctx.accountId } });
    return { id: wf.id, deleted: true };
  },
});
