import { z } from "zod";

// Per-document access policy (SPEC 2). Deny by default; a grant gives one principal a list of
// actions.
//
// Principal types:
//   owner        the owning account's secret keys and the internal caller acting for it
//   publishable  the owning account's publishable keys (svc_pk_); `key_id` narrows it to one key
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

export const principalSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("owner") }).strict(),
  z
    .object({
      type: z.literal("publishable"),
      key_id: z
        .string()
        .regex(/^key_[a-z0-9]+$/)
        .optional(),
    })
    .strict(),
  z.object({ type: z.literal("public") }).strict(),
]);
export type GrantPrincipal = z.infer<typeof principalSchema>;

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
  .object({ default_effect: z.literal("deny"), grants: z.array(grantSchema).max(100) })
  .strict();
export type AccessPolicy = z.infer<typeof accessPolicySchema>;

export const defaultAccessPolicy = (): AccessPolicy => ({
  default_effect: "deny",
  grants: [{ principal: { type: "owner" }, actions: ["admin"] }],
});

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
