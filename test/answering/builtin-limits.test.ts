import { describe, expect, it } from "vitest";
import type { AnswerEvent, Citation } from "../../src/core/answering/answer-types.ts";
import { countTokens, cutText, limitAnswer } from "../../src/core/answering/builtin-limits.ts";

// The built-in engine's max_tokens and stop over answers as they stream: what is sent piece by
// piece always joins into the final text, also when a stop string or a word spans two pieces.

const citation = (index: number): Citation => ({
  index,
  documentId: "doc-a",
  fileName: "a.pdf",
  page: 1,
  passage: 0,
  startOffset: 0,
  endOffset: 1,
  quote: "x",
});

async function* answerOf(pieces: string[], citations: Citation[] = []): AsyncGenerator<AnswerEvent> {
  for (const text of pieces) yield { type: "delta", text };
  const text = pieces.join("");
  yield {
    type: "done",
    text,
    citations,
    toolCalls: [],
    finishReason: "stop",
    usage: { promptTokens: 10, completionTokens: countTokens(text) },
  };
}

async function run(events: AsyncIterable<AnswerEvent>) {
  const sent: string[] = [];
  for await (const e of events) {
    if (e.type === "delta") sent.push(e.text);
    if (e.type === "done") return { sent, done: e };
  }
  throw new Error("no done event");
}

describe("cutText", () => {
  it("counts runs of non-space characters as tokens", () => {
    expect(countTokens("Revenue was $12.4 million. [1]")).toBe(5);
    expect(cutText("Revenue was $12.4 million. [1]", { maxTokens: 2 })).toEqual({
      text: "Revenue was",
      cut: "length",
    });
    expect(cutText("one two", { maxTokens: 2 })).toEqual({ text: "one two", cut: null });
  });

  it("ends before the earliest stop string, then applies the token limit", () => {
    expect(cutText("a b STOP c END", { stop: ["END", "STOP"] })).toEqual({ text: "a b ", cut: "stop" });
    expect(cutText("a b c STOP", { stop: ["STOP"], maxTokens: 2 })).toEqual({ text: "a b", cut: "length" });
    expect(cutText("a b STOP", { stop: ["STOP"], maxTokens: 2 })).toEqual({ text: "a b ", cut: "stop" });
  });
});

describe("limitAnswer", () => {
  it("cuts a stop string that spans two pieces without sending its start", async () => {
    const { sent, done } = await run(
      limitAnswer(answerOf(["Headcount was 1,2", "40 people [1]."]), { stop: ["1,240"] }),
    );
    expect(sent.join("")).toBe("Headcount was ");
    expect(done).toMatchObject({ text: "Headcount was ", finishReason: "stop" });
  });

  it("sends held-back text once it is clear it starts no stop string", async () => {
    const { sent, done } = await run(limitAnswer(answerOf(["abc x", "yq end"]), { stop: ["xyz"] }));
    expect(sent.join("")).toBe("abc xyq end");
    expect(done).toMatchObject({ text: "abc xyq end", finishReason: "stop" });
  });

  it("cuts at max_tokens, counting a word split over two pieces once, and drops cut citations", async () => {
    const { sent, done } = await run(
      limitAnswer(
        answerOf(["Head", "count was 1,240 [1].", " Turnover was 9.5% [2]."], [citation(1), citation(2)]),
        {
          maxTokens: 4,
        },
      ),
    );
    expect(sent.join("")).toBe("Headcount was 1,240 [1].");
    expect(done.text).toBe("Headcount was 1,240 [1].");
    expect(done.finishReason).toBe("length");
    expect(done.usage).toEqual({ promptTokens: 10, completionTokens: 4 });
    expect(done.citations.map((c) => c.index)).toEqual([1]);
  });

  it("leaves an answer within the limits as it is", async () => {
    const { sent, done } = await run(
      limitAnswer(answerOf(["one two ", "three"]), { maxTokens: 3, stop: ["four"] }),
    );
    expect(sent.join("")).toBe("one two three");
    expect(done).toMatchObject({
      text: "one two three",
      finishReason: "stop",
      usage: { completionTokens: 3 },
    });
  });
});
