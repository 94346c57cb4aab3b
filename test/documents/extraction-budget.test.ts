import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hostileMiddlePage, tinyTilePattern } from "../../fuzz/hostile-pdfs.ts";
import { uploadAndWait } from "../support/documents.ts";
import { call } from "../support/http.ts";
import { heavyPdf } from "../support/pdfs.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

let server: TestServer;
let t: Tenant;
beforeAll(async () => {
  // A budget small enough that a test page can exceed it without a huge file; background page
  // images on (the default), as a failed page must not be drawn there either.
  server = await startTestServer({
    PAGE_MAX_OPS: "5000",
    PRERENDER_PAGES: "",
    PAGE_IMAGE_TIME_BUDGET_SECONDS: "1",
  });
  t = await createTenant(server.url);
});
afterAll(async () => {
  await server?.close();
});

/** Three pages; the middle one carries 20,000 tiny strokes, far over the drawing budget. */
const pathological = () => heavyPdf({ pages: 3, heavy: 2, strokes: 20_000 });

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

  it("refuses a page image that takes longer than PAGE_IMAGE_TIME_BUDGET_SECONDS to draw (422), at once when asked again, and draws the others", async () => {
    // Page 2 prints a line of text over a pattern of 48 million tiles: read at once (the text
    // pass never draws the pattern), and far over the 1 s budget to draw at scale 4.
    const done = await uploadAndWait(
      server.url,
      t.secret,
      hostileMiddlePage(
        "BT /F1 12 Tf 72 720 Td (Tiled) Tj ET /Pattern cs /P0 scn 0 0 612 792 re f",
        "/Pattern << /P0 10 0 R >>",
        [tinyTilePattern(10)],
      ),
      "heavier.pdf",
    );
    expect(done.phase).toBe("complete");
    const image = (page: number) =>
      call(server.url, "GET", `/v1/documents/${done.id}/pages/${page}/image.png?scale=4`, {
        key: t.secret,
      });
    const refused = await image(2);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({
      code: "UNPROCESSABLE",
      message: "Page 2 took longer than 1 s to draw; it is too complex to render as an image.",
    });
    const render = vi.spyOn(server.services.renderer, "render");
    try {
      const again = await image(2);
      expect(again.status).toBe(422);
      expect(again.body.error.code).toBe("UNPROCESSABLE");
      // Remembered: the page was not drawn a second time.
      expect(render).not.toHaveBeenCalled();
      expect((await image(3)).status).toBe(200);
      expect(render).toHaveBeenCalled();
    } finally {
      render.mockRestore();
    }
  });
});
