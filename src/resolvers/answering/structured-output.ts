import { MAX_PROMPT_CHARS, type StructuredResult } from "../../core/answering/answer-types.ts";
import { chosenModel, modelName } from "../../core/answering/chat-input.ts";
import { boxedSources } from "../../core/answering/citation-boxes.ts";
import { compileSchema } from "../../core/answering/structured/compile-schema.ts";
import { structuredSource } from "../../core/answering/structured-source.ts";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { documentRef, findDocument } from "../documents/document-record.ts";
import { defineOperation } from "../operation.ts";

/**
 * POST /v1/documents/{id}/structured-output: fills `schema` from the document's extracted pages
 * and tables. Needs the `query` action. An invalid JSON Schema is BAD_REQUEST naming the problem;
 * a document with no extracted page yet is CONFLICT.
 */
export const structuredOutput = defineOperation({
  name: "structuredOutput",
  rateClass: "expensive",
  caller: "anyone",
  input: z.object({
    ref: documentRef,
    prompt: z.string().max(MAX_PROMPT_CHARS),
    schema: z.unknown(),
    model: modelName.optional(),
  }),
  run: async (
    ctx,
    input,
  ): Promise<StructuredResult & { documentId: string; model: string; pages: number }> => {
    const { doc } = await findDocument(ctx, input.ref, "query");
    const compiled = compileSchema(input.schema);
    if (!compiled.ok) throw new AppError("BAD_REQUEST", `Invalid JSON Schema: ${compiled.message}`);
    const provider = ctx.services.answers;
    const model = chosenModel(provider.models, input.model);
    const source = await structuredSource(ctx.services, doc);
    const result = await provider.extract({
      prompt: input.prompt,
      schema: input.schema as Record<string, unknown>,
      ...source,
      model,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    const sources = await boxedSources(ctx.services, doc.id, result.sources);
    return { ...result, sources, documentId: doc.id, model, pages: source.pages.length };
  },
});
