import { type ApiKeyEvent, apiKeyTopic } from "../../core/auth/key-events.ts";
import { displayPrefix, generateKeySecret, hashKeySecret, type KeyKind } from "../../core/auth/secrets.ts";
import { AppError } from "../../core/errors.ts";
import { newId } from "../../core/ids.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { findOwnKey, toApiKeyRecord } from "./api-key-record.ts";
import type { CreatedApiKey } from "./create-api-key.ts";

/** Replaces a key by a new one of the same kind and name; the old one stops working at once. */
export const rotateApiKey = defineOperation({
  name: "rotateApiKey",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ id: z.string() }),
  run: async (ctx, input): Promise<CreatedApiKey> => {
    const { accountId } = ctx;
    const old = await findOwnKey(ctx, input.id);
    if (old.revokedAt)
      throw new AppError("CONFLICT", `API key ${old.id} is already revoked and cannot be rotated.`);
    const secret = generateKeySecret(old.kind as KeyKind);
    const fresh = await ctx.services.db.prisma.$transaction(async (tx) => {
      const created = await tx.apiKey.create({
        data: {
          id: newId("key_"),
          accountId,
          kind: old.kind,
          name: old.name,
          prefix: displayPrefix(secret),
          secretHash: hashKeySecret(secret),
        },
      });
      // The condition on revokedAt makes a concurrent second rotation of the same key fail
      // instead of leaving two live replacements.
      const { count } = await tx.apiKey.updateMany({
        where: { id: old.id, revokedAt: null },
        data: { revokedAt: new Date(), replacedBy: created.id },
      });
      if (count !== 1)
        throw new AppError("CONFLICT", `API key ${old.id} was revoked while it was being rotated.`);
      return created;
    });
    await ctx.services.events.publish(apiKeyTopic(accountId), {
      action: "rotated",
      keyId: old.id,
    } satisfies ApiKeyEvent);
    return { key: toApiKeyRecord(fresh), secret };
  },
});
