import type { ChatMessage } from "../../core/answering/answer-types.ts";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";

// The conversation a client sends, in the OpenAI shape, checked and reduced to what answering
// reads: roles and text. OpenAI's `developer` role is its newer name for `system`; content may be
// a string or an array of text parts (what the SDK sends for multi-part messages).

export const MAX_MESSAGES = 100;
export const MAX_CONVERSATION_CHARS = 100_000;

/** A model asked for by name; the provider's list says which exist. */
export const modelName = z.string().max(200);

export type RawMessage = { role: string; content?: unknown };

function textOf(content: unknown, i: number): string {
  if (typeof content === "string") return content;
  if (content === null || content === undefined) return "";
  if (Array.isArray(content)) {
    return content
      .map((part, j) => {
        const p = part as { type?: unknown; text?: unknown };
        if (p?.type === "text" && typeof p.text === "string") return p.text;
        throw new AppError(
          "BAD_REQUEST",
          `messages[${i}].content[${j}]: only text parts ({type: "text", text}) are supported.`,
        );
      })
      .join("\n");
  }
  throw new AppError("BAD_REQUEST", `messages[${i}].content must be a string or an array of text parts.`);
}

/**
 * The conversation checked and reduced to roles and text. `maxChars` bounds the text of all the
 * messages together; `limitName` says whose limit it is in the error.
 */
export function chatMessages(
  raw: readonly RawMessage[],
  maxChars = MAX_CONVERSATION_CHARS,
  limitName = "",
): ChatMessage[] {
  if (raw.length === 0) throw new AppError("BAD_REQUEST", "messages must hold at least one message.");
  if (raw.length > MAX_MESSAGES)
    throw new AppError("BAD_REQUEST", `messages holds at most ${MAX_MESSAGES} messages.`);
  let total = 0;
  const out = raw.map((m, i): ChatMessage => {
    const role = m.role === "developer" ? "system" : m.role;
    if (role !== "system" && role !== "user" && role !== "assistant") {
      throw new AppError(
        "BAD_REQUEST",
        `messages[${i}].role must be system, developer, user or assistant (tool calls are not supported).`,
      );
    }
    const content = textOf(m.content, i);
    total += content.length;
    return { role, content };
  });
  if (total > maxChars)
    throw new AppError(
      "BAD_REQUEST",
      `The conversation is longer than ${maxChars} characters${limitName ? `, ${limitName}` : ""}.`,
    );
  if (!out.some((m) => m.role === "user" && m.content.trim()))
    throw new AppError("BAD_REQUEST", "messages must include a user message with a question.");
  return out;
}

/** The model asked for, which the configured provider must know; `default` when none is named. */
export function chosenModel(models: readonly string[], requested: string | undefined): string {
  const model = requested?.trim() || "default";
  if (!models.includes(model)) {
    throw new AppError(
      "BAD_REQUEST",
      `Unknown model ${JSON.stringify(model.slice(0, 100))}; this service answers with: ${models.join(", ")}.`,
    );
  }
  return model;
}
