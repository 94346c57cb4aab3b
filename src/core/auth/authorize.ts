import { AppError } from "../errors.ts";
import { type AccessPolicy, type Action, expandActions, readOnlyActions } from "./access-policy.ts";
import type { Principal } from "./principal.ts";

// The one place that decides what a caller may do. Resolvers call these and nothing else.
// Rule: a resource the caller may not see is NOT_FOUND with a key (so ids of other accounts leak
// nothing) and UNAUTHORIZED without one (anything not open to the public needs a key, whether
// or not it exists: SPEC 5); one it may see but not act on is FORBIDDEN.

/** Needs a caller that belongs to an account. Returns the account id. */
export function requireAccount(p: Principal, need: "read" | "manage"): string {
  if (p.kind === "anonymous") {
    throw new AppError("UNAUTHORIZED", "This operation needs an API key (Authorization: Bearer svc_sk_…).");
  }
  if (p.accountId === null) {
    throw new AppError(
      "BAD_REQUEST",
      "The operator must name the account it acts for with the x-account-id header.",
    );
  }
  if (need === "manage" && p.kind === "key" && p.keyKind === "publishable") {
    throw new AppError(
      "FORBIDDEN",
      "This operation needs a secret key (svc_sk_); publishable keys may only read and query.",
    );
  }
  return p.accountId;
}

/** Needs the operator (the operator secret, x-document-agent-secret): creating accounts, say. */
export function requireOperator(p: Principal): void {
  if (p.kind === "anonymous") {
    throw new AppError("UNAUTHORIZED", "This operation needs the x-document-agent-secret header.");
  }
  if (p.kind !== "operator") {
    throw new AppError(
      "FORBIDDEN",
      "This operation is for the operator (x-document-agent-secret), not an account key.",
    );
  }
}

/**
 * Who may call an operation, declared once on its descriptor:
 * - operator: the operator credential only (creating accounts);
 * - secretKey: a secret key of an account, or the operator acting for one (x-account-id);
 * - anyKey: any key of an account, publishable ones too;
 * - anyone: callers without a key too; the policy of the resource named decides (public grants).
 */
export const callerRules = ["operator", "secretKey", "anyKey", "anyone"] as const;
export type CallerRule = (typeof callerRules)[number];

/**
 * Refuses a principal the rule does not admit (401 without a credential, 403 with one that
 * lacks the right) before anything is looked up. Returns the caller's account for the account
 * rules, null otherwise.
 */
export function admitCaller(p: Principal, rule: CallerRule): string | null {
  switch (rule) {
    case "operator":
      requireOperator(p);
      return null;
    case "secretKey":
      return requireAccount(p, "manage");
    case "anyKey":
      return requireAccount(p, "read");
    case "anyone":
      return null;
  }
}

/** The actions a principal holds on a document owned by `ownerAccountId` under `policy`. */
export function allowedActions(p: Principal, ownerAccountId: string, policy: AccessPolicy): Set<Action> {
  const isOwnerAccount = p.kind !== "anonymous" && p.accountId === ownerAccountId;
  // The owning account's secret keys always administer their documents: a policy cannot lock
  // the owner out of the configuration that would let it undo the mistake.
  if (isOwnerAccount && (p.kind === "operator" || p.keyKind === "secret")) return expandActions(["admin"]);
  const granted: Action[] = [];
  for (const g of policy.grants) {
    const pr = g.principal;
    const matches =
      pr.type === "public" ||
      (pr.type === "publishable" &&
        isOwnerAccount &&
        p.kind === "key" &&
        p.keyKind === "publishable" &&
        (pr.keyId === undefined || pr.keyId === p.keyId));
    if (matches) granted.push(...g.actions);
  }
  const allowed = expandActions(granted);
  // Only secret keys mutate, whatever a stored policy says.
  for (const a of allowed) if (!readOnlyActions.includes(a)) allowed.delete(a);
  return allowed;
}

const actionPhrase: Record<Action, string> = {
  admin: "administer (configure or delete)",
  reparse: "reparse or ingest into",
  query: "query",
  read_content: "read the content of",
  read_metadata: "read",
};

/**
 * What a caller hears of a document it may not see, or that does not exist: the two answers are
 * the same, so neither tells which. Without a key, a key is what is missing; with one, 404.
 */
export function unseenDocument(p: Principal, ref: string): AppError {
  return p.kind === "anonymous"
    ? new AppError(
        "UNAUTHORIZED",
        `Document ${ref} is not public: send an API key (Authorization: Bearer svc_sk_…) that may read it.`,
      )
    : new AppError("NOT_FOUND", `Document ${ref} was not found.`);
}

/** Throws as unseenDocument when the caller holds no action on the document, FORBIDDEN when not this one. */
export function authorizeDocument(
  p: Principal,
  doc: { id: string; accountId: string; policy: AccessPolicy },
  action: Action,
): void {
  const allowed = allowedActions(p, doc.accountId, doc.policy);
  if (allowed.size === 0) throw unseenDocument(p, doc.id);
  if (!allowed.has(action)) {
    const hint = p.kind === "anonymous" ? " Send an API key with the right." : "";
    throw new AppError("FORBIDDEN", `You may not ${actionPhrase[action]} document ${doc.id}.${hint}`);
  }
}
