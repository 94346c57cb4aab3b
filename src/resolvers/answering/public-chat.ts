import type { ChatMessage } from "../../core/answering/answer-types.ts";
import { chatMessages } from "../../core/answering/chat-input.ts";
import { AppError, invalidParam } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import type { OperationContext } from "../context.ts";
import { findDocument, fullIdPattern, shortHashPattern } from "../documents/document-record.ts";
import { defineOperation } from "../operation.ts";
import { answerOverDocument, type ChatInput, chatInput, type StartedAnswer } from "./chat-with-document.ts";

/**
 * The document a public `source` names: its id (`doc-…`), its 6-character short hash, or any
 * URL or path that contains /v1/documents/<id or short hash> (a link to one of its pages, say).
 */
export function sourceRef(source: string): string {
  const s = source.trim();
  if (fullIdPattern.test(s) || shortHashPattern.test(s)) return s;
  const inPath = /\/v1\/documents\/([a-z0-9-]+)(?:[/?#]|$)/.exec(s)?.[1];
  if (inPath && (fullIdPattern.test(inPath) || shortHashPattern.test(inPath))) return inPath;
  throw invalidParam(
    "source",
    "source must be a document id (doc-…), a 6-character short hash, or a URL containing /v1/documents/<id>.",
  );
}

const bare = (re: RegExp) => re.source.slice(1, -1);
const documentName = `(?:${bare(fullIdPattern)}|${bare(shortHashPattern)})`;
/** Where sourceRef's path search stops: the first /v1/documents/<segment> it finds. */
const documentsSegment = "/v1/documents/[a-z0-9-]+(?:[/?#]|\\s*$)";
/**
 * What sourceRef accepts, as a JSON Schema pattern for clients: an id or short hash (white space
 * around it allowed), or text whose first /v1/documents/<segment> names one.
 */
const sourcePattern = `^(?:\\s*${documentName}\\s*|(?:(?!${documentsSegment})[\\s\\S])*/v1/documents/${documentName}(?:[/?#]|\\s*$)[\\s\\S]*)$`;

/** Conversations on the public route are shorter: anyone may send them, and a provider bills them. */
export const MAX_PUBLIC_CONVERSATION_CHARS = 8_000;

/**
 * The public route answers questions about the document and nothing else: no client system or
 * developer messages (they would steer the operator's model to any task), no tools (they would
 * put it to work for the client), and a shorter conversation than a key holder may send.
 */
function publicConversation(input: ChatInput): ChatMessage[] {
  for (const [i, m] of input.messages.entries()) {
    if (m.role !== "user" && m.role !== "assistant")
      throw invalidParam(
        `messages[${i}].role`,
        `messages[${i}]: the public route takes user and assistant messages only, not ${m.role} messages.`,
      );
    if (m.toolCalls !== undefined)
      throw invalidParam(
        `messages[${i}].tool_calls`,
        `messages[${i}]: the public route takes no tool calls.`,
      );
  }
  if (input.options?.toolUse) throw invalidParam("tools", "The public route takes no tools.");
  return chatMessages(input.messages, MAX_PUBLIC_CONVERSATION_CHARS, "the public route's limit");
}

/**
 * POST /v1/public/resolve/chat/completions: chat over a document whose policy grants `query` to
 * the public. The source is resolved as an anonymous caller would see it, whatever key is sent,
 * so this route answers for public documents only (a private one is NOT_FOUND, as for anyone).
 */
export const chatWithPublicSource = defineOperation({
  name: "chatWithPublicSource",
  rateClass: "expensive",
  caller: "anyone",
  input: z.object({ source: z.string().max(2000).openapi({ pattern: sourcePattern }), ...chatInput }),
  run: async (ctx, input): Promise<StartedAnswer & { documentId: string }> => {
    const ref = sourceRef(input.source);
    const messages = publicConversation(input);
    const anonymous: OperationContext = {
      ...ctx,
      principal: {
        kind: "anonymous",
        clientAddress: ctx.principal.kind === "anonymous" ? ctx.principal.clientAddress : "-",
      },
    };
    // No key opens a private document on this route, so not being public is NOT_FOUND, not 401.
    const { doc } = await findDocument(anonymous, ref, "query").catch((err: unknown) => {
      if (err instanceof AppError && err.code === "UNAUTHORIZED")
        throw new AppError("NOT_FOUND", `No public document ${ref} was found.`);
      throw err;
    });
    return answerOverDocument(ctx, doc, messages, input);
  },
});
