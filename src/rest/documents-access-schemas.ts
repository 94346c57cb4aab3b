import { z } from "@hono/zod-openapi";
import { actions, MAX_GRANTS, principalSchema, readOnlyActions } from "../core/auth/access-policy.ts";

// The access policy in its wire form (SPEC 2: default_effect, key_id), as the REST face takes and
// gives it. Its shape is checked here; the rule that only the owner may hold actions beyond
// reading and querying is checked by the operation (whose message names the principal), and is
// stated to clients in the schema too.

/** The key id pattern of the core's publishable principal, so both read one rule. */
const keyId = principalSchema.options[1].shape.keyId;

const PrincipalSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("owner") }).strict(),
    z
      .object({
        type: z.literal("publishable"),
        key_id: keyId.openapi({
          description: "Only this publishable key; every one of the owner's when absent.",
        }),
      })
      .strict(),
    z.object({ type: z.literal("public") }).strict(),
  ])
  .openapi("AccessPrincipal", {
    description:
      "owner: the owning account's secret keys. publishable: its publishable keys (or the one key_id names). public: everyone, callers without a key included.",
  });

const GrantSchema = z
  .object({
    principal: PrincipalSchema,
    actions: z.array(z.enum(actions)).min(1).openapi({
      description:
        "admin implies everything; reparse also allows vendor ingest; query and read_content each imply read_metadata.",
    }),
  })
  .strict()
  .openapi("AccessGrant", {
    description: `One principal and the actions it may take. publishable and public principals may hold only ${readOnlyActions.join(", ")}.`,
    // Either the owner's grant, or one of read-only actions.
    anyOf: [
      { properties: { principal: { properties: { type: { const: "owner" } } } } },
      { properties: { actions: { items: { enum: [...readOnlyActions] } } } },
    ],
  });

export const AccessPolicySchema = z
  .object({
    default_effect: z.literal("deny").openapi({ description: "Anything not granted is denied." }),
    grants: z.array(GrantSchema).max(MAX_GRANTS),
  })
  .strict()
  .openapi("AccessPolicy");
