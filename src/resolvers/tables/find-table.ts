import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import type { TypedTable } from "../../generated/prisma/client.ts";
import type { AccountContext } from "../operation.ts";

export const tableIdPattern = /^tbl_[a-z0-9]{16}$/;

/** A typed table named in a path or an argument: its id. */
export const tableRef = z.string().min(1).max(100);

/** The account's own typed table; another account's, or none, is NOT_FOUND. */
export async function findTable(ctx: AccountContext, ref: string): Promise<TypedTable> {
  const row = tableIdPattern.test(ref)
    ? await ctx.services.db.prisma.typedTable.findFirst({ where: { id: ref, accountId: ctx.accountId } })
    : null;
  if (!row)
    throw new AppError("NOT_FOUND", `Table ${ref} was not found: GET /v1/tables lists the account's tables.`);
  return row;
}
