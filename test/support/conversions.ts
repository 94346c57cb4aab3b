import { expect } from "vitest";
import { call } from "./http.ts";

export type Part = { bytes: Uint8Array; name: string; type?: string };

/** POST /v1/conversions as multipart: the text fields first, then each image as a `file` part. */
export function convert(
  base: string,
  key: string | undefined,
  images: Part[],
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ kind: "image_to_pdf", ...fields })) form.append(k, v);
  for (const img of images)
    form.append(
      "file",
      new Blob([new Uint8Array(img.bytes)], { type: img.type ?? "application/octet-stream" }),
      img.name,
    );
  return call(base, "POST", "/v1/conversions", { key, body: form });
}

/** Polls a conversion until it succeeded or failed. */
export async function waitForConversion(base: string, key: string, id: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call(base, "GET", `/v1/conversions/${id}`, { key });
    expect(r.status, r.text).toBe(200);
    if (r.body.status === "succeeded" || r.body.status === "failed") return r.body;
    if (Date.now() > until) throw new Error(`conversion ${id} still ${r.body.status}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** The bytes of a stored file. */
export async function fileBytes(base: string, key: string, id: string): Promise<Uint8Array> {
  const res = await fetch(`${base}/v1/files/${id}/content`, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}
