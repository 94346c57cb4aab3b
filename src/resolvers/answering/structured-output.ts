import type { StructuredResult } from "../../core/answering/answer-types.ts";
import { compileSchema } from "../../core/answering/structured/compile-schema.ts";
import { AppError } from "../../core/errors.ts";
import { type TableGrid, textRows } from "../../core/tables/table-model.ts";
import { z } from "../../core/zod.ts";
import { documentRef, findDocument } from "../documents/find-document.ts";
import { defineOperation } from "../operation.ts";
import { chosenModel, modelName } from "./chat-input.ts";

export const MAX_PROMPT_CHARS = 20_000;

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
    const { prisma } = ctx.services.db;
    const where = { documentId: doc.id, generation: doc.activeGeneration };
    const [pages, tables] = await Promise.all([
      prisma.page.findMany({
        where,
        orderBy: { pageNumber: "asc" },
        select: { pageNumber: true, markdown: true },
      }),
      prisma.documentTable.findMany({
        where,
        orderBy: { tableIndex: "asc" },
        select: { pages: true, cells: true },
      }),
    ]);
    if (!pages.length) {
      throw new AppError(
        "CONFLICT",
        `Document ${doc.id} has no extracted pages yet (phase ${doc.phase}); try again once its first pages are extracted (its phase and pagesCompleted say when).`,
      );
    }
    const result = await provider.extract({
      prompt: input.prompt,
      schema: input.schema as Record<string, unknown>,
      documentId: doc.id,
      fileName: doc.fileName,
      pages,
      tables: tables.map((t) => ({ pages: t.pages, rows: textRows(t.cells as TableGrid) })),
      model,
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    return { ...result, documentId: doc.id, model, pages: pages.length };
  },
});
