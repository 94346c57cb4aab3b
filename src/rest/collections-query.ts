import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { modelName } from "../core/answering/chat-input.ts";
import { finalAnswer } from "../core/answering/primed.ts";
import {
  type CollectionAnswer as CollectionAnswerRecord,
  collectionAnswerEvents,
  collectionAnswerOf,
  queryCollection,
} from "../resolvers/answering/query-collection.ts";
import type { AppEnv } from "../web/env.ts";
import { sseResponse } from "../web/sse.ts";
import { CitationSchema, citationJson } from "./answering-schemas.ts";
import type { RestFace } from "./bind-route.ts";
import { CollectionRefParam } from "./collections.ts";
import { errorResponses, jsonBody, jsonResponse } from "./shared-schemas.ts";

const SourceSchema = z
  .object({ doc_id: z.string(), file_name: z.string(), page: z.number().int() })
  .openapi("CollectionSource");

/** A collection answer as the SPEC's wire format spells it. */
const collectionAnswerJson = (a: CollectionAnswerRecord) => ({
  answer: a.answer,
  sources: a.sources.map((s) => ({ doc_id: s.documentId, file_name: s.fileName, page: s.page })),
  citations: a.citations.map(citationJson),
  model: a.model,
});

const CollectionAnswer = z
  .object({
    answer: z
      .string()
      .openapi({ description: "The answer; statements carry markers [1], [2] matching `citations`." }),
    sources: z
      .array(SourceSchema)
      .openapi({ description: "The pages the answer cites, each once, in order of first citation." }),
    citations: z.array(CitationSchema),
    model: z.string(),
  })
  .openapi("CollectionAnswer");

/** The stream's events, documented once for the route's description and its event-stream reply. */
const collectionStreamDescription = [
  "With `stream: true` the reply is `text/event-stream` (readable with any EventSource-style parser; each event has an increasing `id`):",
  '`event: answer` `data: {"delta": "…"}`, a piece of the answer text, in order (the pieces joined are the answer);',
  '`event: sources` `data: {"sources": [...], "citations": [...]}` once the answer is complete;',
  '`event: done` `data: {"answer", "sources", "citations", "model"}`, the same object as the non-streamed reply, last;',
  '`event: error` `data: {"error": {"code", "message"}}` if the answer fails after the stream started, then the stream ends.',
  "Errors before the stream starts (unknown collection, bad query, provider refusing) are ordinary JSON error responses.",
].join(" ");

const query = createRoute({
  method: "post",
  path: "/v1/collections/{id}/query",
  tags: ["Collections"],
  summary: "Ask a question across every document of a collection",
  description: `Retrieves the best passages of all the collection's documents and answers from them with citations. ${collectionStreamDescription}`,
  request: {
    params: CollectionRefParam,
    ...jsonBody(
      z
        .object({
          query: queryCollection.input.shape.query,
          stream: z.boolean().optional().default(false),
          model: modelName.optional(),
        })
        .strict()
        .openapi("CollectionQuery"),
    ),
  },
  responses: {
    200: {
      ...jsonResponse(CollectionAnswer, "The answer."),
      content: {
        "application/json": { schema: CollectionAnswer },
        "text/event-stream": {
          schema: { type: "string" as const, description: collectionStreamDescription },
        },
      },
    },
    ...errorResponses(
      "FORBIDDEN",
      "NOT_FOUND",
      "UNSUPPORTED_MEDIA_TYPE",
      "PAYLOAD_TOO_LARGE",
      "PROVIDER_ERROR",
      "PROVIDER_TIMEOUT",
    ),
  },
});

export function registerCollectionQueryRoute(app: OpenAPIHono<AppEnv>, { ctxOf, bind, services }: RestFace) {
  app.openapi(bind(query, queryCollection), async (c) => {
    const body = c.req.valid("json");
    // Answering stops when the client goes away.
    const answer = await queryCollection.invoke(
      { ...ctxOf(c), signal: c.req.raw.signal },
      { ref: c.req.valid("param").id, query: body.query, model: body.model },
    );
    if (!body.stream)
      return c.json(
        collectionAnswerJson(collectionAnswerOf(await finalAnswer(answer.events), answer.model)),
        200,
      );
    let id = 0;
    return sseResponse(
      c,
      services,
      async (send) => {
        for await (const e of collectionAnswerEvents(answer)) {
          const data =
            e.kind === "answer"
              ? { delta: e.delta }
              : e.kind === "sources"
                ? (({ sources, citations }) => ({ sources, citations }))(collectionAnswerJson(e.whole))
                : collectionAnswerJson(e.whole);
          await send({ event: e.kind, id: String(++id), data: JSON.stringify(data) });
        }
      },
      (err, send) =>
        send({
          event: "error",
          id: String(++id),
          data: JSON.stringify({ error: { code: err.code, message: err.message } }),
        }),
    ) as never;
  });
}
