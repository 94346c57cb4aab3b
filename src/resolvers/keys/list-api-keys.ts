import { requireAccount } from "../../core/auth/authorize.ts";
import type { OperationContext } from "../context.ts";
import { type ApiKeyRecord, toApiKeyRecord } from "./api-key-record.ts";

/** The account's keys, newest first; revoked ones only when asked for. */
export async function listApiKeys(
  ctx: OperationContext,
  input: { includeRevoked?: boolean | undefined },
): Promise<ApiKeyRecord[]> {
  const accountId = requireAccount(ctx.principal, "manage");
  const rows = await ctx.services.db.prisma.apiKey.findMany({
    where: { accountId, ...(input.includeRevoked ? {} : { revokedAt: null }) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return rows.map(toApiKeyRecord);
}
