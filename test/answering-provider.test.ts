import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadAndWait } from "./support/documents.ts";
import { factReportPdf } from "./support/fact-pdfs.ts";
import { type FakeOpenAI, startFakeOpenAI } from "./support/fake-openai-server.ts";
import { call } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/server.ts";
import { createTenant, type Tenant } from "./support/tenant.ts";

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
