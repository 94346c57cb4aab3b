import { invalidParam } from "../errors.ts";
import { z } from "../zod.ts";
import {
  type AnswerProvider,
  type ChatMessage,
  type ResponseFormat,
  reasoningEfforts,
  type Sampling,
  type ToolUse,
} from "./answer-types.ts";
import { MAX_TOOL_CALLS } from "./chat-input.ts";
import { compileSchema } from "./structured/compile-schema.ts";

// What a chat request asks of its answer besides the conversation: limits, the content's form,
// the tools a model may call and sampling settings. Each is honoured by the engine that answers
// or refused: the built-in engine cuts its answers and writes JSON itself but calls no tools; an
// OpenAI-compatible provider is handed everything. Errors name the request field as OpenAI spells
// it, which is what a client sent and what its SDK reports as `param`.

/** The most completion tokens a request may ask for. */
export const MAX_COMPLETION_TOKENS = 32_768;
export const MAX_STOP_SEQUENCES = 4;
export const MAX_STOP_CHARS = 200;
/** A function's name, as OpenAI allows it. */
export const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;

export const completionTokens = z.number().int().min(1).max(MAX_COMPLETION_TOKENS);
export const stopSequence = z.string().min(1).max(MAX_STOP_CHARS);
const jsonSchemaObject = z.record(z.string(), z.unknown());
export const schemaName = z
  .string()
  .regex(toolNamePattern, "must be 1 to 64 letters, digits, underscores or dashes");

export const samplingFields = {
  temperature: z.number().min(0).max(2),
  topP: z.number().min(0).max(1),
  seed: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
  presencePenalty: z.number().min(-2).max(2),
  frequencyPenalty: z.number().min(-2).max(2),
  logitBias: z.record(z.string().regex(/^\d{1,7}$/, "must be a token id"), z.number().min(-100).max(100)),
  reasoningEffort: z.enum(reasoningEfforts),
};

const toolDefinition = z.object({
  name: z.string().regex(toolNamePattern),
  description: z.string().max(10_000).optional(),
  parameters: jsonSchemaObject.optional(),
  strict: z.boolean().optional(),
});

/** The options as the chat operations take them (camelCase; the REST face maps OpenAI's names). */
export const chatOptions = z.object({
  maxTokens: completionTokens.optional(),
  stop: z.array(stopSequence).min(1).max(MAX_STOP_SEQUENCES).optional(),
  responseFormat: z
    .discriminatedUnion("type", [
      z.object({ type: z.literal("text") }),
      z.object({ type: z.literal("jsonObject") }),
      z.object({
        type: z.literal("jsonSchema"),
        name: schemaName,
        description: z.string().max(10_000).optional(),
        schema: jsonSchemaObject,
        strict: z.boolean().optional(),
      }),
    ])
    .optional(),
  toolUse: z
    .object({
      tools: z.array(toolDefinition).min(1).max(MAX_TOOL_CALLS),
      toolChoice: z
        .union([z.enum(["none", "auto", "required"]), z.object({ name: z.string().regex(toolNamePattern) })])
        .optional(),
      parallelToolCalls: z.boolean().optional(),
    })
    .optional(),
  sampling: z.object(samplingFields).partial().optional(),
});

export type ChatOptions = {
  maxTokens?: number | undefined;
  stop?: string[] | undefined;
  responseFormat?: ResponseFormat | undefined;
  toolUse?: ToolUse | undefined;
  sampling?: Sampling | undefined;
};

/** A JSON Schema the request carries, compiled now so that a broken one is the client's 400. */
function checkSchema(schema: unknown, param: string) {
  const compiled = compileSchema(schema);
  if (!compiled.ok) throw invalidParam(param, `${param} is not a valid JSON Schema: ${compiled.message}`);
}

/**
 * Refuses what the engine cannot honour, naming the field: tools, tool messages and the sampling
 * settings that need a model are for an OpenAI-compatible provider only.
 */
export function checkChatOptions(
  provider: Pick<AnswerProvider, "name">,
  options: ChatOptions,
  messages: readonly ChatMessage[],
): void {
  const format = options.responseFormat;
  if (format?.type === "jsonSchema") checkSchema(format.schema, "response_format.json_schema.schema");
  const tools = options.toolUse;
  for (const [i, t] of (tools?.tools ?? []).entries())
    if (t.parameters !== undefined) checkSchema(t.parameters, `tools[${i}].function.parameters`);
  const chosen = tools?.toolChoice;
  if (typeof chosen === "object" && !tools?.tools.some((t) => t.name === chosen.name))
    throw invalidParam(
      "tool_choice",
      `tool_choice names the function "${chosen.name}", which tools does not offer.`,
    );
  if (provider.name !== "builtin") return;
  const builtin = "the built-in engine answers from the document itself and calls no tools";
  if (tools) throw invalidParam("tools", `tools cannot be used here: ${builtin}.`);
  for (const [i, m] of messages.entries()) {
    if (m.role === "tool")
      throw invalidParam(
        `messages[${i}].role`,
        `messages[${i}]: tool messages cannot be used here: ${builtin}.`,
      );
    if (m.role === "assistant" && m.toolCalls?.length)
      throw invalidParam(
        `messages[${i}].tool_calls`,
        `messages[${i}].tool_calls cannot be used here: ${builtin}.`,
      );
  }
  const model = "the built-in engine is not a language model and has no tokens to bias or reasoning to set";
  if (options.sampling?.logitBias)
    throw invalidParam("logit_bias", `logit_bias cannot be honoured: ${model}.`);
  if (options.sampling?.reasoningEffort)
    throw invalidParam("reasoning_effort", `reasoning_effort cannot be honoured: ${model}.`);
}
