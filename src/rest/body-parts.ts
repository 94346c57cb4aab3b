import { z } from "@hono/zod-openapi";
import { invalidInput } from "../core/validation.ts";

// Request bodies a handler reads itself (multipart forms streamed, JSON beside them), checked as
// the route validators check bodies, and described in the document by a plain JSON Schema so that
// no route validator runs on the other content type.

/** A body part checked against `schema`; a mismatch is the validators' BAD_REQUEST naming `where`. */
export function checked<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(parsed.error.issues, where);
  return parsed.data;
}

/** `schema` as a plain JSON Schema for the document (no route validator is made from it). */
export const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
  return rest;
};

/** A form field carrying `schema`'s object as JSON text; text that is not JSON is refused naming `what`. */
export const jsonTextField = <T extends z.ZodType>(schema: T, what: string) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: `must be a JSON object (${what})` });
        return z.NEVER;
      }
    })
    .pipe(schema);
