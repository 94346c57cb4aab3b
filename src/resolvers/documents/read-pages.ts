import { MAX_INT } from "../../core/db/int4.ts";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import type { Document, Page } from "../../generated/prisma/client.ts";
import type { OperationContext } from "../context.ts";
import { defineOperation } from "../operation.ts";
import { documentRef, findDocument } from "./document-record.ts";
import {
  type PageRecord,
  pageBlock,
  pageMarkdownColumns,
  toPageMarkdown,
  toPageRecord,
} from "./page-record.ts";

/**
 * A page number as operations take it: 1-based, but any stored integer is read, so a page
 * outside 1..pagesTotal (0 and negatives included) is NOT_FOUND rather than a malformed request.
 */
export const pageNumber = z.number().int().min(-MAX_INT).max(MAX_INT);

/** Why a page that exists in the PDF cannot be served yet (or at all), or null when it can be looked up. */
export function pageUnavailable(doc: Pick<Document, "pagesTotal">, n: number): AppError | null {
  if (n < 1 || (doc.pagesTotal !== null && n > doc.pagesTotal)) {
    return new AppError(
      "NOT_FOUND",
      `Page ${n} does not exist: the document has ${doc.pagesTotal ?? "an unknown number of"} pages (numbered from 1).`,
    );
  }
  return null;
}

function notReady(doc: Document, n: number): AppError {
  if (doc.phase === "error" && doc.completedAt === null) {
    return new AppError(
      "CONFLICT",
      `Page ${n} is not available: extraction failed. ${doc.errorReason ?? ""}`.trim(),
    );
  }
  return new AppError(
    "CONFLICT",
    `Page ${n} is not extracted yet (${doc.pagesCompleted} of ${doc.pagesTotal ?? "?"} pages done, phase ${doc.phase}); try again once the document has progressed (its phase and pagesCompleted say when).`,
  );
}

/** A page of the document's current extraction: NOT_FOUND outside the document, CONFLICT until extracted. */
export async function storedPage(ctx: OperationContext, doc: Document, n: number): Promise<Page> {
  const gone = pageUnavailable(doc, n);
  if (gone) throw gone;
  const row = await ctx.services.db.prisma.page.findUnique({
    where: {
      documentId_generation_pageNumber: {
        documentId: doc.id,
        generation: doc.activeGeneration,
        pageNumber: n,
      },
    },
  });
  if (!row) throw notReady(doc, n);
  return row;
}

export const getPage = defineOperation({
  name: "getPage",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({ ref: documentRef, page: pageNumber }),
  run: async (ctx, input): Promise<{ page: PageRecord; viaPublic: boolean }> => {
    const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_content");
    return { page: toPageRecord(await storedPage(ctx, doc, input.page)), viaPublic };
  },
});

/** Every page's markdown, in order, each preceded by an HTML comment naming its page. */
export const getFullMarkdown = defineOperation({
  name: "getFullMarkdown",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({ ref: documentRef }),
  run: async (ctx, input): Promise<{ markdown: string; viaPublic: boolean }> => {
    const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_content");
    if (doc.completedAt === null) {
      throw new AppError(
        "CONFLICT",
        doc.phase === "error"
          ? `The document has no extracted content: ${doc.errorReason ?? "extraction failed"}`
          : `The document is not extracted yet (${doc.pagesCompleted} of ${doc.pagesTotal ?? "?"} pages, phase ${doc.phase}); pages are readable one by one as they finish.`,
      );
    }
    const pages = await ctx.services.db.prisma.page.findMany({
      where: { documentId: doc.id, generation: doc.activeGeneration },
      orderBy: { pageNumber: "asc" },
      select: pageMarkdownColumns,
    });
    const markdown = pages.map((p) => pageBlock(toPageMarkdown(p))).join("\n\n");
    return { markdown: `${markdown}\n`, viaPublic };
  },
});
