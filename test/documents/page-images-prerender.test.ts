import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedDocumentPrerenderer } from "../../src/core/documents/prerender-page-images.ts";
import { uploadAndWait } from "../support/documents.ts";
import { textPdf } from "../support/pdfs.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Background page images (PRERENDER_PAGES): after a document is extracted, the worker renders its
// pages at the default scale and stores them, so a viewer's request for any page is a stored file.

let server: TestServer;
let t: Tenant;
const PAGES = 5;
const pdf = () =>
  textPdf(Array.from({ length: PAGES }, (_, i) => [`Page ${i + 1} of the minutes`, "The motion carried."]));

const stored = async (s: TestServer, id: string) =>
  (await s.services.blobs.list(`documents/${id}/images/`)).map((k) => k.replace(/.*\//, "")).sort();
/**
 * The document's stored images once its background rendering is over. The worker queues a
 * document just after its extraction reports complete, so this first waits for an image to
 * appear (20 s at most), then for the prerenderer to finish.
 */
async function prerendered(s: TestServer, id: string): Promise<string[]> {
  for (let waited = 0; waited < 20_000 && (await stored(s, id)).length === 0; waited += 50)
    await new Promise((r) => setTimeout(r, 50));
  await s.prerender?.idle();
  return stored(s, id);
}
const allPages = (n: number) => Array.from({ length: n }, (_, i) => `g1-p${i + 1}@1.5.png`).sort();

/** A prerenderer over the test server's store and database, busy while `busy.on` is set. */
const prerendererOf = (s: TestServer, pages: number, busy = { on: false }) =>
  storedDocumentPrerenderer(s.services, pages, () => busy.on);

/**
 * A document extracted and its background images made, then removed from the store: a
 * prerenderer of the test's own starts from none.
 */
async function uploadWithoutImages() {
  const doc = await uploadAndWait(server.url, t.secret, await pdf());
  await prerendered(server, doc.id);
  for (const key of await server.services.blobs.list(`documents/${doc.id}/images/`))
    await server.services.blobs.delete(key);
  return doc;
}

const del = (id: string) =>
  fetch(`${server.url}/v1/documents/${id}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${t.secret}` },
  });

beforeAll(async () => {
  // The default configuration: PRERENDER_PAGES unset (the test servers turn it off otherwise).
  server = await startTestServer({ PRERENDER_PAGES: "" });
  t = await createTenant(server.url);
});
afterAll(async () => {
  await server?.close();
});

describe("background page images", () => {
  it("by default stores every page's image after extraction, and the API serves the stored file", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await pdf());
    expect(doc.phase).toBe("complete");
    expect(await prerendered(server, doc.id)).toEqual(allPages(PAGES));
    // Done with it, the worker does not keep the PDF open.
    expect((await server.services.renderer.held()).map((d) => d.key)).not.toContain(doc.id);
    const res = await fetch(`${server.url}/v1/documents/${doc.id}/pages/4/image.png`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(res.status).toBe(200);
    const inStore = await server.services.blobs.get(`documents/${doc.id}/images/g1-p4@1.5.png`);
    expect(Buffer.from(await res.arrayBuffer()).equals(inStore as Buffer)).toBe(true);
  });

  it("stores only the first PRERENDER_PAGES pages", async () => {
    const limited = await startTestServer({ PRERENDER_PAGES: "2" });
    try {
      const tenant = await createTenant(limited.url);
      const doc = await uploadAndWait(limited.url, tenant.secret, await pdf());
      expect(await prerendered(limited, doc.id)).toEqual(allPages(2));
    } finally {
      await limited.close();
    }
  });

  it("waits while the process is extracting, then renders", async () => {
    const doc = await uploadWithoutImages();
    const busy = { on: true };
    const p = prerendererOf(server, PAGES, busy);
    p.enqueue({ documentId: doc.id, generation: 1 });
    await new Promise((r) => setTimeout(r, 600));
    expect(await stored(server, doc.id)).toEqual([]);
    busy.on = false;
    await p.idle();
    expect(await stored(server, doc.id)).toEqual(allPages(PAGES));
  });

  it("stops for a document deleted while it waits, and for a generation that is not the active one", async () => {
    const gone = await uploadWithoutImages();
    const kept = await uploadWithoutImages();
    const busy = { on: true };
    const p = prerendererOf(server, PAGES, busy);
    p.enqueue({ documentId: gone.id, generation: 1 });
    p.enqueue({ documentId: kept.id, generation: 2 });
    expect((await del(gone.id)).status).toBe(200);
    busy.on = false;
    await p.idle();
    expect(await stored(server, gone.id)).toEqual([]);
    expect(await stored(server, kept.id)).toEqual([]);
  });

  it("drops what is waiting when stopped, and takes nothing more", async () => {
    const doc = await uploadWithoutImages();
    const busy = { on: true };
    const p = prerendererOf(server, PAGES, busy);
    p.enqueue({ documentId: doc.id, generation: 1 });
    await p.stop();
    busy.on = false;
    p.enqueue({ documentId: doc.id, generation: 1 });
    await p.idle();
    expect(await stored(server, doc.id)).toEqual([]);
  });
});
