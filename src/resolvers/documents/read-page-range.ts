import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type DocumentRecord, documentRef, findDocument, toDocumentRecord } from "./document-record.ts";
import { type PageMarkdown, pageMarkdownColumns, toPageMarkdown } from "./page-record.ts";
import { pageRange } from "./pages-of-documents.ts";

/**
 * A range of one document's pages with the record that says how far extraction has got, from one
 * lookup of the document: a reader paging through learns where the document ends, and which of
 * the pages asked for are not extracted yet, from the same answer. Pages not extracted are left
 * out (the record's pagesCompleted says how far to expect).
 */
export const readPageRange = defineOperation({
  name: "readPageRange",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({ ref: documentRef, range: pageRange }),
  run: async (
    ctx,
    input,
  ): Promise<{ document: DocumentRecord; pages: PageMarkdown[]; viaPublic: boolean }> => {
    const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_content");
    const rows = await ctx.services.db.prisma.page.findMany({
      where: {
        documentId: doc.id,
        generation: doc.activeGeneration,
        pageNumber: { gte: input.range.from, lte: input.range.to },
      },
      orderBy: { pageNumber: "asc" },
      select: pageMarkdownColumns,
    });
    return {
      document: toDocumentRecord(doc),
      pages: rows.map(toPageMarkdown),
      viaPublic,
    };
  },
});
