import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { findTable, type TableRecord, tableRef, toTableRecord } from "./table-record.ts";

/** One typed table of the account, with its columns. */
export const getTypedTable = defineOperation({
  name: "getTypedTable",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: tableRef }),
  run: async (ctx, input): Promise<TableRecord> => toTableRecord(await findTable(ctx, input.ref)),
});
