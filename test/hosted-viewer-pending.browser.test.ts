import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchChromium, screenshot, watchErrors } from "./support/browser.ts";
import { publish, storeFile } from "./support/hosting.ts";
import { textPdf } from "./support/pdfs.ts";
import { type ServiceProcess, spawnService } from "./support/process.ts";
import { startTestServer, type TestServer, WORKER_SECRET } from "./support/server.ts";
import { createTenant } from "./support/tenant.ts";

// A site published from a stored file is parsed in the background. Here the API runs alone, so
// the parse waits until a worker process is started: the viewer, already open, must say the
// text is not ready yet, then pick the document up by itself once the worker has read it.

let browser: Browser;
let server: TestServer;
let worker: ServiceProcess | undefined;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchChromium(),
    startTestServer({ ROLE: "api", HOSTED_DOMAIN: "quire.localhost" }),
  ]);
});

afterAll(async () => {
  await worker?.kill();
  await browser?.close();
  await server?.close();
});

describe("a hosted file still being parsed", () => {
  it("says the text is not ready, then opens search once a worker has read it", async () => {
    const tenant = await createTenant(server.url);
    const pdf = await textPdf([["Opening page"], ["Second page", "The heron count rose."], ["Last page"]]);
    const fileId = await storeFile(server.url, tenant.secret, pdf, "birds.pdf");
    const site = await publish(server.url, tenant.secret, { source: { file_id: fileId } });

    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/`);
    expect(await page.locator("h1").textContent()).toBe("birds.pdf");
    await expect.poll(() => page.locator("#search-status").textContent()).toContain("Text not ready yet");
    expect(await page.locator("#search-input").isDisabled()).toBe(true);
    // Not opened yet: no pages, so no paging controls, and a word on what is happening.
    expect(await page.locator("#page-number").count()).toBe(0);
    expect(await page.locator(".preparing").textContent()).toContain("still being prepared");
    await expectAccessible(page);
    await screenshot(page, "hosted-viewer", "text-pending");

    worker = await spawnService({
      ROLE: "worker",
      DATABASE_URL: server.database.url,
      BLOB_DIR: server.blobDir,
      WORKER_SECRET,
    });
    await expect.poll(() => page.locator("#search-input").isDisabled(), { timeout: 45_000 }).toBe(false);
    expect(await page.locator("#page-total").textContent()).toBe("of 3");
    await page.locator("#search-input").fill("heron");
    await page.locator("#search-input").press("Enter");
    await expect.poll(() => page.locator("#page-number").inputValue()).toBe("2");
    await expect
      .poll(() => page.locator("#page-2 img").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(918);
    expect(errors.filter((e) => !e.startsWith("503 /pages/"))).toEqual([]);
    await context.close();
  });
});
