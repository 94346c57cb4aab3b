// The answer provider that talks to an OpenAI-compatible chat completions API (OpenAI itself, or a
// local vLLM, Ollama, llama.cpp server...). It turns retrieved passages into a prompt, relays the
// streamed answer, and reads the citation markers of the final text back into citations; for
// structured extraction it asks for JSON, validates it with ajv, and checks every claimed page.
//
// Failures are AppErrors: PROVIDER_TIMEOUT when the provider does not answer in time,
// PROVIDER_ERROR for anything else it does wrong, BAD_REQUEST for a model name we do not know.
// The SDK retries connection failures, timeouts, 408/409/429 and 5xx itself (maxRetries, with
// backoff, honouring Retry-After); everything here only bounds that and names what went wrong.

import type { ErrorObject } from "ajv";
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import type { ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from "openai/resources";
import type { Config } from "../../config.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../log.ts";
import type {
  AnswerEvent,
  AnswerProvider,
  AnswerRequest,
  Citation,
  FieldSource,
  MissingField,
  SourcePassage,
  StructuredRequest,
  StructuredResult,
  StructuredSourcePage,
} from "./answer-types.ts";
import { ownText } from "./passages.ts";
import {
  answerSystemMessage,
  EXTRACT_INSTRUCTIONS,
  extractUserMessage,
  repairMessage,
} from "./provider-prompts.ts";
import { checkJsonContent, providerMessages, providerOptions, ToolCallPieces } from "./provider-request.ts";
import { compileSchema } from "./structured/compile-schema.ts";
import { pointerToken } from "./structured/schema-walk.ts";

/** A provider asking us to wait longer than this before a retry gets no retry: its error is reported. */
export const RETRY_AFTER_MAX_MS = 30_000;
/** How much of a cited passage's opening a provider's citation quotes. */
const QUOTE_CHARS = 200;
/** How much of a provider's error message is passed on. */
const PROVIDER_MESSAGE_MAX = 300;

type OpenAIConfig = Config["openai"];

/**
 * The body of a provider's response stalled (nothing arrived for a whole timeout) or, `overran`,
 * kept trickling past RESPONSE_TIMEOUTS timeouts in all.
 */
class ProviderStalled extends Error {
  readonly overran: boolean;
  constructor(overran = false) {
    super("The answer provider stopped sending.");
    this.name = "ProviderStalled";
    this.overran = overran;
  }
}

/** A response body may take this many timeouts in all: long answers stream, but not for ever. */
export const RESPONSE_TIMEOUTS = 10;

export function createOpenAIProvider(config: OpenAIConfig, log?: Logger): AnswerProvider {
  // PROVIDER_TIMEOUT_SECONDS is whole seconds, but tests (and the type) allow fractions.
  const timeoutMs = Math.max(1, Math.round(config.timeoutSeconds * 1000));
  const host = hostOf(config.baseUrl);
  const models = Object.keys(config.models);

  const client = new OpenAI({
    baseURL: config.baseUrl,
    // The SDK insists on a key; a local server without one gets no Authorization header at all.
    apiKey: config.apiKey ?? "no-key",
    ...(config.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    // Explicit values, so that the SDK reads none of its OPENAI_* environment variables.
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: timeoutMs,
    maxRetries: config.maxRetries,
    logLevel: "off",
    fetch: guardedFetch(timeoutMs, host, log),
  });

  function theirModel(ours: string): string {
    const theirs = Object.hasOwn(config.models, ours) ? config.models[ours] : undefined;
    if (!theirs)
      throw new AppError(
        "BAD_REQUEST",
        `Unknown model "${ours}". The models available are: ${models.map((m) => `"${m}"`).join(", ")}.`,
      );
    return theirs;
  }

  /** The AppError (or the caller's abort reason) a failure of the SDK stands for. */
  /**
   * The AppError a failure stands for, logged with the provider's address: clients (anonymous
   * ones too, on public documents) are told what failed, not where the provider lives.
   */
  function mapError(err: unknown, signal: AbortSignal | undefined): unknown {
    const mapped = describeError(err, signal);
    if (mapped instanceof AppError && mapped !== err)
      log?.warn("answer provider failed", { host, code: mapped.code, message: mapped.message });
    return mapped;
  }

  function describeError(err: unknown, signal: AbortSignal | undefined): unknown {
    if (err instanceof AppError) return err;
    if (signal?.aborted) return signal.reason ?? err;
    const seconds = `${config.timeoutSeconds} s`;
    if (hasCause(err, (e) => e instanceof ProviderStalled && e.overran))
      return new AppError(
        "PROVIDER_TIMEOUT",
        `The answer provider did not finish its response within ${RESPONSE_TIMEOUTS * config.timeoutSeconds} s.`,
      );
    if (hasCause(err, (e) => e instanceof ProviderStalled))
      return new AppError(
        "PROVIDER_TIMEOUT",
        `The answer provider stopped sending for ${seconds} in the middle of its response.`,
      );
    if (err instanceof APIConnectionTimeoutError) {
      const attempts = config.maxRetries + 1;
      return new AppError(
        "PROVIDER_TIMEOUT",
        `The answer provider did not answer within ${seconds}` +
          (attempts > 1 ? ` (${attempts} attempts).` : "."),
      );
    }
    if (err instanceof APIUserAbortError)
      return new AppError("PROVIDER_ERROR", "The request to the answer provider was aborted.");
    if (err instanceof APIConnectionError)
      return new AppError(
        "PROVIDER_ERROR",
        `Could not reach the answer provider: ${redact(connectionReason(err))}.`,
      );
    if (err instanceof APIError) {
      const message = redact(providerMessage(err));
      // Its own words about our credentials may quote part of the key: say what it means instead.
      if (err.status === 401 || err.status === 403)
        return new AppError(
          "PROVIDER_ERROR",
          `The answer provider refused this service's credentials (${err.status}); the operator should check OPENAI_API_KEY.`,
        );
      if (err.status === undefined)
        return new AppError("PROVIDER_ERROR", `The answer provider reported an error: ${message}`);
      const wait = err.headers ? retryAfterMs(err.headers) : undefined;
      const waitNote =
        wait !== undefined && wait > RETRY_AFTER_MAX_MS
          ? ` (it asked to retry after ${Math.round(wait / 1000)} s, longer than this server waits)`
          : "";
      return new AppError(
        "PROVIDER_ERROR",
        `The answer provider answered ${err.status}: ${message}${waitNote}`,
      );
    }
    if (err instanceof SyntaxError)
      return new AppError("PROVIDER_ERROR", "The answer provider sent data that is not valid JSON.");
    const reason = err instanceof Error ? err.message : String(err);
    return new AppError(
      "PROVIDER_ERROR",
      `The connection to the answer provider broke off: ${redact(reason)}.`,
    );
  }

  function redact(text: string): string {
    return config.apiKey ? text.split(config.apiKey).join("[API key]") : text;
  }

  /** Runs one SDK call; the caller's abort ends it at once (the SDK's retry pauses do not listen). */
  async function call<T>(signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await raceAbort(run(), signal);
    } catch (err) {
      throw mapError(err, signal);
    }
  }

  async function* streamAnswer(request: AnswerRequest, model: string): AsyncGenerator<AnswerEvent> {
    const { signal } = request;
    const system = answerSystemMessage(request.passages);
    const messages: ChatCompletionMessageParam[] = [
      { role: "system", content: system.content },
      ...providerMessages(request.messages),
    ];
    // OpenAI's current name for the limit first; servers that only know the older one get that.
    let maxTokensName: "max_completion_tokens" | "max_tokens" = "max_completion_tokens";
    const create = (withUsage: boolean) =>
      client.chat.completions.create(
        {
          ...providerOptions(request, maxTokensName),
          model,
          messages,
          stream: true,
          ...(withUsage ? { stream_options: { include_usage: true } } : {}),
        },
        { signal },
      );
    const stream = await call(signal, async () => {
      let withUsage = true;
      for (;;) {
        try {
          return await create(withUsage);
        } catch (err) {
          // A few servers refuse stream_options (the usage is then estimated) or know the limit
          // only as max_tokens.
          if (withUsage && refuses(err, /stream_options|include_usage/i)) withUsage = false;
          else if (
            request.maxTokens !== undefined &&
            maxTokensName === "max_completion_tokens" &&
            refuses(err, /max_completion_tokens/i)
          )
            maxTokensName = "max_tokens";
          else throw err;
        }
      }
    });

    // Content that must be JSON is held back until it has been checked: a provider that breaks the
    // format is then a 502 before anything is sent, streamed or not.
    const format = request.responseFormat;
    const held = format !== undefined && format.type !== "text";
    let text = "";
    let refusal = "";
    let finish: string | null = null;
    let usage: { promptTokens: number; completionTokens: number } | undefined;
    const toolCalls = new ToolCallPieces();
    const heldEvents: AnswerEvent[] = [];
    try {
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        const piece = choice?.delta?.content;
        if (piece) {
          text += piece;
          if (held) heldEvents.push({ type: "delta", text: piece });
          else yield { type: "delta", text: piece };
        }
        if (choice?.delta?.refusal) refusal += choice.delta.refusal;
        for (const e of toolCalls.add(choice?.delta?.tool_calls ?? [])) {
          if (held) heldEvents.push(e);
          else yield e;
        }
        if (choice?.finish_reason) finish = choice.finish_reason;
        if (chunk.usage)
          usage = {
            promptTokens: chunk.usage.prompt_tokens,
            completionTokens: chunk.usage.completion_tokens,
          };
      }
    } catch (err) {
      throw mapError(err, signal);
    } finally {
      // The consumer stopped early, or it failed: close the connection.
      stream.controller.abort();
    }
    // The SDK ends the iteration quietly when the request is aborted.
    if (signal?.aborted) throw signal.reason;
    if (finish === null)
      throw new AppError(
        "PROVIDER_ERROR",
        "The answer provider ended its stream before the answer was complete.",
      );
    const finishReason = finish === "length" ? "length" : finish === "tool_calls" ? "toolCalls" : "stop";
    // Content cut by max_tokens is known to be incomplete and a refusal or tool call has none to check.
    if (held && finishReason === "stop" && !refusal) checkJsonContent(text, format);
    yield* heldEvents;
    log?.debug("answer provider answered", { host, model, finishReason: finish, chars: text.length });
    yield {
      type: "done",
      text,
      citations: citationsOf(text, request.passages, system.given),
      toolCalls: toolCalls.whole(),
      ...(refusal ? { refusal } : {}),
      finishReason,
      usage: usage ?? {
        promptTokens: estimateTokens(messages.map((m) => String(m.content ?? "")).join("\n")),
        completionTokens: estimateTokens(text),
      },
    };
  }

  async function extract(request: StructuredRequest): Promise<StructuredResult> {
    const model = theirModel(request.model);
    const { signal } = request;
    // The same compiler the endpoint checked the schema with: one set of dialects and formats.
    const compiled = compileSchema(request.schema);
    if (!compiled.ok) throw new AppError("BAD_REQUEST", `Invalid JSON Schema: ${compiled.message}`);
    const validate = compiled.validate;
    const wrapped = wrapperSchema(request.schema);
    let format: "json_schema" | "json_object" = "json_schema";

    const complete = (messages: ChatCompletionMessageParam[]) =>
      call(signal, async () => {
        const body = (): ChatCompletionCreateParamsNonStreaming => ({
          model,
          messages,
          response_format:
            format === "json_schema"
              ? { type: "json_schema", json_schema: { name: "extraction", schema: wrapped, strict: false } }
              : { type: "json_object" },
        });
        try {
          return await client.chat.completions.create(body(), { signal });
        } catch (err) {
          if (format === "json_schema" && refuses(err, /response_format|json_schema|structured/i)) {
            log?.info("answer provider refuses json_schema; asking for a JSON object instead", {
              host,
              model,
            });
            format = "json_object";
            return await client.chat.completions.create(body(), { signal });
          }
          throw err;
        }
      }).then((completion) => completion.choices[0]?.message?.content ?? "");

    const messages: ChatCompletionMessageParam[] = [
      { role: "system", content: EXTRACT_INSTRUCTIONS },
      { role: "user", content: extractUserMessage(request) },
    ];
    const first = await complete(messages);
    let reply = readReply(first, validate);
    if (reply.problems.length > 0) {
      log?.debug("extraction reply needs repair", { host, model, problems: reply.problems.length });
      const second = await complete([
        ...messages,
        { role: "assistant", content: first },
        { role: "user", content: repairMessage(reply.problems) },
      ]);
      reply = readReply(second, validate);
    }
    return {
      data: reply.data,
      valid: reply.valid,
      sources: fieldSources(reply.data, reply.sources, request.pages),
      missing: reply.missing,
    };
  }

  return {
    name: "openai",
    models,
    answer(request) {
      // Checked now, so that an unknown model fails before anything is sent or streamed.
      const model = theirModel(request.model);
      return streamAnswer(request, model);
    },
    extract,
  };
}

// ---- HTTP -------------------------------------------------------------------------------------

/**
 * The SDK's fetch, bounded: a response body that stalls for a whole timeout fails (the SDK's own
 * timeout ends when the headers arrive, which for a stream is before the answer), and a Retry-After
 * longer than RETRY_AFTER_MAX_MS turns off the retry instead of sleeping through it.
 */
function guardedFetch(timeoutMs: number, host: string, log?: Logger) {
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    const headers = new Headers(response.headers);
    if (!response.ok) {
      const wait = retryAfterMs(response.headers);
      log?.warn("answer provider answered an error", { host, status: response.status, retryAfterMs: wait });
      if (wait !== undefined && wait > RETRY_AFTER_MAX_MS) headers.set("x-should-retry", "false");
    }
    if (!response.body) return response;
    return new Response(stallGuard(response.body, timeoutMs), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/**
 * The same bytes, but a read that waits longer than `ms` fails with ProviderStalled, and so does
 * the whole body once it has taken RESPONSE_TIMEOUTS times `ms` (a provider trickling a byte at a
 * time would otherwise hold the request open indefinitely).
 */
function stallGuard(body: ReadableStream<Uint8Array>, ms: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const deadline = Date.now() + RESPONSE_TIMEOUTS * ms;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let timer: NodeJS.Timeout | undefined;
        const left = deadline - Date.now();
        const stalled = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new ProviderStalled(left <= ms)), Math.max(0, Math.min(ms, left)));
        });
        try {
          const next = await Promise.race([reader.read(), stalled]);
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (err) {
          reader.cancel(err).catch(() => undefined);
          throw err;
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Retry-After (seconds or a date) or retry-after-ms, in milliseconds. */
function retryAfterMs(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (!Number.isNaN(ms)) return ms;
  const value = headers.get("retry-after");
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date - Date.now();
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  promise.catch(() => undefined);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err) => {
        signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

/** A 400 (or 422) from the provider about the named parameter: it does not support it. */
function refuses(err: unknown, about: RegExp): boolean {
  if (!(err instanceof APIError) || (err.status !== 400 && err.status !== 422)) return false;
  return about.test(`${err.message} ${err.param ?? ""}`);
}

function providerMessage(err: APIError): string {
  const body = err.error as { message?: unknown } | undefined;
  const raw =
    typeof body?.message === "string"
      ? body.message
      : err.message.replace(new RegExp(`^${err.status ?? ""}\\s*`), "");
  const text = raw.replace(/\s+/g, " ").trim() || "(no message)";
  return text.length > PROVIDER_MESSAGE_MAX ? `${text.slice(0, PROVIDER_MESSAGE_MAX)}…` : text;
}

/** "connection refused" and the like, from the causes undici nests in "fetch failed". */
function connectionReason(err: APIConnectionError): string {
  const codes: Record<string, string> = {
    ECONNREFUSED: "connection refused",
    ECONNRESET: "connection reset",
    ENOTFOUND: "host not found",
    EAI_AGAIN: "host name lookup failed",
    EHOSTUNREACH: "host unreachable",
    ENETUNREACH: "network unreachable",
    UND_ERR_SOCKET: "connection closed",
  };
  let cause: unknown = err.cause;
  let last = err.message;
  for (let depth = 0; cause && depth < 5; depth++) {
    const e = cause as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === "string" && codes[e.code]) return codes[e.code] as string;
    if (typeof e.message === "string" && e.message) last = e.message;
    cause = e.cause;
  }
  return last;
}

function hasCause(err: unknown, test: (e: unknown) => boolean): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if (test(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

// ---- Answers ----------------------------------------------------------------------------------

/** Roughly four characters a token: the usage reported when the provider reports none. */
function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * One citation per distinct marker ("[2]", also "[1, 3]") in the text, in the order they first
 * appear. A marker whose number names no passage the provider was given (a hallucinated source,
 * or one cut for length) gets no citation: the deltas are already sent, so its text stays.
 */
export function citationsOf(text: string, passages: readonly SourcePassage[], given: number): Citation[] {
  const seen = new Set<number>();
  const citations: Citation[] = [];
  for (const match of text.matchAll(/\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\]/g)) {
    for (const part of (match[1] ?? "").split(",")) {
      const n = Number(part.trim());
      if (seen.has(n)) continue;
      seen.add(n);
      const p = n >= 1 && n <= given ? passages[n - 1] : undefined;
      if (!p) continue;
      citations.push({
        index: n,
        documentId: p.documentId,
        fileName: p.fileName,
        page: p.pageNumber,
        passage: p.position,
        startOffset: p.startOffset,
        endOffset: p.endOffset,
        quote: openingOf(ownText(p)),
      });
    }
  }
  return citations;
}

/** The first QUOTE_CHARS code points of a passage, cut at a word when there is one near the end. */
function openingOf(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= QUOTE_CHARS) return text.trim();
  const cut = chars.slice(0, QUOTE_CHARS).join("");
  const space = cut.search(/\s\S*$/);
  return (space > QUOTE_CHARS * 0.6 ? cut.slice(0, space) : cut).trim();
}

// ---- Structured extraction --------------------------------------------------------------------

type ValidateFn = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

type Reply = {
  data: unknown;
  sources: Record<string, unknown>;
  valid: boolean;
  /** What to tell the model in a repair round; empty when the reply is fine. */
  problems: string[];
  missing: MissingField[];
};

/** Parses and validates a reply: `{"data": ..., "sources": {...}}`, or the bare data. */
function readReply(content: string, validate: ValidateFn): Reply {
  let parsed: unknown;
  try {
    parsed = parseJson(content);
  } catch (err) {
    const reason = `the reply is not valid JSON (${(err as Error).message})`;
    return {
      data: null,
      sources: {},
      valid: false,
      problems: [reason],
      missing: [{ path: "", reason: `The answer provider's ${reason}.` }],
    };
  }
  let data: unknown = parsed;
  let sources: Record<string, unknown> = {};
  if (
    isObject(parsed) &&
    "data" in parsed &&
    Object.keys(parsed).every((k) => k === "data" || k === "sources")
  ) {
    data = parsed.data;
    if (isObject(parsed.sources)) sources = parsed.sources;
  }
  if (validate(data)) return { data, sources, valid: true, problems: [], missing: [] };
  const errors = validate.errors ?? [];
  const missing = dedupe(errors.map(missingOf));
  return {
    data,
    sources,
    valid: false,
    problems: missing.map((m) => `data${m.path || " (the root)"}: ${m.reason}`),
    missing,
  };
}

/** JSON, also when wrapped in a Markdown code fence or a sentence. */
function parseJson(content: string): unknown {
  const text = content.trim();
  try {
    return JSON.parse(text);
  } catch (err) {
    const start = text.search(/[{[]/);
    const end = Math.max(text.lastIndexOf("}"), text.lastIndexOf("]"));
    if (start < 0 || end <= start) throw err;
    return JSON.parse(text.slice(start, end + 1));
  }
}

function missingOf(e: ErrorObject): MissingField {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === "required" && typeof params.missingProperty === "string")
    return {
      path: `${e.instancePath}/${pointerToken(params.missingProperty)}`,
      reason: "is required by the schema but was not filled",
    };
  if (e.keyword === "enum" && Array.isArray(params.allowedValues))
    return {
      path: e.instancePath,
      reason: `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(", ")}`,
    };
  if (e.keyword === "additionalProperties" && typeof params.additionalProperty === "string")
    return {
      path: `${e.instancePath}/${pointerToken(params.additionalProperty)}`,
      reason: "is not allowed by the schema",
    };
  return { path: e.instancePath, reason: e.message ?? `fails the schema's "${e.keyword}" rule` };
}

function dedupe(fields: MissingField[]): MissingField[] {
  const seen = new Set<string>();
  return fields.filter((f) => {
    const key = `${f.path}\u0000${f.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The schema sent as response_format: the object we ask for, with the client's schema as `data`.
 * Local references ("#/...") in the client's schema are moved along to where it now sits.
 */
function wrapperSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _s, $id: _i, ...data } = schema;
  return {
    type: "object",
    properties: {
      data: rebaseRefs(data, "#/properties/data"),
      sources: { type: "object", additionalProperties: { type: ["integer", "null"] } },
    },
    required: ["data", "sources"],
  };
}

function rebaseRefs(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rebaseRefs(n, base));
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$ref" && typeof value === "string" && value.startsWith("#"))
      out[key] = `${base}${value.slice(1)}`;
    else if (key === "const" || key === "enum" || key === "default" || key === "examples") out[key] = value;
    else out[key] = rebaseRefs(value, base);
  }
  return out;
}

/**
 * A FieldSource for every leaf (string, number, boolean, null) of `data`. The page claimed for a
 * leaf (or, failing that, for its nearest claimed parent) is kept only when the value can be seen
 * on that page; otherwise the page is null. Booleans and nulls cannot be seen, so never have one.
 */
export function fieldSources(
  data: unknown,
  claims: Record<string, unknown>,
  pages: readonly StructuredSourcePage[],
): FieldSource[] {
  const claimed = new Map<string, unknown>();
  for (const [key, value] of Object.entries(claims)) claimed.set(normalisePointer(key), value);
  const byNumber = new Map(pages.map((p) => [p.pageNumber, p.markdown]));
  const out: FieldSource[] = [];
  for (const [path, value] of leaves(data, "")) {
    let page: number | null = null;
    for (const candidate of claimedPages(path, claimed)) {
      const markdown = byNumber.get(candidate);
      if (markdown !== undefined && appearsOn(value, markdown)) {
        page = candidate;
        break;
      }
    }
    out.push({ path, page });
  }
  return out;
}

function* leaves(value: unknown, path: string): Generator<[string, unknown]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* leaves(item, `${path}/${i}`);
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) yield* leaves(item, `${path}/${pointerToken(key)}`);
  } else {
    yield [path, value];
  }
}

/** The pages claimed for a pointer or its nearest claimed parent. */
function claimedPages(path: string, claimed: Map<string, unknown>): number[] {
  let at = path;
  while (true) {
    if (claimed.has(at)) return pageNumbers(claimed.get(at));
    if (at === "") return [];
    at = at.slice(0, at.lastIndexOf("/"));
  }
}

function pageNumbers(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((v) => (typeof v === "string" ? Number(v.replace(/^\s*(page|p\.?)\s*/i, "")) : v))
    .filter((v): v is number => typeof v === "number" && Number.isInteger(v));
}

/** "/a/b", also "a.b[0]" and "#/a/b" as models write them now and then. */
function normalisePointer(key: string): string {
  let k = key.trim();
  if (k.startsWith("#")) {
    try {
      k = decodeURIComponent(k.slice(1));
    } catch {
      k = k.slice(1);
    }
  }
  if (k === "" || k.startsWith("/")) return k;
  return `/${k
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter((s) => s !== "")
    .map(pointerToken)
    .join("/")}`;
}

/** Whether a value can be read on a page: text case-insensitively, numbers by their value. */
export function appearsOn(value: unknown, markdown: string): boolean {
  if (typeof value === "number")
    return Number.isFinite(value) && numbersOn(markdown).some((n) => same(n, value));
  if (typeof value !== "string") return false;
  const wanted = loose(value);
  if (wanted === "") return false;
  if (loose(unescapeMarkdown(markdown)).includes(wanted)) return true;
  // "1,200.00" claimed for a page that says "1 200": compare as numbers when it is only a number.
  if (/^[^\p{L}\d]*\d[\d\s.,'’\u00a0\u202f]*[^\p{L}\d]*$/u.test(value)) {
    const values = numbersOn(value);
    const onPage = numbersOn(markdown);
    return values.some((v) => onPage.some((n) => same(n, v)));
  }
  return false;
}

function loose(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[*_`]/g, "").replace(/\s+/g, " ").trim();
}

function unescapeMarkdown(text: string): string {
  return text.replace(/\\([\\`*_{}[\]()#+\-.!|$<])/g, "$1");
}

/** Every reading of every number written in the text ("1,200.50", "1.200,50", "1 200"). */
function numbersOn(text: string): number[] {
  const out: number[] = [];
  const readings = (token: string) => {
    const t = token.replace(/[\s\u00a0\u202f'’]/g, "");
    const en = t.replace(/,/g, "");
    if (/^\d+(\.\d+)?$/.test(en)) out.push(Number(en));
    const eu = t.replace(/\./g, "").replace(",", ".");
    if (/^\d+(\.\d+)?$/.test(eu)) out.push(Number(eu));
  };
  for (const m of text.matchAll(/\d(?:[\d,.'’\u00a0\u202f ]*\d)?/g)) readings(m[0]);
  for (const m of text.matchAll(/\d(?:[\d,.'’]*\d)?/g)) readings(m[0]);
  return out;
}

function same(onPage: number, value: number): boolean {
  const v = Math.abs(value);
  return Math.abs(onPage - v) <= 1e-9 * Math.max(1, v);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
