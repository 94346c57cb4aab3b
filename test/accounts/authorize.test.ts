import { describe, expect, it } from "vitest";
import { accessPolicySchema, defaultAccessPolicy } from "../../src/core/auth/access-policy.ts";
import {
  allowedActions,
  authorizeDocument,
  requireAccount,
  requireOperator,
} from "../../src/core/auth/authorize.ts";
import type { Principal } from "../../src/core/auth/principal.ts";
import { AppError } from "../../src/core/errors.ts";

const owner: Principal = { kind: "key", accountId: "acct_a", keyId: "key_s", keyKind: "secret" };
const ownerPk: Principal = { kind: "key", accountId: "acct_a", keyId: "key_p", keyKind: "publishable" };
const otherPk: Principal = { kind: "key", accountId: "acct_a", keyId: "key_q", keyKind: "publishable" };
const stranger: Principal = { kind: "key", accountId: "acct_b", keyId: "key_x", keyKind: "secret" };
const anonymous: Principal = { kind: "anonymous", clientAddress: "127.0.0.1" };
const internal: Principal = { kind: "operator", accountId: "acct_a" };

const codeOf = (f: () => void) => {
  try {
    f();
    return "ok";
  } catch (err) {
    return (err as AppError).code;
  }
};

describe("account operations", () => {
  it("needs a key, and a secret one to manage", () => {
    expect(codeOf(() => requireAccount(anonymous, "read"))).toBe("UNAUTHORIZED");
    expect(codeOf(() => requireAccount(ownerPk, "read"))).toBe("ok");
    expect(codeOf(() => requireAccount(ownerPk, "manage"))).toBe("FORBIDDEN");
    expect(requireAccount(owner, "manage")).toBe("acct_a");
    expect(requireAccount(internal, "manage")).toBe("acct_a");
    expect(codeOf(() => requireAccount({ kind: "operator", accountId: null }, "read"))).toBe("BAD_REQUEST");
  });
  it("keeps operator tasks for the operator", () => {
    expect(codeOf(() => requireOperator(anonymous))).toBe("UNAUTHORIZED");
    expect(codeOf(() => requireOperator(owner))).toBe("FORBIDDEN");
    expect(codeOf(() => requireOperator(internal))).toBe("ok");
  });
});

describe("document access policies", () => {
  const doc = (policy = defaultAccessPolicy()) => ({ id: "doc-1", accountId: "acct_a", policy });

  it("denies by default: the default policy lets only the owner in", () => {
    expect(codeOf(() => authorizeDocument(owner, doc(), "admin"))).toBe("ok");
    // Not visible at all: 404 with a key, so ids of other accounts leak nothing; 401 without one.
    expect(codeOf(() => authorizeDocument(stranger, doc(), "read_metadata"))).toBe("NOT_FOUND");
    expect(codeOf(() => authorizeDocument(anonymous, doc(), "read_content"))).toBe("UNAUTHORIZED");
    expect(codeOf(() => authorizeDocument(ownerPk, doc(), "read_content"))).toBe("NOT_FOUND");
  });

  it("a public grant opens exactly the granted actions to everyone", () => {
    const policy = accessPolicySchema.parse({
      defaultEffect: "deny",
      grants: [
        { principal: { type: "owner" }, actions: ["admin"] },
        { principal: { type: "public" }, actions: ["read_content"] },
      ],
    });
    expect(codeOf(() => authorizeDocument(anonymous, doc(policy), "read_content"))).toBe("ok");
    expect(codeOf(() => authorizeDocument(anonymous, doc(policy), "read_metadata"))).toBe("ok");
    // Visible but not allowed: 403.
    expect(codeOf(() => authorizeDocument(anonymous, doc(policy), "query"))).toBe("FORBIDDEN");
    expect(codeOf(() => authorizeDocument(stranger, doc(policy), "admin"))).toBe("FORBIDDEN");
  });

  it("publishable grants reach the owner's publishable keys only, optionally one key", () => {
    const policy = accessPolicySchema.parse({
      defaultEffect: "deny",
      grants: [{ principal: { type: "publishable", keyId: "key_p" }, actions: ["query"] }],
    });
    expect([...allowedActions(ownerPk, "acct_a", policy)].sort()).toEqual(["query", "read_metadata"]);
    expect(allowedActions(otherPk, "acct_a", policy).size).toBe(0);
    const foreignPk: Principal = { kind: "key", accountId: "acct_b", keyId: "key_p", keyKind: "publishable" };
    expect(allowedActions(foreignPk, "acct_a", policy).size).toBe(0);
  });

  it("never lets a publishable or public principal mutate, and says so when configured", () => {
    const bad = accessPolicySchema.safeParse({
      defaultEffect: "deny",
      grants: [{ principal: { type: "public" }, actions: ["admin"] }],
    });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toMatch(/may be granted only/);
    // Even a stored policy that somehow holds such a grant gives no mutation.
    const stored = {
      defaultEffect: "deny" as const,
      grants: [{ principal: { type: "public" as const }, actions: ["admin" as const] }],
    };
    expect(allowedActions(anonymous, "acct_a", stored).has("admin")).toBe(false);
    expect(allowedActions(anonymous, "acct_a", stored).has("read_content")).toBe(true);
  });

  it("keeps the owner's secret keys in charge whatever the policy says", () => {
    const locked = { defaultEffect: "deny" as const, grants: [] };
    expect(codeOf(() => authorizeDocument(owner, doc(locked), "admin"))).toBe("ok");
    expect(codeOf(() => authorizeDocument(internal, doc(locked), "reparse"))).toBe("ok");
  });

  it("rejects unknown principal types, actions and fields", () => {
    for (const grants of [
      [{ principal: { type: "everyone" }, actions: ["query"] }],
      [{ principal: { type: "public" }, actions: ["delete"] }],
      [{ principal: { type: "public" }, actions: [] }],
      [{ principal: { type: "public", extra: 1 }, actions: ["query"] }],
    ]) {
      expect(accessPolicySchema.safeParse({ defaultEffect: "deny", grants }).success).toBe(false);
    }
    expect(accessPolicySchema.safeParse({ defaultEffect: "allow", grants: [] }).success).toBe(false);
  });
});

it("AppError maps each code to one status", () => {
  expect(new AppError("RATE_LIMITED", "x").status).toBe(429);
  expect(new AppError("UNSUPPORTED_MEDIA_TYPE", "x").status).toBe(415);
});
