import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { uploadAndWait } from "../support/documents.ts";
import { factReportPdf } from "../support/fact-pdfs.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai-server.ts";
import { call } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// The service configured with ANSWER_PROVIDER=openai, talking to a real OpenAI-compatible server
// on loopback: the retrieved passages reach the provider, its stream is relayed to our own
// streaming clients (the openai SDK and the collection SSE stream), and its failures come back as
// PROVIDER_ERROR (502) and PROVIDER_TIMEOUT (504), never as a hang.

let fake: FakeOpenAI;
let server: TestServer;
let t: Tenant;
let doc: any;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  server = await startTestServer({
    ANSWER_PROVIDER: "openai",
    OPENAI_BASE_URL: `${fake.url}/v1`,
    OPENAI_API_KEY: "sk-test-provider-key",
    OPENAI_MODELS: "default=fake-small,large=fake-large",
    PROVIDER_TIMEOUT_SECONDS: "1",
    PROVIDER_MAX_RETRIES: "1",
  });
  t = await createTenant(server.url);
  doc = await uploadAndWait(server.url, t.secret, (await factReportPdf()).bytes, "report.pdf");
  expect(
    (
      await call(server.url, "POST", "/v1/collections", {
        key: t.secret,
        json: { name: "c", document_ids: [doc.id] },
      })
    ).status,
  ).toBe(201);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
// Chat is an expensive operation (30 a minute a key); this file sends more than that.
beforeEach(async () => {
  await server.services.db.pool.query("DELETE FROM rate_limit_windows");
});

const client = () =>
  new OpenAI({ baseURL: `${server.url}/v1/documents/${doc.id}`, apiKey: t.secret, maxRetries: 0 });

describe("an OpenAI-compatible provider behind the chat endpoint", () => {
  it("sends the retrieved passages with the conversation and maps our model to theirs", async () => {
    fake.script({ kind: "reply", text: "Headcount was 1,240 [1]." });
    const before = fake.requests.length;
    const r = await client().chat.completions.create({
      model: "large",
      messages: [{ role: "user", content: "What was the headcount at the end of 2025?" }],
    });
    expect(r.choices[0]?.message.content).toBe("Headcount was 1,240 [1].");
    expect(r.model).toBe("large");
    const sent = fake.requests[before];
    expect(sent?.body.model).toBe("fake-large");
    expect(sent?.headers.authorization).toBe("Bearer sk-test-provider-key");
    const system = sent?.body.messages[0].content as string;
    expect(system).toContain("1,240 employees");
    expect(system).toContain("page 3");
    expect(sent?.body.messages.at(-1)).toEqual({
      role: "user",
      content: "What was the headcount at the end of 2025?",
    });
    const citations = (r as any).citations;
    expect(citations[0]).toMatchObject({ index: 1, document_id: doc.id });
    // The client's key never reaches the provider.
    expect(JSON.stringify(sent)).not.toContain(t.secret);
  });

  it("relays the provider's stream piece by piece to the SDK", async () => {
    fake.script({
      kind: "reply",
      text: "Revenue was $12.4 million [1].",
      chunks: ["Revenue was ", "$12.4 million ", "[1]."],
    });
    const stream = await client().chat.completions.create({
      model: "default",
      stream: true,
      messages: [{ role: "user", content: "revenue 2025" }],
    });
    const pieces: string[] = [];
    let citations: any[] = [];
    for await (const chunk of stream) {
      const c = chunk.choices[0]?.delta?.content;
      if (c) pieces.push(c);
      if ((chunk as any).citations) citations = (chunk as any).citations;
    }
    expect(pieces).toEqual(["Revenue was ", "$12.4 million ", "[1]."]);
    expect(citations).toHaveLength(1);
  });

  it("retries a 429 and answers", async () => {
    fake.script(
      { kind: "status", status: 429, headers: { "retry-after": "0" } },
      { kind: "reply", text: "ok [1]" },
    );
    const before = fake.requests.length;
    const r = await client().chat.completions.create({
      model: "default",
      messages: [{ role: "user", content: "revenue" }],
    });
    expect(r.choices[0]?.message.content).toBe("ok [1]");
    expect(fake.requests.length - before).toBe(2);
  });

  it("answers 502 PROVIDER_ERROR when the provider keeps failing", async () => {
    fake.script(
      { kind: "status", status: 500, message: "boom" },
      { kind: "status", status: 500, message: "boom" },
    );
    const r = await call(server.url, "POST", `/v1/documents/${doc.id}/chat/completions`, {
      key: t.secret,
      json: { messages: [{ role: "user", content: "revenue" }] },
    });
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe("PROVIDER_ERROR");
    expect(r.body.error.message).toContain("500");
    expect(r.text).not.toContain("sk-test-provider-key");
    // Streamed: a failure before the first piece is still a status the SDK raises, not a broken stream.
    fake.script({ kind: "status", status: 503 }, { kind: "status", status: 503 });
    const failed = await client()
      .chat.completions.create({ model: "default", stream: true, messages: [{ role: "user", content: "x" }] })
      .catch((e) => e);
    expect(failed.status).toBe(502);
  });

  it("answers 504 PROVIDER_TIMEOUT when the provider does not answer in time", {
    timeout: 15_000,
  }, async () => {
    fake.script({ kind: "delay", ms: 5000 }, { kind: "delay", ms: 5000 });
    const r = await call(server.url, "POST", `/v1/documents/${doc.id}/chat/completions`, {
      key: t.secret,
      json: { messages: [{ role: "user", content: "revenue" }] },
    });
    expect(r.status).toBe(504);
    expect(r.body.error.code).toBe("PROVIDER_TIMEOUT");
  });

  it("ends a streamed collection answer with an error event when the provider breaks off midway", async () => {
    fake.script({ kind: "drop", text: "Revenue was $12.4 million [1].", afterChunks: 2 });
    const res = await fetch(`${server.url}/v1/collections/c/query`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.secret}`, "content-type": "application/json" },
      body: JSON.stringify({ query: "revenue", stream: true }),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("event: answer");
    expect(text).toMatch(/event: error\ndata: \{"error":\{"code":"PROVIDER_ERROR"/);
    expect(text).not.toContain("event: done");
  });

  it("a client leaving mid-stream stops the answer, and the service goes on", {
    timeout: 15_000,
  }, async () => {
    fake.script({ kind: "stall", text: "Revenue was $12.4 million [1].", afterChunks: 1 });
    const abort = new AbortController();
    const res = await fetch(`${server.url}/v1/documents/${doc.id}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.secret}`, "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: "revenue" }], stream: true }),
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain("chat.completion.chunk");
    abort.abort();
    await reader?.cancel().catch(() => undefined);
    // The next request is served as usual.
    fake.script({ kind: "reply", text: "Still here [1]." });
    const next = await call(server.url, "POST", `/v1/documents/${doc.id}/chat/completions`, {
      key: t.secret,
      json: { messages: [{ role: "user", content: "revenue" }] },
    });
    expect(next.status).toBe(200);
    expect(next.body.choices[0].message.content).toBe("Still here [1].");
  });

  it("an MCP client hanging up mid-call stops the model call", { timeout: 15_000 }, async () => {
    fake.script({ kind: "delay", ms: 4000 });
    const asked = fake.requests.length;
    const hangUp = new AbortController();
    const pending = fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${t.secret}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-11-25",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "ask_document", arguments: { document_id: doc.id, question: "revenue" } },
      }),
      signal: hangUp.signal,
    }).catch((e: Error) => e);
    await expect.poll(() => fake.requests.length, { timeout: 5000, interval: 20 }).toBe(asked + 1);
    hangUp.abort();
    const hungUpAt = Date.now();
    expect(await pending).toBeInstanceOf(Error);
    // The provider's connection is closed at once, not when this server's 1 s provider timeout
    // ends it; and the call is not tried again, as a timed-out one would be.
    const sent = fake.requests[asked];
    await expect.poll(() => sent?.abandonedAt, { timeout: 2000, interval: 20 }).toBeDefined();
    expect((sent?.abandonedAt ?? 0) - hungUpAt).toBeLessThan(800);
    await new Promise((r) => setTimeout(r, 1500));
    expect(fake.requests.length).toBe(asked + 1);
    fake.clearScript();
  });

  it("extracts structured output through the provider, keeping only pages that show each value", async () => {
    fake.script({
      kind: "reply",
      json: { data: { headcount: 1240, offices: "Dublin" }, sources: { "/headcount": 3, "/offices": 1 } },
    });
    const r = await call(server.url, "POST", `/v1/documents/${doc.id}/structured-output`, {
      key: t.secret,
      json: {
        prompt: "people facts",
        schema: {
          type: "object",
          properties: { headcount: { type: "integer" }, offices: { type: "string" } },
        },
      },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.valid).toBe(true);
    expect(r.body.data).toEqual({ headcount: 1240, offices: "Dublin" });
    expect(r.body.sources).toContainEqual(expect.objectContaining({ path: "/headcount", page: 3 }));
    // Page 1 does not show "Dublin": the claim is dropped.
    expect(r.body.sources).toContainEqual(expect.objectContaining({ path: "/offices", page: null }));
  });
});

describe("OpenAI request fields with a provider", () => {
  const weather = {
    type: "function" as const,
    function: {
      name: "get_weather",
      description: "The weather in a city",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
  };
  const question = { role: "user" as const, content: "Should the Dublin office staff bring umbrellas?" };
  const lastSent = () => fake.requests.at(-1)?.body;

  it("hands tools to the provider, relays its tool calls, and answers the tool follow-up", async () => {
    fake.script({
      kind: "reply",
      toolCalls: [{ id: "call_1", name: "get_weather", arguments: '{"city":"Dublin"}' }],
    });
    const first = await client().chat.completions.create({
      model: "default",
      messages: [question],
      tools: [weather],
      tool_choice: "required",
      parallel_tool_calls: false,
    });
    expect(lastSent()).toMatchObject({
      tools: [weather],
      tool_choice: "required",
      parallel_tool_calls: false,
    });
    const choice = first.choices[0];
    expect(choice?.finish_reason).toBe("tool_calls");
    expect(choice?.message.content).toBeNull();
    expect(choice?.message.tool_calls).toEqual([
      { id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Dublin"}' } },
    ]);

    // The SDK's tool loop: the assistant message back as it came, then the tool's answer.
    fake.script({ kind: "reply", text: "Rain is forecast, and the Dublin office has 40 staff [1]." });
    const second = await client().chat.completions.create({
      model: "default",
      messages: [
        question,
        choice?.message as OpenAI.ChatCompletionMessageParam,
        { role: "tool", tool_call_id: "call_1", content: "Rain, 12°C" },
      ],
      tools: [weather],
    });
    expect(second.choices[0]?.finish_reason).toBe("stop");
    expect(second.choices[0]?.message.content).toBe(
      "Rain is forecast, and the Dublin office has 40 staff [1].",
    );
    const sent = lastSent().messages;
    expect(sent.at(-2)).toEqual({
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "call_1", type: "function", function: { name: "get_weather", arguments: '{"city":"Dublin"}' } },
      ],
    });
    expect(sent.at(-1)).toEqual({ role: "tool", tool_call_id: "call_1", content: "Rain, 12°C" });
  });

  it("streams the provider's tool calls as delta.tool_calls", async () => {
    fake.script({
      kind: "reply",
      toolCalls: [
        { id: "call_a", name: "get_weather", arguments: '{"city":"Dublin"}' },
        { id: "call_b", name: "get_weather", arguments: '{"city":"Cork"}' },
      ],
    });
    const stream = await client().chat.completions.create({
      model: "default",
      messages: [question],
      tools: [weather],
      stream: true,
    });
    const calls: { id?: string; name?: string; arguments: string }[] = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      for (const piece of chunk.choices[0]?.delta?.tool_calls ?? []) {
        const call = calls[piece.index] ?? { arguments: "" };
        calls[piece.index] = call;
        if (piece.id) call.id = piece.id;
        if (piece.function?.name) call.name = piece.function.name;
        call.arguments += piece.function?.arguments ?? "";
      }
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(finish).toBe("tool_calls");
    expect(calls).toEqual([
      { id: "call_a", name: "get_weather", arguments: '{"city":"Dublin"}' },
      { id: "call_b", name: "get_weather", arguments: '{"city":"Cork"}' },
    ]);
  });

  it("hands response_format json_schema on and checks the content: parse() gets the object", async () => {
    const Office = z.object({ city: z.string(), staff: z.number() });
    fake.script({ kind: "reply", json: { city: "Dublin", staff: 40 } });
    const r = await client().chat.completions.parse({
      model: "default",
      messages: [question],
      response_format: zodResponseFormat(Office, "office"),
    });
    expect(r.choices[0]?.message.parsed).toEqual({ city: "Dublin", staff: 40 });
    expect(lastSent().response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "office", strict: true, schema: { type: "object", required: ["city", "staff"] } },
    });
  });

  it("answers 502 when the provider's content is not JSON or does not fit the schema, whole and streamed", async () => {
    const format = {
      type: "json_schema" as const,
      json_schema: {
        name: "office",
        schema: { type: "object", properties: { staff: { type: "integer" } }, required: ["staff"] },
      },
    };
    for (const [reply, says] of [
      [{ kind: "reply", text: "Forty staff." }, /not valid JSON/],
      [{ kind: "reply", json: { staff: "forty" } }, /does not validate.*staff/],
    ] as const) {
      fake.script(reply);
      const r = await call(server.url, "POST", `/v1/documents/${doc.id}/chat/completions`, {
        key: t.secret,
        json: { messages: [question], response_format: format },
      });
      expect(r.status, r.text).toBe(502);
      expect(r.body.error).toMatchObject({ code: "PROVIDER_ERROR", type: "server_error", param: null });
      expect(r.body.error.message).toMatch(says);
      fake.script(reply);
      const err = await client()
        .chat.completions.create({
          model: "default",
          messages: [question],
          response_format: format,
          stream: true,
        })
        .catch((e) => e);
      expect(err.status).toBe(502);
    }
    // json_object: content that is JSON but no object is the provider's fault too.
    fake.script({ kind: "reply", text: "[1, 2]" });
    const arr = await call(server.url, "POST", `/v1/documents/${doc.id}/chat/completions`, {
      key: t.secret,
      json: { messages: [question], response_format: { type: "json_object" } },
    });
    expect(arr.status).toBe(502);
  });

  it("hands max_tokens, stop and sampling settings on, and relays finish_reason length", async () => {
    fake.script({
      kind: "reply",
      text: "Headcount",
      finishReason: "length",
      usage: { prompt_tokens: 50, completion_tokens: 1 },
    });
    const r = await client().chat.completions.create({
      model: "default",
      messages: [question],
      max_tokens: 1,
      stop: ["\n\n"],
      temperature: 0.2,
      top_p: 0.9,
      seed: 3,
      presence_penalty: 0.5,
      frequency_penalty: 0.5,
      logit_bias: { "42": -100 },
      reasoning_effort: "low",
      user: "end-user-1",
    });
    expect(r.choices[0]?.finish_reason).toBe("length");
    expect(r.usage?.completion_tokens).toBe(1);
    const sent = lastSent();
    expect(sent).toMatchObject({
      max_completion_tokens: 1,
      stop: ["\n\n"],
      temperature: 0.2,
      top_p: 0.9,
      seed: 3,
      presence_penalty: 0.5,
      frequency_penalty: 0.5,
      logit_bias: { "42": -100 },
      reasoning_effort: "low",
    });
    // The end user's id stays here.
    expect(sent.user).toBeUndefined();
  });

  it("ends a chat stream the provider breaks off with an error in OpenAI's form", async () => {
    fake.script({ kind: "drop", text: "Revenue was $12.4 million [1].", afterChunks: 2 });
    const res = await fetch(`${server.url}/v1/documents/${doc.id}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${t.secret}`, "content-type": "application/json" },
      body: JSON.stringify({ messages: [question], stream: true }),
    });
    expect(res.status).toBe(200);
    const events = (await res.text()).split("\n\n").filter(Boolean);
    expect(JSON.parse(events.at(-1)?.replace(/^data: /, "") ?? "")).toEqual({
      error: { code: "PROVIDER_ERROR", message: expect.any(String), type: "server_error", param: null },
    });
  });

  it("falls back to max_tokens for a server that only knows that name", async () => {
    fake.script(
      {
        kind: "status",
        status: 400,
        message: "Unrecognized request argument: max_completion_tokens",
        param: "max_completion_tokens",
      },
      { kind: "reply", text: "Headcount", finishReason: "length" },
    );
    const r = await client().chat.completions.create({
      model: "default",
      messages: [question],
      max_completion_tokens: 1,
    });
    expect(r.choices[0]?.finish_reason).toBe("length");
    expect(lastSent().max_tokens).toBe(1);
    expect(lastSent().max_completion_tokens).toBeUndefined();
  });

  it("refuses a tool_choice naming no offered tool and tool parameters that are no JSON Schema, naming the field", async () => {
    const wrongChoice = await client()
      .chat.completions.create({
        model: "default",
        messages: [question],
        tools: [weather],
        tool_choice: { type: "function", function: { name: "get_time" } },
      })
      .catch((e) => e);
    expect(wrongChoice.status).toBe(400);
    expect(wrongChoice.param).toBe("tool_choice");
    const badParameters = await client()
      .chat.completions.create({
        model: "default",
        messages: [question],
        tools: [{ type: "function", function: { name: "f", parameters: { type: "nope" } } }],
      })
      .catch((e) => e);
    expect(badParameters.param).toBe("tools[0].function.parameters");
  });
});
