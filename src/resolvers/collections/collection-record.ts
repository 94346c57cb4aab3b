import type { Collection } from "../../generated/prisma/client.ts";

/** A collection as both faces show it (SPEC 2: id, name, description, visibility, created_at, document_count). */
export type CollectionRecord = {
  id: string;
  name: string;
  description: string | null;
  visibility: string;
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
    visibility: c.visibility,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    documentCount: c._count.documents,
  };
}
