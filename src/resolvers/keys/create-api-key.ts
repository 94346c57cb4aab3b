import { requireAccount } from "../../core/auth/authorize.ts";
import { displayPrefix, generateKeySecret, hashKeySecret, type KeyKind } from "../../core/auth/secrets.ts";
import { badRequest } from "../../core/errors.ts";
import { newId } from "../../core/ids.ts";
import type { OperationContext } from "../context.ts";
import { type ApiKeyEvent, type ApiKeyRecord, apiKeyTopic, toApiKeyRecord } from "./api-key-record.ts";

export type CreatedApiKey = { key: ApiKeyRecord; secret: string };

/** Creates a key for the caller's account; the secret is returned here and never again. */
export async function createApiKey(
  ctx: OperationContext,
  input: { kind: KeyKind; name: string },
): Promise<CreatedApiKey> {
  const accountId = requireAccount(ctx.principal, "manage");
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) throw badRequest("A key's name must be 1 to 100 characters.");
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
}
