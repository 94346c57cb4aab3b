import {
  invoiceWorkflow,
  toWorkflowRecord,
  type WorkflowRecord,
} from "../../core/workflows/workflow-catalog.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { findWorkflow, workflowRef, workflowRows } from "./workflow-record.ts";

/** The workflows an account can run: the built-in ones, then (in the beta) its own, oldest first. */
export const listWorkflows = defineOperation({
  name: "listWorkflows",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({}),
  run: async (ctx): Promise<WorkflowRecord[]> => [
    invoiceWorkflow,
    ...(await workflowRows(ctx)).map(toWorkflowRecord),
  ],
});

/** One workflow the account can run, built-in or its own (twin of GET /v1/workflows/{id}). */
export const getWorkflow = defineOperation({
  name: "getWorkflow",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: workflowRef }),
  run: (ctx, input): Promise<WorkflowRecord> => findWorkflow(ctx, input.ref),
});
