import type { Database } from "../db/client.ts";
import type { ChatMessage, SourcePassage } from "./answer-types.ts";
import { searchText } from "./question-terms.ts";
import { MAX_QUERY_LENGTH, type PassageHit, type SearchScope, searchPassages } from "./search-passages.ts";

// The passages a question is answered from. A question in natural language rarely shares every
// word with the passage that answers it ("What was the revenue of the North region?" against a
// table row "| North | 1,200 | 4% |" under "| Region | Revenue | Growth |"), so passages are
// searched with match "any": a passage holding any of the question's words is found, and the
// ones holding more of them come first. Trying "all" first would only cost a round trip: "any"
// already ranks the passages that hold every word above the rest.
//
// The question is the last user message. In a conversation, a follow-up ("and in the South?")
// leans on what was asked before, so the earlier user messages are searched too, together with
// the last one, and the two lists are interleaved, the last message's first: passages about the
// new question are never crowded out by the old topic, and passages that fit both come early in
// either list. When the last message finds nothing, the combined search is what is left.

/** The user messages searched together with the last one, at most. */
export const EARLIER_QUESTIONS = 2;
export const DEFAULT_RETRIEVE_LIMIT = 8;

export type RetrieveInput = SearchScope & {
  /** When set, nothing of another account is searched. */
  accountId?: string;
  /** 1 to 100; DEFAULT_RETRIEVE_LIMIT by default. */
  limit?: number;
} & ({ messages: readonly ChatMessage[]; question?: undefined } | { question: string; messages?: undefined });

/**
 * The queries a conversation is searched with: the last user message, and that message preceded
 * by up to EARLIER_QUESTIONS earlier user messages (empty when there are none), each within
 * MAX_QUERY_LENGTH. The last message keeps its room; earlier ones fill what is left, nearest first.
 */
export function questionQueries(messages: readonly ChatMessage[]): { last: string; withEarlier: string } {
  const asked = messages.filter((m) => m.role === "user" && m.content.trim()).map((m) => m.content.trim());
  const last = (asked.pop() ?? "").slice(0, MAX_QUERY_LENGTH);
  let withEarlier = "";
  let room = MAX_QUERY_LENGTH - last.length;
  for (const earlier of asked.slice(-EARLIER_QUESTIONS).reverse()) {
    if (room <= 1) break;
    const piece = earlier.slice(0, room - 1);
    withEarlier = `${piece}\n${withEarlier}`;
    room -= piece.length + 1;
  }
  return { last, withEarlier: withEarlier ? `${withEarlier}${last}` : "" };
}

const keyOf = (h: PassageHit) => `${h.documentId}\u0000${h.pageNumber}\u0000${h.position}`;

export async function retrieveForQuestion(
  db: Pick<Database, "pool">,
  input: RetrieveInput,
): Promise<SourcePassage[]> {
  const limit = Math.min(100, Math.max(1, Math.floor(input.limit ?? DEFAULT_RETRIEVE_LIMIT)));
  const { last, withEarlier } =
    input.question !== undefined
      ? { last: input.question.slice(0, MAX_QUERY_LENGTH), withEarlier: "" }
      : questionQueries(input.messages);
  const scope: SearchScope =
    input.collectionId !== undefined
      ? { collectionId: input.collectionId }
      : { documentIds: input.documentIds ?? [] };
  const search = (query: string, match: "any" | "all" = "any") =>
    query.trim()
      ? searchPassages(db, {
          ...scope,
          ...(input.accountId !== undefined ? { accountId: input.accountId } : {}),
          query,
          limit,
          match,
          fileNames: true,
        })
      : Promise.resolve([]);
  // The quoted phrases alone: the rest of a question ("where does it say") is rarely in the text.
  const phrases = (last.match(/"[^"]*[\p{L}\p{N}][^"]*"/gu) ?? []).join(" ");
  const [strict, own, combined] = await Promise.all([
    search(phrases, "all"),
    search(searchText(last).slice(0, MAX_QUERY_LENGTH)),
    search(withEarlier),
  ]);

  const seen = new Set<string>();
  const out: SourcePassage[] = [];
  const take = (h: PassageHit | undefined) => {
    if (!h || out.length >= limit || seen.has(keyOf(h))) return;
    seen.add(keyOf(h));
    out.push({
      documentId: h.documentId,
      fileName: h.fileName ?? "",
      pageNumber: h.pageNumber,
      position: h.position,
      startOffset: h.startOffset,
      endOffset: h.endOffset,
      text: h.text,
      rank: h.rank,
    });
  };
  for (const h of strict) take(h);
  for (let i = 0; out.length < limit && (i < own.length || i < combined.length); i++) {
    take(own[i]);
    take(combined[i]);
  }
  return out;
}
