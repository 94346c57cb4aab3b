import { expect } from "vitest";
import { call, type Reply } from "./http.ts";

export async function upload(
  base: string,
  key: string | undefined,
  bytes: Uint8Array,
  opts: { fileName?: string; part?: string; type?: string } = {},
): Promise<Reply> {
  const form = new FormData();
  form.append(
    opts.part ?? "file",
    new Blob([new Uint8Array(bytes)], { type: opts.type ?? "application/pdf" }),
    opts.fileName ?? "test.pdf",
  );
  return call(base, "POST", "/v1/documents", { key, body: form });
}

/** Polls the document until its phase is terminal, as a client would; returns the last record. */
export async function waitForTerminal(
  base: string,
  key: string,
  id: string,
  timeoutMs = 60_000,
): Promise<any> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const r = await call(base, "GET", `/v1/documents/${id}`, { key });
    expect(r.status).toBe(200);
    if (["complete", "awaiting_review", "error"].includes(r.body.phase)) return r.body;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`document ${id} did not reach a terminal phase in ${timeoutMs} ms`);
}

export async function uploadAndWait(base: string, key: string, bytes: Uint8Array, fileName = "test.pdf") {
  const r = await upload(base, key, bytes, { fileName });
  expect(r.status, r.text).toBe(202);
  return waitForTerminal(base, key, r.body.id);
}
