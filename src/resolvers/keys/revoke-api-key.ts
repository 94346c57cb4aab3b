import { type ApiKeyEvent, apiKeyTopic } from "../../core/auth/key-events.ts";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type ApiKeyRecord, findOwnKey, toApiKeyRecord } from "./api-key-record.ts";

/**
 * Revokes a key at once: the next request made with it is refused. Revoking a revoked key
 * returns it unchanged. The account's last active secret key cannot be revoked, since nothing
 * could then manage the account: create another first, or rotate this one.
 */
export const revokeApiKey = defineOperation({
  name: "revokeApiKey",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ id: z.string() }),
  run: async (ctx, input): Promise<ApiKeyRecord> => {
    const { accountId } = ctx;
    const { prisma } = ctx.services.db;
    const key = await findOwnKey(ctx, input.id);
    if (key.revokedAt) return toApiKeyRecord(key);
    const updated = await prisma.$transaction(async (tx) => {
      // Lock the account's active secret keys so two concurrent revocations cannot both pass
      // the last-key check.
      const active = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM api_keys WHERE account_id = ${accountId} AND kind = 'secret' AND revoked_at IS NULL FOR UPDATE`;
      if (key.kind === "secret" && active.length <= 1 && active.some((a) => a.id === key.id)) {
        throw new AppError(
          "CONFLICT",
          "This is the account's last active secret key; create another secret key (or rotate this one) before revoking it.",
        );
      }
      return tx.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    });
    await ctx.services.events.publish(apiKeyTopic(accountId), {
      action: "revoked",
      keyId: key.id,
    } satisfies ApiKeyEvent);
    return toApiKeyRecord(updated);
  },
});
