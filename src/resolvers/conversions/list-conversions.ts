import { z } from "../../core/zod.ts";
import { afterCursor, cursorInput, decodeCursor, pageOf } from "../cursor.ts";
import { defineOperation } from "../operation.ts";
import { type ConversionRecord, conversionInclude, toConversionRecord } from "./conversion-record.ts";
import { conversionIdPattern } from "./find-conversion.ts";

export const MAX_CONVERSIONS_PAGE = 100;

/** The account's conversions, newest first, a page at a time. */
export const listConversions = defineOperation({
  name: "listConversions",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    limit: z.number().int().min(1).max(MAX_CONVERSIONS_PAGE).default(20),
    cursor: cursorInput.optional(),
  }),
  run: async (ctx, input): Promise<{ conversions: ConversionRecord[]; nextCursor: string | null }> => {
    const after = input.cursor ? decodeCursor(input.cursor, conversionIdPattern) : null;
    const rows = await ctx.services.db.prisma.conversion.findMany({
      where: { accountId: ctx.accountId, ...afterCursor(after) },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: input.limit + 1,
      include: conversionInclude,
    });
    const { page, nextCursor } = pageOf(rows, input.limit);
    return { conversions: page.map(toConversionRecord), nextCursor };
  },
});
