import { requireOperator } from "../../core/auth/authorize.ts";
import { displayPrefix, generateKeySecret, hashKeySecret } from "../../core/auth/secrets.ts";
import { newId } from "../../core/ids.ts";
import type { OperationContext } from "../context.ts";
import { toApiKeyRecord } from "../keys/api-key-record.ts";
import type { CreatedApiKey } from "../keys/create-api-key.ts";
import { type AccountRecord, toAccountRecord } from "./account-record.ts";

/** Creates an account with its first secret key. Operator only (the shared worker secret or the CLI). */
export async function createAccount(
  ctx: OperationContext,
  input: { name: string },
): Promise<{ account: AccountRecord } & CreatedApiKey> {
  requireOperator(ctx.principal);
  const secret = generateKeySecret("secret");
  const accountId = newId("acct_");
  const account = await ctx.services.db.prisma.account.create({
    data: {
      id: accountId,
      name: input.name,
      apiKeys: {
        create: {
          id: newId("key_"),
          kind: "secret",
          name: "default",
          prefix: displayPrefix(secret),
          secretHash: hashKeySecret(secret),
        },
      },
    },
    include: { apiKeys: true },
  });
  const key = account.apiKeys[0];
  if (!key) throw new Error("account created without its key");
  return { account: toAccountRecord(account), key: toApiKeyRecord(key), secret };
}
