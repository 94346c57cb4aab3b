import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchChromium, screenshot, watchErrors } from "./support/browser.ts";
import { type Harness, startViewerHarness } from "./support/viewer-harness.ts";

const PAGES = Array.from({ length: 12 }, (_, i) =>
  i === 6 ? "Page 7 talks about the zebra migration." : `Page ${i + 1}: ordinary words.`,
);

let browser: Browser;
let site: Harness;

beforeAll(async () => {
  browser = await launchChromium();
  site = await startViewerHarness({
    title: `Report <script>alert(1)</script> "Q&A"`,
    pages: PAGES,
    textStatus: "ready",
    allowDownload: true,
  });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function open(path = "/", viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // Everything the viewer loads is its own site's: it works offline and leaks no reader.
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.protocol !== "data:" && url.origin !== new URL(site.url).origin) errors.push(`foreign: ${url}`);
  });
  await page.goto(site.url + path);
  return { page, errors, close: () => context.close() };
}

const currentPage = (page: Page) => page.locator("#page-number").inputValue();

describe("hosted viewer", () => {
  it("pages by keyboard and by #page=", async () => {
    const { page, errors, close } = await open("/#page=5");
    await expect.poll(() => currentPage(page)).toBe("5");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => currentPage(page)).toBe("6");
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#page=6");
    await page.keyboard.press("End");
    await expect.poll(() => currentPage(page)).toBe("12");
    await page.keyboard.press("Home");
    await expect.poll(() => currentPage(page)).toBe("1");
    await page.evaluate(() => {
      location.hash = "#page=9";
    });
    await expect.poll(() => currentPage(page)).toBe("9");
    await screenshot(page, "hosted-viewer", "desktop");
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("searches and jumps", async () => {
    const { page, errors, close } = await open();
    await page.locator("#search-input").fill("zebra");
    await page.locator("#search-input").press("Enter");
    await expect(page.locator("#search-results button").count()).resolves.toBe(1);
    await expect.poll(() => currentPage(page)).toBe("7");
    await page.keyboard.press("Home");
    await page.locator("#search-results button").first().click();
    await expect.poll(() => currentPage(page)).toBe("7");
    expect(errors).toEqual([]);
    await close();
  });

  it("zooms", async () => {
    const { page, errors, close } = await open();
    const width = () => page.locator("#page-3").evaluate((el) => el.getBoundingClientRect().width);
    const fit = await width();
    await page.locator("#zoom-in").click();
    const zoomed = await width();
    expect(zoomed).toBeGreaterThan(fit);
    await page.keyboard.press("-");
    await page.keyboard.press("-");
    expect(await width()).toBeLessThan(zoomed);
    await page.locator("#zoom-fit").click();
    expect(await width()).toBeCloseTo(fit, 0);
    expect(errors).toEqual([]);
    await close();
  });

  it("works on a 375 px phone", async () => {
    const { page, errors, close } = await open("/#page=2", { width: 375, height: 740 });
    expect(await page.locator("#thumbs").isVisible()).toBe(false);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await page.locator("#thumbs-toggle").click();
    expect(await page.locator("#thumbs").isVisible()).toBe(true);
    await screenshot(page, "hosted-viewer", "phone-thumbs");
    expect(await page.locator("#search-input").isVisible()).toBe(false);
    await page.locator('[data-thumb="4"]').click();
    await expect.poll(() => currentPage(page)).toBe("4");
    expect(await page.locator("#thumbs").isVisible()).toBe(false);
    await page.locator("#search-toggle").click();
    await page.locator("#search-input").fill("zebra");
    await page.locator("#search-input").press("Enter");
    await expect.poll(() => currentPage(page)).toBe("7");
    await screenshot(page, "hosted-viewer", "phone");
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await close();
  });

  it("waits for the text, then fills the text layer and opens search", async () => {
    site.state.textStatus = "pending";
    site.state.allowDownload = false;
    const { page, errors, close } = await open();
    await expect.poll(() => page.locator("#search-status").textContent()).toContain("Text not ready yet");
    expect(await page.locator("#search-input").isDisabled()).toBe(true);
    expect(await page.locator("#download").count()).toBe(0);
    site.state.textStatus = "ready";
    await expect.poll(() => page.locator("#search-input").isDisabled(), { timeout: 10_000 }).toBe(false);
    const text = page.getByRole("article", { name: "Page 7 text" });
    expect(await text.textContent()).toContain("zebra migration");
    await page.locator("#text-toggle").click();
    expect(await text.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    site.state.allowDownload = true;
    await close();
  });

  it("password page and status page are accessible", async () => {
    const { page, errors, close } = await open("/gone");
    await expectAccessible(page);
    site.state.password = "s3cret";
    await page.goto(site.url);
    await expectAccessible(page);
    await page.locator("#password").fill("nope");
    await page.locator("button[type=submit]").click();
    await expect(page.locator("[role=alert]").textContent()).resolves.toContain("Wrong password");
    await page.locator("#password").fill("s3cret");
    await page.locator("button[type=submit]").click();
    await page.locator("#pages").waitFor();
    expect(errors).toEqual(["410 /gone", "401 /_access"]);
    site.state.password = undefined;
    await close();
  });
});
