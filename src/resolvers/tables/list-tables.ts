import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { MAX_TABLES } from "./create-table.ts";
import { type TableRecord, toTableRecord } from "./table-record.ts";

/** The account's typed tables, newest first (an account keeps at most MAX_TABLES, so one page holds them). */
export const listTypedTables = defineOperation({
  name: "listTypedTables",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({}),
  run: async (ctx): Promise<TableRecord[]> => {
    const rows = await ctx.services.db.prisma.typedTable.findMany({
      where: { accountId: ctx.accountId },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: MAX_TABLES,
    });
    return rows.map(toTableRecord);
  },
});
