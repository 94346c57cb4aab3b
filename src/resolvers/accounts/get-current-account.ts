import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type AccountRecord, toAccountRecord } from "./account-record.ts";

export type CurrentAccount = {
  account: AccountRecord;
  /** How the caller authenticated: the key's id and kind, or "internal" for the operator secret. */
  keyId: string | null;
  keyKind: "secret" | "publishable" | "internal";
};

/** The account the caller belongs to. Any key of the account may read it, publishable ones too. */
export const getCurrentAccount = defineOperation({
  name: "getCurrentAccount",
  rateClass: "standard",
  caller: "anyKey",
  input: z.object({}),
  run: async (ctx): Promise<CurrentAccount> => {
    const account = await ctx.services.db.prisma.account.findUnique({ where: { id: ctx.accountId } });
    if (!account) throw new AppError("NOT_FOUND", `Account ${ctx.accountId} was not found.`);
    const p = ctx.principal;
    return {
      account: toAccountRecord(account),
      keyId: p.kind === "key" ? p.keyId : null,
      keyKind: p.kind === "key" ? p.keyKind : "internal",
    };
  },
});
