import { lineTo, moveTo, PDFDocument, type PDFOperator, StandardFonts, stroke } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadAndWait } from "./support/documents.ts";
import { call } from "./support/http.ts";
import { startTestServer, type TestServer } from "./support/server.ts";
import { createTenant, type Tenant } from "./support/tenant.ts";

let server: TestServer;
let t: Tenant;
beforeAll(async () => {
  // A budget small enough that a test page can exceed it without a huge file; background page
  // images on (the default), as a failed page must not be drawn there either.
  server = await startTestServer({ PAGE_MAX_OPS: "5000", PRERENDER_PAGES: "" });
  t = await createTenant(server.url);
});
afterAll(async () => {
  await server?.close();
});

/** Three pages; the middle one carries 20,000 tiny strokes, far over the drawing budget. */
async function pathological(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Page ${n} text`, { x: 72, y: 700, size: 12, font });
    if (n === 2) {
      // A second column on the line makes the page a table candidate, so its drawing is read.
      page.drawText("Total 12", { x: 400, y: 700, size: 12, font });
      const ops: PDFOperator[] = [];
      for (let i = 0; i < 20_000; i++) {
        const x = 50 + (i % 500);
        const y = 100 + Math.floor(i / 500) * 10;
        ops.push(moveTo(x, y), lineTo(x + 0.5, y), stroke());
      }
      // In chunks: spreading 60,000 arguments into one call overflows the stack.
      for (let i = 0; i < ops.length; i += 5000) page.pushOperators(...ops.slice(i, i + 5000));
    }
  }
  return doc.save();
}

describe("per-page budgets", () => {
  it("stops a page with too many drawing operations, marks it, and finishes the rest", async () => {
    const done = await uploadAndWait(server.url, t.secret, await pathological(), "heavy.pdf");
    expect(done.phase).toBe("awaiting_review");
    expect(done.error).toMatch(/pages that could not be read: 2 .*more than 5000 drawing operations/);
    expect(
      (await call(server.url, "GET", `/v1/documents/${done.id}/pages/1`, { key: t.secret })).body.content,
    ).toBe("Page 1 text");
    expect(
      (await call(server.url, "GET", `/v1/documents/${done.id}/pages/3`, { key: t.secret })).body.content,
    ).toBe("Page 3 text");
    const failed = await call(server.url, "GET", `/v1/documents/${done.id}/pages/2`, { key: t.secret });
    expect(failed.body).toMatchObject({ page: 2, content: "", method: "failed" });
    expect(done.pagesCompleted).toBe(3);
  });

  it("leaves a failed page out of the background page images (drawing it would take as long)", async () => {
    const done = await uploadAndWait(server.url, t.secret, await pathological(), "heavy.pdf");
    const images = async () =>
      (await server.services.blobs.list(`documents/${done.id}/images/`))
        .map((k) => k.replace(/.*\//, ""))
        .sort();
    // Queued just after the extraction reports its end: wait for the first image, then the rest.
    for (let waited = 0; waited < 20_000 && (await images()).length === 0; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    await server.prerender?.idle();
    expect(await images()).toEqual(["g1-p1@1.5.png", "g1-p3@1.5.png"]);
  });
});
