import { expect } from "vitest";
import { call } from "./http.ts";

export type PublishedSite = { namespace: string; url: string; body: any };

/** Publishes through the public API (POST /v1/host) and returns the site's address. */
export async function publish(
  base: string,
  key: string,
  body: Record<string, unknown>,
): Promise<PublishedSite> {
  const r = await call(base, "POST", "/v1/host", { key, json: body });
  expect(r.status, r.text).toBe(201);
  const url = r.body.deployment.url as string;
  expect(url).toMatch(/^http:\/\/[a-z0-9-]+\.quire\.localhost:\d+$/);
  return { namespace: r.body.namespace, url, body: r.body };
}

/** A stored file (POST /v1/files), which a site may be published from. */
export async function storeFile(base: string, key: string, bytes: Uint8Array, fileName = "test.pdf") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), fileName);
  const r = await call(base, "POST", "/v1/files", { key, body: form });
  expect(r.status, r.text).toBe(201);
  return r.body.id as string;
}
