import type { KeyKind } from "./secrets.ts";

/** Who is calling, as established by authentication. What they may do is decided in authorize.ts. */
export type Principal =
  | { kind: "anonymous"; clientAddress: string }
  | { kind: "key"; accountId: string; keyId: string; keyKind: KeyKind }
  /** The operator secret (x-document-agent-secret): the operator, acting for one account when x-account-id names it. */
  | { kind: "operator"; accountId: string | null };

export function principalAccountId(p: Principal): string | null {
  return p.kind === "anonymous" ? null : p.accountId;
}
