import { newestFirstPage, pageInput } from "../../core/db/keyset.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import {
  type ConversionRecord,
  conversionIdPattern,
  conversionInclude,
  toConversionRecord,
} from "./conversion-record.ts";

export const MAX_CONVERSIONS_PAGE = 100;

/** The account's conversions, newest first, a page at a time. */
export const listConversions = defineOperation({
  name: "listConversions",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object(pageInput(MAX_CONVERSIONS_PAGE)),
  run: async (ctx, input): Promise<{ conversions: ConversionRecord[]; nextCursor: string | null }> => {
    const { page, nextCursor } = await newestFirstPage(input, {
      idPattern: conversionIdPattern,
      where: { accountId: ctx.accountId },
      read: (query) => ctx.services.db.prisma.conversion.findMany({ ...query, include: conversionInclude }),
    });
    return { conversions: page.map(toConversionRecord), nextCursor };
  },
});
