import { z } from "@hono/zod-openapi";
import type { Citation } from "../core/answering/answer-types.ts";

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
    path: z.string().optional().openapi({
      description:
        "In a JSON answer of the built-in engine: the JSON Pointer (RFC 6901) of the value this citation supports.",
    }),
    quote: z.string().openapi({
      description:
        "Text copied from the cited page: the supporting sentence or table row (built-in engine), or the opening of the cited passage (answers of an OpenAI-compatible provider, which cite whole passages; start_offset and end_offset then span the passage).",
    }),
    bbox: z.array(z.number()).length(4).nullable().openapi({
      description:
        "Where the quote stands on its page: the box of the element holding it (a paragraph, a table; see GET /v1/documents/{id}/pages/{n}/elements), [x0, y0, x1, y1] in PDF points from the top-left corner; null when it cannot be placed (a page extracted before elements were recorded).",
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
  ...(c.path !== undefined ? { path: c.path } : {}),
  quote: c.quote,
  bbox: c.bbox ?? null,
});

export const ChatCompletionResponse = z
  .object({
    id: z.string(),
    object: z.literal("chat.completion"),
    created: z.number().int(),
    model: z.string(),
    choices: z.array(
      z.object({
        index: z.number().int(),
        message: z.object({
          role: z.literal("assistant"),
          content: z.string().nullable().openapi({
            description: "The answer; null when the message is a refusal, or only tool calls.",
          }),
          refusal: z.string().nullable().openapi({
            description:
              "Why the answer cannot take the form asked for (a JSON Schema the document cannot fill), or a provider's refusal.",
          }),
          tool_calls: z
            .array(
              z.object({
                id: z.string(),
                type: z.literal("function"),
                function: z.object({ name: z.string(), arguments: z.string() }),
              }),
            )
            .optional()
            .openapi({ description: "The functions a provider's model asks the client to call." }),
        }),
        logprobs: z.null(),
        finish_reason: z.enum(["stop", "length", "tool_calls"]).openapi({
          description:
            "`length` when max_tokens cut the answer, `stop` when it ended or a stop string cut it, `tool_calls` when the model asks for tool calls.",
        }),
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
  'With `stream: true` the reply is `text/event-stream`: `data: <chat.completion.chunk>` lines (the first delta carries the role, then content pieces, `delta.tool_calls` pieces or `delta.refusal`; the last chunk carries `finish_reason` and the `citations` array; with `stream_options.include_usage` one more chunk with empty choices and `usage`), then `data: [DONE]`. JSON content (response_format json_object or json_schema) is streamed too, in one piece once it has been checked, so a provider that breaks the format is still a 502 status. A failure after the stream has started is sent as `data: {"error": {"code", "message", "type", "param"}}` and the stream ends without [DONE].';
