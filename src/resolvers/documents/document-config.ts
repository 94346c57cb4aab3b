import { accessPolicySchema, defaultAccessPolicy, policyToWire } from "../../core/auth/access-policy.ts";
import { strategies } from "../../core/documents/phases.ts";
import { z } from "../../core/zod.ts";
import type { Document, Prisma } from "../../generated/prisma/client.ts";
import { defineOperation } from "../operation.ts";
import { documentRef, findDocument, policyOf } from "./document-record.ts";

const MAX_METADATA_KEYS = 50;
const MAX_METADATA_KEY = 100;
/**
 * The metadata bounds in JSON Schema, which zod renders neither from the refinement nor from the
 * keys' schema. A constant, since @hono/zod-openapi's metadata type is OpenAPI 3.0's, which has
 * no propertyNames.
 */
const metadataBounds = { maxProperties: MAX_METADATA_KEYS, propertyNames: { maxLength: MAX_METADATA_KEY } };

/**
 * PUT /v1/documents/{id}/config replaces the whole configuration: a field left out returns to
 * its default (GET the current one first to change a single field).
 */
export const documentConfigSchema = z
  .object({
    access: accessPolicySchema.default(defaultAccessPolicy),
    title: z.string().trim().max(200).nullable().default(null),
    language: z
      .string()
      .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, "must be a BCP 47 language tag such as en or pt-BR")
      .nullable()
      .default(null),
    metadata: z
      .record(z.string().max(MAX_METADATA_KEY), z.string().max(1000))
      .refine((m) => Object.keys(m).length <= MAX_METADATA_KEYS, `may hold at most ${MAX_METADATA_KEYS} keys`)
      .openapi(metadataBounds)
      .default({}),
    strategy: z.enum(strategies).default("auto"),
  })
  .strict();

export type DocumentConfig = z.infer<typeof documentConfigSchema>;

function configOf(d: Document): DocumentConfig {
  const stored = documentConfigSchema.omit({ access: true, strategy: true }).safeParse(d.config);
  return {
    access: policyOf(d),
    title: stored.success ? stored.data.title : null,
    language: stored.success ? stored.data.language : null,
    metadata: stored.success ? stored.data.metadata : {},
    strategy: (strategies as readonly string[]).includes(d.strategy)
      ? (d.strategy as DocumentConfig["strategy"])
      : "auto",
  };
}

export const getDocumentConfig = defineOperation({
  name: "getDocumentConfig",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: documentRef }),
  run: async (ctx, input): Promise<DocumentConfig> => {
    const { doc } = await findDocument(ctx, input.ref, "admin");
    return configOf(doc);
  },
});

export const setDocumentConfig = defineOperation({
  name: "setDocumentConfig",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: documentRef, config: documentConfigSchema }),
  run: async (ctx, input): Promise<DocumentConfig> => {
    const { doc } = await findDocument(ctx, input.ref, "admin");
    const { access, strategy, ...rest } = input.config;
    const updated = await ctx.services.db.prisma.document.update({
      where: { id: doc.id },
      data: {
        access: policyToWire(access) as unknown as Prisma.InputJsonValue,
        strategy,
        config: rest as Prisma.InputJsonValue,
      },
    });
    return configOf(updated);
  },
});
