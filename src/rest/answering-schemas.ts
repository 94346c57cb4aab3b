import { z } from "@hono/zod-openapi";
import type { Citation } from "../core/answering/answer-types.ts";
import { MAX_MESSAGES, modelName } from "../resolvers/answering/chat-input.ts";

export const CitationSchema = z
  .object({
    index: z.number().int().openapi({ description: "The marker's number: `[1]` in the text is index 1." }),
    document_id: z.string(),
    file_name: z.string(),
    page: z.number().int().openapi({ description: "1-based page the supporting text is on." }),
    passage: z.number().int().openapi({ description: "Order of the cited passage on its page, from 0." }),
    start_offset: z
      .number()
      .int()
      .openapi({ description: "Start of the supporting text in the page's markdown, in code points." }),
    end_offset: z.number().int(),
    quote: z.string().openapi({
      description:
        "Text copied from the cited page: the supporting sentence or table row (built-in engine), or the opening of the cited passage (answers of an OpenAI-compatible provider, which cite whole passages; start_offset and end_offset then span the passage).",
    }),
  })
  .openapi("Citation");

/** A citation as the SPEC's wire format spells it. */
export const citationJson = (c: Citation): z.infer<typeof CitationSchema> => ({
  index: c.index,
  document_id: c.documentId,
  file_name: c.fileName,
  page: c.page,
  passage: c.passage,
  start_offset: c.startOffset,
  end_offset: c.endOffset,
  quote: c.quote,
});

const MessageSchema = z
  .object({
    role: z.enum(["system", "developer", "user", "assistant"]),
    content: z
      .union([z.string(), z.array(z.object({ type: z.literal("text"), text: z.string() }).loose()), z.null()])
      .optional(),
  })
  .loose();

export const ChatCompletionRequest = z
  .object({
    model: modelName.optional().openapi({ description: "Our model name; `default` when left out." }),
    messages: z.array(MessageSchema).min(1).max(MAX_MESSAGES),
    stream: z.boolean().nullable().optional(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).loose().nullable().optional(),
    n: z.literal(1).nullable().optional().openapi({ description: "Only one choice is produced." }),
  })
  // Sampling options (temperature, max_tokens, seed...) are accepted and left to the provider's defaults.
  .loose()
  .openapi("ChatCompletionRequest");

export const ChatCompletionResponse = z
  .object({
    id: z.string(),
    object: z.literal("chat.completion"),
    created: z.number().int(),
    model: z.string(),
    choices: z.array(
      z.object({
        index: z.number().int(),
        message: z.object({ role: z.literal("assistant"), content: z.string(), refusal: z.null() }),
        logprobs: z.null(),
        finish_reason: z.enum(["stop", "length"]),
      }),
    ),
    usage: z.object({
      prompt_tokens: z.number().int(),
      completion_tokens: z.number().int(),
      total_tokens: z.number().int(),
    }),
    citations: z.array(CitationSchema).openapi({
      description: "Where each marked statement comes from: one entry per `[n]` marker in the content.",
    }),
    document_id: z.string(),
  })
  .openapi("ChatCompletion");

export const chatStreamDescription =
  'With `stream: true` the reply is `text/event-stream`: `data: <chat.completion.chunk>` lines (the first delta carries the role, then content pieces; the last chunk carries `finish_reason` and the `citations` array; with `stream_options.include_usage` one more chunk with empty choices and `usage`), then `data: [DONE]`. A failure after the stream has started is sent as `data: {"error": {"code", "message"}}` and the stream ends without [DONE].';
