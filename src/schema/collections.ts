import { AppError } from "../core/errors.ts";
import {
  addCollectionDocuments,
  listCollectionDocuments,
  MAX_MEMBERS_PAGE,
  removeCollectionDocuments,
} from "../resolvers/collections/collection-documents.ts";
import type { CollectionRecord } from "../resolvers/collections/collection-record.ts";
import { createCollection } from "../resolvers/collections/create-collection.ts";
import { deleteCollection } from "../resolvers/collections/delete-collection.ts";
import {
  collectionMarkdown,
  collectionTablesCsv,
  collectionTablesXlsx,
} from "../resolvers/collections/export-collection.ts";
import { getCollection } from "../resolvers/collections/get-collection.ts";
import { listCollections, MAX_COLLECTIONS_PAGE } from "../resolvers/collections/list-collections.ts";
import { updateCollection } from "../resolvers/collections/update-collection.ts";
import { builder } from "./builder.ts";
import { sizedBy } from "./cost.ts";
import { DocumentType } from "./documents.ts";
import { forwardConnection } from "./forward-connection.ts";
import { servedBy } from "./served-by.ts";

// The GraphQL twins of /v1/collections. Exports come as fields: text for markdown and CSV, the
// XLSX workbook base64-encoded (GraphQL carries no bytes); REST streams the same content.

async function collect(chunks: AsyncIterable<string | Buffer | Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of chunks) parts.push(typeof c === "string" ? Buffer.from(c) : Buffer.from(c));
  return Buffer.concat(parts);
}

/** A collection as resolved; `single` when it was asked for by itself, where exports may be read. */
type CollectionNode = CollectionRecord & { single?: true };

/** Exports are whole files: one collection at a time, never once per item of a list. */
function exportable(c: CollectionNode) {
  if (!c.single)
    throw new AppError(
      "BAD_REQUEST",
      "Exports (markdown, tablesCsv, tablesXlsxBase64) are read on collection(id) only, one collection at a time.",
    );
}

export const Collection = builder.objectRef<CollectionNode>("Collection").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    visibility: t.exposeString("visibility", {
      description: "`private`: collections belong to their account.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    documentCount: t.exposeInt("documentCount"),
    documents: t.connection({
      type: DocumentType,
      extensions: {
        ...servedBy(listCollectionDocuments),
        ...sizedBy(listCollectionDocuments.input.shape.limit, "first"),
      },
      description: `The collection's documents, newest first, ${MAX_MEMBERS_PAGE} at most a page.`,
      resolve: (c, args, ctx) =>
        forwardConnection(args, async (limit, cursor) => {
          const r = await listCollectionDocuments.invoke(ctx, { ref: c.id, limit, cursor });
          return { items: r.documents, nextCursor: r.nextCursor };
        }),
    }),
    markdown: t.string({
      extensions: servedBy(collectionMarkdown),
      description: "Every document's markdown, as GET /v1/collections/{id}/full.md. On collection(id) only.",
      resolve: async (c, _args, ctx) => {
        exportable(c);
        return (await collect(await collectionMarkdown.invoke(ctx, { ref: c.id }))).toString("utf8");
      },
    }),
    tablesCsv: t.string({
      extensions: servedBy(collectionTablesCsv),
      description: "Every table as one CSV, as GET /v1/collections/{id}/tables.csv. On collection(id) only.",
      resolve: async (c, _args, ctx) => {
        exportable(c);
        return (await collect(await collectionTablesCsv.invoke(ctx, { ref: c.id }))).toString("utf8");
      },
    }),
    tablesXlsxBase64: t.string({
      extensions: servedBy(collectionTablesXlsx),
      description: "GET /v1/collections/{id}/tables.xlsx, base64-encoded. On collection(id) only.",
      resolve: async (c, _args, ctx) => {
        exportable(c);
        return (await collect(await collectionTablesXlsx.invoke(ctx, { ref: c.id }))).toString("base64");
      },
    }),
  }),
});

const MembersChange = builder
  .objectRef<{ added?: number; removed?: number; documentCount: number }>("CollectionMembersChange")
  .implement({
    fields: (t) => ({
      added: t.int({ nullable: true, resolve: (r) => r.added ?? null }),
      removed: t.int({ nullable: true, resolve: (r) => r.removed ?? null }),
      documentCount: t.exposeInt("documentCount"),
    }),
  });

const DeletedCollection = builder.objectRef<{ deleted: boolean; id: string }>("DeletedCollection").implement({
  fields: (t) => ({ deleted: t.exposeBoolean("deleted"), id: t.exposeID("id") }),
});

builder.queryFields((t) => ({
  collection: t.field({
    extensions: servedBy(getCollection),
    type: Collection,
    description: "A collection by id (col-…) or name. Needs a secret key.",
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => ({
      ...(await getCollection.invoke(ctx, { ref: args.id })),
      single: true as const,
    }),
  }),
  collections: t.connection({
    type: Collection,
    extensions: { ...servedBy(listCollections), ...sizedBy(listCollections.input.shape.limit, "first") },
    description: `The account's collections, newest first, ${MAX_COLLECTIONS_PAGE} at most a page. Needs a secret key.`,
    resolve: (_root, args, ctx) =>
      forwardConnection(args, async (limit, cursor) => {
        const r = await listCollections.invoke(ctx, { limit, cursor });
        return { items: r.collections, nextCursor: r.nextCursor };
      }),
  }),
}));

builder.mutationFields((t) => ({
  createCollection: t.field({
    extensions: servedBy(createCollection),
    type: Collection,
    description: "Ids given twice or already present are added once; a name already used is CONFLICT.",
    args: {
      name: t.arg.string({ required: true }),
      description: t.arg.string({ required: false }),
      documentIds: t.arg.stringList({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      createCollection.invoke(ctx, {
        name: args.name,
        description: args.description,
        documentIds: args.documentIds ?? undefined,
      }),
  }),
  updateCollection: t.field({
    extensions: servedBy(updateCollection),
    type: Collection,
    description: "Renames or redescribes; arguments left out stay, description null clears it.",
    args: {
      id: t.arg.string({ required: true }),
      name: t.arg.string({ required: false }),
      description: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      updateCollection.invoke(ctx, {
        ref: args.id,
        name: args.name ?? undefined,
        // Distinguishes "not given" (stays) from null (cleared).
        description: args.description === undefined ? undefined : args.description,
      }),
  }),
  deleteCollection: t.field({
    extensions: servedBy(deleteCollection),
    type: DeletedCollection,
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => deleteCollection.invoke(ctx, { ref: args.id }),
  }),
  addCollectionDocuments: t.field({
    extensions: servedBy(addCollectionDocuments),
    type: MembersChange,
    args: { id: t.arg.string({ required: true }), documentIds: t.arg.stringList({ required: true }) },
    resolve: (_root, args, ctx) =>
      addCollectionDocuments.invoke(ctx, { ref: args.id, documentIds: args.documentIds }),
  }),
  removeCollectionDocuments: t.field({
    extensions: servedBy(removeCollectionDocuments),
    type: MembersChange,
    args: { id: t.arg.string({ required: true }), documentIds: t.arg.stringList({ required: true }) },
    resolve: (_root, args, ctx) =>
      removeCollectionDocuments.invoke(ctx, { ref: args.id, documentIds: args.documentIds }),
  }),
}));
