import OpenAI, { BadRequestError } from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { uploadAndWait } from "../support/documents.ts";
import { factReportPdf, invoicePdf } from "../support/fact-pdfs.ts";
import { call } from "../support/http.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// The chat routes with the built-in engine, through the official openai SDK over real HTTP: every
// request field is honoured (max_tokens, stop, response_format through the built-in structured
// extraction) or refused with 400 naming it in `param`, as the SDK reports it; nothing is ignored.

let server: TestServer;
let t: Tenant;
let report: any;
let invoice: any;
let invoiceFacts: Awaited<ReturnType<typeof invoicePdf>>["facts"];

const client = (id: string) =>
  new OpenAI({ baseURL: `${server.url}/v1/documents/${id}`, apiKey: t.secret, maxRetries: 0 });
const question = [{ role: "user" as const, content: "What was the headcount at the end of 2025?" }];
/** The question as the SDK sends it. */
const ask = { model: "default", messages: question };

async function pageMarkdown(id: string, page: number): Promise<string> {
  const r = await call(server.url, "GET", `/v1/documents/${id}/pages/${page}/markdown`, { key: t.secret });
  expect(r.status).toBe(200);
  return r.text;
}

/** The error the SDK raises for a request, or a failure when it succeeds. */
async function sdkError(run: () => Promise<unknown>): Promise<any> {
  const err = await run().then(
    () => undefined,
    (e) => e,
  );
  expect(err, "the request should have failed").toBeDefined();
  return err;
}

const chatPath = () => `/v1/documents/${report.id}/chat/completions`;

beforeAll(async () => {
  server = await sharedTestServer();
  t = await createTenant(server.url);
  report = await uploadAndWait(server.url, t.secret, (await factReportPdf()).bytes, "annual-report.pdf");
  const i = await invoicePdf();
  invoiceFacts = i.facts;
  invoice = await uploadAndWait(server.url, t.secret, i.bytes, "invoice.pdf");
});
afterAll(async () => {
  await server?.close();
});
// Chat is an expensive operation (30 a minute a key); this file sends more than that.
beforeEach(async () => {
  await server.services.db.pool.query("DELETE FROM rate_limit_windows");
});

describe("max_tokens and stop", () => {
  it("max_tokens: 1 gives one token and finish_reason length, whole and streamed", async () => {
    const whole = await client(report.id).chat.completions.create({ ...ask, max_tokens: 1 });
    const choice = whole.choices[0];
    expect(choice?.finish_reason).toBe("length");
    expect(whole.usage?.completion_tokens).toBe(1);
    // A token of the built-in engine is a run of non-space characters.
    expect(choice?.message.content).toMatch(/^\S+$/);
    const full = await client(report.id).chat.completions.create({ ...ask });
    expect(full.choices[0]?.finish_reason).toBe("stop");
    expect(full.usage?.completion_tokens).toBeGreaterThan(1);
    expect(full.choices[0]?.message.content?.startsWith(choice?.message.content ?? "-")).toBe(true);
    // Markers cut away take their citations with them.
    expect((whole as any).citations).toEqual([]);

    const stream = await client(report.id).chat.completions.create({
      ...ask,
      max_completion_tokens: 1,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let finish: string | null = null;
    let usage: any;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe(choice?.message.content);
    expect(finish).toBe("length");
    expect(usage.completion_tokens).toBe(1);
  });

  it("cuts at max_tokens words with the citations of the markers kept", async () => {
    const full = await client(report.id).chat.completions.create({ ...ask });
    const words = full.choices[0]?.message.content?.split(/\s+/) ?? [];
    const upTo = words.findIndex((w) => /\[1\]/.test(w)) + 1;
    expect(upTo).toBeGreaterThan(0);
    const cut = await client(report.id).chat.completions.create({ ...ask, max_tokens: upTo });
    expect(cut.choices[0]?.message.content).toBe(words.slice(0, upTo).join(" "));
    expect(cut.usage?.completion_tokens).toBe(upTo);
    expect((cut as any).citations.map((c: any) => c.index)).toEqual([1]);
  });

  it("stop ends the answer before the first stop string, whole and streamed", async () => {
    const full = await client(report.id).chat.completions.create({ ...ask });
    const content = full.choices[0]?.message.content ?? "";
    expect(content).toContain("1,240");
    const whole = await client(report.id).chat.completions.create({ ...ask, stop: ["zzz", "1,240"] });
    expect(whole.choices[0]?.message.content).toBe(content.slice(0, content.indexOf("1,240")));
    expect(whole.choices[0]?.finish_reason).toBe("stop");
    const stream = await client(report.id).chat.completions.create({ ...ask, stop: "1,240", stream: true });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
    expect(text).toBe(whole.choices[0]?.message.content);
  });

  it("refuses limits out of range, naming the field", async () => {
    for (const [json, param] of [
      [{ max_tokens: 0 }, "max_tokens"],
      [{ max_tokens: 1.5 }, "max_tokens"],
      [{ max_completion_tokens: 1_000_000 }, "max_completion_tokens"],
      [{ max_tokens: 5, max_completion_tokens: 5 }, "max_tokens"],
      [{ stop: ["a", "b", "c", "d", "e"] }, "stop"],
      [{ stop: "" }, "stop"],
    ] as const) {
      const r = await call(server.url, "POST", chatPath(), {
        key: t.secret,
        json: { messages: question, ...json },
      });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.error).toMatchObject({ code: "BAD_REQUEST", type: "invalid_request_error", param });
    }
  });
});

describe("models", () => {
  it("models.list() lists default beside every chat base URL, in OpenAI's list shape", async () => {
    const ids = async (c: OpenAI) => {
      const out: string[] = [];
      for await (const m of c.models.list()) {
        expect(m).toMatchObject({ object: "model", owned_by: "builtin" });
        expect(Number.isInteger(m.created)).toBe(true);
        out.push(m.id);
      }
      return out;
    };
    expect(await ids(client(report.id))).toEqual(["default"]);
    expect(await ids(new OpenAI({ baseURL: `${server.url}/v1`, apiKey: t.secret, maxRetries: 0 }))).toEqual([
      "default",
    ]);
    // The public base needs no key: the SDK sends none.
    const publicBase = new OpenAI({
      baseURL: `${server.url}/v1/public/resolve`,
      apiKey: "unused",
      defaultHeaders: { Authorization: null },
      maxRetries: 0,
    });
    expect(await ids(publicBase)).toEqual(["default"]);
    const col = await call(server.url, "POST", "/v1/collections", {
      key: t.secret,
      json: { name: "models-of", document_ids: [report.id] },
    });
    expect(col.status).toBe(201);
    const listed = await call(server.url, "GET", `/v1/collections/${col.body.id}/models`, { key: t.secret });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ object: "list", data: [{ id: "default", object: "model" }] });
    // Another account's key does not learn that the document exists.
    const other = await createTenant(server.url, "models-other");
    const hidden = await call(server.url, "GET", `/v1/documents/${report.id}/models`, { key: other.secret });
    expect(hidden.status).toBe(404);
  });
});

describe("questions a reader asks", () => {
  const askOf = async (id: string, content: string) => {
    const r = await client(id).chat.completions.create({
      model: "default",
      messages: [{ role: "user", content }],
    });
    return { content: r.choices[0]?.message.content ?? "", citations: (r as any).citations as any[] };
  };
  /** Every citation quotes its page, at its offsets. */
  const quotesItsPage = async (id: string, citations: any[]) => {
    for (const c of citations) {
      const md = await pageMarkdown(id, c.page);
      expect(Array.from(md).slice(c.start_offset, c.end_offset).join("")).toBe(c.quote);
    }
  };

  it("who issued an invoice and its total: a sentence citing the line on its page", async () => {
    const vendor = await askOf(invoice.id, "Who is the vendor on this invoice?");
    expect(vendor.content).toMatch(/^The vendor .*Northwind Office Supply Co\.?\.? \[1\]$/);
    expect(vendor.citations.map((c) => c.page)).toEqual([1]);
    expect(vendor.citations[0].quote).toContain("Northwind Office Supply");
    await quotesItsPage(invoice.id, vendor.citations);

    const total = await askOf(invoice.id, "What is the invoice total?");
    const printed = invoiceFacts.total.toLocaleString("en-US", { minimumFractionDigits: 2 });
    expect(total.content).toContain(printed);
    expect(total.citations.map((c) => c.page)).toEqual([1]);
    expect(total.citations[0].quote).toContain(printed);
    await quotesItsPage(invoice.id, total.citations);

    // The same question as a JSON Schema of one field carries the same answer, cited on the same page.
    const parsed = await client(invoice.id).chat.completions.parse({
      model: "default",
      messages: [{ role: "user", content: "Who is the vendor?" }],
      response_format: zodResponseFormat(z.object({ vendor: z.string(), total: z.number() }), "q"),
    });
    expect(parsed.choices[0]?.message.parsed).toEqual({
      vendor: invoiceFacts.vendor.name,
      total: invoiceFacts.total,
    });
  });

  it("a one-field schema asked a report's question carries the answer chat gives, with its citations", async () => {
    const q = "How did staff turnover change over the year?";
    const chat = await askOf(report.id, q);
    expect(chat.citations.length).toBeGreaterThan(0);
    const r = await client(report.id).chat.completions.parse({
      model: "default",
      messages: [{ role: "user", content: q }],
      response_format: zodResponseFormat(z.object({ turnover_change: z.string() }), "answer"),
    });
    const message = r.choices[0]?.message;
    expect(message?.refusal).toBeNull();
    expect(message?.parsed?.turnover_change).toBe(chat.content.replace(/\s*\[\d+\]/g, "").trim());
    const cited = (r as any).citations as any[];
    expect(cited.map((c) => [c.page, c.quote, c.path])).toEqual(
      chat.citations.map((c) => [c.page, c.quote, "/turnover_change"]),
    );
  });

  it("what a document is about: its title and headings, or what the invoice is, cited", async () => {
    const about = await askOf(report.id, "What is this document about?");
    expect(about.content).toContain("Contoso Analytics Annual Report 2025");
    expect(about.content).toContain("Financial results");
    expect(about.citations.length).toBeGreaterThan(0);
    expect(about.citations[0].page).toBe(1);
    await quotesItsPage(report.id, about.citations);

    const inv = await askOf(invoice.id, "What is this document about?");
    expect(inv.content).toMatch(/^This document is an invoice/);
    expect(inv.content).toContain("Northwind Office Supply");
    expect(inv.content).toContain("Globex Corporation");
    expect(inv.citations.length).toBeGreaterThan(0);
    await quotesItsPage(invoice.id, inv.citations);
  });
});

describe("response_format with the built-in engine", () => {
  const Invoice = z.object({ invoice_number: z.string(), total: z.number(), paid: z.boolean() });

  it("parse() with a zod schema gets the invoice's values, each cited on its page", async () => {
    const r = await client(invoice.id).chat.completions.parse({
      model: "default",
      messages: [{ role: "user", content: "Extract the invoice number, total and whether it is paid." }],
      response_format: zodResponseFormat(Invoice, "invoice"),
    });
    const message = r.choices[0]?.message;
    expect(message?.refusal).toBeNull();
    expect(message?.parsed).toEqual({
      invoice_number: invoiceFacts.invoice_number,
      total: invoiceFacts.total,
      paid: invoiceFacts.paid,
    });
    expect(Invoice.parse(JSON.parse(message?.content ?? ""))).toEqual(message?.parsed);
    const citations = (r as any).citations as any[];
    expect(citations.map((c) => c.path).sort()).toEqual(
      expect.arrayContaining(["/invoice_number", "/total"]),
    );
    for (const c of citations) {
      expect(c).toMatchObject({ document_id: invoice.id, file_name: "invoice.pdf" });
      const md = await pageMarkdown(invoice.id, c.page);
      expect(md).toContain(c.quote);
      expect(Array.from(md).slice(c.start_offset, c.end_offset).join("")).toBe(c.quote);
    }
  });

  it("streams a json_schema answer the SDK's stream helper parses, and a refusal as delta.refusal", async () => {
    const stream = client(invoice.id).chat.completions.stream({
      model: "default",
      messages: [{ role: "user", content: "Extract the invoice number, total and whether it is paid." }],
      response_format: zodResponseFormat(Invoice, "invoice"),
    });
    const done = await stream.finalChatCompletion();
    expect(done.choices[0]?.message.parsed).toEqual({
      invoice_number: invoiceFacts.invoice_number,
      total: invoiceFacts.total,
      paid: invoiceFacts.paid,
    });
    const refused = client(invoice.id).chat.completions.stream({
      model: "default",
      messages: [{ role: "user", content: "Extract the tracking code." }],
      response_format: zodResponseFormat(z.object({ tracking_code: z.string() }), "tracking"),
    });
    const refusal = (await refused.finalChatCompletion()).choices[0]?.message;
    expect(refusal?.refusal).toContain("/tracking_code");
    expect(refusal?.parsed).toBeNull();
  });

  it("strict mode: a nullable field the document lacks is null, and only a non-nullable one refuses", async () => {
    // As OpenAI's strict mode writes a schema: every property required, the optional ones nullable.
    const Strict = z.object({
      invoice_number: z.string(),
      purchase_order: z.string().nullable(),
      total: z.number(),
      shipping: z.number().nullable(),
      items: z.array(z.object({ description: z.string(), discount: z.number().nullable() })),
    });
    const r = await client(invoice.id).chat.completions.parse({
      model: "default",
      messages: [{ role: "user", content: "Extract the invoice." }],
      response_format: zodResponseFormat(Strict, "invoice"),
    });
    const message = r.choices[0]?.message;
    expect(message?.refusal).toBeNull();
    expect(message?.parsed).toMatchObject({
      invoice_number: invoiceFacts.invoice_number,
      purchase_order: null,
      total: invoiceFacts.total,
      shipping: null,
    });
    expect(message?.parsed?.items.length).toBeGreaterThan(0);
    for (const item of message?.parsed?.items ?? []) expect(item.discount).toBeNull();

    const refused = await client(invoice.id).chat.completions.parse({
      model: "default",
      messages: [{ role: "user", content: "Extract the invoice." }],
      response_format: zodResponseFormat(
        z.object({ invoice_number: z.string(), tracking_code: z.string(), carrier: z.string().nullable() }),
        "tracking",
      ),
    });
    const refusal = refused.choices[0]?.message.refusal ?? "";
    expect(refusal).toContain("/tracking_code");
    // The nullable field that is not there either is no reason to refuse.
    expect(refusal).not.toContain("/carrier");
  });

  it("refuses, saying which field, when the document lacks one the schema requires", async () => {
    const r = await client(invoice.id).chat.completions.parse({
      model: "default",
      messages: [{ role: "user", content: "Extract the tracking code." }],
      response_format: zodResponseFormat(z.object({ tracking_code: z.string() }), "tracking"),
    });
    const message = r.choices[0]?.message;
    expect(message?.content).toBeNull();
    expect(message?.parsed).toBeNull();
    expect(message?.refusal).toContain("/tracking_code");
  });

  it("json_object gives a JSON object holding the cited answer", async () => {
    const r = await client(report.id).chat.completions.create({
      ...ask,
      response_format: { type: "json_object" },
    });
    const value = JSON.parse(r.choices[0]?.message.content ?? "");
    expect(value.answer).toContain("1,240");
    expect((r as any).citations.length).toBeGreaterThan(0);
    // Streamed: the same JSON, in one piece.
    const stream = await client(report.id).chat.completions.create({
      ...ask,
      response_format: { type: "json_object" },
      stream: true,
    });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
    expect(JSON.parse(text)).toEqual(value);
  });

  it("an invalid JSON Schema is 400 naming response_format.json_schema.schema", async () => {
    const err = await sdkError(() =>
      client(invoice.id).chat.completions.create({
        ...ask,
        response_format: {
          type: "json_schema",
          json_schema: { name: "x", schema: { type: "object", properties: { total: { type: "money" } } } },
        },
      }),
    );
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.param).toBe("response_format.json_schema.schema");
    expect(err.type).toBe("invalid_request_error");
  });
});

describe("fields the built-in engine cannot honour are refused, never ignored", () => {
  it("tools is 400 with param tools, as the SDK reports it", async () => {
    const err = await sdkError(() =>
      client(report.id).chat.completions.create({
        ...ask,
        tools: [
          { type: "function", function: { name: "lookup", parameters: { type: "object", properties: {} } } },
        ],
        tool_choice: "required",
      }),
    );
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.param).toBe("tools");
    expect(err.type).toBe("invalid_request_error");
    expect(err.code).toBe("BAD_REQUEST");
    expect(err.message).toMatch(/built-in engine/);
  });

  it("n other than 1 is 400 with param n", async () => {
    const err = await sdkError(() => client(report.id).chat.completions.create({ ...ask, n: 2 }));
    expect(err.status).toBe(400);
    expect(err.param).toBe("n");
    const one = await client(report.id).chat.completions.create({ ...ask, n: 1 });
    expect(one.choices).toHaveLength(1);
  });

  it("an unknown field is 400 naming it", async () => {
    const r = await call(server.url, "POST", chatPath(), {
      key: t.secret,
      json: { messages: question, temprature: 0.2 },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: "BAD_REQUEST",
      type: "invalid_request_error",
      param: "temprature",
    });
    expect(r.body.error.message).toContain("temprature");
    const nested = await call(server.url, "POST", chatPath(), {
      key: t.secret,
      json: { messages: [{ ...question[0], name: "ann" }] },
    });
    expect(nested.body.error.param).toBe("messages[0].name");
  });

  it("each field it cannot honour is 400 naming it", async () => {
    const toolCall = { id: "call_1", type: "function", function: { name: "f", arguments: "{}" } };
    for (const [json, param] of [
      [{ logprobs: true }, "logprobs"],
      [{ top_logprobs: 2 }, "top_logprobs"],
      [{ store: true }, "store"],
      [{ logit_bias: { "50256": -100 } }, "logit_bias"],
      [{ reasoning_effort: "low" }, "reasoning_effort"],
      [{ modalities: ["text", "audio"] }, "modalities[1]"],
      [{ functions: [{ name: "f" }] }, "functions"],
      [{ service_tier: "flex" }, "service_tier"],
      [{ tool_choice: "auto" }, "tool_choice"],
      [
        { response_format: { type: "json_schema", json_schema: { name: "x" } } },
        "response_format.json_schema.schema",
      ],
      [
        {
          messages: [
            ...question,
            { role: "assistant", content: null, tool_calls: [toolCall] },
            { role: "tool", tool_call_id: "call_1", content: "42" },
          ],
        },
        "messages[1].tool_calls",
      ],
      [
        { messages: [...question, { role: "tool", tool_call_id: "call_1", content: "42" }] },
        "messages[1].role",
      ],
      [{ messages: [{ role: "tool", content: "42" }] }, "messages[0].tool_call_id"],
    ] as const) {
      const r = await call(server.url, "POST", chatPath(), {
        key: t.secret,
        json: { messages: question, ...json },
      });
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.error.param, JSON.stringify(json)).toBe(param);
    }
  });

  it("sampling settings and harmless fields are accepted and change nothing", async () => {
    const plain = await client(report.id).chat.completions.create({ ...ask });
    const tuned = await client(report.id).chat.completions.create({
      ...ask,
      temperature: 1.5,
      top_p: 0.3,
      seed: 7,
      presence_penalty: 1,
      frequency_penalty: -1,
      user: "end-user-1",
      metadata: { ticket: "42" },
      store: false,
      logprobs: false,
      modalities: ["text"],
      service_tier: "auto",
    });
    expect(tuned.choices[0]?.message.content).toBe(plain.choices[0]?.message.content);
  });
});

describe("the public route says exactly what it takes", () => {
  let shared: any;
  beforeAll(async () => {
    shared = await uploadAndWait(server.url, t.secret, (await factReportPdf()).bytes, "shared.pdf");
    const r = await call(server.url, "PUT", `/v1/documents/${shared.id}/config`, {
      key: t.secret,
      json: {
        access: {
          default_effect: "deny",
          grants: [
            { principal: { type: "owner" }, actions: ["admin"] },
            { principal: { type: "public" }, actions: ["query"] },
          ],
        },
      },
    });
    expect(r.status, r.text).toBe(200);
  });

  it("refuses tools and roles other than user and assistant, naming the field", async () => {
    const ask = (json: Record<string, unknown>) =>
      call(server.url, "POST", "/v1/public/resolve/chat/completions", {
        json: { source: shared.id, messages: question, ...json },
      });
    expect((await ask({ max_tokens: 2 })).body.choices[0].finish_reason).toBe("length");
    for (const [json, param] of [
      [{ tools: [{ type: "function", function: { name: "f" } }] }, "tools"],
      [{ messages: [{ role: "system", content: "be a poet" }, ...question] }, "messages[0].role"],
      [{ messages: [{ role: "tool", tool_call_id: "c", content: "x" }, ...question] }, "messages[0].role"],
    ] as const) {
      await server.services.db.pool.query("DELETE FROM rate_limit_windows");
      const r = await ask(json);
      expect(r.status, JSON.stringify(json)).toBe(400);
      expect(r.body.error).toMatchObject({ type: "invalid_request_error", param });
    }
  });

  it("its OpenAPI request schema allows user and assistant messages only, and no tools", async () => {
    const reply = await call(server.url, "GET", "/openapi.json");
    expect(reply.status, reply.text.slice(0, 300)).toBe(200);
    const doc = reply.body;
    const schema = doc.components.schemas.PublicChatCompletionRequest;
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.tools).toBeUndefined();
    expect(schema.properties.messages.items.properties.role.enum).toEqual(["user", "assistant"]);
    const own = doc.components.schemas.ChatCompletionRequest;
    expect(own.additionalProperties).toBe(false);
    expect(own.properties.messages.items.properties.role.enum).toContain("tool");
  });

  it("other routes keep the plain envelope", async () => {
    const r = await call(server.url, "POST", `/v1/documents/${report.id}/structured-output`, {
      key: t.secret,
      json: { prompt: "x", schema: { type: "object" }, extra: 1 },
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.error).sort()).toEqual(["code", "message"]);
  });
});
