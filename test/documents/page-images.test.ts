import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceBlobKey } from "../../src/core/documents/blob-keys.ts";
import {
  activeGenerationIn,
  forgetPageImages,
  type PageImageDeps,
  pageImage,
  READ_AHEAD,
  readAhead,
  readAheadIdle,
} from "../../src/core/documents/page-images.ts";
import { uploadAndWait } from "../support/documents.ts";
import { textPdf } from "../support/pdfs.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Page images through the real API: rendered on the first request, stored, the next pages
// rendered ahead in the background, one render per image however many ask, nothing left in the
// store after a delete that lands while images are being rendered.

let server: TestServer;
let t: Tenant;
const PAGES = 6;
const pdf = () =>
  textPdf(Array.from({ length: PAGES }, (_, i) => [`Page ${i + 1} of the report`, "Revenue grew."]));

const image = (id: string, page: number, scale = 0.5) =>
  fetch(`${server.url}/v1/documents/${id}/pages/${page}/image.png?scale=${scale}`, {
    headers: { authorization: `Bearer ${t.secret}` },
  });
const stored = async (id: string) =>
  (await server.services.blobs.list(`documents/${id}/images/`)).map((k) => k.replace(/.*\//, "")).sort();

/** The service's page-image dependencies, with the store's writes optionally held back. */
function depsOf(opts: { putDelay?: Promise<void>; failPut?: boolean } = {}): PageImageDeps {
  const blobs = server.services.blobs;
  return {
    blobs: {
      ...blobs,
      put: async (key, bytes) => {
        if (opts.failPut) throw new Error("disk full");
        await opts.putDelay;
        await blobs.put(key, bytes);
      },
    },
    log: server.services.log,
    renderer: server.services.renderer,
    activeGeneration: activeGenerationIn(server.services.db),
  };
}

const requestOf = (id: string, page: number, scale: number) => ({
  documentId: id,
  generation: 1,
  page,
  scale,
  load: async () => (await server.services.blobs.get(sourceBlobKey(id))) as Buffer,
});

/** A promise and the function that settles it. */
function gate() {
  let open: () => void = () => {};
  const shut = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { shut, open };
}

beforeAll(async () => {
  server = await sharedTestServer();
  t = await createTenant(server.url);
});
afterAll(async () => {
  await readAheadIdle();
  await server?.close();
});

describe("page images", () => {
  it("renders the requested page, then the next pages ahead of a reader, up to the last page", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await pdf());
    expect(doc.phase).toBe("complete");
    const first = await image(doc.id, 1);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    await readAheadIdle();
    const ahead = Array.from({ length: READ_AHEAD + 1 }, (_, i) => `g1-p${i + 1}@0.5.png`).sort();
    expect(await stored(doc.id)).toEqual(ahead);

    // The next page is served from the store, byte for byte what was rendered ahead.
    const second = await image(doc.id, 2);
    const inStore = await server.services.blobs.get(`documents/${doc.id}/images/g1-p2@0.5.png`);
    expect(Buffer.from(await second.arrayBuffer()).equals(inStore as Buffer)).toBe(true);
    await readAheadIdle();
    expect(await stored(doc.id)).toContain(`g1-p${2 + READ_AHEAD}@0.5.png`);

    // Read-ahead stops at the last page; another scale is another image.
    expect((await image(doc.id, PAGES, 1)).status).toBe(200);
    await readAheadIdle();
    expect((await stored(doc.id)).filter((k) => k.endsWith("@1.png"))).toEqual([`g1-p${PAGES}@1.png`]);
  });

  it("serves an image read lately from memory, and none of a document once it is deleted", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await pdf());
    const first = await image(doc.id, 1);
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    await readAheadIdle();
    // Out of the store behind the service's back: a second read that went to the store would
    // draw the page again and store it anew.
    await server.services.blobs.delete(`documents/${doc.id}/images/g1-p1@0.5.png`);
    const again = await image(doc.id, 1);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await stored(doc.id)).not.toContain("g1-p1@0.5.png");
    const del = await fetch(`${server.url}/v1/documents/${doc.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(del.status).toBe(200);
    expect((await image(doc.id, 1)).status).toBe(404);
  });

  it("renders an image once when several ask for it at the same time", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await pdf());
    const deps = depsOf();
    const request = requestOf(doc.id, 4, 0.75);
    const [a, b, c] = await Promise.all([
      pageImage(deps, request),
      pageImage(deps, request),
      pageImage(deps, request),
    ]);
    // One render: the callers share its result (each render makes a new buffer).
    expect(b).toBe(a);
    expect(c).toBe(a);
    // Through HTTP, concurrent requests for one new image get the same bytes.
    const replies = await Promise.all([image(doc.id, 5, 0.8), image(doc.id, 5, 0.8)]);
    const bodies = await Promise.all(replies.map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect((bodies[0] as Buffer).equals(bodies[1] as Buffer)).toBe(true);
  });

  it("reads ahead only at scales up to 2, and serves an image the store failed to keep", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await pdf());
    expect((await image(doc.id, 1, 2.5)).status).toBe(200);
    await readAheadIdle();
    expect(await stored(doc.id)).toEqual(["g1-p1@2.5.png"]);
    // The render is returned even when it cannot be stored; the next request renders again.
    const png = await pageImage(depsOf({ failPut: true }), requestOf(doc.id, 3, 0.5));
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(await stored(doc.id)).toEqual(["g1-p1@2.5.png"]);
  });

  it("leaves no image behind when the document is deleted while pages are rendered ahead", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await pdf());
    // A large scale keeps the renders busy when the delete comes.
    expect((await image(doc.id, 1, 3)).status).toBe(200);
    const del = await fetch(`${server.url}/v1/documents/${doc.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(del.status).toBe(200);
    await readAheadIdle();
    expect(await server.services.blobs.list(`documents/${doc.id}/`)).toEqual([]);
  });

  it("forgetting a document drops its queued read-ahead and waits for the render under way", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await pdf());
    const deps = depsOf();
    const request = requestOf(doc.id, 1, 2);
    // Pages 2..5 queued; the first of them starts at once.
    readAhead(deps, request, PAGES);
    readAhead(deps, { ...request, page: 3 }, PAGES);
    await forgetPageImages(doc.id);
    // Whatever was stored was stored before forgetPageImages resolved: nothing comes later.
    const atForget = await stored(doc.id);
    expect(atForget.length).toBeLessThanOrEqual(1);
    await readAheadIdle();
    expect(await stored(doc.id)).toEqual(atForget);
    // A request that was let in before the delete and renders after it gets its image; nothing
    // is stored, and nothing is read ahead.
    const late = await pageImage(deps, requestOf(doc.id, 6, 0.5));
    readAhead(deps, requestOf(doc.id, 4, 0.5), PAGES);
    await readAheadIdle();
    expect(late.length).toBeGreaterThan(100);
    expect(await stored(doc.id)).toEqual(atForget);
  });

  it("keeps no image of a document deleted or reparsed by another process while it was drawn", async () => {
    for (const change of ["deleted", "reparsed"] as const) {
      const doc = await uploadAndWait(server.url, t.secret, await pdf());
      const held = gate();
      const rendering = pageImage(depsOf({ putDelay: held.shut }), requestOf(doc.id, 2, 0.5));
      // Another process changes the document between this render's check and its write.
      await new Promise((r) => setTimeout(r, 300));
      if (change === "deleted") {
        await server.services.db.pool.query("DELETE FROM documents WHERE id = $1", [doc.id]);
        await server.services.blobs.deletePrefix(`documents/${doc.id}/images/`);
      } else {
        await server.services.db.pool.query("UPDATE documents SET active_generation = 2 WHERE id = $1", [
          doc.id,
        ]);
      }
      held.open();
      expect((await rendering).length, change).toBeGreaterThan(100);
      expect(await stored(doc.id), change).toEqual([]);
    }
  });

  it("queues at most four images of one document ahead", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await pdf());
    const held = gate();
    const deps = depsOf({ putDelay: held.shut });
    // Page 2 starts and waits on the store; pages 3, 4, 5 queue behind it; page 6 would be a fifth.
    readAhead(deps, requestOf(doc.id, 1, 0.5), PAGES);
    await new Promise((r) => setTimeout(r, 100));
    readAhead(deps, requestOf(doc.id, 3, 0.5), PAGES);
    readAhead(deps, requestOf(doc.id, 5, 0.5), PAGES);
    held.open();
    await readAheadIdle();
    expect(await stored(doc.id)).toEqual([
      "g1-p2@0.5.png",
      "g1-p3@0.5.png",
      "g1-p4@0.5.png",
      "g1-p5@0.5.png",
    ]);
  });
});
