import type { AnswerEvent, ChatMessage, StructuredSource } from "../../core/answering/answer-types.ts";
import {
  chatMessages,
  chosenModel,
  MAX_MESSAGES,
  modelName,
  type RawMessage,
  rawMessage,
} from "../../core/answering/chat-input.ts";
import { type ChatOptions, chatOptions, checkChatOptions } from "../../core/answering/chat-options.ts";
import { withCitationBoxes } from "../../core/answering/citation-boxes.ts";
import { primed } from "../../core/answering/primed.ts";
import { retrieveForQuestion } from "../../core/answering/retrieve.ts";
import type { SearchScope } from "../../core/answering/search-passages.ts";
import { structuredSource } from "../../core/answering/structured-source.ts";
import { z } from "../../core/zod.ts";
import type { Document } from "../../generated/prisma/client.ts";
import type { OperationContext } from "../context.ts";
import { documentRef, findDocument } from "../documents/document-record.ts";
import { defineOperation } from "../operation.ts";

/** Passages handed to the provider for one question. */
export const PASSAGES_PER_ANSWER = 8;

/** What a chat operation takes beside the document: the OpenAI-shaped conversation, the model, the options. */
export const chatInput = {
  messages: z.array(rawMessage).max(MAX_MESSAGES),
  model: modelName.optional(),
  options: chatOptions.optional(),
};

export type ChatInput = {
  messages: readonly RawMessage[];
  model?: string | undefined;
  options?: ChatOptions | undefined;
};

export type StartedAnswer = {
  /** The model name the answer is given under (ours, not the provider's). */
  model: string;
  /** Already started: a provider failure before the first piece has been thrown. */
  events: AsyncIterable<AnswerEvent>;
};

/**
 * Retrieves the passages for a checked conversation within `scope` (of the account's documents
 * only) and starts the provider's answer from them, under the model asked for. The options are
 * checked against the provider first: what it cannot honour is refused before any work.
 */
export async function startAnswer(
  ctx: OperationContext,
  scope: SearchScope & { accountId: string },
  messages: ChatMessage[],
  input: {
    model?: string | undefined;
    options?: ChatOptions | undefined;
    documentContent?: () => Promise<StructuredSource>;
  },
): Promise<StartedAnswer> {
  const provider = ctx.services.answers;
  const options = input.options ?? {};
  checkChatOptions(provider, options, messages);
  const model = chosenModel(provider.models, input.model);
  const passages = await retrieveForQuestion(ctx.services.db, {
    ...scope,
    messages,
    limit: PASSAGES_PER_ANSWER,
  });
  const answer = await primed(
    provider.answer({
      messages,
      passages,
      model,
      ...withoutUndefined(options),
      ...(input.documentContent ? { documentContent: input.documentContent } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    }),
  );
  // Each citation placed on its page, so a viewer can highlight what it quotes.
  return { model, events: withCitationBoxes(ctx.services, answer) };
}

/** The options that are set (exactOptionalPropertyTypes keeps an explicit undefined apart). */
const withoutUndefined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };

/** Answers a checked conversation from one document's passages (and, for a JSON Schema, its content). */
export const answerOverDocument = async (
  ctx: OperationContext,
  doc: Document,
  messages: ChatMessage[],
  input: ChatInput,
): Promise<StartedAnswer & { documentId: string }> => ({
  ...(await startAnswer(ctx, { accountId: doc.accountId, documentIds: [doc.id] }, messages, {
    model: input.model,
    options: input.options,
    documentContent: () => structuredSource(ctx.services, doc),
  })),
  documentId: doc.id,
});

/** POST /v1/documents/{id}/chat/completions: needs the `query` action on the document. */
export const chatWithDocument = defineOperation({
  name: "chatWithDocument",
  rateClass: "expensive",
  caller: "anyone",
  input: z.object({ ref: documentRef, ...chatInput }),
  run: async (ctx, input): Promise<StartedAnswer & { documentId: string }> => {
    const { doc } = await findDocument(ctx, input.ref, "query");
    return answerOverDocument(ctx, doc, chatMessages(input.messages), input);
  },
});
