import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { findRun, type RunRecord, runRef, toRunRecord } from "./run-record.ts";

/** A run with its documents and what was read from them; poll until its status is terminal. */
export const getRun = defineOperation({
  name: "getRun",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: runRef, workflow: z.string().max(100).optional() }),
  run: async (ctx, input): Promise<RunRecord> => toRunRecord(await findRun(ctx, input.ref, input.workflow)),
});
