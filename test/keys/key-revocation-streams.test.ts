import { createClient, type ExecutionResult } from "graphql-sse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentProgressDocument } from "../../operations/generated.ts";
import { upload, uploadAndWait } from "../support/documents.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai-server.ts";
import { call } from "../support/http.ts";
import { reportPdf } from "../support/pdfs.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createKey, createTenant, type Tenant } from "../support/tenant.ts";

// A stream opened with a key ends when the key is revoked or rotated: the next request with the
// key would be refused, and so is the stream's next event.

let server: TestServer;
let fake: FakeOpenAI;
let t: Tenant;
let docId: string;
beforeAll(async () => {
  fake = await startFakeOpenAI();
  server = await startTestServer({
    ANSWER_PROVIDER: "openai",
    OPENAI_BASE_URL: `${fake.url}/v1`,
    OPENAI_MODELS: "default=fake-small",
  });
  t = await createTenant(server.url);
  docId = (await uploadAndWait(server.url, t.secret, await reportPdf())).id;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** Reads the stream to its end, at most `ms`; returns what came and whether it ended. */
async function readToEnd(body: ReadableStream<Uint8Array>, ms: number) {
  const reader = body.getReader();
  let text = "";
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const r = await Promise.race([
      reader.read(),
      new Promise<null>((res) => setTimeout(() => res(null), deadline - Date.now())),
    ]);
    if (r === null) break;
    if (r.done) return { text, ended: true };
    text += new TextDecoder().decode(r.value);
  }
  await reader.cancel().catch(() => undefined);
  return { text, ended: false };
}

describe("streams of a key that is revoked or rotated", () => {
  it("a chat completion stream (REST SSE) gets an UNAUTHORIZED error and ends when its key is revoked", async () => {
    const k = await createKey(server.url, t, "secret", "streaming");
    // The provider sends one piece and then nothing, the connection open.
    fake.script({ kind: "stall", text: "Revenue was $12.4 million [1].", afterChunks: 1 });
    const res = await fetch(`${server.url}/v1/documents/${docId}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${k.secret}`, "content-type": "application/json" },
      body: JSON.stringify({ messages: [{ role: "user", content: "revenue" }], stream: true }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("chat.completion.chunk");
    reader.releaseLock();
    const revoked = await call(server.url, "DELETE", `/v1/keys/${k.id}`, { key: t.secret });
    expect(revoked.status, revoked.text).toBe(200);
    const rest = await readToEnd(res.body!, 10_000);
    expect(rest.ended).toBe(true);
    expect(rest.text).toContain('"code":"UNAUTHORIZED"');
    expect(rest.text).toContain("was revoked or rotated; the stream is closed");
    expect(rest.text).not.toContain("[DONE]");
  });

  it("a GraphQL subscription (graphql-sse) ends with an UNAUTHORIZED error when its key is rotated", async () => {
    // API only: the document stays queued, so its progress subscription stays open.
    const apiOnly = await startTestServer({ ROLE: "api" });
    try {
      const tenant = await createTenant(apiOnly.url);
      const k = await createKey(apiOnly.url, tenant, "secret", "subscriber");
      const up = await upload(apiOnly.url, tenant.secret, await reportPdf());
      expect(up.status).toBe(202);
      const client = createClient({
        url: `${apiOnly.url}/graphql/stream`,
        headers: { authorization: `Bearer ${k.secret}` },
        retryAttempts: 0,
      });
      const results: ExecutionResult[] = [];
      let rotated = false;
      const done = (async () => {
        for await (const r of client.iterate({
          query: String(DocumentProgressDocument),
          variables: { id: up.body.id },
        })) {
          results.push(r as ExecutionResult);
          if (!rotated) {
            rotated = true;
            const rot = await call(apiOnly.url, "POST", `/v1/keys/${k.id}/rotate`, { key: tenant.secret });
            expect(rot.status, rot.text).toBe(200);
          }
        }
      })();
      const finished = await Promise.race([
        done.then(() => true),
        new Promise<boolean>((res) => setTimeout(() => res(false), 10_000)),
      ]);
      client.dispose();
      expect(finished).toBe(true);
      const last = results[results.length - 1];
      expect(last?.errors?.[0]?.message).toMatch(/was revoked or rotated; the stream is closed/);
      expect((last?.errors?.[0] as any)?.extensions?.code).toBe("UNAUTHORIZED");
    } finally {
      await apiOnly.close();
    }
  });
});
