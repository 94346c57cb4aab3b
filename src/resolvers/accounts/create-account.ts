import { displayPrefix, generateKeySecret, hashKeySecret } from "../../core/auth/secrets.ts";
import { newId } from "../../core/ids.ts";
import { visibleText } from "../../core/text-rules.ts";
import { z } from "../../core/zod.ts";
import { toApiKeyRecord } from "../keys/api-key-record.ts";
import type { CreatedApiKey } from "../keys/create-api-key.ts";
import { defineOperation } from "../operation.ts";
import { type AccountRecord, toAccountRecord } from "./account-record.ts";

export const MAX_ACCOUNT_NAME = 200;

/** Creates an account with its first secret key. Operator only (the operator secret or the CLI). */
export const createAccount = defineOperation({
  name: "createAccount",
  rateClass: "standard",
  caller: "operator",
  input: z.object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(MAX_ACCOUNT_NAME)
      .regex(visibleText, "must not be blank or contain control characters"),
  }),
  run: async (ctx, input): Promise<{ account: AccountRecord } & CreatedApiKey> => {
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
  },
});
