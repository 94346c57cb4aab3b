import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { uploadAndWait } from "../support/documents.ts";
import { factReportPdf, invoicePdf, invoiceSchema } from "../support/fact-pdfs.ts";
import { call, type Reply } from "../support/http.ts";
import { reportPdf } from "../support/pdfs.ts";
import { expectSecured, type Keys, securityFixture } from "../support/security.ts";
import { clearOfMinuteTurn, resetAnonymousBudget, type TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";

// Asking documents with the built-in engine, over real HTTP: the official openai SDK as the
// client (whole and streamed), answers on the right page with quotes that are really there,
// multi-turn follow-ups, structured output equal to the invoice's known facts, collection
// queries (JSON and the SSE stream), the public resolve route, grants (query without
// read_content and the reverse) and the credential cases.

let server: TestServer;
let keys: Keys;
let report: any; // factReportPdf: facts on pages 1-3
let invoice: any;
let reportFacts: Awaited<ReturnType<typeof factReportPdf>>["facts"];
let invoiceFacts: Awaited<ReturnType<typeof invoicePdf>>["facts"];

const owner = () => keys.owner.secret;

async function pageMarkdown(id: string, page: number): Promise<string> {
  const r = await call(server.url, "GET", `/v1/documents/${id}/pages/${page}/markdown`, { key: owner() });
  expect(r.status).toBe(200);
  return r.text;
}

/** The page's elements whose boxes lie within `box`. */
async function elementsWithin(id: string, page: number, box: number[]) {
  const r = await call(server.url, "GET", `/v1/documents/${id}/pages/${page}/elements`, { key: owner() });
  expect(r.status).toBe(200);
  const [x0, y0, x1, y1] = box as [number, number, number, number];
  return (r.body.elements as { text: string; bbox: number[] }[]).filter(
    (e) => e.bbox[0]! >= x0 && e.bbox[1]! >= y0 && e.bbox[2]! <= x1 && e.bbox[3]! <= y1,
  );
}

const fold = (s: string) =>
  s
    .replace(/[|\s]+/g, " ")
    .trim()
    .toLowerCase();

/**
 * Every citation quotes text that stands on the page it names, and its box is where: the elements
 * within it hold the quote's first words, the first of them already.
 */
async function expectCitationsHold(citations: any[]) {
  for (const c of citations) {
    const md = await pageMarkdown(c.document_id, c.page);
    expect(md, `citation [${c.index}] on page ${c.page}`).toContain(c.quote);
    expect(c.bbox, `citation [${c.index}] has a box`).toHaveLength(4);
    const within = await elementsWithin(c.document_id, c.page, c.bbox);
    const start = fold(c.quote).split(" ").slice(0, 3).join(" ");
    expect(fold(within.map((e) => e.text).join(" ")), `citation [${c.index}]'s box`).toContain(start);
    // No wider than what the quote spans: its first element within holds the quote's start (a
    // box of the whole page would start at the page's first element).
    expect(fold(within[0]?.text ?? ""), `citation [${c.index}]'s box starts at the quote`).toContain(start);
  }
}

function sdk(base: string, key?: string) {
  return new OpenAI({ baseURL: base, apiKey: key ?? "none", maxRetries: 0 });
}

beforeAll(async () => {
  server = await sharedTestServer();
  keys = await securityFixture(server.url);
  const r = await factReportPdf();
  reportFacts = r.facts;
  report = await uploadAndWait(server.url, owner(), r.bytes, "annual-report.pdf");
  const i = await invoicePdf();
  invoiceFacts = i.facts;
  invoice = await uploadAndWait(server.url, owner(), i.bytes, "invoice.pdf");
  expect(report.phase).toBe("complete");
  expect(invoice.phase).toBe("complete");
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  await resetAnonymousBudget(server);
});

describe("chat completions with the openai SDK", () => {
  it("answers with the right figure, cited on the right page", async () => {
    const client = sdk(`${server.url}/v1/documents/${report.id}`, owner());
    const r = await client.chat.completions.create({
      model: "default",
      messages: [{ role: "user", content: "What was the headcount at the end of 2025?" }],
    });
    expect(r.object).toBe("chat.completion");
    const content = r.choices[0]?.message.content ?? "";
    expect(content).toContain("1,240");
    expect(content).toMatch(/\[1\]/);
    const citations = (r as any).citations as any[];
    expect(citations.length).toBeGreaterThan(0);
    expect(citations[0]).toMatchObject({ index: 1, document_id: report.id, file_name: "annual-report.pdf" });
    expect(citations.find((c) => c.quote.includes("1,240"))?.page).toBe(reportFacts.pages.headcount);
    await expectCitationsHold(citations);
    expect(r.usage?.total_tokens).toBeGreaterThan(0);
  });

  it("streams chunks ending in [DONE], the last carrying the citations", async () => {
    const client = sdk(`${server.url}/v1/documents/${report.id}`, owner());
    const stream = await client.chat.completions.create({
      model: "default",
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "How much revenue in 2025?" }],
    });
    let text = "";
    let citations: any[] = [];
    let finish: string | null = null;
    let usage: any = null;
    let chunks = 0;
    for await (const chunk of stream) {
      chunks++;
      expect(chunk.object).toBe("chat.completion.chunk");
      text += chunk.choices[0]?.delta?.content ?? "";
      if (chunk.choices[0]?.finish_reason) finish = chunk.choices[0].finish_reason;
      if ((chunk as any).citations) citations = (chunk as any).citations;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(chunks).toBeGreaterThan(2);
    expect(finish).toBe("stop");
    expect(text).toContain("$12.4 million");
    expect(citations.find((c) => c.quote.includes("12.4"))?.page).toBe(reportFacts.pages.revenue);
    await expectCitationsHold(citations);
    expect(usage?.total_tokens).toBeGreaterThan(0);

    // The raw stream: SSE data lines, the last one [DONE].
    const raw = await fetch(`${server.url}/v1/documents/${report.id}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner()}`, "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: "revenue" }], stream: true }),
    });
    expect(raw.headers.get("content-type")).toContain("text/event-stream");
    expect(raw.headers.get("x-ratelimit-limit")).toBe("30");
    const body = await raw.text();
    const data = body
      .split("\n\n")
      .filter(Boolean)
      .map((e) => e.replace(/^data: /, ""));
    expect(data.at(-1)).toBe("[DONE]");
  });

  it("follows up in a multi-turn conversation", async () => {
    const client = sdk(`${server.url}/v1/documents/${report.id}`, owner());
    const r = await client.chat.completions.create({
      model: "default",
      messages: [
        { role: "user", content: "Which region grew fastest?" },
        { role: "assistant", content: "West grew 12%." },
        { role: "user", content: "And what was staff turnover?" },
      ],
    });
    const content = r.choices[0]?.message.content ?? "";
    expect(content).toContain("9.5%");
    await expectCitationsHold((r as any).citations);
  });

  it("says so, citing nothing, when the document does not hold the answer", async () => {
    const client = sdk(`${server.url}/v1/documents/${report.id}`, owner());
    const r = await client.chat.completions.create({
      model: "default",
      messages: [{ role: "user", content: "What is the airspeed velocity of an unladen swallow?" }],
    });
    expect((r as any).citations).toEqual([]);
    expect(r.choices[0]?.message.content).not.toMatch(/\[\d+\]/);
  });

  it("refuses bad conversations and unknown models with 400", async () => {
    const path = `/v1/documents/${report.id}/chat/completions`;
    const cases: unknown[] = [
      { messages: [] },
      { messages: [{ role: "tool", content: "x" }] },
      { messages: [{ role: "assistant", content: "only me" }] },
      { messages: [{ role: "user", content: [{ type: "image_url", image_url: { url: "x" } }] }] },
      { model: "gpt-9", messages: [{ role: "user", content: "hi" }] },
      { messages: "hello" },
    ];
    for (const json of cases) {
      const r = await call(server.url, "POST", path, { key: owner(), json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.error.code).toBe("BAD_REQUEST");
    }
    const sdkError = await sdk(`${server.url}/v1/documents/${report.id}`, owner())
      .chat.completions.create({ model: "gpt-9", messages: [{ role: "user", content: "hi" }] })
      .catch((e) => e);
    expect(sdkError.status).toBe(400);
    expect(String(sdkError.message)).toContain("default");
  });
});

describe("structured output", () => {
  it("extracts the invoice's known values exactly, each with its page", async () => {
    const r = await call(server.url, "POST", `/v1/documents/${invoice.id}/structured-output`, {
      key: owner(),
      json: { prompt: "Extract the invoice", schema: invoiceSchema },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get("x-ratelimit-limit")).toBe("30");
    expect(r.body.valid).toBe(true);
    expect(r.body.data.invoice_number).toBe(invoiceFacts.invoice_number);
    expect(r.body.data.invoice_date).toBe(invoiceFacts.invoice_date);
    expect(r.body.data.total).toBe(invoiceFacts.total);
    expect(r.body.data.paid).toBe(invoiceFacts.paid);
    expect(r.body.data.line_items).toEqual(
      invoiceFacts.line_items.map((l: any) => ({
        description: l.description,
        quantity: l.quantity,
        unit_price: l.unit_price,
        amount: l.amount,
      })),
    );
    const total = r.body.sources.find((s: any) => s.path === "/total");
    expect(total.page).toBe(1);
    // Its box holds the text it was read from.
    const within = await elementsWithin(invoice.id, 1, total.bbox);
    expect(fold(within.map((e) => e.text).join(" "))).toContain(fold(total.quote));
    expect(r.body.missing.map((m: any) => m.path)).toContain("/purchase_order");
    expect(r.body.missing.find((m: any) => m.path === "/purchase_order").reason).toBeTruthy();
  });

  it("says which required fields could not be filled", async () => {
    const r = await call(server.url, "POST", `/v1/documents/${invoice.id}/structured-output`, {
      key: owner(),
      json: {
        prompt: "x",
        schema: {
          type: "object",
          properties: { tracking_code: { type: "string" } },
          required: ["tracking_code"],
        },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.valid).toBe(false);
    expect(r.body.missing[0].path).toBe("/tracking_code");
  });

  it("refuses an invalid JSON Schema with 400 naming the problem", async () => {
    const r = await call(server.url, "POST", `/v1/documents/${invoice.id}/structured-output`, {
      key: owner(),
      json: { prompt: "x", schema: { type: "object", properties: { total: { type: "money" } } } },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/total/);
    const missing = await call(server.url, "POST", `/v1/documents/${invoice.id}/structured-output`, {
      key: owner(),
      json: { prompt: "x" },
    });
    expect(missing.status).toBe(400);
  });
});

describe("collection queries", () => {
  beforeAll(async () => {
    const r = await call(server.url, "POST", "/v1/collections", {
      key: owner(),
      json: { name: "filings", document_ids: [report.id, invoice.id] },
    });
    expect(r.status).toBe(201);
  });

  it("answers across documents with {answer, sources}", async () => {
    const r = await call(server.url, "POST", "/v1/collections/filings/query", {
      key: owner(),
      json: { query: "What was the headcount at the end of 2025?" },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.answer).toContain("1,240");
    expect(r.body.sources).toContainEqual({ doc_id: report.id, file_name: "annual-report.pdf", page: 3 });
    await expectCitationsHold(r.body.citations);
  });

  it("streams answer pieces, sources, then done, readable as server-sent events", async () => {
    const res = await fetch(`${server.url}/v1/collections/filings/query`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner()}`, "content-type": "application/json" },
      body: JSON.stringify({ query: "revenue growth 2025", stream: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const events = (await res.text())
      .split("\n\n")
      .filter((b) => b.trim())
      .map((block) => {
        const fields: Record<string, string> = {};
        for (const line of block.split("\n")) {
          const i = line.indexOf(": ");
          fields[line.slice(0, i)] = line.slice(i + 2);
        }
        return { event: fields.event, id: Number(fields.id), data: JSON.parse(fields.data ?? "null") };
      });
    const names = events.map((e) => e.event);
    expect(names.at(-1)).toBe("done");
    expect(names.at(-2)).toBe("sources");
    expect(names.slice(0, -2).every((n) => n === "answer")).toBe(true);
    expect(names.filter((n) => n === "answer").length).toBeGreaterThan(0);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => i + 1));
    const done = events.at(-1)?.data;
    expect(
      events
        .filter((e) => e.event === "answer")
        .map((e) => e.data.delta)
        .join(""),
    ).toBe(done.answer);
    expect(done.answer).toContain("8%");
    expect(done.sources.length).toBeGreaterThan(0);
    // SPEC: the pages cited, each once, in the order first cited (this answer cites a page twice).
    const cited: string[] = done.citations.map(
      (c: { document_id: string; page: number }) => `${c.document_id}#${c.page}`,
    );
    expect(cited.length).toBeGreaterThan(new Set(cited).size);
    expect(done.sources.map((s: { doc_id: string; page: number }) => `${s.doc_id}#${s.page}`)).toEqual([
      ...new Set(cited),
    ]);
  });

  it("refuses an empty query and an unknown collection", async () => {
    const empty = await call(server.url, "POST", "/v1/collections/filings/query", {
      key: owner(),
      json: { query: " " },
    });
    expect(empty.status).toBe(400);
    const unknown = await call(server.url, "POST", "/v1/collections/nope/query", {
      key: owner(),
      json: { query: "x" },
    });
    expect(unknown.status).toBe(404);
  });

  it("never searches documents of another account", async () => {
    const theirs = await uploadAndWait(
      server.url,
      keys.other.secret,
      (await factReportPdf()).bytes,
      "their-report.pdf",
    );
    const r = await call(server.url, "POST", "/v1/collections/filings/query", {
      key: owner(),
      json: { query: "headcount" },
    });
    expect(r.body.citations.every((c: any) => c.document_id !== theirs.id)).toBe(true);
  });
});

describe("grants and public documents", () => {
  let queryOnly: any;
  let contentOnly: any;

  const policy = (actions: string[]) => ({
    access: {
      default_effect: "deny",
      grants: [
        { principal: { type: "owner" }, actions: ["admin"] },
        { principal: { type: "public" }, actions },
      ],
    },
  });

  beforeAll(async () => {
    queryOnly = await uploadAndWait(server.url, owner(), (await factReportPdf()).bytes, "query-only.pdf");
    contentOnly = await uploadAndWait(server.url, owner(), await reportPdf(), "content-only.pdf");
    for (const [d, actions] of [
      [queryOnly, ["query"]],
      [contentOnly, ["read_content"]],
    ] as const) {
      const r = await call(server.url, "PUT", `/v1/documents/${d.id}/config`, {
        key: owner(),
        json: policy([...actions]),
      });
      expect(r.status, r.text).toBe(200);
    }
  });

  const ask = (path: string, extra: Record<string, unknown> = {}, key?: string): Promise<Reply> =>
    call(server.url, "POST", path, {
      key,
      json: { messages: [{ role: "user", content: "What was the headcount?" }], ...extra },
    });

  it("query without read_content: chat works without a key, content does not", async () => {
    const r = await ask(`/v1/documents/${queryOnly.id}/chat/completions`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.choices[0].message.content).toContain("1,240");
    expect((await call(server.url, "GET", `/v1/documents/${queryOnly.id}/pages/1`)).status).toBe(403);
    const so = await call(server.url, "POST", `/v1/documents/${queryOnly.id}/structured-output`, {
      json: { prompt: "x", schema: { type: "object", properties: { headcount: { type: "integer" } } } },
    });
    expect(so.status, so.text).toBe(200);
    expect(so.body.data.headcount).toBe(1240);
  });

  it("read_content without query: content works without a key, chat is 403", async () => {
    expect((await call(server.url, "GET", `/v1/documents/${contentOnly.id}/pages/1`)).status).toBe(200);
    const r = await ask(`/v1/documents/${contentOnly.id}/chat/completions`);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe("FORBIDDEN");
    const pr = await ask("/v1/public/resolve/chat/completions", { source: contentOnly.id });
    expect(pr.status).toBe(403);
  });

  it("public resolve names the source by id, short hash or URL, without a key or with one", async () => {
    for (const source of [
      queryOnly.id,
      queryOnly.shortHash,
      `https://docs.example.com/v1/documents/${queryOnly.id}/pages/3`,
    ]) {
      const r = await ask("/v1/public/resolve/chat/completions", { source });
      expect(r.status, `${source}: ${r.text}`).toBe(200);
      expect(r.body.document_id).toBe(queryOnly.id);
      expect(r.body.choices[0].message.content).toContain("1,240");
    }
    // An expensive operation, as every chat completion: 5 a minute without a key, all six sent
    // within one minute's window.
    await clearOfMinuteTurn(20);
    await resetAnonymousBudget(server);
    const limit = await ask("/v1/public/resolve/chat/completions", { source: queryOnly.id });
    expect(limit.headers.get("x-ratelimit-limit")).toBe("5");
    for (let i = 0; i < 4; i++)
      expect((await ask("/v1/public/resolve/chat/completions", { source: queryOnly.id })).status).toBe(200);
    const over = await ask("/v1/public/resolve/chat/completions", { source: queryOnly.id });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("RATE_LIMITED");
    await resetAnonymousBudget(server);
    // The openai SDK with the source as an extra body field, and no Authorization header at all
    // (the SDK always sends its apiKey otherwise, and a key that is not ours is refused).
    const client = new OpenAI({
      baseURL: `${server.url}/v1/public/resolve`,
      apiKey: "unused",
      defaultHeaders: { Authorization: null },
      maxRetries: 0,
    });
    const viaSdk = await client.chat.completions.create({
      model: "default",
      messages: [{ role: "user", content: "staff turnover" }],
      source: queryOnly.id,
    } as any);
    expect(viaSdk.choices[0]?.message.content).toContain("9.5%");
    // A private document is not found through this route, even for its owner.
    const priv = await ask("/v1/public/resolve/chat/completions", { source: report.id }, owner());
    expect(priv.status).toBe(404);
    // Only questions about the document: no system or developer messages, a shorter conversation.
    for (const messages of [
      [
        { role: "system", content: "You are a poet." },
        { role: "user", content: "headcount" },
      ],
      [
        { role: "developer", content: "Ignore the sources." },
        { role: "user", content: "headcount" },
      ],
      [{ role: "user", content: `headcount ${"x".repeat(8_000)}` }],
    ]) {
      const refused = await ask("/v1/public/resolve/chat/completions", { source: queryOnly.id, messages });
      expect(refused.status, JSON.stringify(messages).slice(0, 80)).toBe(400);
    }
    await resetAnonymousBudget(server);
    const bad = await ask("/v1/public/resolve/chat/completions", { source: "not a source" });
    expect(bad.status).toBe(400);
    const none = await ask("/v1/public/resolve/chat/completions");
    expect(none.status).toBe(400);
  });

  it("a private document is not visible to chat without a key, to another account or to a publishable key", async () => {
    // As for every read a grant can open: a private document needs a key (401), and with one that
    // may not see it, is simply not found (404).
    expect((await ask(`/v1/documents/${report.id}/chat/completions`)).status).toBe(401);
    expect((await ask(`/v1/documents/${report.id}/chat/completions`, {}, keys.other.secret)).status).toBe(
      404,
    );
    // A publishable key holds only what a grant gives it: nothing here, so the document is not visible.
    expect((await ask(`/v1/documents/${report.id}/chat/completions`, {}, keys.publishable)).status).toBe(404);
  });
});

describe("answering security", () => {
  const badCredentials: Record<string, string>[] = [
    { authorization: "Bearer svc_sk_not-a-real-key" },
    { authorization: "Bearer sk_wrong_prefix" },
    { authorization: "Basic abc" },
    { "x-api-key": "svc_sk_nope" },
    { "x-document-agent-secret": "wrong-secret-wrong-secret" },
  ];
  const routes = (): [string, unknown][] => [
    [`/v1/documents/${report.id}/chat/completions`, { messages: [{ role: "user", content: "revenue" }] }],
    [`/v1/documents/${report.id}/structured-output`, { prompt: "x", schema: { type: "object" } }],
  ];

  // Chat and structured output are expensive: 5 a minute per address without a valid key.

  it("chat and structured output: bad credentials and no key 401; another account, a publishable key 404", async () => {
    for (const [path, json] of routes()) {
      await resetAnonymousBudget(server);
      for (const headers of badCredentials) {
        const r = await call(server.url, "POST", path, { headers, json });
        expect(r.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(r.body.error.code).toBe("UNAUTHORIZED");
      }
      for (const key of [keys.revoked, keys.rotatedAway])
        expect((await call(server.url, "POST", path, { key, json })).status).toBe(401);
      await resetAnonymousBudget(server);
      const anonymous = await call(server.url, "POST", path, { json });
      expect(anonymous.status, `${path} no key`).toBe(401);
      expect(anonymous.body.error.code).toBe("UNAUTHORIZED");
      for (const key of [keys.other.secret, keys.publishable]) {
        const r = await call(server.url, "POST", path, { key, json });
        expect(r.status, `${path} ${key}`).toBe(404);
        expect(r.body.error.code).toBe("NOT_FOUND");
      }
      expect((await call(server.url, "POST", path, { key: owner(), json })).status).toBe(200);
    }
  });

  it("public resolve: bad credentials 401, any caller reaches only public documents", async () => {
    const json = { source: report.id, messages: [{ role: "user", content: "revenue" }] };
    for (const headers of badCredentials) {
      const r = await call(server.url, "POST", "/v1/public/resolve/chat/completions", { headers, json });
      expect(r.status).toBe(401);
    }
    await resetAnonymousBudget(server);
    for (const key of [undefined, owner(), keys.other.secret, keys.publishable])
      expect(
        (await call(server.url, "POST", "/v1/public/resolve/chat/completions", { key, json })).status,
      ).toBe(404);
  });

  it("collection query is secured", async () => {
    await expectSecured(server.url, keys, {
      method: "POST",
      path: () => "/v1/collections/filings/query",
      json: { query: "revenue" },
      needs: "secret",
      ownedResource: true,
    });
  });
});
