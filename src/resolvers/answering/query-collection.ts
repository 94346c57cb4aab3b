import type { AnswerDone, Citation } from "../../core/answering/answer-types.ts";
import { modelName } from "../../core/answering/chat-input.ts";
import { MAX_QUERY_LENGTH } from "../../core/answering/search-passages.ts";
import { z } from "../../core/zod.ts";
import { collectionRef, findCollection } from "../collections/collection-record.ts";
import { defineOperation } from "../operation.ts";
import { type StartedAnswer, startAnswer } from "./chat-with-document.ts";

export type CollectionSource = { documentId: string; fileName: string; page: number };

/** SPEC: the pages an answer cites, each once, in the order first cited. */
export function sourcesOf(citations: readonly Citation[]): CollectionSource[] {
  const seen = new Set<string>();
  const out: CollectionSource[] = [];
  for (const c of citations) {
    const key = `${c.documentId}#${c.page}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ documentId: c.documentId, fileName: c.fileName, page: c.page });
  }
  return out;
}

/** A collection answer as both faces give it: the whole text, the pages cited, the citations. */
export type CollectionAnswer = {
  answer: string;
  sources: CollectionSource[];
  citations: Citation[];
  model: string;
};

export const collectionAnswerOf = (done: AnswerDone, model: string): CollectionAnswer => ({
  answer: done.text,
  sources: sourcesOf(done.citations),
  citations: done.citations,
  model,
});

/** The streamed form, shared by the REST event stream and the GraphQL subscription. */
export type CollectionAnswerEvent =
  | { kind: "answer"; delta: string }
  | { kind: "sources" | "done"; whole: CollectionAnswer };

/** Text pieces as `answer` events (empty ones skipped), then `sources`, then `done`. */
export async function* collectionAnswerEvents(answer: StartedAnswer): AsyncGenerator<CollectionAnswerEvent> {
  for await (const e of answer.events) {
    if (e.type === "delta") {
      if (e.text) yield { kind: "answer", delta: e.text };
      continue;
    }
    // Collection queries offer no tools, so no provider calls one.
    if (e.type !== "done") continue;
    const whole = collectionAnswerOf(e, answer.model);
    yield { kind: "sources", whole };
    yield { kind: "done", whole };
  }
}

/** POST /v1/collections/{id}/query: one question answered from all the collection's documents. */
export const queryCollection = defineOperation({
  name: "queryCollection",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    ref: collectionRef,
    query: z.string().trim().min(1, "must not be empty").max(MAX_QUERY_LENGTH),
    model: modelName.optional(),
  }),
  run: async (ctx, input): Promise<StartedAnswer & { collectionId: string }> => {
    const c = await findCollection(ctx, input.ref);
    const messages = [{ role: "user" as const, content: input.query }];
    const started = await startAnswer(ctx, { accountId: c.accountId, collectionId: c.id }, messages, input);
    return { ...started, collectionId: c.id };
  },
});
