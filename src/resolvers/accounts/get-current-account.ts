import { requireAccount } from "../../core/auth/authorize.ts";
import { AppError } from "../../core/errors.ts";
import type { OperationContext } from "../context.ts";
import { type AccountRecord, toAccountRecord } from "./account-record.ts";

export type CurrentAccount = {
  account: AccountRecord;
  /** How the caller authenticated: the key's id and kind, or "internal" for the worker secret. */
  keyId: string | null;
  keyKind: "secret" | "publishable" | "internal";
};

/** The account the caller belongs to. Any key of the account may read it, publishable ones too. */
export async function getCurrentAccount(ctx: OperationContext): Promise<CurrentAccount> {
  const accountId = requireAccount(ctx.principal, "read");
  const account = await ctx.services.db.prisma.account.findUnique({ where: { id: accountId } });
  if (!account) throw new AppError("NOT_FOUND", `Account ${accountId} was not found.`);
  const p = ctx.principal;
  return {
    account: toAccountRecord(account),
    keyId: p.kind === "key" ? p.keyId : null,
    keyKind: p.kind === "key" ? p.keyKind : "internal",
  };
}
