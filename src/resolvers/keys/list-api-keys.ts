import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type ApiKeyRecord, toApiKeyRecord } from "./api-key-record.ts";

/** The account's keys, newest first; revoked ones only when asked for. */
export const listApiKeys = defineOperation({
  name: "listApiKeys",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ includeRevoked: z.boolean().default(false) }),
  run: async (ctx, input): Promise<ApiKeyRecord[]> => {
    const rows = await ctx.services.db.prisma.apiKey.findMany({
      where: { accountId: ctx.accountId, ...(input.includeRevoked ? {} : { revokedAt: null }) },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    });
    return rows.map(toApiKeyRecord);
  },
});
