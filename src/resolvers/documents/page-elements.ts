import { AppError } from "../../core/errors.ts";
import type { PageElement } from "../../core/extraction/extractor.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { documentRef, findDocument } from "./document-record.ts";
import { type PageRecord, toPageRecord } from "./page-record.ts";
import { pageNumber, storedPage } from "./read-pages.ts";

/** A page whose elements were recorded. */
export type PageWithElements = PageRecord & { elements: PageElement[] };

/**
 * GET /v1/documents/{id}/pages/{n}/elements: the page's elements in reading order with their
 * boxes. Needs `read_content`, as the page's markdown does. A page stored before elements were
 * kept is CONFLICT, saying that a reparse gives them.
 */
export const getPageElements = defineOperation({
  name: "getPageElements",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({ ref: documentRef, page: pageNumber }),
  run: async (ctx, input): Promise<{ page: PageWithElements; viaPublic: boolean }> => {
    const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_content");
    const page = toPageRecord(await storedPage(ctx, doc, input.page));
    if (page.elements === null)
      throw new AppError(
        "CONFLICT",
        `Page ${input.page} was extracted before page elements were recorded: reparse the document (POST /v1/documents/${doc.id}/reparse) to get them.`,
      );
    return { page: { ...page, elements: page.elements }, viaPublic };
  },
});
