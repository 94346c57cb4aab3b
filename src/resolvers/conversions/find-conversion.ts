import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import type { AccountContext } from "../operation.ts";
import { type ConversionRow, conversionInclude } from "./conversion-record.ts";

export const conversionIdPattern = /^conv_[a-z0-9]{16}$/;

/** A conversion named in a path: its id. */
export const conversionRef = z.string().min(1).max(100);

/** The account's own conversion; another account's, or none, is NOT_FOUND (ids leak nothing). */
export async function findConversion(ctx: AccountContext, ref: string): Promise<ConversionRow> {
  const row = conversionIdPattern.test(ref)
    ? await ctx.services.db.prisma.conversion.findFirst({
        where: { id: ref, accountId: ctx.accountId },
        include: conversionInclude,
      })
    : null;
  if (!row) throw new AppError("NOT_FOUND", `Conversion ${ref} was not found.`);
  return row;
}
