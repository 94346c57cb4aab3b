import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import type { StoredFile } from "../../generated/prisma/client.ts";
import type { AccountContext } from "../operation.ts";

export const fileIdPattern = /^file_[a-z0-9]{16}$/;

/** A file named in a path: its id. */
export const fileRef = z.string().min(1).max(100);

/** The account's own file; another account's, or none, is NOT_FOUND (ids leak nothing). */
export async function findFile(ctx: AccountContext, ref: string): Promise<StoredFile> {
  const row = fileIdPattern.test(ref)
    ? await ctx.services.db.prisma.storedFile.findFirst({ where: { id: ref, accountId: ctx.accountId } })
    : null;
  if (!row) throw new AppError("NOT_FOUND", `File ${ref} was not found.`);
  return row;
}
