import type { AnswerProvider } from "../../core/answering/answer-types.ts";
import { z } from "../../core/zod.ts";
import { collectionRef, findCollection } from "../collections/collection-record.ts";
import { documentRef, findDocument } from "../documents/document-record.ts";
import { defineOperation } from "../operation.ts";

// The models a chat request may name, in OpenAI's list shape, so clients that check models before
// asking (the SDK's `models.list()` against the chat routes' base URL) find them. The names are
// the service's own (what `model` takes), not the provider's; `default` is always one of them.

export type ModelEntry = { id: string; created: number; ownedBy: string };

/** When this process started serving: the models' `created`, which OpenAI gives as epoch seconds. */
const SERVED_SINCE = Math.floor(Date.now() / 1000);

export function modelsOf(provider: AnswerProvider): ModelEntry[] {
  const names = provider.models.includes("default") ? provider.models : ["default", ...provider.models];
  return names.map((id) => ({ id, created: SERVED_SINCE, ownedBy: provider.name }));
}

/** GET /v1/models and GET /v1/public/resolve/models: names no account's resource, so anyone may ask. */
export const listModels = defineOperation({
  name: "listModels",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({}),
  run: async (ctx) => modelsOf(ctx.services.answers),
});

/** GET /v1/documents/{id}/models: the models the document can be asked with (the `query` action). */
export const listDocumentModels = defineOperation({
  name: "listDocumentModels",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({ ref: documentRef }),
  run: async (ctx, input) => {
    await findDocument(ctx, input.ref, "query");
    return modelsOf(ctx.services.answers);
  },
});

/** GET /v1/collections/{id}/models: the models the collection can be asked with (its owner's). */
export const listCollectionModels = defineOperation({
  name: "listCollectionModels",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: collectionRef }),
  run: async (ctx, input) => {
    await findCollection(ctx, input.ref);
    return modelsOf(ctx.services.answers);
  },
});
