import type { AnswerDone, AnswerEvent } from "./answer-types.ts";

/**
 * Starts an async iterable and waits for its first item, so a failure before any output (a
 * provider refusing the request, say) surfaces as a thrown error while a proper status can still
 * be sent; the iterable returned gives that first item and then the rest.
 */
export async function primed<T>(source: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const it = source[Symbol.asyncIterator]();
  const first = await it.next();
  return {
    [Symbol.asyncIterator]() {
      let started = false;
      return {
        next: () => {
          if (!started) {
            started = true;
            return Promise.resolve(first);
          }
          return it.next();
        },
        return: (value?: unknown) =>
          it.return ? it.return(value) : Promise.resolve({ done: true as const, value: undefined as never }),
      };
    },
  };
}

/** Drains an answer to its final `done` event (the pieces before it are in its text). */
export async function finalAnswer(events: AsyncIterable<AnswerEvent>): Promise<AnswerDone> {
  for await (const e of events) if (e.type === "done") return e;
  throw new Error("the answer provider ended without a final event");
}
