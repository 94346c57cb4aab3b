import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchChromium, screenshot, watchErrors } from "../support/browser.ts";
import { uploadAndWait } from "../support/documents.ts";
import { type PublishedSite, publish } from "../support/hosting.ts";
import { textPdf } from "../support/pdfs.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// The hosted viewer in a real browser against the real service: documents are published through
// POST /v1/host and opened at http://{namespace}.quire.localhost:{port}/ (Chromium resolves
// *.localhost to loopback), behind the site's real CSP and access rules.

const TITLE = `Report <script>alert(1)</script> "Q&A"`;
const PAGES = 12;
const pdfPages = () =>
  textPdf(
    Array.from({ length: PAGES }, (_, i) =>
      i === 6
        ? ["Page seven", "This page talks about the zebra migration."]
        : [`Page number ${i + 1}`, "Ordinary words about the quarter."],
    ),
  );

let browser: Browser;
let server: TestServer;
let tenant: Tenant;
let documentId: string;
const sites: Record<string, PublishedSite> = {};

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchChromium(),
    startTestServer({ HOSTED_DOMAIN: "quire.localhost" }),
  ]);
  tenant = await createTenant(server.url);
  documentId = (await uploadAndWait(server.url, tenant.secret, await pdfPages(), "report.pdf")).id;
  const source = { document_id: documentId };
  sites.open = await publish(server.url, tenant.secret, { source, title: TITLE });
  sites.noDownload = await publish(server.url, tenant.secret, {
    source,
    title: "No download",
    access: { allow_download: false },
  });
  sites.locked = await publish(server.url, tenant.secret, {
    source,
    title: "Locked report",
    access: { password: "correct horse" },
  });
  sites.expired = await publish(server.url, tenant.secret, {
    source,
    title: "Old report",
    access: { expires_at: new Date(Date.now() - 60_000).toISOString() },
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh browser context on a site; `errors` gathers script errors, failed and foreign requests. */
async function open(site: PublishedSite, path = "/", viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // Everything the viewer loads is its own site's: it works offline and leaks no reader.
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.protocol !== "data:" && url.origin !== site.url) errors.push(`foreign: ${url}`);
  });
  const response = await page.goto(site.url + path);
  return { page, errors, status: response?.status(), close: () => context.close() };
}

const currentPage = (page: Page) => page.locator("#page-number").inputValue();
const textReady = (page: Page) =>
  expect.poll(() => page.locator("#search-input").isDisabled(), { timeout: 15_000 }).toBe(false);

describe("the hosted viewer", () => {
  it("shows the escaped title and pages by keyboard and by #page=", async () => {
    const { page, errors, close } = await open(sites.open!, "/#page=5");
    expect(await page.title()).toBe(TITLE);
    expect(await page.locator("h1").textContent()).toBe(TITLE);
    expect(await page.locator("#page-total").textContent()).toBe(`of ${PAGES}`);
    await expect.poll(() => currentPage(page)).toBe("5");
    // Where the last page sits before any image has loaded: it must not move as they load.
    const lastTop = () => page.locator(`#page-${PAGES}`).evaluate((el: HTMLElement) => el.offsetTop);
    const topBefore = await lastTop();
    // The first Tab reaches the skip link, which takes focus to the pages.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to the document");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("pages");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => currentPage(page)).toBe("6");
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#page=6");
    await page.keyboard.press("PageDown");
    await expect.poll(() => currentPage(page)).toBe("7");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => currentPage(page)).toBe("6");
    await page.keyboard.press("End");
    await expect.poll(() => currentPage(page)).toBe(String(PAGES));
    await page.keyboard.press("Home");
    await expect.poll(() => currentPage(page)).toBe("1");
    await page.evaluate(() => {
      location.hash = "#page=9";
    });
    await expect.poll(() => currentPage(page)).toBe("9");
    // The page in view has its image loaded (lazily), at the size the layout reserved for it.
    const image = page.locator("#page-9 img");
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(918);
    expect(await lastTop()).toBe(topBefore);
    await textReady(page);
    await screenshot(page, "hosted-viewer", "desktop");
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("searches the text and jumps to the page of a hit", async () => {
    const { page, errors, close } = await open(sites.open!);
    await textReady(page);
    await page.locator("#search-input").fill("zebra");
    await page.locator("#search-input").press("Enter");
    await expect.poll(() => page.locator("#search-results button").count()).toBe(1);
    expect(await page.locator("#search-results").textContent()).toContain("Page 7");
    await expect.poll(() => currentPage(page)).toBe("7");
    await page.locator("#pages").focus();
    await page.keyboard.press("Home");
    await expect.poll(() => currentPage(page)).toBe("1");
    await page.locator("#search-results button").first().click();
    await expect.poll(() => currentPage(page)).toBe("7");
    // The page's text is there for screen readers, and shown for selection on demand.
    const text = page.getByRole("article", { name: "Page 7 text" });
    expect(await text.textContent()).toContain("zebra migration");
    const height = async () => (await text.boundingBox())?.height ?? 0;
    expect(await height()).toBeLessThanOrEqual(1);
    await page.locator("#text-toggle").click();
    expect(await height()).toBeGreaterThan(20);
    await screenshot(page, "hosted-viewer", "search-and-text");
    expect(errors).toEqual([]);
    await close();
  });

  it("zooms in and out by buttons and keys, and back to fit", async () => {
    const { page, errors, close } = await open(sites.open!, "/#page=3");
    const width = () => page.locator("#page-3").evaluate((el) => el.getBoundingClientRect().width);
    const fit = await width();
    await page.locator("#zoom-in").click();
    const zoomed = await width();
    expect(zoomed).toBeGreaterThan(fit);
    expect(await page.locator("#zoom-level").textContent()).toMatch(/^\d+%$/);
    await page.locator("#pages").focus();
    await page.keyboard.press("+");
    expect(await width()).toBeGreaterThan(zoomed);
    await page.keyboard.press("-");
    await page.keyboard.press("-");
    expect(await width()).toBeLessThan(zoomed);
    await page.locator("#zoom-fit").click();
    expect(await width()).toBeCloseTo(fit, 0);
    // Zooming keeps the reader on the page they were on.
    expect(await currentPage(page)).toBe("3");
    // Collapsing the thumbnail strip gives its width to the pages.
    await page.locator("#thumbs-toggle").click();
    expect(await page.locator("#thumbs-toggle").getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator("#thumbs").isVisible()).toBe(false);
    expect(await width()).toBeGreaterThan(fit);
    expect(errors).toEqual([]);
    await close();
  });

  it("works on a 375 px phone: thumbnails in a drawer, search behind a button", async () => {
    const { page, errors, close } = await open(sites.open!, "/#page=2", { width: 375, height: 740 });
    await expect.poll(() => currentPage(page)).toBe("2");
    expect(await page.locator("#thumbs").isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const pageWidth = await page.locator("#page-2").evaluate((el) => el.getBoundingClientRect().width);
    expect(pageWidth).toBeLessThanOrEqual(375);
    await page.locator("#thumbs-toggle").click();
    expect(await page.locator("#thumbs").isVisible()).toBe(true);
    await screenshot(page, "hosted-viewer", "phone-thumbnails");
    await page.locator('[data-thumb="4"]').click();
    await expect.poll(() => currentPage(page)).toBe("4");
    expect(await page.locator("#thumbs").isVisible()).toBe(false);
    await textReady(page);
    await page.locator("#search-toggle").click();
    await page.locator("#search-input").fill("zebra");
    await page.locator("#search-input").press("Enter");
    await expect.poll(() => currentPage(page)).toBe("7");
    await screenshot(page, "hosted-viewer", "phone");
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("offers the download only when it is allowed", async () => {
    const allowed = await open(sites.open!);
    const link = allowed.page.locator("#download");
    expect(await link.getAttribute("href")).toBe("/document.pdf");
    // Fetched by the page itself: Node's resolver does not know *.localhost, Chromium's does.
    const pdf = await allowed.page.evaluate(async () => {
      const r = await fetch("/document.pdf");
      return { status: r.status, type: r.headers.get("content-type"), head: (await r.text()).slice(0, 5) };
    });
    expect(pdf).toEqual({ status: 200, type: "application/pdf", head: "%PDF-" });
    await allowed.close();

    const refused = await open(sites.noDownload!);
    await textReady(refused.page);
    expect(await refused.page.locator("#download").count()).toBe(0);
    expect(refused.errors).toEqual([]);
    await refused.close();

    const direct = await open(sites.noDownload!, "/document.pdf");
    expect(direct.status).toBe(403);
    expect(await direct.page.locator("h1").textContent()).toBe("Download not available");
    expect(await direct.page.locator("a[href='/']").count()).toBe(1);
    await screenshot(direct.page, "hosted-viewer", "status-403");
    await expectAccessible(direct.page);
    expect(direct.errors).toEqual(["403 /document.pdf"]);
    await direct.close();
  });

  it("asks for the password, says when it is wrong, and shows the viewer when it is right", async () => {
    const { page, errors, close } = await open(sites.locked!);
    expect(await page.locator("h1").textContent()).toBe("Locked report");
    expect(await page.locator("#pages").count()).toBe(0);
    await expectAccessible(page);
    await page.locator("#password").fill("wrong horse");
    await page.locator("button[type=submit]").click();
    await expect.poll(() => page.locator("[role=alert]").textContent()).toContain("not right");
    expect(await page.locator("#password").getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "hosted-viewer", "password-wrong");
    await expectAccessible(page);
    await page.locator("#password").fill("correct horse");
    await page.locator("button[type=submit]").click();
    await page.locator("#pages").waitFor();
    expect(await page.locator("h1").textContent()).toBe("Locked report");
    await textReady(page);
    await page.locator("#page-3 img").scrollIntoViewIfNeeded();
    await expect
      .poll(() => page.locator("#page-3 img").evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(918);
    expect(errors).toEqual(["401 /_access"]);
    await close();
  });

  it("shows the 410 page for an expired site", async () => {
    const { page, errors, status, close } = await open(sites.expired!);
    expect(status).toBe(410);
    expect(await page.locator("h1").textContent()).toBe("No longer available");
    expect(await page.locator(".status-code").textContent()).toContain("410");
    await screenshot(page, "hosted-viewer", "status-410");
    await expectAccessible(page);
    expect(errors).toEqual(["410 /"]);
    await close();
  });
});
