import { compileSchema } from "../../core/answering/structured/compile-schema.ts";
import { AppError } from "../../core/errors.ts";
import { controlCharacters } from "../../core/text-rules.ts";
import { z } from "../../core/zod.ts";
import type { AccountContext } from "../operation.ts";
import { findTable } from "../tables/table-record.ts";

// An agent's fields as every face takes them, with their limits.

/** An agent's system instructions, at most. */
export const MAX_SYSTEM_CHARS = 20_000;
/** An output schema, as JSON text, at most. */
export const MAX_OUTPUT_SCHEMA_CHARS = 50_000;

const controlCharacter = new RegExp(`[${controlCharacters}]`, "u");

export const agentName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(200)
  .refine((s) => !controlCharacter.test(s), "must not contain control characters");
export const agentModel = z.string().min(1).max(100);
export const agentSystem = z.string().max(MAX_SYSTEM_CHARS);
export const agentTableRef = z.string().min(1).max(100);

/** A JSON Schema for the run's output: compiled by ajv when written, so a run never meets a broken one. */
export const outputSchema = z.record(z.string(), z.unknown()).superRefine((schema, ctx) => {
  if (JSON.stringify(schema).length > MAX_OUTPUT_SCHEMA_CHARS) {
    ctx.addIssue({ code: "custom", message: `is longer than ${MAX_OUTPUT_SCHEMA_CHARS} characters of JSON` });
    return;
  }
  const compiled = compileSchema(schema);
  if (!compiled.ok)
    ctx.addIssue({ code: "custom", message: `is not a valid JSON Schema: ${compiled.message}` });
});

/** The model must be one the configured engine answers to. */
export function checkModel(ctx: AccountContext, model: string): void {
  const models = ctx.services.answers.models;
  if (!models.includes(model))
    throw new AppError(
      "BAD_REQUEST",
      `model: ${model} is not a model this server answers with; it answers with ${models.join(", ")}.`,
      {},
      "model",
    );
}

/** A table binding names a typed table of the account (another's, or none, is NOT_FOUND). */
export async function checkTable(
  ctx: AccountContext,
  ref: string | null | undefined,
): Promise<string | null> {
  if (ref === null || ref === undefined) return null;
  return (await findTable(ctx, ref)).id;
}
