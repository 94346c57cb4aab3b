import { MAX_QUERY_LENGTH, searchPassages } from "../../core/answering/search-passages.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { collectionRef, findCollection } from "./collection-record.ts";

export const MAX_SEARCH_HITS = 50;

export type CollectionPassage = {
  documentId: string;
  fileName: string;
  page: number;
  /** Order of the passage on its page, from 0. */
  position: number;
  text: string;
  rank: number;
};

/**
 * The passages of a collection's documents that match a question, best first: what an answer
 * would be made from, for a caller that wants to read the sources itself. Matched as answering
 * retrieves (any of the words, those holding more of them first).
 */
export const searchCollection = defineOperation({
  name: "searchCollection",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    ref: collectionRef,
    query: z.string().trim().min(1, "must not be empty").max(MAX_QUERY_LENGTH),
    limit: z.number().int().min(1).max(MAX_SEARCH_HITS).default(10),
  }),
  run: async (ctx, input): Promise<{ collectionId: string; passages: CollectionPassage[] }> => {
    const c = await findCollection(ctx, input.ref);
    const hits = await searchPassages(ctx.services.db, {
      collectionId: c.id,
      accountId: ctx.accountId,
      query: input.query,
      limit: input.limit,
      fileNames: true,
      match: "any",
    });
    return {
      collectionId: c.id,
      passages: hits.map((h) => ({
        documentId: h.documentId,
        fileName: h.fileName ?? "",
        page: h.pageNumber,
        position: h.position,
        text: h.text,
        rank: h.rank,
      })),
    };
  },
});
