import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect } from "vitest";

// Browser tests drive Debian's chromium (apt), as playwright cannot download browsers here.

export const CHROMIUM = "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  });
}

/**
 * Collects what goes wrong in the page: script errors, console errors (CSP violations among them)
 * and failed responses with their URL (the console's own "Failed to load resource" has none, so
 * it is left to the response entry).
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) {
      errors.push(`console: ${msg.text()}`);
    }
  });
  page.on("response", (res) => {
    if (res.status() >= 400) errors.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  page.on("requestfailed", (req) => errors.push(`failed: ${req.url()} ${req.failure()?.errorText}`));
  return errors;
}

const ARTIFACTS = path.resolve(import.meta.dirname, "../../test-artifacts");

/** Saves a screenshot under test-artifacts/{group}/{name}.png for people to look at. */
export async function screenshot(page: Page, group: string, name: string): Promise<void> {
  const dir = path.join(ARTIFACTS, group);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown }[] };

/**
 * Runs axe-core in the page and expects no serious or critical violation. Injected through the
 * DevTools protocol (page.evaluate), which the page's CSP does not govern, so the page keeps the
 * policy it is served with.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n: any) => ({ target: n.target })),
    }));
  })) as AxeViolation[];
  const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad, JSON.stringify(bad, null, 2)).toEqual([]);
}
