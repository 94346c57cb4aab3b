import { createServer } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Config } from "../../src/config.ts";
import type {
  AnswerEvent,
  AnswerRequest,
  SourcePassage,
  StructuredRequest,
} from "../../src/core/answering/answer-types.ts";
import { appearsOn, createOpenAIProvider } from "../../src/core/answering/openai-provider.ts";
import { AppError } from "../../src/core/errors.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai-server.ts";

// The provider against a real HTTP server on loopback: the openai SDK is not mocked, so retries,
// timeouts, streaming and error bodies go through the same code as in production.

const KEY = "sk-test-secret-4242";

let fake: FakeOpenAI;
beforeEach(async () => {
  fake = await startFakeOpenAI();
});
afterEach(async () => {
  await fake.close();
});

const config = (over: Partial<Config["openai"]> = {}): Config["openai"] => ({
  baseUrl: `${fake.url}/v1`,
  apiKey: KEY,
  models: { default: "gpt-test-mini", large: "gpt-test-large" },
  timeoutSeconds: 5,
  maxRetries: 2,
  ...over,
});

const longText = `${"The board reviewed the annual figures in detail. ".repeat(8)}Revenue was 1,200 million.`;
const passages: SourcePassage[] = [
  {
    documentId: "doc-1",
    fileName: "report.pdf",
    pageNumber: 3,
    position: 1,
    startOffset: 120,
    endOffset: 161,
    text: "Revenue for 2023 was 1,200 million euros.",
    rank: 0.9,
  },
  {
    documentId: "doc-2",
    fileName: "costs.pdf",
    pageNumber: 5,
    position: 0,
    startOffset: 0,
    endOffset: longText.length,
    text: longText,
    rank: 0.5,
  },
];

const question = (over: Partial<AnswerRequest> = {}): AnswerRequest => ({
  messages: [{ role: "user", content: "What was the revenue?" }],
  passages,
  model: "default",
  ...over,
});

async function collect(events: AsyncIterable<AnswerEvent>): Promise<AnswerEvent[]> {
  const out: AnswerEvent[] = [];
  for await (const e of events) out.push(e);
  return out;
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("expected a failure");
}

async function appError(run: () => Promise<unknown>): Promise<AppError> {
  const err = await failure(run);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const done = (events: AnswerEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== "done") throw new Error("no done event");
  return last;
};

describe("answer: the request", () => {
  it("maps the model, sends the key, streams, and puts the sources before the client's conversation", async () => {
    const provider = createOpenAIProvider(config());
    expect(provider.name).toBe("openai");
    expect(provider.models).toEqual(["default", "large"]);
    const conversation = [
      { role: "system" as const, content: "Answer briefly." },
      { role: "user" as const, content: "What was the revenue?" },
      { role: "assistant" as const, content: "1,200 million euros [1]." },
      { role: "user" as const, content: "And the costs?" },
    ];
    const events = await collect(provider.answer(question({ messages: conversation, model: "large" })));

    expect(fake.requests).toHaveLength(1);
    const [req] = fake.requests;
    expect(req!.method).toBe("POST");
    expect(req!.path).toBe("/v1/chat/completions");
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req!.body.model).toBe("gpt-test-large");
    expect(req!.body.stream).toBe(true);
    expect(req!.body.stream_options).toEqual({ include_usage: true });

    const [system, ...rest] = req!.body.messages;
    expect(system.role).toBe("system");
    expect(system.content).toMatch(/ONLY from the numbered sources/);
    expect(system.content).toMatch(/\[1\]/);
    expect(system.content).toContain(
      "[1] (file report.pdf, page 3) Revenue for 2023 was 1,200 million euros.",
    );
    expect(system.content).toContain("[2] (file costs.pdf, page 5) The board reviewed");
    expect(rest).toEqual(conversation);

    // The fake echoes what it was given.
    expect(done(events).text).toContain(
      "I was given 2 source(s): [1] report.pdf page 3; [2] costs.pdf page 5.",
    );
  });

  it("sends no Authorization header when no key is configured", async () => {
    const provider = createOpenAIProvider(config({ apiKey: undefined }));
    await collect(provider.answer(question()));
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("tells the model when no sources were found", async () => {
    const provider = createOpenAIProvider(config());
    const events = await collect(provider.answer(question({ passages: [] })));
    expect(fake.requests[0]!.body.messages[0].content).toMatch(/Sources: none were found/);
    expect(done(events)).toMatchObject({ text: "The documents do not say.", citations: [] });
  });

  it("refuses an unknown model before calling out, naming the available ones", async () => {
    const provider = createOpenAIProvider(config());
    let err: unknown;
    try {
      provider.answer(question({ model: "huge" }));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("BAD_REQUEST");
    expect((err as AppError).message).toMatch(/"huge".*"default", "large"/);
    // Neither does a prototype property pass for a model.
    expect(() => provider.answer(question({ model: "constructor" }))).toThrow(AppError);

    const extractErr = await appError(() => provider.extract(extraction({ model: "huge" })));
    expect(extractErr.code).toBe("BAD_REQUEST");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("answer: streaming and citations", () => {
  it("relays the deltas in order as they come, and joins them into the text", async () => {
    const chunks = ["Revenue ", "was ", "1,200 ", "million ", "[1]."];
    fake.script({
      kind: "reply",
      chunks,
      chunkDelayMs: 10,
      usage: { prompt_tokens: 321, completion_tokens: 5 },
    });
    const events = await collect(createOpenAIProvider(config()).answer(question()));
    const deltas = events.filter((e) => e.type === "delta").map((e) => (e as { text: string }).text);
    expect(deltas).toEqual(chunks);
    expect(events.filter((e) => e.type === "done")).toHaveLength(1);
    expect(done(events)).toMatchObject({
      text: chunks.join(""),
      finishReason: "stop",
      usage: { promptTokens: 321, completionTokens: 5 },
    });
  });

  it("yields the first pieces before the provider has finished", async () => {
    // The stream sends two pieces and then nothing: both arrive while the answer is still open.
    fake.script({ kind: "stall", text: "Revenue was 1,200 [1].", afterChunks: 2 });
    const iterator = createOpenAIProvider(config()).answer(question())[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ done: false, value: { type: "delta", text: "Revenue" } });
    expect(await iterator.next()).toEqual({ done: false, value: { type: "delta", text: " was" } });
    await iterator.return?.();
  });

  it("builds a citation for each distinct marker that names a source, and none for one that does not", async () => {
    fake.script({
      kind: "reply",
      text: "Revenue was 1,200 million [1]. The board met [2][1]. Profit doubled [7].",
    });
    const events = await collect(createOpenAIProvider(config()).answer(question()));
    const { citations, text } = done(events);
    expect(text).toContain("[7]");
    expect(citations.map((c) => c.index)).toEqual([1, 2]);
    expect(citations[0]).toEqual({
      index: 1,
      documentId: "doc-1",
      fileName: "report.pdf",
      page: 3,
      passage: 1,
      startOffset: 120,
      endOffset: 161,
      quote: "Revenue for 2023 was 1,200 million euros.",
    });
    expect(citations[1]).toMatchObject({ index: 2, documentId: "doc-2", page: 5, passage: 0 });
    expect(citations[1]!.quote.length).toBeLessThanOrEqual(200);
    expect(citations[1]!.quote.length).toBeGreaterThan(100);
    expect(longText.startsWith(citations[1]!.quote)).toBe(true);
  });

  it("reads [1, 2] as two markers", async () => {
    fake.script({ kind: "reply", text: "Both say so [1, 2]." });
    const events = await collect(createOpenAIProvider(config()).answer(question()));
    expect(done(events).citations.map((c) => c.index)).toEqual([1, 2]);
  });

  it("passes on a length finish, and estimates the usage when the provider reports none", async () => {
    fake.script({ kind: "reply", text: "Revenue was", finishReason: "length", usage: null });
    const events = await collect(createOpenAIProvider(config()).answer(question()));
    const last = done(events);
    expect(last.finishReason).toBe("length");
    expect(last.usage.completionTokens).toBeGreaterThan(0);
    expect(last.usage.promptTokens).toBeGreaterThan(10);
  });

  it("fails with an error, not a hang, when the stream breaks off midway", { timeout: 10_000 }, async () => {
    fake.script({ kind: "drop", text: "Revenue was 1,200 million [1].", afterChunks: 2 });
    const seen: AnswerEvent[] = [];
    const err = await appError(async () => {
      for await (const e of createOpenAIProvider(config()).answer(question())) seen.push(e);
    });
    expect(err.code).toBe("PROVIDER_ERROR");
    expect(err.message).toMatch(/^The connection to the answer provider broke off/);
    expect(seen.some((e) => e.type === "done")).toBe(false);
  });

  it("fails when the stream ends properly but before the answer is complete", async () => {
    fake.script({ kind: "drop", text: "Revenue was 1,200 million [1].", afterChunks: 2, graceful: true });
    const err = await appError(() => collect(createOpenAIProvider(config()).answer(question())));
    expect(err.code).toBe("PROVIDER_ERROR");
    expect(err.message).toMatch(/ended its stream before the answer was complete/);
  });

  it("times out a stream that stalls midway", { timeout: 10_000 }, async () => {
    fake.script({ kind: "stall", text: "Revenue was 1,200 million [1].", afterChunks: 2 });
    const err = await appError(() =>
      collect(createOpenAIProvider(config({ timeoutSeconds: 0.3 })).answer(question())),
    );
    expect(err.code).toBe("PROVIDER_TIMEOUT");
    expect(err.message).not.toContain(new URL(fake.url).host);
    expect(err.message).toContain("0.3 s");
  });

  it("times out a stream that trickles past ten timeouts in all", { timeout: 10_000 }, async () => {
    // Every piece comes within the 0.2 s timeout, but 20 of them take about 3 s: over 10 x 0.2 s.
    const words = Array.from({ length: 20 }, (_, i) => `w${i} `);
    fake.script({ kind: "reply", text: words.join(""), chunks: words, chunkDelayMs: 150 });
    const err = await appError(() =>
      collect(createOpenAIProvider(config({ timeoutSeconds: 0.2, maxRetries: 0 })).answer(question())),
    );
    expect(err.code).toBe("PROVIDER_TIMEOUT");
    expect(err.message).toBe("The answer provider did not finish its response within 2 s.");
  });
});

describe("answer: retries and errors", () => {
  it("retries a 429 (honouring Retry-After: 0) and then succeeds", async () => {
    fake.script({ kind: "status", status: 429, message: "Slow down", headers: { "retry-after": "0" } });
    const events = await collect(createOpenAIProvider(config()).answer(question()));
    expect(done(events).text).toContain("I was given 2 source(s)");
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.headers["x-stainless-retry-count"]).toBe("1");
  });

  it("waits as long as Retry-After asks before retrying", { timeout: 10_000 }, async () => {
    fake.script({ kind: "status", status: 429, message: "Slow down", headers: { "retry-after": "1" } });
    await collect(createOpenAIProvider(config()).answer(question()));
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.at - fake.requests[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it("does not sleep through a Retry-After of an hour: it reports the 429", { timeout: 10_000 }, async () => {
    fake.script({
      kind: "status",
      status: 429,
      message: "Quota exceeded",
      headers: { "retry-after": "3600" },
    });
    const err = await appError(() => collect(createOpenAIProvider(config()).answer(question())));
    expect(err.code).toBe("PROVIDER_ERROR");
    expect(err.message).toMatch(/answered 429: Quota exceeded.*retry after 3600 s/);
    expect(fake.requests).toHaveLength(1);
  });

  it("reports PROVIDER_ERROR with the provider's status and message once 500s exhaust the retries", async () => {
    const boom = { kind: "status", status: 500, message: "The engine is on fire" } as const;
    fake.script(boom, boom, boom);
    const err = await appError(() =>
      collect(createOpenAIProvider(config({ maxRetries: 1 })).answer(question())),
    );
    expect(err.code).toBe("PROVIDER_ERROR");
    expect(err.status).toBe(502);
    expect(err.message).toBe("The answer provider answered 500: The engine is on fire");
    expect(fake.requests).toHaveLength(2);
  });

  it("does not retry a 401, and never repeats the API key", async () => {
    // OpenAI's own 401 text quotes the key masked but for its last characters: not passed on.
    fake.script({
      kind: "status",
      status: 401,
      message: `Incorrect API key provided: sk-tes***${KEY.slice(-4)}.`,
    });
    const err = await appError(() => collect(createOpenAIProvider(config()).answer(question())));
    expect(err.code).toBe("PROVIDER_ERROR");
    expect(err.message).toMatch(/^The answer provider refused this service's credentials \(401\)/);
    expect(err.message).not.toContain(KEY.slice(-4));
    expect(fake.requests).toHaveLength(1);
  });

  it("times out (retries included) with PROVIDER_TIMEOUT naming the timeout, not the host", {
    timeout: 15_000,
  }, async () => {
    const slow = { kind: "delay", ms: 5_000 } as const;
    fake.script(slow, slow, slow);
    const err = await appError(() =>
      collect(createOpenAIProvider(config({ timeoutSeconds: 0.3, maxRetries: 1 })).answer(question())),
    );
    expect(err.code).toBe("PROVIDER_TIMEOUT");
    expect(err.status).toBe(504);
    expect(err.message).not.toContain(new URL(fake.url).host);
    expect(err.message).toContain("0.3 s");
    expect(fake.requests).toHaveLength(2);
  });

  it("reports a provider it cannot reach", { timeout: 10_000 }, async () => {
    const port = await closedPort();
    const provider = createOpenAIProvider(config({ baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 1 }));
    const err = await appError(() => collect(provider.answer(question())));
    expect(err.code).toBe("PROVIDER_ERROR");
    expect(err.message).toBe("Could not reach the answer provider: connection refused.");
  });

  it("stops when the caller aborts, even while the provider is still thinking", {
    timeout: 5_000,
  }, async () => {
    fake.script({ kind: "delay", ms: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const err = await failure(() =>
      collect(createOpenAIProvider(config()).answer(question({ signal: controller.signal }))),
    );
    expect((err as Error).name).toBe("AbortError");
  });

  it("stops in the middle of a stream when the caller aborts", { timeout: 5_000 }, async () => {
    fake.script({ kind: "stall", text: "Revenue was 1,200 million [1].", afterChunks: 2 });
    const controller = new AbortController();
    const seen: AnswerEvent[] = [];
    const err = await failure(async () => {
      for await (const e of createOpenAIProvider(config()).answer(question({ signal: controller.signal }))) {
        seen.push(e);
        if (seen.length === 2) controller.abort();
      }
    });
    expect((err as Error).name).toBe("AbortError");
    expect(seen).toHaveLength(2);
  });

  it("stops during a retry pause when the caller aborts", { timeout: 5_000 }, async () => {
    fake.script({ kind: "status", status: 503, message: "Busy", headers: { "retry-after": "20" } });
    const controller = new AbortController();
    const answer = collect(createOpenAIProvider(config()).answer(question({ signal: controller.signal })));
    while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
    controller.abort();
    expect(((await failure(() => answer)) as Error).name).toBe("AbortError");
  });
});

// ---- Structured extraction ----------------------------------------------------------------------

const invoiceSchema = {
  type: "object",
  properties: {
    invoice_number: { type: "string" },
    total: { type: "number" },
    customer: { type: "string" },
    paid: { type: "boolean" },
    lines: { type: "array", items: { type: "object", properties: { item: { type: "string" } } } },
  },
  required: ["invoice_number", "total", "customer"],
};

const extraction = (over: Partial<StructuredRequest> = {}): StructuredRequest => ({
  prompt: "Extract the invoice.",
  schema: invoiceSchema,
  documentId: "doc-9",
  fileName: "invoice.pdf",
  pages: [
    {
      pageNumber: 1,
      markdown: "# Invoice INV-0042\n\nDate: 2024-03-01\n\n| Item | Price |\n|---|---|\n| Widgets | 700 |",
    },
    { pageNumber: 2, markdown: "**Total due:** 1.200,50 EUR\n\nCustomer: ACME Corp" },
  ],
  tables: [],
  model: "default",
  ...over,
});

const goodInvoice = {
  invoice_number: "INV-0042",
  total: 1200.5,
  customer: "Acme Corp",
  paid: false,
  lines: [{ item: "widgets" }],
};

describe("extract", () => {
  it("asks for JSON by schema, validates it, and keeps only the pages that show each value", async () => {
    fake.script({
      kind: "reply",
      json: {
        data: goodInvoice,
        // The customer is on page 2, not page 1; a boolean cannot be seen on any page.
        sources: { "/invoice_number": 1, "/total": 2, "/customer": 1, "/paid": 2, "/lines/0": 1 },
      },
    });
    const result = await createOpenAIProvider(config()).extract(extraction());

    expect(fake.requests).toHaveLength(1);
    const body = fake.requests[0]!.body;
    expect(body.model).toBe("gpt-test-mini");
    expect(body.stream).toBeUndefined();
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema.name).toBe("extraction");
    expect(body.response_format.json_schema.strict).toBe(false);
    expect(body.response_format.json_schema.schema.properties.data).toEqual(invoiceSchema);
    const prompt = body.messages.map((m: { content: string }) => m.content).join("\n");
    expect(prompt).toContain("Extract the invoice.");
    expect(prompt).toContain("--- Page 2 ---\n**Total due:** 1.200,50 EUR");
    expect(prompt).toContain('"sources"');

    expect(result.valid).toBe(true);
    expect(result.missing).toEqual([]);
    expect(result.data).toEqual(goodInvoice);
    expect(result.sources).toEqual([
      { path: "/invoice_number", page: 1 },
      { path: "/total", page: 2 },
      { path: "/customer", page: null },
      { path: "/paid", page: null },
      { path: "/lines/0/item", page: 1 },
    ]);
  });

  it("repairs an invalid reply once, sending the schema's complaints back", async () => {
    fake.script(
      { kind: "reply", json: { data: { invoice_number: "INV-0042", total: "a lot" }, sources: {} } },
      { kind: "reply", json: { data: goodInvoice, sources: { "/total": 2 } } },
    );
    const result = await createOpenAIProvider(config()).extract(extraction());
    expect(result.valid).toBe(true);
    expect(result.data).toEqual(goodInvoice);
    expect(fake.requests).toHaveLength(2);
    const messages = fake.requests[1]!.body.messages;
    expect(messages).toHaveLength(4);
    expect(messages[2]).toMatchObject({ role: "assistant" });
    expect(JSON.parse(messages[2].content).data.total).toBe("a lot");
    expect(messages[3].role).toBe("user");
    expect(messages[3].content).toContain("data/total: must be number");
    expect(messages[3].content).toContain("data/customer: is required");
  });

  it("repairs a reply that is not JSON at all", async () => {
    fake.script(
      { kind: "reply", text: "Sure! The invoice number is INV-0042." },
      { kind: "reply", text: `\`\`\`json\n${JSON.stringify({ data: goodInvoice, sources: {} })}\n\`\`\`` },
    );
    const result = await createOpenAIProvider(config()).extract(extraction());
    expect(fake.requests[1]!.body.messages[3].content).toMatch(/not valid JSON/);
    expect(result).toMatchObject({ valid: true, data: goodInvoice });
  });

  it("says what is missing when the repair does not help", async () => {
    const bad = {
      kind: "reply",
      json: { data: { invoice_number: 42, total: "a lot" }, sources: {} },
    } as const;
    fake.script(bad, bad);
    const result = await createOpenAIProvider(config()).extract(extraction());
    expect(result.valid).toBe(false);
    expect(result.data).toEqual({ invoice_number: 42, total: "a lot" });
    expect(result.missing).toEqual([
      { path: "/customer", reason: "is required by the schema but was not filled" },
      { path: "/invoice_number", reason: "must be string" },
      { path: "/total", reason: "must be number" },
    ]);
    // The number 42 is on no page that was claimed, so no page either.
    expect(result.sources).toEqual([
      { path: "/invoice_number", page: null },
      { path: "/total", page: null },
    ]);
    expect(fake.requests).toHaveLength(2);
  });

  it("falls back to a JSON object when the provider refuses json_schema", async () => {
    fake.script(
      {
        kind: "status",
        status: 400,
        message:
          "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
        param: "response_format",
      },
      { kind: "reply", json: { data: goodInvoice, sources: { "/invoice_number": "1" } } },
    );
    const result = await createOpenAIProvider(config()).extract(extraction());
    expect(result.valid).toBe(true);
    expect(result.sources[0]).toEqual({ path: "/invoice_number", page: 1 });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]!.body.response_format.type).toBe("json_schema");
    expect(fake.requests[1]!.body.response_format).toEqual({ type: "json_object" });
    // Without response_format's schema, the schema is still in the prompt.
    expect(fake.requests[1]!.body.messages[1].content).toContain(JSON.stringify(invoiceSchema));
  });

  it("reports other 400s as PROVIDER_ERROR without retrying", async () => {
    fake.script({ kind: "status", status: 400, message: "Context length exceeded", param: "messages" });
    const err = await appError(() => createOpenAIProvider(config()).extract(extraction()));
    expect(err.code).toBe("PROVIDER_ERROR");
    expect(err.message).toBe("The answer provider answered 400: Context length exceeded");
    expect(fake.requests).toHaveLength(1);
  });

  it("times out an extraction", { timeout: 10_000 }, async () => {
    fake.script({ kind: "delay", ms: 5_000 });
    const err = await appError(() =>
      createOpenAIProvider(config({ timeoutSeconds: 0.3, maxRetries: 0 })).extract(extraction()),
    );
    expect(err.code).toBe("PROVIDER_TIMEOUT");
  });

  it("times out an extraction whose response body stalls after the headers", {
    timeout: 10_000,
  }, async () => {
    fake.script({ kind: "stall", text: "{", afterChunks: 0 });
    const err = await appError(() =>
      createOpenAIProvider(config({ timeoutSeconds: 0.3, maxRetries: 0 })).extract(extraction()),
    );
    expect(err.code).toBe("PROVIDER_TIMEOUT");
    expect(err.message).toMatch(/stopped sending for 0.3 s/);
  });

  it("sends schemas with local references rebased under data", async () => {
    const schema = {
      $schema: "http://json-schema.org/draft-07/schema#",
      type: "object",
      properties: { party: { $ref: "#/definitions/party" } },
      definitions: { party: { type: "object", properties: { name: { type: "string" } } } },
    };
    fake.script({
      kind: "reply",
      json: { data: { party: { name: "ACME Corp" } }, sources: { "party.name": 2 } },
    });
    const result = await createOpenAIProvider(config()).extract(extraction({ schema }));
    const sent = fake.requests[0]!.body.response_format.json_schema.schema.properties.data;
    expect(sent.$schema).toBeUndefined();
    expect(sent.properties.party.$ref).toBe("#/properties/data/definitions/party");
    expect(result).toMatchObject({ valid: true, sources: [{ path: "/party/name", page: 2 }] });
  });
});

describe("appearsOn", () => {
  it("finds text case-insensitively and numbers however they are written", () => {
    const page = "**Total due:** 1.200,50 EUR — paid on 3 March; ref 12 345; Acme\\_Corp";
    expect(appearsOn("total DUE:", page)).toBe(true);
    expect(appearsOn(1200.5, page)).toBe(true);
    expect(appearsOn("1,200.50", page)).toBe(true);
    expect(appearsOn(12345, page)).toBe(true);
    expect(appearsOn(3, page)).toBe(true);
    expect(appearsOn(1200, page)).toBe(false);
    expect(appearsOn(20, page)).toBe(false);
    expect(appearsOn("Acme_Corp", page)).toBe(true);
    expect(appearsOn("Globex", page)).toBe(false);
    expect(appearsOn("", page)).toBe(false);
    expect(appearsOn(true, page)).toBe(false);
    expect(appearsOn(null, page)).toBe(false);
  });
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
