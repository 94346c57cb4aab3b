import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchChromium, screenshot, watchErrors } from "../support/browser.ts";
import { uploadAndWait } from "../support/documents.ts";
import { publish, storeFile } from "../support/hosting.ts";
import { textPdf } from "../support/pdfs.ts";
import { type ServiceProcess, spawnService } from "../support/process.ts";
import { startTestServer, type TestServer, WORKER_SECRET } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Sites whose document is not read yet. The API runs alone here, so a file published waits for
// the worker process the first test starts: until then the site is a page that reloads itself,
// and the viewer must pick the document up by itself once the worker has read it.

let browser: Browser;
let server: TestServer;
let tenant: Tenant;
let worker: ServiceProcess | undefined;

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchChromium(),
    startTestServer({ ROLE: "api", HOSTED_DOMAIN: "quire.localhost" }),
  ]);
  tenant = await createTenant(server.url);
});

afterAll(async () => {
  await worker?.kill();
  await browser?.close();
  await server?.close();
});

async function open(url: string) {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const response = await page.goto(url);
  return { page, errors, status: response?.status(), close: () => context.close() };
}

/** The worker process: started by the first test, after it has seen a site wait for one. */
async function startWorker(): Promise<void> {
  worker ??= await spawnService({
    ROLE: "worker",
    DATABASE_URL: server.database.url,
    BLOB_DIR: server.blobDir,
    WORKER_SECRET,
  });
}

const searchOpen = (page: Page, timeout: number) =>
  expect.poll(() => page.locator("#search-input").isDisabled(), { timeout }).toBe(false);

describe("hosted sites not read yet", () => {
  it("a file still queued: a page that reloads itself into the viewer once a worker reads it", async () => {
    const pdf = await textPdf([["Opening page"], ["Second page", "The heron count rose."], ["Last page"]]);
    const fileId = await storeFile(server.url, tenant.secret, pdf, "birds.pdf");
    const site = await publish(server.url, tenant.secret, { source: { file_id: fileId } });

    const { page, errors, status, close } = await open(`${site.url}/`);
    expect(status).toBe(503);
    expect(await page.locator("h1").textContent()).toBe("birds.pdf");
    expect(await page.locator("main").textContent()).toContain("being prepared");

    await startWorker();
    await page.locator("#pages").waitFor({ timeout: 45_000 });
    await searchOpen(page, 45_000);
    expect(await page.locator("#page-total").textContent()).toBe("of 3");
    await page.locator("#search-input").fill("heron");
    await page.locator("#search-input").press("Enter");
    await expect.poll(() => page.locator("#page-number").inputValue()).toBe("2");
    await expect
      .poll(() => page.locator("#page-2 img").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(918);
    // Only the 503s of the reloading page, before the worker came.
    expect(errors.filter((e) => e !== "503 /")).toEqual([]);
    await close();
  });

  it("a document being read: search says the text is not ready, then opens by itself", async () => {
    await startWorker();
    const pdf = await textPdf([["Alpha page"], ["Beta page", "Osprey sightings doubled."]]);
    const doc = await uploadAndWait(server.url, tenant.secret, pdf, "osprey.pdf");
    const site = await publish(server.url, tenant.secret, { source: { document_id: doc.id } });
    // Reading a document this small takes less than the viewer's polling interval, too short to
    // catch the page in between; so the parsed document is put back in the phase it has while
    // read (opened, its pages known, its text not all there), and then given its phase back.
    const setPhase = (phase: string) =>
      server.services.db.pool.query("UPDATE documents SET phase = $1 WHERE id = $2", [phase, doc.id]);
    await setPhase("extracting");

    const { page, errors, close } = await open(`${site.url}/#page=2`);
    await expect.poll(() => page.locator("#search-status").textContent()).toContain("Text not ready yet");
    expect(await page.locator("#search-input").isDisabled()).toBe(true);
    expect(await page.locator("#page-number").inputValue()).toBe("2");
    await screenshot(page, "hosted-viewer", "text-pending");
    await expectAccessible(page);

    await setPhase("complete");
    await searchOpen(page, 15_000);
    expect(await page.getByRole("article", { name: "Page 2 text" }).textContent()).toContain("Osprey");
    expect(errors).toEqual([]);
    await close();
  });
});
