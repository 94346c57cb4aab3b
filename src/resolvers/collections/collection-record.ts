import { ownedRef } from "../../core/db/owned-ref.ts";
import type { Collection } from "../../generated/prisma/client.ts";
import { collectionIdPattern, MAX_COLLECTION_NAME } from "./collection-input.ts";

/** A collection as every face shows it (SPEC 2: id, name, description, visibility, created_at, document_count). */
export type CollectionRecord = {
  id: string;
  name: string;
  description: string | null;
  visibility: "private";
  createdAt: Date;
  updatedAt: Date;
  documentCount: number;
};

/** The Prisma include that counts members with the collection, in the same statement. */
export const withDocumentCount = { _count: { select: { documents: true } } } as const;

export function toCollectionRecord(c: Collection & { _count: { documents: number } }): CollectionRecord {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    // The database's CHECK constraint admits only this value.
    visibility: c.visibility as "private",
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    documentCount: c._count.documents,
  };
}

/** The account's own collection, named in a path by its id (`col-…`) or its name. */
export const collections = ownedRef({
  selects: (ref) => (collectionIdPattern.test(ref) ? { id: ref } : { name: ref.trim() }),
  read: (prisma, where) => prisma.collection.findFirst({ where }),
  notFound: (ref) => `Collection ${JSON.stringify(ref)} was not found.`,
  // A name is up to 100 characters once trimmed; white space around it may make it longer.
  maxLength: MAX_COLLECTION_NAME * 4,
});
export const { ref: collectionRef, find: findCollection } = collections;
/** A collection on the wire (REST's Collection, SPEC 2). */
export const collectionWire = (c: CollectionRecord) => ({
  id: c.id,
  name: c.name,
  description: c.description,
  visibility: c.visibility,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
  document_count: c.documentCount,
});
export type CollectionWire = ReturnType<typeof collectionWire>;
