import { invalidParam } from "../errors.ts";
import { z } from "../zod.ts";
import type { ChatMessage, ToolCall } from "./answer-types.ts";

// The conversation a client sends, in the OpenAI shape, checked and reduced to what answering
// reads: roles, text, and the tool calls of a tool-calling conversation (an assistant message's
// calls, a tool message's answer to one). OpenAI's `developer` role is its newer name for
// `system`; content may be a string or an array of text parts (what the SDK sends for multi-part
// messages). Errors name the field at fault as the client wrote it ("messages[2].tool_call_id").

export const MAX_MESSAGES = 100;
export const MAX_CONVERSATION_CHARS = 100_000;

/** A model asked for by name; the provider's list says which exist. */
export const modelName = z.string().max(200);

/** The longest tool call id taken. */
export const MAX_TOOL_CALL_ID = 200;
/** The most tool calls in one assistant message, and the most tools offered (OpenAI's limit). */
export const MAX_TOOL_CALLS = 128;

/** A message as the operations take it: the OpenAI message with its fields in camelCase. */
export const rawMessage = z.object({
  role: z.string().max(20),
  content: z.unknown().optional(),
  toolCalls: z
    .array(
      z.object({
        id: z.string().min(1).max(MAX_TOOL_CALL_ID),
        name: z.string().min(1).max(64),
        arguments: z.string(),
      }),
    )
    .max(MAX_TOOL_CALLS)
    .optional(),
  toolCallId: z.string().min(1).max(MAX_TOOL_CALL_ID).optional(),
});

export type RawMessage = {
  role: string;
  content?: unknown;
  toolCalls?: ToolCall[] | undefined;
  toolCallId?: string | undefined;
};

function textOf(content: unknown, i: number): string {
  if (typeof content === "string") return content;
  if (content === null || content === undefined) return "";
  if (Array.isArray(content)) {
    return content
      .map((part, j) => {
        const p = part as { type?: unknown; text?: unknown };
        if (p?.type === "text" && typeof p.text === "string") return p.text;
        throw invalidParam(
          `messages[${i}].content[${j}]`,
          `messages[${i}].content[${j}]: only text parts ({type: "text", text}) are supported.`,
        );
      })
      .join("\n");
  }
  throw invalidParam(
    `messages[${i}].content`,
    `messages[${i}].content must be a string or an array of text parts.`,
  );
}

/** One message checked: a known role, and tool fields only where OpenAI has them. */
function messageOf(m: RawMessage, i: number): ChatMessage {
  const role = m.role === "developer" ? "system" : m.role;
  if (role !== "system" && role !== "user" && role !== "assistant" && role !== "tool")
    throw invalidParam(
      `messages[${i}].role`,
      `messages[${i}].role must be system, developer, user, assistant or tool.`,
    );
  if (m.toolCalls !== undefined && role !== "assistant")
    throw invalidParam(
      `messages[${i}].tool_calls`,
      `messages[${i}]: only assistant messages carry tool_calls.`,
    );
  if (m.toolCallId !== undefined && role !== "tool")
    throw invalidParam(
      `messages[${i}].tool_call_id`,
      `messages[${i}]: only tool messages carry tool_call_id.`,
    );
  const content = textOf(m.content, i);
  if (role === "tool") {
    if (m.toolCallId === undefined)
      throw invalidParam(
        `messages[${i}].tool_call_id`,
        `messages[${i}]: a tool message needs the tool_call_id of the call it answers.`,
      );
    return { role, content, toolCallId: m.toolCallId };
  }
  if (role === "assistant")
    return m.toolCalls?.length ? { role, content, toolCalls: m.toolCalls } : { role, content };
  return { role, content };
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
  if (raw.length === 0) throw invalidParam("messages", "messages must hold at least one message.");
  if (raw.length > MAX_MESSAGES)
    throw invalidParam("messages", `messages holds at most ${MAX_MESSAGES} messages.`);
  let total = 0;
  const out = raw.map((m, i): ChatMessage => {
    const message = messageOf(m, i);
    total += message.content.length;
    if (message.role === "assistant")
      for (const c of message.toolCalls ?? []) total += c.name.length + c.arguments.length;
    return message;
  });
  if (total > maxChars)
    throw invalidParam(
      "messages",
      `The conversation is longer than ${maxChars} characters${limitName ? `, ${limitName}` : ""}.`,
    );
  if (!out.some((m) => m.role === "user" && m.content.trim()))
    throw invalidParam("messages", "messages must include a user message with a question.");
  return out;
}

/** The model asked for, which the configured provider must know; `default` when none is named. */
export function chosenModel(models: readonly string[], requested: string | undefined): string {
  const model = requested?.trim() || "default";
  if (!models.includes(model)) {
    throw invalidParam(
      "model",
      `Unknown model ${JSON.stringify(model.slice(0, 100))}; this service answers with: ${models.join(", ")}.`,
    );
  }
  return model;
}
