import type { AccountRecord } from "../resolvers/accounts/account-record.ts";
import { getCurrentAccount } from "../resolvers/accounts/get-current-account.ts";
import type { OutputOf } from "../resolvers/operation.ts";
import { builder } from "./builder.ts";
import { servedBy } from "./served-by.ts";

export const Account = builder.objectRef<AccountRecord>("Account").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const KeyKindUsed = builder.enumType("CallerKind", {
  values: ["secret", "publishable", "internal"] as const,
});

const Viewer = builder.objectRef<OutputOf<typeof getCurrentAccount>>("Viewer").implement({
  description: "The caller: its account and the key it called with.",
  fields: (t) => ({
    account: t.field({ type: Account, resolve: (v) => v.account }),
    keyId: t.exposeID("keyId", { nullable: true }),
    keyKind: t.field({ type: KeyKindUsed, resolve: (v) => v.keyKind }),
  }),
});

builder.queryField("viewer", (t) =>
  t.field({
    type: Viewer,
    extensions: servedBy(getCurrentAccount),
    resolve: (_root, _args, ctx) => getCurrentAccount.invoke(ctx, {}),
  }),
);
