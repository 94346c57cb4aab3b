import type { AnswerEvent } from "./answer-types.ts";

// The built-in engine's completion limits. It has no tokenizer, so a token is a run of
// non-space characters (a word, a number, a marker "[1]"): an answer cut to max_tokens holds
// that many of them, and its usage counts them the same way. A stop string ends the answer just
// before its first occurrence. Both work on the text as it streams: a piece is held back only
// while it could still turn out to be the start of a stop string, or is trailing space that
// belongs to a word not yet allowed.

export type AnswerLimits = { maxTokens?: number | undefined; stop?: readonly string[] | undefined };

/** The built-in engine's token count: runs of non-space characters. */
export const countTokens = (text: string): number => text.match(/\S+/g)?.length ?? 0;

/** The text up to the end of its `n`-th token (all of it when it has no more). */
function firstTokens(text: string, n: number): string {
  if (n <= 0) return "";
  const word = /\S+/g;
  let seen = 0;
  for (let m = word.exec(text); m; m = word.exec(text))
    if (++seen === n) return text.slice(0, m.index + m[0].length);
  return text;
}

/** The text within the limits, and the reason it was cut (null when it was not). */
export function cutText(text: string, limits: AnswerLimits): { text: string; cut: "stop" | "length" | null } {
  let out = text;
  let cut: "stop" | "length" | null = null;
  for (const s of limits.stop ?? []) {
    const at = out.indexOf(s);
    if (at >= 0) {
      out = out.slice(0, at);
      cut = "stop";
    }
  }
  if (limits.maxTokens !== undefined && countTokens(out) > limits.maxTokens) {
    out = firstTokens(out, limits.maxTokens);
    cut = "length";
  }
  return { text: out, cut };
}

/** How much of the end of `text` could be the start of a stop string. */
function partialStop(text: string, stop: readonly string[]): number {
  let hold = 0;
  for (const s of stop)
    for (let k = Math.min(s.length - 1, text.length); k > hold; k--)
      if (text.endsWith(s.slice(0, k))) {
        hold = k;
        break;
      }
  return hold;
}

/**
 * The answer within the limits: pieces as they become certain, then `done` with the cut text,
 * finish reason "length" or "stop" when a limit cut it, the citations whose markers it still
 * holds, and the completion tokens it has.
 */
export async function* limitAnswer(
  events: AsyncIterable<AnswerEvent>,
  limits: AnswerLimits,
): AsyncGenerator<AnswerEvent> {
  if (limits.maxTokens === undefined && !limits.stop?.length) {
    yield* events;
    return;
  }
  let full = "";
  let sent = 0;
  let ended: { text: string; cut: "stop" | "length" } | undefined;
  for await (const e of events) {
    if (e.type === "toolCallDelta") {
      yield e;
      continue;
    }
    if (e.type === "delta") {
      if (ended) continue;
      full += e.text;
      const r = cutText(full, limits);
      if (r.cut) ended = { text: r.text, cut: r.cut };
      const certain = r.cut
        ? r.text
        : r.text.slice(0, r.text.length - partialStop(r.text, limits.stop ?? [])).replace(/\s+$/, "");
      if (certain.length > sent) {
        yield { type: "delta", text: certain.slice(sent) };
        sent = certain.length;
      }
      continue;
    }
    const r = ended ?? cutText(e.text, limits);
    if (r.text.length > sent) yield { type: "delta", text: r.text.slice(sent) };
    if (!r.cut) {
      yield e;
      return;
    }
    yield {
      ...e,
      text: r.text,
      citations: e.citations.filter((c) => r.text.includes(`[${c.index}]`)),
      finishReason: r.cut,
      usage: { ...e.usage, completionTokens: countTokens(r.text) },
    };
    return;
  }
}
