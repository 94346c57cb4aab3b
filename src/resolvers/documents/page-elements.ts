import { AppError } from "../../core/errors.ts";
import type { PageElement } from "../../core/extraction/extractor.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { documentRef, findDocument } from "./document-record.ts";
import { pageNumber, storedPage } from "./read-pages.ts";

export type PageElements = { page: number; width: number; height: number; elements: PageElement[] };

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
  run: async (ctx, input): Promise<{ page: PageElements; viaPublic: boolean }> => {
    const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_content");
    const row = await storedPage(ctx, doc, input.page);
    if (row.elements === null)
      throw new AppError(
        "CONFLICT",
        `Page ${input.page} was extracted before page elements were recorded: reparse the document (POST /v1/documents/${doc.id}/reparse) to get them.`,
      );
    return {
      // Written by the extraction as PageElement[] (write-page.ts).
      page: {
        page: row.pageNumber,
        width: row.width,
        height: row.height,
        elements: row.elements as PageElement[],
      },
      viaPublic,
    };
  },
});
