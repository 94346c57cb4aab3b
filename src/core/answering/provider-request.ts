import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionToolChoiceOption,
} from "openai/resources";
import { AppError } from "../errors.ts";
import type { AnswerRequest, ChatMessage, ResponseFormat, ToolCall, ToolUse } from "./answer-types.ts";
import { compileSchema } from "./structured/compile-schema.ts";

// What an answer request becomes on the wire of an OpenAI-compatible provider (everything the
// client asked for that the provider can honour is handed on, in OpenAI's names), and what the
// provider's tool calls and JSON content must be before they reach the client.

/** The conversation in OpenAI's message shapes. */
export function providerMessages(messages: readonly ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    switch (m.role) {
      case "tool":
        return { role: "tool", tool_call_id: m.toolCallId, content: m.content };
      case "assistant":
        return m.toolCalls?.length
          ? {
              role: "assistant",
              content: m.content || null,
              tool_calls: m.toolCalls.map((c) => ({
                id: c.id,
                type: "function",
                function: { name: c.name, arguments: c.arguments },
              })),
            }
          : { role: "assistant", content: m.content };
      default:
        return { role: m.role, content: m.content };
    }
  });
}

function responseFormatParam(format: ResponseFormat): ChatCompletionCreateParamsStreaming["response_format"] {
  switch (format.type) {
    case "text":
      return { type: "text" };
    case "jsonObject":
      return { type: "json_object" };
    case "jsonSchema":
      return {
        type: "json_schema",
        json_schema: {
          name: format.name,
          schema: format.schema,
          ...(format.description !== undefined ? { description: format.description } : {}),
          ...(format.strict !== undefined ? { strict: format.strict } : {}),
        },
      };
  }
}

function toolChoiceParam(choice: NonNullable<ToolUse["toolChoice"]>): ChatCompletionToolChoiceOption {
  return typeof choice === "string" ? choice : { type: "function", function: { name: choice.name } };
}

/** The request's options in OpenAI's names; undefined ones are left out. */
export function providerOptions(
  request: AnswerRequest,
  maxTokensName: "max_completion_tokens" | "max_tokens",
): Partial<ChatCompletionCreateParamsStreaming> {
  const s = request.sampling ?? {};
  const tools = request.toolUse;
  const entries: [string, unknown][] = [
    [maxTokensName, request.maxTokens],
    ["stop", request.stop],
    ["response_format", request.responseFormat && responseFormatParam(request.responseFormat)],
    [
      "tools",
      tools?.tools.map((t) => ({
        type: "function",
        function: {
          name: t.name,
          ...(t.description !== undefined ? { description: t.description } : {}),
          ...(t.parameters !== undefined ? { parameters: t.parameters } : {}),
          ...(t.strict !== undefined ? { strict: t.strict } : {}),
        },
      })),
    ],
    ["tool_choice", tools?.toolChoice && toolChoiceParam(tools.toolChoice)],
    ["parallel_tool_calls", tools?.parallelToolCalls],
    ["temperature", s.temperature],
    ["top_p", s.topP],
    ["seed", s.seed],
    ["presence_penalty", s.presencePenalty],
    ["frequency_penalty", s.frequencyPenalty],
    ["logit_bias", s.logitBias],
    ["reasoning_effort", s.reasoningEffort],
  ];
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined));
}

type ToolCallPiece = { index: number; id?: string; function?: { name?: string; arguments?: string } };

/** Tool calls as a stream delivers them: pieces by index, the first naming id and function. */
export class ToolCallPieces {
  private readonly calls: ToolCall[] = [];

  /** Records a chunk's pieces; returns them as answer events. */
  add(pieces: readonly ToolCallPiece[]) {
    return pieces.map((p) => {
      const call = this.calls[p.index] ?? { id: "", name: "", arguments: "" };
      this.calls[p.index] = call;
      if (p.id) call.id = p.id;
      if (p.function?.name) call.name += p.function.name;
      const args = p.function?.arguments ?? "";
      call.arguments += args;
      return {
        type: "toolCallDelta" as const,
        index: p.index,
        ...(p.id ? { id: p.id } : {}),
        ...(p.function?.name ? { name: p.function.name } : {}),
        arguments: args,
      };
    });
  }

  /** The calls made, whole; a call without an id or function name is the provider's fault. */
  whole(): ToolCall[] {
    const calls = this.calls.filter(Boolean);
    if (calls.some((c) => !c.id || !c.name))
      throw new AppError(
        "PROVIDER_ERROR",
        "The answer provider sent a tool call without an id or function name.",
      );
    return calls;
  }
}

/**
 * Checks content the provider wrote for a JSON response_format: JSON, and for json_schema valid
 * against the client's schema. A provider that breaks the format is at fault, not the client.
 */
export function checkJsonContent(text: string, format: ResponseFormat): void {
  if (format.type === "text") return;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new AppError(
      "PROVIDER_ERROR",
      `The answer provider's content is not valid JSON, which response_format asks for (${(err as Error).message}).`,
    );
  }
  if (format.type === "jsonObject") {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new AppError(
        "PROVIDER_ERROR",
        "The answer provider's content is JSON but not an object, which json_object asks for.",
      );
    return;
  }
  const compiled = compileSchema(format.schema);
  if (!compiled.ok) throw new AppError("BAD_REQUEST", `Invalid JSON Schema: ${compiled.message}`);
  if (compiled.validate(value)) return;
  const problems = (compiled.validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || "(the root)"} ${e.message ?? e.keyword}`);
  throw new AppError(
    "PROVIDER_ERROR",
    `The answer provider's content does not validate against the JSON Schema of response_format: ${problems.join("; ")}.`,
  );
}
