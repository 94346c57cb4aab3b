import { z } from "../zod.ts";

// Per-document access policy (SPEC 2). Deny by default; a grant gives one principal a list of
// actions.
//
// Principal types:
//   owner        the owning account's secret keys and the internal caller acting for it
//   publishable  the owning account's publishable keys (svc_pk_); `keyId` narrows it to one key
//   public       everyone, including callers with no key
// Actions, and what each implies:
//   admin          everything below, plus configuration and deletion
//   reparse        start a new extraction (and append vendor ingest records)
//   query          chat completions and structured output; implies read_metadata
//   read_content   markdown, pages, page images, tables; implies read_metadata
//   read_metadata  the document record (phase, progress, file name)
// publishable and public principals may be granted only read_metadata, read_content and query:
// SPEC 5 rule 3, mutations and configuration need a secret key.

export const actions = ["admin", "reparse", "query", "read_content", "read_metadata"] as const;
export type Action = (typeof actions)[number];
export const readOnlyActions: readonly Action[] = ["query", "read_content", "read_metadata"];

/** A key id as a grant names it. */
const keyIdSchema = z.string().regex(/^key_[a-z0-9]+$/, "must be a key id (key_…)");

export const principalSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("owner") }).strict(),
  z
    .object({
      type: z.literal("publishable"),
      keyId: keyIdSchema.optional(),
    })
    .strict(),
  z.object({ type: z.literal("public") }).strict(),
]);
export type GrantPrincipal = z.infer<typeof principalSchema>;

export const MAX_GRANTS = 100;

export const grantSchema = z
  .object({ principal: principalSchema, actions: z.array(z.enum(actions)).min(1) })
  .strict()
  .superRefine((g, ctx) => {
    if (g.principal.type === "owner") return;
    for (const a of g.actions) {
      if (!readOnlyActions.includes(a)) {
        ctx.addIssue({
          code: "custom",
          message: `a ${g.principal.type} principal may be granted only ${readOnlyActions.join(", ")}, not ${a}`,
          path: ["actions"],
        });
      }
    }
  });

export const accessPolicySchema = z
  .object({ defaultEffect: z.literal("deny"), grants: z.array(grantSchema).max(MAX_GRANTS) })
  .strict();
export type AccessPolicy = z.infer<typeof accessPolicySchema>;

export const defaultAccessPolicy = (): AccessPolicy => ({
  defaultEffect: "deny",
  grants: [{ principal: { type: "owner" }, actions: ["admin"] }],
});

/**
 * The policy as the SPEC spells it (`default_effect`, `key_id`), which is also how it is stored.
 * Checked for shape only: the rules of a policy are checked on the camelCase one it converts to.
 */
export type WirePolicy = {
  default_effect: "deny";
  grants: { principal: { type: string; key_id?: string }; actions: string[] }[];
};
export const wirePolicySchema = z
  .object({
    default_effect: z.literal("deny"),
    grants: z
      .array(
        z
          .object({
            principal: z.object({ type: z.string(), key_id: keyIdSchema.optional() }).strict(),
            actions: z.array(z.string()),
          })
          .strict(),
      )
      .max(MAX_GRANTS),
  })
  .strict();

export const policyFromWire = (w: WirePolicy) => ({
  defaultEffect: w.default_effect,
  grants: w.grants.map((g) => ({
    principal: {
      type: g.principal.type,
      ...(g.principal.key_id !== undefined ? { keyId: g.principal.key_id } : {}),
    },
    actions: g.actions,
  })),
});

export const policyToWire = (p: AccessPolicy): WirePolicy => ({
  default_effect: p.defaultEffect,
  grants: p.grants.map((g) => ({
    principal: {
      type: g.principal.type,
      ...(g.principal.type === "publishable" && g.principal.keyId !== undefined
        ? { key_id: g.principal.keyId }
        : {}),
    },
    actions: [...g.actions],
  })),
});

/** A stored policy, or deny-by-default when it no longer reads as one (never open). */
export function storedPolicy(stored: unknown): AccessPolicy {
  const wire = wirePolicySchema.safeParse(stored);
  const parsed = wire.success ? accessPolicySchema.safeParse(policyFromWire(wire.data)) : null;
  return parsed?.success ? parsed.data : defaultAccessPolicy();
}

const implied: Record<Action, readonly Action[]> = {
  admin: actions,
  reparse: ["reparse", "read_metadata"],
  query: ["query", "read_metadata"],
  read_content: ["read_content", "read_metadata"],
  read_metadata: ["read_metadata"],
};

/** Every action a set of granted actions allows, with implications expanded. */
export function expandActions(granted: readonly Action[]): Set<Action> {
  const out = new Set<Action>();
  for (const a of granted) for (const b of implied[a]) out.add(b);
  return out;
}
