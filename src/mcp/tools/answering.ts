import type { Citation } from "../../core/answering/answer-types.ts";
import { MAX_CONVERSATION_CHARS } from "../../core/answering/chat-input.ts";
import { finalAnswer } from "../../core/answering/primed.ts";
import type { Services } from "../../core/services.ts";
import { z } from "../../core/zod.ts";
import { chatWithDocument } from "../../resolvers/answering/chat-with-document.ts";
import { collectionAnswerOf, queryCollection } from "../../resolvers/answering/query-collection.ts";
import { structuredOutput } from "../../resolvers/answering/structured-output.ts";
import { collectionRef } from "../../resolvers/collections/collection-record.ts";
import { searchCollection } from "../../resolvers/collections/search-collection.ts";
import { fitItems } from "../budget.ts";
import { boundedStructured, defineTool, hints, structured, type ToolDefinition } from "../tool.ts";
import { documentId } from "./documents.ts";

export const collectionArg = collectionRef.describe("The collection's id (col-…) or its name.");

const modelArg = queryCollection.input.shape.model.describe(
  "The answering model by this service's name ('default' unless the operator configured others).",
);

const citationOut = z.looseObject({
  document_id: z.string(),
  page: z.number(),
  quote: z.string(),
});

const answerOut = z.looseObject({ answer: z.string(), citations: z.array(citationOut) });

/** A citation as a model checks it: which document, which page, the words quoted. */
const citationJson = (c: Citation) => ({
  marker: c.index,
  document_id: c.documentId,
  file_name: c.fileName,
  page: c.page,
  quote: c.quote,
});

const tooLongAnswer = "ask a narrower question, or read the cited pages with read_document";

export function answeringTools(_services: Services): ToolDefinition[] {
  return [
    defineTool({
      name: "ask_document",
      title: "Ask a question of one document",
      description:
        "Answers a question from the document's own text, each statement marked [n] with a citation: the document, the page and the quoted words, so the answer can be checked. Says so when the document does not tell.",
      operation: chatWithDocument,
      input: z.object({
        document_id: documentId,
        question: z
          .string()
          .trim()
          .min(1)
          .max(MAX_CONVERSATION_CHARS)
          .describe("The question, in plain words."),
        model: modelArg,
      }),
      output: answerOut,
      annotations: hints.read,
      run: async (call, a) => {
        const started = await chatWithDocument.invoke(call.ctx, {
          ref: a.document_id,
          messages: [{ role: "user", content: a.question }],
          model: a.model,
        });
        const done = await finalAnswer(started.events);
        return boundedStructured(
          {
            document_id: started.documentId,
            answer: done.text,
            citations: done.citations.map(citationJson),
            model: started.model,
          },
          call.budget,
          tooLongAnswer,
        );
      },
    }),
    defineTool({
      name: "ask_collection",
      title: "Ask a question across a collection",
      description:
        "Answers one question from all the documents of a collection, with citations (document, page, quote) for each statement and the pages used as sources.",
      operation: queryCollection,
      input: z.object({
        collection: collectionArg,
        question: queryCollection.input.shape.query.describe("The question, in plain words."),
        model: modelArg,
      }),
      output: answerOut,
      annotations: hints.read,
      run: async (call, a) => {
        const started = await queryCollection.invoke(call.ctx, {
          ref: a.collection,
          query: a.question,
          model: a.model,
        });
        const whole = collectionAnswerOf(await finalAnswer(started.events), started.model);
        return boundedStructured(
          {
            collection_id: started.collectionId,
            answer: whole.answer,
            citations: whole.citations.map(citationJson),
            sources: whole.sources.map((s) => ({
              document_id: s.documentId,
              file_name: s.fileName,
              page: s.page,
            })),
            model: whole.model,
          },
          call.budget,
          tooLongAnswer,
        );
      },
    }),
    defineTool({
      name: "extract_structured",
      title: "Extract JSON that fits a schema",
      description:
        "Fills a JSON Schema from the document's pages and tables. Returns data (checked against the schema: valid says whether it passed), the page each value came from, and the fields that could not be filled with the reason.",
      operation: structuredOutput,
      input: z.object({
        document_id: documentId,
        schema: z
          .record(z.string(), z.unknown())
          .describe("A JSON Schema (an object with properties) of the data wanted."),
        prompt: structuredOutput.input.shape.prompt
          .default("")
          .describe("What to extract, in words, beside the schema."),
        model: modelArg,
      }),
      output: z.looseObject({ data: z.unknown(), valid: z.boolean() }),
      annotations: hints.read,
      run: async (call, a) => {
        const r = await structuredOutput.invoke(call.ctx, {
          ref: a.document_id,
          prompt: a.prompt,
          schema: a.schema,
          model: a.model,
        });
        return boundedStructured(
          {
            document_id: r.documentId,
            data: r.data,
            valid: r.valid,
            sources: r.sources,
            missing: r.missing,
            model: r.model,
          },
          call.budget,
          "ask for fewer fields at a time",
        );
      },
    }),
    defineTool({
      name: "search_collection",
      title: "Find passages in a collection",
      description:
        "The passages of a collection's documents that best match a query, best first, each with its document, page and text: for reading the sources instead of being handed an answer.",
      operation: searchCollection,
      input: z.object({
        collection: collectionArg,
        query: searchCollection.input.shape.query.describe("Words or a question."),
        limit: searchCollection.input.shape.limit.describe("Most passages to return."),
      }),
      output: z.looseObject({ passages: z.array(citationOut.omit({ quote: true })) }),
      annotations: hints.read,
      run: async (call, a) => {
        const r = await searchCollection.invoke(call.ctx, {
          ref: a.collection,
          query: a.query,
          limit: a.limit,
        });
        const passages = r.passages.map((p) => ({
          document_id: p.documentId,
          file_name: p.fileName,
          page: p.page,
          text: p.text,
          rank: Math.round(p.rank * 1e4) / 1e4,
        }));
        const kept = fitItems(passages, call.budget - 300, (p) => JSON.stringify(p).length + 1);
        return structured({
          collection_id: r.collectionId,
          passages: passages.slice(0, kept),
          truncated: kept < passages.length,
          ...(kept < passages.length
            ? {
                note: `${passages.length - kept} more passages over the result budget: ask with a lower limit or a narrower query`,
              }
            : {}),
        });
      },
    }),
  ];
}
