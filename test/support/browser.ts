import { randomUUID } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  unlinkSync,
} from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";
import { type Browser, chromium, type Page } from "playwright-core";
import { expect } from "vitest";

// Browser tests drive Debian's chromium when the machine has it, and otherwise the Chromium that
// the npm package @sparticuz/chromium carries inside it: playwright cannot download browsers here,
// and `npm ci` must be all a fresh machine needs.

const require = createRequire(import.meta.url);
const DEBIAN_CHROMIUM = "/usr/bin/chromium";

// As root there is no sandbox; the machine has no network but loopback, and without the
// background-networking flags Chromium keeps opening connections that are refused.
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launchChromium(): Promise<Browser> {
  const executablePath = existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : await packagedChromium();
  return chromium.launch({ executablePath, args: ARGS });
}

/**
 * The package's Chromium (bin/chromium.br, brotli), unpacked once per machine into the temporary
 * folder under a name that carries the package's version. Not through the package's own
 * executablePath(): it writes a fixed /tmp/chromium and takes any file there as done, so two test
 * files starting at once would run a half-written binary. Here each process unpacks into a file of
 * its own and links it into place only if no other process did first: a running Chromium re-executes
 * its own file, which must not be replaced under it. The binary alone is enough with --disable-gpu.
 */
async function packagedChromium(): Promise<string> {
  const root = path.resolve(path.dirname(require.resolve("@sparticuz/chromium")), "..");
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    version: string;
  };
  const dir = path.join(os.tmpdir(), `quire-chromium-${version}`);
  const binary = path.join(dir, "chromium");
  if (existsSync(binary)) return binary;
  mkdirSync(dir, { recursive: true });
  const partial = `${binary}.${randomUUID()}.partial`;
  await pipeline(
    createReadStream(path.join(root, "bin/chromium.br")),
    createBrotliDecompress(),
    createWriteStream(partial, { mode: 0o755 }),
  );
  try {
    linkSync(partial, binary);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    unlinkSync(partial);
  }
  return binary;
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

const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

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
