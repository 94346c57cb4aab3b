import { type ApiKeyEvent, apiKeyTopic } from "../../core/auth/key-events.ts";
import { displayPrefix, generateKeySecret, hashKeySecret, keyKinds } from "../../core/auth/secrets.ts";
import { newId } from "../../core/ids.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type ApiKeyRecord, toApiKeyRecord } from "./api-key-record.ts";

export type CreatedApiKey = { key: ApiKeyRecord; secret: string };

/** Creates a key for the caller's account; the secret is returned here and never again. */
export const MAX_KEY_NAME = 100;

export const createApiKey = defineOperation({
  name: "createApiKey",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    kind: z.enum(keyKinds).default("secret"),
    name: z.string().trim().min(1).max(MAX_KEY_NAME),
  }),
  run: async (ctx, input): Promise<CreatedApiKey> => {
    const { accountId } = ctx;
    const { name } = input;
    const secret = generateKeySecret(input.kind);
    const row = await ctx.services.db.prisma.apiKey.create({
      data: {
        id: newId("key_"),
        accountId,
        kind: input.kind,
        name,
        prefix: displayPrefix(secret),
        secretHash: hashKeySecret(secret),
      },
    });
    await ctx.services.events.publish(apiKeyTopic(accountId), {
      action: "created",
      keyId: row.id,
    } satisfies ApiKeyEvent);
    return { key: toApiKeyRecord(row), secret };
  },
});
