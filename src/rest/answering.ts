import { randomBytes } from "node:crypto";
import { createRoute, type OpenAPIHono, type RouteConfig, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import type { AnswerDone, FinishReason, ToolCall } from "../core/answering/answer-types.ts";
import { modelName } from "../core/answering/chat-input.ts";
import { finalAnswer } from "../core/answering/primed.ts";
import { rateLimits } from "../core/auth/rate-limit.ts";
import type { Services } from "../core/services.ts";
import { chatWithDocument, type StartedAnswer } from "../resolvers/answering/chat-with-document.ts";
import { chatWithPublicSource, MAX_PUBLIC_CONVERSATION_CHARS } from "../resolvers/answering/public-chat.ts";
import { structuredOutput } from "../resolvers/answering/structured-output.ts";
import type { AppEnv } from "../web/env.ts";
import { errorBody } from "../web/error-response.ts";
import { sseResponse } from "../web/sse.ts";
import { ChatCompletionRequest, chatRequestInput, publicChatRequest } from "./answering-chat-request.ts";
import { ChatCompletionResponse, chatStreamDescription, citationJson } from "./answering-schemas.ts";
import type { RestFace } from "./bind-route.ts";
import { DocRefParam } from "./documents-schemas.ts";
import { errorResponses, jsonBody, jsonResponse } from "./shared-schemas.ts";

const answerErrors = () =>
  errorResponses(
    "FORBIDDEN",
    "NOT_FOUND",
    "CONFLICT",
    "UNSUPPORTED_MEDIA_TYPE",
    "PAYLOAD_TOO_LARGE",
    "PROVIDER_ERROR",
    "PROVIDER_TIMEOUT",
  );

/** How the chat routes treat the request's fields, for their descriptions. */
const chatFieldsDescription =
  "Every field of OpenAI's chat request is either honoured, handed to an OpenAI-compatible provider, accepted with the meaning its description gives, or refused with 400 naming it in `error.param`; a field OpenAI does not have is 400 too. With the built-in engine: max_tokens/max_completion_tokens, stop and response_format are honoured; sampling settings have no effect (it is deterministic); tools, tool messages, logit_bias and reasoning_effort are 400. With an OpenAI-compatible provider everything it can honour is handed on. Errors carry OpenAI's `type` and `param` beside `code` and `message`.";

const chatResponses = {
  200: {
    ...jsonResponse(ChatCompletionResponse, "The answer, with its citations."),
    content: {
      "application/json": { schema: ChatCompletionResponse },
      "text/event-stream": { schema: { type: "string" as const, description: chatStreamDescription } },
    },
  },
  ...answerErrors(),
};

const chat = createRoute({
  method: "post",
  path: "/v1/documents/{id}/chat/completions",
  tags: ["Answering"],
  summary: "Ask a document: OpenAI-compatible chat completion with citations",
  description: `Point the official openai SDK at baseURL {base}/v1/documents/{id}. The last user message is the question; earlier messages give context for follow-ups. Statements carry markers [1], [2] matching \`citations\`. Needs the \`query\` action (a secret key of the owner, or a grant). Expensive operation. ${chatFieldsDescription} ${chatStreamDescription} Provider failures: 502 PROVIDER_ERROR, 504 PROVIDER_TIMEOUT.`,
  request: { params: DocRefParam, ...jsonBody(ChatCompletionRequest) },
  responses: chatResponses,
});

const PublicChatRequest = publicChatRequest(
  chatWithPublicSource.input.shape.source.openapi({
    description:
      "The public document: its id (doc-…), its 6-character short hash, or any URL or path containing /v1/documents/<id or short hash>.",
    example: "doc-k3v9x0m2q7a1c5ze",
  }),
);

const publicChat = createRoute({
  method: "post",
  path: "/v1/public/resolve/chat/completions",
  tags: ["Answering"],
  summary: "Chat over a public document, no key needed",
  description: `The body is a chat completion request plus \`source\`, naming a document whose access policy grants \`query\` to \`public\`. A document that grants the public nothing is 404 for everyone, with or without a key; one whose public grant lacks \`query\` is 403. Only user and assistant messages and no tools (400 naming the field), at most ${MAX_PUBLIC_CONVERSATION_CHARS.toLocaleString("en")} characters in all (the operator's model answers questions about the document, nothing else). Counts as an expensive operation, as every chat completion does; without a key against the unauthenticated limits of the caller's address (${rateLimits.unauthenticated.expensive} a minute). With the openai SDK: baseURL {base}/v1/public/resolve and \`source\` as an extra body field. Response as POST /v1/documents/{id}/chat/completions. ${chatFieldsDescription} ${chatStreamDescription}`,
  request: jsonBody(PublicChatRequest),
  responses: chatResponses,
});

const FieldSourceSchema = z
  .object({
    path: z.string().openapi({ description: "JSON Pointer (RFC 6901) of the value in `data`." }),
    page: z.number().int().nullable().openapi({
      description: "The page the value was read from; null when no page is known to contain it.",
    }),
    quote: z.string().optional().openapi({ description: "The text the value was read from." }),
    bbox: z.array(z.number()).length(4).nullable().openapi({
      description:
        "Where the quote stands on its page: the box of the element holding it, [x0, y0, x1, y1] in PDF points from the top-left corner; null when it cannot be placed.",
    }),
  })
  .openapi("FieldSource");

const StructuredOutputResponse = z
  .object({
    document_id: z.string(),
    model: z.string(),
    data: z.unknown().openapi({ description: "The extracted value." }),
    valid: z.boolean().openapi({
      description:
        "True when `data` validates against the schema; when false, `missing` says which fields and why.",
    }),
    sources: z.array(FieldSourceSchema).openapi({ description: "The source page of each value filled." }),
    missing: z
      .array(z.object({ path: z.string(), reason: z.string() }).openapi("MissingField"))
      .openapi({ description: "Fields the schema asks for that could not be filled, with the reason." }),
  })
  .openapi("StructuredOutput");

const structured = createRoute({
  method: "post",
  path: "/v1/documents/{id}/structured-output",
  tags: ["Answering"],
  summary: "Extract JSON that fits a JSON Schema, each value with its source page",
  description:
    "`schema` is a JSON Schema (draft 2020-12 or 07); an invalid one is 400 naming the problem. The answer's `data` validates against it, or `valid` is false and `missing` names each field that could not be filled and why. The built-in engine matches property names and descriptions against labelled values, key-value lines and table columns, coercing numbers (thousands separators, currencies), ISO 8601 dates, booleans, enums and arrays of objects from table rows. Needs the `query` action; 409 while the document has no extracted page. Expensive operation.",
  request: {
    params: DocRefParam,
    ...jsonBody(
      z
        .object({
          prompt: structuredOutput.input.shape.prompt,
          schema: z.record(z.string(), z.unknown()).openapi({ description: "A JSON Schema object." }),
          model: modelName.optional(),
        })
        .strict()
        .openapi("StructuredOutputRequest"),
    ),
  },
  responses: { 200: jsonResponse(StructuredOutputResponse, "The extracted data."), ...answerErrors() },
});

/** OpenAI's usage object, whole reply or last stream chunk. */
const usageJson = ({ usage }: AnswerDone) => ({
  prompt_tokens: usage.promptTokens,
  completion_tokens: usage.completionTokens,
  total_tokens: usage.promptTokens + usage.completionTokens,
});

const finishReasonJson = (r: FinishReason) => (r === "toolCalls" ? "tool_calls" : r);

const toolCallJson = (c: ToolCall) => ({
  id: c.id,
  type: "function" as const,
  function: { name: c.name, arguments: c.arguments },
});

/** The assistant message of a finished answer: content, or a refusal, and the tool calls made. */
function messageJson(done: AnswerDone) {
  const content =
    done.refusal !== undefined || (done.text === "" && done.toolCalls.length) ? null : done.text;
  return {
    role: "assistant" as const,
    content,
    refusal: done.refusal ?? null,
    ...(done.toolCalls.length ? { tool_calls: done.toolCalls.map(toolCallJson) } : {}),
  };
}

/** The OpenAI chat.completion for a finished answer. */
function completionJson(
  id: string,
  created: number,
  answer: StartedAnswer & { documentId: string },
  done: AnswerDone,
) {
  return {
    id,
    object: "chat.completion" as const,
    created,
    model: answer.model,
    choices: [
      {
        index: 0,
        message: messageJson(done),
        logprobs: null,
        finish_reason: finishReasonJson(done.finishReason),
      },
    ],
    usage: usageJson(done),
    citations: done.citations.map(citationJson),
    document_id: answer.documentId,
  };
}

/** Sends an answer as an OpenAI chat completion, whole or as a chunk stream. */
async function replyChat(
  c: Context<AppEnv>,
  services: Services,
  answer: StartedAnswer & { documentId: string },
  opts: { stream: boolean; includeUsage: boolean },
): Promise<Response> {
  const id = `chatcmpl-${randomBytes(12).toString("hex")}`;
  const created = Math.floor(Date.now() / 1000);
  if (!opts.stream) return c.json(completionJson(id, created, answer, await finalAnswer(answer.events)), 200);
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    JSON.stringify({ id, object: "chat.completion.chunk", created, model: answer.model, choices, ...extra });
  const choice = (delta: Record<string, unknown>, finish: string | null) => ({
    index: 0,
    delta,
    logprobs: null,
    finish_reason: finish,
  });
  return sseResponse(
    c,
    services,
    async (send) => {
      await send({ data: chunk([choice({ role: "assistant", content: "" }, null)]) });
      for await (const e of answer.events) {
        if (e.type === "delta") {
          if (e.text) await send({ data: chunk([choice({ content: e.text }, null)]) });
          continue;
        }
        if (e.type === "toolCallDelta") {
          const call = {
            index: e.index,
            ...(e.id ? { id: e.id, type: "function" } : {}),
            function: { ...(e.name ? { name: e.name } : {}), arguments: e.arguments },
          };
          await send({ data: chunk([choice({ tool_calls: [call] }, null)]) });
          continue;
        }
        if (e.refusal !== undefined) await send({ data: chunk([choice({ refusal: e.refusal }, null)]) });
        await send({
          data: chunk([choice({}, finishReasonJson(e.finishReason))], {
            citations: e.citations.map(citationJson),
            document_id: answer.documentId,
          }),
        });
        if (opts.includeUsage) await send({ data: chunk([], { usage: usageJson(e) }) });
        await send({ data: "[DONE]" });
      }
    },
    // The OpenAI stream's error form: the SDK raises it as an APIError.
    (err, send) => send({ data: JSON.stringify({ error: errorBody(err, "openai") }) }),
  );
}

/** The chat routes speak OpenAI's protocol, errors included: set before anything can fail. */
const openAIErrors: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("errorDialect", "openai");
  await next();
};

/** A chat route bound to its operation, its errors in OpenAI's dialect from the first middleware on. */
const withOpenAIErrors = <R extends RouteConfig>(route: R): R => {
  const own =
    route.middleware === undefined
      ? []
      : Array.isArray(route.middleware)
        ? route.middleware
        : [route.middleware];
  return { ...route, middleware: [openAIErrors, ...own] };
};

export function registerAnsweringRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind, services }: RestFace) {
  /** Answering stops when the client goes away: the request's signal goes with the operation. */
  const answeringCtx = (c: Context<AppEnv>) => ({ ...ctxOf(c), signal: c.req.raw.signal });
  const replyOptions = (body: Pick<z.infer<typeof ChatCompletionRequest>, "stream" | "stream_options">) => ({
    stream: body.stream === true,
    includeUsage: body.stream_options?.include_usage === true,
  });
  app.openapi(withOpenAIErrors(bind(chat, chatWithDocument)), async (c) => {
    const body = c.req.valid("json");
    const answer = await chatWithDocument.invoke(answeringCtx(c), {
      ref: c.req.valid("param").id,
      ...chatRequestInput(body),
    });
    return (await replyChat(c, services, answer, replyOptions(body))) as never;
  });
  app.openapi(withOpenAIErrors(bind(publicChat, chatWithPublicSource)), async (c) => {
    const body = c.req.valid("json");
    const answer = await chatWithPublicSource.invoke(answeringCtx(c), {
      source: body.source,
      ...chatRequestInput(body),
    });
    return (await replyChat(c, services, answer, replyOptions(body))) as never;
  });
  app.openapi(bind(structured, structuredOutput), async (c) => {
    const body = c.req.valid("json");
    const r = await structuredOutput.invoke(answeringCtx(c), {
      ref: c.req.valid("param").id,
      prompt: body.prompt,
      schema: body.schema,
      model: body.model,
    });
    return c.json(
      {
        document_id: r.documentId,
        model: r.model,
        data: r.data,
        valid: r.valid,
        sources: r.sources.map((x) => ({ ...x, bbox: x.bbox ?? null })),
        missing: r.missing,
      },
      200,
    );
  });
}
