import { z } from "@hono/zod-openapi";
import type { ResponseFormat, Sampling, ToolUse } from "../core/answering/answer-types.ts";
import {
  MAX_MESSAGES,
  MAX_TOOL_CALL_ID,
  MAX_TOOL_CALLS,
  modelName,
  type RawMessage,
} from "../core/answering/chat-input.ts";
import {
  type ChatOptions,
  completionTokens,
  MAX_COMPLETION_TOKENS,
  MAX_STOP_SEQUENCES,
  samplingFields,
  schemaName,
  stopSequence,
  toolNamePattern,
} from "../core/answering/chat-options.ts";
import { invalidParam } from "../core/errors.ts";

// The OpenAI chat completion request as these routes take it. Every field of OpenAI's request is
// listed with what happens to it: honoured, handed to an OpenAI-compatible provider, accepted
// with the meaning its description gives, or refused with 400 naming it. A field OpenAI does not
// have is refused too: nothing a client sends is silently ignored.

const BUILTIN_NO_EFFECT =
  "The built-in engine is deterministic (the same request always gets the same answer) and reads no sampling setting: with it this field has no effect.";
const PROVIDER = "Handed to an OpenAI-compatible provider as is.";

/** A field OpenAI has and this service refuses, with the reason the client is told. */
const refused = (field: string, reason: string) =>
  z
    .unknown()
    .refine(() => false, { error: `${field} is not supported: ${reason}` })
    // No value is valid: JSON Schema's `not: {}`.
    .openapi({ not: {}, description: `Refused with 400: ${reason}` })
    .optional();

const TextPart = z
  .object({ type: z.literal("text"), text: z.string() })
  .strict()
  .openapi("ChatTextPart");
const content = z.union([z.string(), z.array(TextPart)]);

const WireToolCall = z
  .object({
    id: z.string().min(1).max(MAX_TOOL_CALL_ID),
    type: z.literal("function"),
    function: z.object({ name: z.string().regex(toolNamePattern), arguments: z.string() }).strict(),
  })
  .strict()
  .openapi("ChatToolCall");

/** A message's fields every role may have. */
const messageShape = <R extends readonly [string, ...string[]]>(roles: R) => ({
  role: z.enum(roles),
  content: z.union([content, z.null()]).optional().openapi({
    description:
      "A string or an array of text parts (no images or audio). May be null or left out in an assistant message that carries tool_calls.",
  }),
  refusal: z.string().nullable().optional().openapi({
    description:
      "An assistant message's refusal, as a completion gave it (so a reply can be sent back as is); not read.",
  }),
});

/** The fields of a tool-calling conversation. */
const toolMessageFields = {
  tool_calls: z.array(WireToolCall).max(MAX_TOOL_CALLS).optional().openapi({
    description: "Assistant messages only: the calls the model made. Needs an OpenAI-compatible provider.",
  }),
  tool_call_id: z.string().min(1).max(MAX_TOOL_CALL_ID).optional().openapi({
    description: "Tool messages only (and required there): the id of the call answered.",
  }),
};

const ResponseFormatSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("text") }).strict(),
    z.object({ type: z.literal("json_object") }).strict(),
    z
      .object({
        type: z.literal("json_schema"),
        json_schema: z
          .object({
            name: schemaName,
            description: z.string().max(10_000).optional(),
            schema: z.record(z.string(), z.unknown()).openapi({
              description: "A JSON Schema (draft 2020-12 or 07); an invalid one is 400 naming this field.",
            }),
            strict: z.boolean().nullable().optional().openapi({
              description:
                "Handed to a provider. The content always validates against the schema, strict or not: the built-in engine fills it or refuses, a provider's content that does not validate is 502.",
            }),
          })
          .strict(),
      })
      .strict(),
  ])
  .nullable()
  .optional()
  .openapi({
    description:
      '`text` (the default): prose with [n] markers. `json_object`: the content is a JSON object; the built-in engine answers {"answer": "<the cited answer>"}. `json_schema`: the content is JSON that validates against `json_schema.schema`; the built-in engine fills the schema from the document\'s pages and tables (as POST /structured-output does, the last user message being the prompt) and cites each value read from a page (`citations[].path` names the value); when the document lacks a value the schema requires, `message.refusal` says which and `content` is null. An OpenAI-compatible provider is handed `response_format` and its content is checked with ajv: content that is not JSON, or does not validate, is 502 PROVIDER_ERROR (unless finish_reason is `length`: content cut short is passed on as it is). Streamed JSON content arrives in one piece, after the check.',
  });

const ToolSchema = z
  .object({
    type: z.literal("function"),
    function: z
      .object({
        name: z.string().regex(toolNamePattern),
        description: z.string().max(10_000).optional(),
        parameters: z.record(z.string(), z.unknown()).optional(),
        strict: z.boolean().nullable().optional(),
      })
      .strict(),
  })
  .strict()
  .openapi("ChatTool");

const ToolChoiceSchema = z.union([
  z.enum(["none", "auto", "required"]),
  z
    .object({
      type: z.literal("function"),
      function: z.object({ name: z.string().regex(toolNamePattern) }).strict(),
    })
    .strict(),
]);

const noEffect = (what: string) => `Accepted: ${what}`;

/** Fields both chat routes take. */
const commonFields = {
  model: modelName.optional().openapi({ description: "Our model name; `default` when left out." }),
  stream: z
    .boolean()
    .nullable()
    .optional()
    .openapi({ description: "Honoured: see the stream format above." }),
  stream_options: z
    .object({ include_usage: z.boolean().optional() })
    .strict()
    .nullable()
    .optional()
    .openapi({ description: "Honoured: `include_usage` adds a last chunk with `usage`." }),
  n: z
    .literal(1, { error: "only one choice is produced: n must be 1 or null" })
    .nullable()
    .optional()
    .openapi({
      enum: [1, null],
      description: "Only one choice is produced: 1 or null; anything else is 400.",
    }),
  max_completion_tokens: completionTokens
    .nullable()
    .optional()
    .openapi({
      description: `Honoured: the answer is cut to at most this many completion tokens (1 to ${MAX_COMPLETION_TOKENS}) with finish_reason \`length\`, whole and streamed. The built-in engine counts a token for each run of non-space characters (a word, a number, a marker such as [1]) and reports usage the same way; a provider is handed the limit and counts with its own tokenizer.`,
    }),
  max_tokens: completionTokens.nullable().optional().openapi({
    description: "The older name of max_completion_tokens, honoured alike; giving both is 400.",
  }),
  stop: z
    .union([stopSequence, z.array(stopSequence).min(1).max(MAX_STOP_SEQUENCES)])
    .nullable()
    .optional()
    .openapi({
      description: `Honoured: a string or up to ${MAX_STOP_SEQUENCES} strings; the answer ends just before the first occurrence of any of them (which is left out), finish_reason \`stop\`. The built-in engine cuts its answer itself; a provider is handed the strings and applies them.`,
    }),
  response_format: ResponseFormatSchema,
  temperature: samplingFields.temperature
    .nullable()
    .optional()
    .openapi({ description: `${PROVIDER} ${BUILTIN_NO_EFFECT}` }),
  top_p: samplingFields.topP
    .nullable()
    .optional()
    .openapi({ description: `${PROVIDER} ${BUILTIN_NO_EFFECT}` }),
  seed: samplingFields.seed
    .nullable()
    .optional()
    .openapi({ description: `${PROVIDER} ${BUILTIN_NO_EFFECT}` }),
  presence_penalty: samplingFields.presencePenalty
    .nullable()
    .optional()
    .openapi({ description: `${PROVIDER} ${BUILTIN_NO_EFFECT}` }),
  frequency_penalty: samplingFields.frequencyPenalty
    .nullable()
    .optional()
    .openapi({ description: `${PROVIDER} ${BUILTIN_NO_EFFECT}` }),
  logit_bias: samplingFields.logitBias
    .nullable()
    .optional()
    .openapi({
      description: `${PROVIDER} The built-in engine has no tokens to bias: with it this field is 400.`,
    }),
  reasoning_effort: samplingFields.reasoningEffort
    .nullable()
    .optional()
    .openapi({
      description: `${PROVIDER} The built-in engine does not reason: with it this field is 400.`,
    }),
  logprobs: z
    .literal(false, { error: "logprobs is not supported: answers carry no log probabilities" })
    .nullable()
    .optional()
    .openapi({
      enum: [false, null],
      description: "Answers carry no log probabilities: false or null; true is 400.",
    }),
  top_logprobs: refused("top_logprobs", "answers carry no log probabilities."),
  modalities: z
    .array(z.literal("text", { error: "modalities: this service answers in text only" }))
    .nullable()
    .optional()
    .openapi({ description: 'Only ["text"]: this service answers in text; "audio" is 400.' }),
  audio: refused("audio", "this service answers in text only."),
  prediction: refused("prediction", "predicted outputs are not used."),
  web_search_options: refused("web_search_options", "answers come from the document, not the web."),
  verbosity: refused("verbosity", "the answer's length is set by max_tokens."),
  functions: refused("functions", "OpenAI's deprecated form of tools; send tools instead."),
  function_call: refused(
    "function_call",
    "OpenAI's deprecated form of tool_choice; send tool_choice instead.",
  ),
  store: z
    .literal(false, { error: "store is not supported: this service stores no completions" })
    .nullable()
    .optional()
    .openapi({
      enum: [false, null],
      description: "This service stores no completions: false or null; true is 400.",
    }),
  metadata: z
    .record(z.string().max(64), z.string().max(512))
    .refine((m) => Object.keys(m).length <= 16, "holds at most 16 pairs")
    .nullable()
    .optional()
    .openapi({
      description: noEffect("tags of a stored completion, and none is stored; not kept, not sent on."),
    }),
  user: z
    .string()
    .max(256)
    .nullable()
    .optional()
    .openapi({
      description: noEffect("the client's id for its end user; not kept, not sent to a provider."),
    }),
  safety_identifier: z
    .string()
    .max(256)
    .nullable()
    .optional()
    .openapi({ description: noEffect("as `user`; not kept, not sent to a provider.") }),
  prompt_cache_key: z
    .string()
    .max(256)
    .nullable()
    .optional()
    .openapi({ description: noEffect("a cache hint; this service keeps no prompt cache.") }),
  service_tier: z
    .enum(["auto", "default"])
    .nullable()
    .optional()
    .openapi({
      description: noEffect('"auto" or "default": this service has one tier. Other tiers are 400.'),
    }),
};

export const ChatCompletionRequest = z
  .object({
    ...commonFields,
    messages: z
      .array(
        z
          .object({
            ...messageShape(["system", "developer", "user", "assistant", "tool"]),
            ...toolMessageFields,
          })
          .strict(),
      )
      .min(1)
      .max(MAX_MESSAGES),
    tools: z.array(ToolSchema).min(1).max(MAX_TOOL_CALLS).nullable().optional().openapi({
      description:
        'Handed to an OpenAI-compatible provider: the model may answer with `message.tool_calls` (finish_reason `tool_calls`; streamed as `delta.tool_calls`), and a follow-up with `role: "tool"` messages is answered. The built-in engine calls no tools: with it `tools` (and tool or tool-calling messages) is 400.',
    }),
    tool_choice: ToolChoiceSchema.nullable().optional().openapi({
      description: "Handed to a provider with tools; without tools it is 400.",
    }),
    parallel_tool_calls: z.boolean().nullable().optional().openapi({
      description: "Handed to a provider with tools; without tools it is 400.",
    }),
  })
  .strict()
  .openapi("ChatCompletionRequest");

/** The public route's request: questions about the document only, so no system, tool or tools. */
export const publicChatRequest = <S extends z.ZodType>(source: S) =>
  z
    .object({
      ...commonFields,
      messages: z
        .array(z.object(messageShape(["user", "assistant"])).strict())
        .min(1)
        .max(MAX_MESSAGES),
      source,
    })
    .strict()
    .openapi("PublicChatCompletionRequest");

type WireRequest = z.infer<typeof ChatCompletionRequest>;
type WireMessage = WireRequest["messages"][number];
/** A message of either route (the public one's have no tool fields). */
type WireMessageIn = Omit<WireMessage, "tool_calls" | "tool_call_id"> &
  Partial<Pick<WireMessage, "tool_calls" | "tool_call_id">>;

/** A message with OpenAI's names in camelCase, as the operations take it. */
const rawMessageOf = (m: WireMessageIn): RawMessage => ({
  role: m.role,
  content: m.content,
  ...(m.tool_calls
    ? {
        toolCalls: m.tool_calls.map((c) => ({
          id: c.id,
          name: c.function.name,
          arguments: c.function.arguments,
        })),
      }
    : {}),
  ...(m.tool_call_id !== undefined ? { toolCallId: m.tool_call_id } : {}),
});

function responseFormatOf(f: NonNullable<WireRequest["response_format"]>): ResponseFormat {
  switch (f.type) {
    case "text":
      return { type: "text" };
    case "json_object":
      return { type: "jsonObject" };
    case "json_schema": {
      const s = f.json_schema;
      return {
        type: "jsonSchema",
        name: s.name,
        schema: s.schema,
        ...(s.description !== undefined ? { description: s.description } : {}),
        ...(s.strict != null ? { strict: s.strict } : {}),
      };
    }
  }
}

function toolUseOf(
  body: Partial<Pick<WireRequest, "tools" | "tool_choice" | "parallel_tool_calls">>,
): ToolUse | undefined {
  if (!body.tools) {
    if (body.tool_choice != null) throw invalidParam("tool_choice", "tool_choice needs tools.");
    if (body.parallel_tool_calls != null)
      throw invalidParam("parallel_tool_calls", "parallel_tool_calls needs tools.");
    return undefined;
  }
  const choice = body.tool_choice;
  return {
    tools: body.tools.map(({ function: f }) => ({
      name: f.name,
      ...(f.description !== undefined ? { description: f.description } : {}),
      ...(f.parameters !== undefined ? { parameters: f.parameters } : {}),
      ...(f.strict != null ? { strict: f.strict } : {}),
    })),
    ...(choice != null
      ? { toolChoice: typeof choice === "string" ? choice : { name: choice.function.name } }
      : {}),
    ...(body.parallel_tool_calls != null ? { parallelToolCalls: body.parallel_tool_calls } : {}),
  };
}

const defined = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined;

/** The conversation, model and options of a checked request, as the chat operations take them. */
export function chatRequestInput(
  body: Omit<WireRequest, "messages" | "tools" | "tool_choice" | "parallel_tool_calls"> &
    Partial<Pick<WireRequest, "tools" | "tool_choice" | "parallel_tool_calls">> & {
      messages: WireMessageIn[];
    },
): { messages: RawMessage[]; model: string | undefined; options: ChatOptions } {
  if (defined(body.max_tokens) && defined(body.max_completion_tokens))
    throw invalidParam("max_tokens", "Give max_completion_tokens or max_tokens, not both.");
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  const stop = typeof body.stop === "string" ? [body.stop] : body.stop;
  const sampling: Sampling = Object.fromEntries(
    Object.entries({
      temperature: body.temperature,
      topP: body.top_p,
      seed: body.seed,
      presencePenalty: body.presence_penalty,
      frequencyPenalty: body.frequency_penalty,
      logitBias: body.logit_bias,
      reasoningEffort: body.reasoning_effort,
    }).filter(([, v]) => defined(v)),
  );
  const toolUse = toolUseOf(body);
  const options: ChatOptions = {
    ...(defined(maxTokens) ? { maxTokens } : {}),
    ...(defined(stop) ? { stop } : {}),
    ...(defined(body.response_format) ? { responseFormat: responseFormatOf(body.response_format) } : {}),
    ...(toolUse ? { toolUse } : {}),
    ...(Object.keys(sampling).length ? { sampling } : {}),
  };
  return { messages: body.messages.map(rawMessageOf), model: body.model, options };
}
