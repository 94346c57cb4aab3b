import type { Services } from "../../core/services.ts";
import { z } from "../../core/zod.ts";
import { addCollectionDocuments } from "../../resolvers/collections/collection-documents.ts";
import { createCollection } from "../../resolvers/collections/create-collection.ts";
import { listCollections } from "../../resolvers/collections/list-collections.ts";
import { boundedList, listInput } from "../list.ts";
import { collectionJson } from "../records.ts";
import { defineTool, hints, structured, type ToolDefinition } from "../tool.ts";
import { collectionArg } from "./answering.ts";

const collectionOut = z.looseObject({ id: z.string(), name: z.string(), document_count: z.number() });

export function collectionTools(_services: Services): ToolDefinition[] {
  return [
    defineTool({
      name: "list_collections",
      title: "The account's collections",
      description: "The account's collections (named groups of documents asked together), newest first.",
      operation: listCollections,
      input: listInput(listCollections.input.shape.limit),
      output: z.looseObject({ collections: z.array(collectionOut), next_cursor: z.string().nullable() }),
      annotations: hints.read,
      run: async (call, a) => {
        const r = await listCollections.invoke(call.ctx, { limit: a.limit, cursor: a.cursor });
        return boundedList("collections", r.collections, r.nextCursor, collectionJson, call.budget);
      },
    }),
    defineTool({
      name: "create_collection",
      title: "Create a collection",
      description:
        "Creates a named collection, with its first documents when given. A name already used in the account is refused.",
      operation: createCollection,
      input: z.object({
        name: createCollection.input.shape.name,
        description: createCollection.input.shape.description.describe("What the collection holds."),
        document_ids: createCollection.input.shape.documentIds.describe("Documents (doc-…) to add now."),
      }),
      output: collectionOut,
      annotations: hints.create,
      run: async (call, a) => {
        const c = await createCollection.invoke(call.ctx, {
          name: a.name,
          description: a.description,
          documentIds: a.document_ids,
        });
        return structured(collectionJson(c));
      },
    }),
    defineTool({
      name: "add_to_collection",
      title: "Add documents to a collection",
      description:
        "Adds documents of the account to a collection; those already in it are skipped. All or nothing: an id naming no document of the account changes nothing.",
      operation: addCollectionDocuments,
      input: z.object({
        collection: collectionArg,
        document_ids: addCollectionDocuments.input.shape.documentIds.describe("Documents (doc-…) to add."),
      }),
      output: z.looseObject({ added: z.number(), document_count: z.number() }),
      annotations: hints.addTo,
      run: async (call, a) => {
        const r = await addCollectionDocuments.invoke(call.ctx, {
          ref: a.collection,
          documentIds: a.document_ids,
        });
        return structured({ added: r.added, document_count: r.documentCount });
      },
    }),
  ];
}
