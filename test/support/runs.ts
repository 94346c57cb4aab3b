import { expect } from "vitest";
import { call } from "./http.ts";

/** Polls a workflow run until it has ended, as a client would; returns its record. */
export async function waitForRun(base: string, key: string, id: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call(base, "GET", `/v1/runs/${id}`, { key });
    expect(r.status, r.text).toBe(200);
    if (!["queued", "running"].includes(r.body.status)) return r.body;
    if (Date.now() > until) throw new Error(`run ${id} still ${r.body.status}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}
