import { AppError } from "../../core/errors.ts";
import type { ApiKey } from "../../generated/prisma/client.ts";
import type { OperationContext } from "../context.ts";

/** A key of the caller's account, or NOT_FOUND (also for another account's key id). */
export async function findOwnKey(ctx: OperationContext, accountId: string, keyId: string): Promise<ApiKey> {
  const key = await ctx.services.db.prisma.apiKey.findFirst({ where: { id: keyId, accountId } });
  if (!key) throw new AppError("NOT_FOUND", `API key ${keyId} was not found.`);
  return key;
}
