import { newestFirstPage, pageInput } from "../../core/db/keyset.ts";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { type DocumentRecord, fullIdPattern, toDocumentRecord } from "../documents/document-record.ts";
import { defineOperation } from "../operation.ts";
import { collectionRef, collections, findCollection } from "./collection-record.ts";
import {
  documentsNotFound,
  MAX_COLLECTION_DOCUMENTS,
  MAX_IDS_PER_REQUEST,
  resolveOwnDocuments,
  tooManyDocuments,
} from "./members-input.ts";

export const MAX_MEMBERS_PAGE = 100;

/**
 * Adds documents of the account; those already in the collection are skipped. All or nothing:
 * an id naming no document of the account, or a total over the limit, changes nothing.
 */
export const addCollectionDocuments = defineOperation({
  name: "addCollectionDocuments",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    ref: collectionRef,
    documentIds: z.array(z.string()).min(1, "must name at least one document").max(MAX_IDS_PER_REQUEST),
  }),
  run: async (ctx, input): Promise<{ ok: true; added: number; documentCount: number }> => {
    const c = await findCollection(ctx, input.ref);
    const { ids, missing } = await resolveOwnDocuments(ctx, c.accountId, input.documentIds);
    if (missing.length) throw documentsNotFound(missing);
    try {
      return await ctx.services.db.prisma.$transaction(
        async (tx) => {
          // Serialises adds to one collection, so two at once cannot both pass the size check.
          const locked = await tx.$queryRaw<
            unknown[]
          >`SELECT 1 FROM collections WHERE id = ${c.id} FOR UPDATE`;
          if (!locked.length) throw collections.notFound(input.ref);
          const { count } = await tx.collectionDocument.createMany({
            data: ids.map((documentId) => ({ collectionId: c.id, documentId })),
            skipDuplicates: true,
          });
          const total = await tx.collectionDocument.count({ where: { collectionId: c.id } });
          if (total > MAX_COLLECTION_DOCUMENTS) throw tooManyDocuments(total);
          return { ok: true as const, added: count, documentCount: total };
        },
        // Adds to one collection wait for each other; Prisma's default of 5 s is short for that.
        { maxWait: 10_000, timeout: 30_000 },
      );
    } catch (err) {
      // P2003: a document named was deleted between the lookup and the insert.
      if ((err as { code?: unknown })?.code === "P2003")
        throw new AppError("NOT_FOUND", "A document named was deleted meanwhile; nothing was changed.");
      throw err;
    }
  },
});

/** SPEC: removes documents from the collection only; ids not in it are not counted. */
export const removeCollectionDocuments = defineOperation({
  name: "removeCollectionDocuments",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    ref: collectionRef,
    documentIds: z.array(z.string()).min(1, "must name at least one document").max(MAX_IDS_PER_REQUEST),
  }),
  run: async (ctx, input): Promise<{ ok: true; removed: number; documentCount: number }> => {
    const c = await findCollection(ctx, input.ref);
    const { ids } = await resolveOwnDocuments(ctx, c.accountId, input.documentIds);
    const { prisma } = ctx.services.db;
    const { count } = await prisma.collectionDocument.deleteMany({
      where: { collectionId: c.id, documentId: { in: ids } },
    });
    const total = await prisma.collectionDocument.count({ where: { collectionId: c.id } });
    return { ok: true, removed: count, documentCount: total };
  },
});

/** The collection's documents, newest first, a page at a time. */
export const listCollectionDocuments = defineOperation({
  name: "listCollectionDocuments",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    ref: collectionRef,
    ...pageInput(MAX_MEMBERS_PAGE),
  }),
  run: async (ctx, input): Promise<{ documents: DocumentRecord[]; nextCursor: string | null }> => {
    const c = await findCollection(ctx, input.ref);
    const { page, nextCursor } = await newestFirstPage(input, {
      idPattern: fullIdPattern,
      where: { collections: { some: { collectionId: c.id } } },
      read: (query) => ctx.services.db.prisma.document.findMany(query),
    });
    return { documents: page.map(toDocumentRecord), nextCursor };
  },
});
