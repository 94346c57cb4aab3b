import type { AnswerDone, Citation, FieldSource, MissingField } from "../core/answering/answer-types.ts";
import { finalAnswer } from "../core/answering/primed.ts";
import { AppError } from "../core/errors.ts";
import type { StartedAnswer } from "../resolvers/answering/chat-with-document.ts";
import { chatWithDocument } from "../resolvers/answering/chat-with-document.ts";
import { chatWithPublicSource } from "../resolvers/answering/public-chat.ts";
import {
  type CollectionAnswer,
  type CollectionAnswerEvent,
  type CollectionSource,
  collectionAnswerEvents,
  collectionAnswerOf,
  queryCollection,
} from "../resolvers/answering/query-collection.ts";
import { structuredOutput } from "../resolvers/answering/structured-output.ts";
import type { OutputOf } from "../resolvers/operation.ts";
import { builder } from "./builder.ts";
import { servedBy } from "./served-by.ts";

// The GraphQL twins of the answering routes. Answers are read-only, so they are Query fields; the
// chat and structured output count as expensive as their REST twins do (their operations say so).
// The collection answer also streams as a subscription over graphql-sse.

const CitationType = builder.objectRef<Citation>("Citation").implement({
  description: "Where a marked statement comes from: `[index]` in the answer text.",
  fields: (t) => ({
    index: t.exposeInt("index"),
    documentId: t.exposeString("documentId"),
    fileName: t.exposeString("fileName"),
    page: t.exposeInt("page"),
    passage: t.exposeInt("passage", { description: "Order of the cited passage on its page, from 0." }),
    startOffset: t.exposeInt("startOffset", { description: "In the page's markdown, in code points." }),
    endOffset: t.exposeInt("endOffset"),
    quote: t.exposeString("quote", {
      description:
        "Text copied from the cited page: the supporting sentence or row (built-in engine), or the opening of the cited passage (provider answers).",
    }),
    bbox: t.floatList({
      nullable: true,
      description:
        "Where the quote stands on its page (the element holding it): [x0, y0, x1, y1] in points from the top-left; null when it cannot be placed.",
      resolve: (c) => c.bbox ?? null,
    }),
  }),
});

type ChatResult = { model: string; documentId: string; done: AnswerDone };

const ChatCompletionResult = builder.objectRef<ChatResult>("ChatCompletionResult").implement({
  fields: (t) => ({
    documentId: t.exposeString("documentId"),
    model: t.exposeString("model"),
    content: t.string({ resolve: (r) => r.done.text }),
    finishReason: t.string({ resolve: (r) => r.done.finishReason }),
    citations: t.field({ type: [CitationType], resolve: (r) => r.done.citations }),
  }),
});

const ChatRole = builder.enumType("ChatRole", {
  values: ["system", "developer", "user", "assistant"] as const,
});

const ChatMessageInput = builder.inputType("ChatMessageInput", {
  fields: (t) => ({
    role: t.field({ type: ChatRole, required: true }),
    content: t.string({ required: true }),
  }),
});

const finished = async (answer: StartedAnswer & { documentId: string }): Promise<ChatResult> => ({
  ...answer,
  done: await finalAnswer(answer.events),
});

const FieldSourceType = builder.objectRef<FieldSource>("FieldSource").implement({
  fields: (t) => ({
    path: t.exposeString("path", { description: "JSON Pointer of the value in `data`." }),
    page: t.exposeInt("page", { nullable: true }),
    quote: t.string({ nullable: true, resolve: (s) => s.quote ?? null }),
    bbox: t.floatList({
      nullable: true,
      description: "Where the quote stands on its page: [x0, y0, x1, y1] in points from the top-left.",
      resolve: (s) => s.bbox ?? null,
    }),
  }),
});

const MissingFieldType = builder.objectRef<MissingField>("MissingField").implement({
  fields: (t) => ({ path: t.exposeString("path"), reason: t.exposeString("reason") }),
});

const StructuredOutputResult = builder
  .objectRef<OutputOf<typeof structuredOutput>>("StructuredOutputResult")
  .implement({
    fields: (t) => ({
      documentId: t.exposeString("documentId"),
      model: t.exposeString("model"),
      data: t.field({ type: "JSON", nullable: true, resolve: (r) => r.data ?? null }),
      valid: t.exposeBoolean("valid"),
      sources: t.field({ type: [FieldSourceType], resolve: (r) => r.sources }),
      missing: t.field({ type: [MissingFieldType], resolve: (r) => r.missing }),
    }),
  });

const CollectionSourceType = builder.objectRef<CollectionSource>("CollectionSource").implement({
  fields: (t) => ({
    documentId: t.exposeString("documentId"),
    fileName: t.exposeString("fileName"),
    page: t.exposeInt("page"),
  }),
});

const CollectionAnswerType = builder.objectRef<CollectionAnswer>("CollectionAnswer").implement({
  fields: (t) => ({
    answer: t.exposeString("answer"),
    model: t.exposeString("model"),
    sources: t.field({ type: [CollectionSourceType], resolve: (r) => r.sources }),
    citations: t.field({ type: [CitationType], resolve: (r) => r.citations }),
  }),
});

const CollectionAnswerEventKind = builder.enumType("CollectionAnswerEventKind", {
  values: ["answer", "sources", "done"] as const,
});

const CollectionAnswerEventType = builder
  .objectRef<CollectionAnswerEvent>("CollectionAnswerEvent")
  .implement({
    description:
      "One event of a streamed collection answer, as the REST stream sends them: `answer` events carry text pieces (delta), then `sources` (sources, citations), then `done` (answer, the whole text).",
    fields: (t) => ({
      kind: t.field({ type: CollectionAnswerEventKind, resolve: (e) => e.kind }),
      delta: t.string({ nullable: true, resolve: (e) => (e.kind === "answer" ? e.delta : null) }),
      answer: t.string({ nullable: true, resolve: (e) => (e.kind === "done" ? e.whole.answer : null) }),
      sources: t.field({
        type: [CollectionSourceType],
        nullable: true,
        resolve: (e) => (e.kind === "answer" ? null : e.whole.sources),
      }),
      citations: t.field({
        type: [CitationType],
        nullable: true,
        resolve: (e) => (e.kind === "answer" ? null : e.whole.citations),
      }),
    }),
  });

builder.queryFields((t) => ({
  chatCompletion: t.field({
    extensions: servedBy(chatWithDocument),
    type: ChatCompletionResult,
    description:
      "Ask a document (twin of POST /v1/documents/{id}/chat/completions). Needs `query`. Expensive. For streaming use REST.",
    args: {
      documentId: t.arg.id({ required: true }),
      messages: t.arg({ type: [ChatMessageInput], required: true }),
      model: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) =>
      finished(
        await chatWithDocument.invoke(ctx, {
          ref: String(args.documentId),
          messages: args.messages,
          model: args.model ?? undefined,
        }),
      ),
  }),
  publicChatCompletion: t.field({
    extensions: servedBy(chatWithPublicSource),
    type: ChatCompletionResult,
    description:
      "Chat over a public document (twin of POST /v1/public/resolve/chat/completions): source is its id, short hash or a URL containing /v1/documents/<id>.",
    args: {
      source: t.arg.string({ required: true }),
      messages: t.arg({ type: [ChatMessageInput], required: true }),
      model: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) =>
      finished(
        await chatWithPublicSource.invoke(ctx, {
          source: args.source,
          messages: args.messages,
          model: args.model ?? undefined,
        }),
      ),
  }),
  structuredOutput: t.field({
    extensions: servedBy(structuredOutput),
    type: StructuredOutputResult,
    description:
      "Extract JSON fitting a JSON Schema (twin of POST /v1/documents/{id}/structured-output). Expensive.",
    args: {
      documentId: t.arg.id({ required: true }),
      prompt: t.arg.string({ required: true }),
      schema: t.arg({ type: "JSON", required: true }),
      model: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) => {
      if (typeof args.schema !== "object" || args.schema === null || Array.isArray(args.schema))
        throw new AppError("BAD_REQUEST", "schema must be a JSON Schema object.");
      return structuredOutput.invoke(ctx, {
        ref: String(args.documentId),
        prompt: args.prompt,
        schema: args.schema,
        model: args.model ?? undefined,
      });
    },
  }),
  collectionAnswer: t.field({
    extensions: servedBy(queryCollection),
    type: CollectionAnswerType,
    description: "Ask a question across a collection (twin of POST /v1/collections/{id}/query).",
    args: {
      id: t.arg.string({ required: true }),
      query: t.arg.string({ required: true }),
      model: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx) => {
      const a = await queryCollection.invoke(ctx, {
        ref: args.id,
        query: args.query,
        model: args.model ?? undefined,
      });
      return collectionAnswerOf(await finalAnswer(a.events), a.model);
    },
  }),
}));

builder.subscriptionField("collectionAnswer", (t) =>
  t.field({
    extensions: servedBy(queryCollection),
    type: CollectionAnswerEventType,
    description: "The collection answer streamed: `answer` pieces, then `sources`, then `done`.",
    args: {
      id: t.arg.string({ required: true }),
      query: t.arg.string({ required: true }),
      model: t.arg.string({ required: false }),
    },
    subscribe: async function* (_root, args, ctx) {
      const a = await queryCollection.invoke(ctx, {
        ref: args.id,
        query: args.query,
        model: args.model ?? undefined,
      });
      yield* collectionAnswerEvents(a);
    },
    resolve: (e: CollectionAnswerEvent) => e,
  }),
);
