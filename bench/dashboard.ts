// `npm run bench:dashboard`: the dashboard's first paint in Debian's chromium on this machine.
// Every load is cold: a new browser context (empty cache, new connections). Measured in the page,
// from the start of its navigation: first-contentful-paint, DOMContentLoaded, and the first frame
// after a heading (and, signed in, the documents table) is in the DOM and visible. Loads, each
// BENCH_LOADS times (40) after one warm-up each, interleaved with the order turning:
//   - reference: a static HTML page with the same heading, from a node:http server in this
//     process, so browser overhead can be told from the service's;
//   - sign-in: /dashboard without a session;
//   - signed in: /dashboard with a session cookie, 20 processed documents in the account, at
//     1280 px and at 375 px wide.
// Then the bytes of one signed-in load. The service runs in a child process (API role) over a
// fresh database, dropped at the end; the documents are parsed first by a child with both roles.

import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "playwright-core";
import { createTestDatabase } from "../test/support/database.ts";
import { textPdf } from "../test/support/pdfs.ts";
import { BENCH_WORKER_SECRET } from "./support/bench-service-config.ts";
import { serveService, startChild, stopChild } from "./support/child-service.ts";

const LOADS = Number(process.env.BENCH_LOADS ?? 40);
const DOCUMENTS = 20;
const TARGET_MS = 1000;
const CHROMIUM = "/usr/bin/chromium";
const SIGN_IN = "Sign in to Quire";
const REFERENCE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Reference</title></head>
<body><main><h1>${SIGN_IN}</h1><p>A static page.</p></main></body></html>`;

type Ready = { type: "ready"; url: string };

async function api(base: string, method: string, pathName: string, key: string, body?: BodyInit) {
  const r = await fetch(base + pathName, { method, headers: { authorization: `Bearer ${key}` }, body });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${pathName}: ${r.status} ${text}`);
  return JSON.parse(text);
}

/** An account with DOCUMENTS processed documents; its secret key. */
async function prepare(base: string): Promise<string> {
  const account = await fetch(`${base}/v1/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-document-agent-secret": BENCH_WORKER_SECRET },
    body: JSON.stringify({ name: "bench-dashboard" }),
  }).then((r) => r.json() as Promise<{ secret: string }>);
  for (let i = 1; i <= DOCUMENTS; i++) {
    const pdf = await textPdf([[`Report ${i}`, "A page to list."], ["Second page"]]);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), `report-${i}.pdf`);
    await api(base, "POST", "/v1/documents", account.secret, form);
  }
  for (;;) {
    const list = (await api(base, "GET", `/v1/documents?limit=${DOCUMENTS}`, account.secret)) as {
      data: { phase: string }[];
    };
    if (list.data.some((d) => d.phase === "error" || d.phase === "awaiting_review"))
      throw new Error("a document did not parse");
    if (list.data.filter((d) => d.phase === "complete").length === DOCUMENTS) return account.secret;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Runs in the page before its own scripts: marks, per heading text and for the documents list,
 * the first frame after it is in the DOM and visible (a task queued from requestAnimationFrame
 * runs once that frame is drawn). No named inner functions: tsx wraps those in a `__name` helper
 * that the page does not have.
 */
function watchPage(rows: number): void {
  const marks: Record<string, number> = {};
  (globalThis as unknown as { benchMarks: Record<string, number> }).benchMarks = marks;
  new MutationObserver(() => {
    const seen = [...document.querySelectorAll("h1")]
      .filter((h) => h.checkVisibility())
      .map((h) => `h1:${h.textContent}`);
    const list = document.querySelector("table");
    if (
      (list?.checkVisibility() && list.querySelectorAll("tbody tr").length >= rows) ||
      [...document.querySelectorAll("p")].some((p) => p.textContent === "No documents yet.")
    )
      seen.push("list");
    for (const name of seen) {
      if (name in marks) continue;
      marks[name] = -1;
      requestAnimationFrame(() =>
        setTimeout(() => {
          marks[name] = performance.now();
        }),
      );
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

type Timings = Record<"ttfb" | "fcp" | "dcl" | "heading" | "list", number>;
type Load = { name: string; url: string; heading: string; list: boolean; cookie: boolean; width: number };

async function load(browser: Browser, l: Load, cookie: string): Promise<Timings> {
  const context = await browser.newContext({ viewport: { width: l.width, height: 800 } });
  try {
    if (l.cookie)
      await context.addCookies([
        { name: "quire_session", value: cookie, url: l.url, httpOnly: true, sameSite: "Strict" },
      ]);
    await context.addInitScript(watchPage, DOCUMENTS);
    const page = await context.newPage();
    await page.goto(l.url, { waitUntil: "commit" });
    const wanted = [`h1:${l.heading}`, ...(l.list ? ["list"] : [])];
    await page.waitForFunction(
      (names) => {
        const marks = (globalThis as unknown as { benchMarks: Record<string, number> }).benchMarks;
        const fcp = performance.getEntriesByName("first-contentful-paint").length > 0;
        return fcp && names.every((n) => (marks[n] ?? -1) > 0);
      },
      wanted,
      { timeout: 30_000 },
    );
    return await page.evaluate((names) => {
      const marks = (globalThis as unknown as { benchMarks: Record<string, number> }).benchMarks;
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        ttfb: nav.responseStart,
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
        dcl: nav.domContentLoadedEventEnd,
        heading: marks[names[0] ?? ""] ?? Number.NaN,
        list: names[1] ? (marks[names[1]] ?? Number.NaN) : Number.NaN,
      };
    }, wanted);
  } finally {
    await context.close();
  }
}

/** Raw, transferred and gzipped bytes of every response of one signed-in load. */
async function weigh(browser: Browser, l: Load, cookie: string) {
  const context = await browser.newContext();
  await context.addCookies([{ name: "quire_session", value: cookie, url: l.url }]);
  const page = await context.newPage();
  const rows: Promise<string>[] = [];
  page.on("response", (res) =>
    rows.push(
      (async () => {
        const [body, sizes] = await Promise.all([res.body(), res.request().sizes()]);
        const encoding = (await res.headerValue("content-encoding")) ?? "none";
        const name = new URL(res.url()).pathname;
        return `| ${res.request().method()} ${name} | ${body.length} | ${sizes.responseBodySize} + ${sizes.responseHeadersSize} headers | ${encoding} | ${gzipSync(body).length} |`;
      })(),
    ),
  );
  await page.goto(l.url);
  await page
    .locator("table tbody tr")
    .nth(DOCUMENTS - 1)
    .waitFor();
  await page.waitForLoadState("networkidle");
  const lines = await Promise.all(rows);
  await context.close();
  return lines;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));

async function main(): Promise<void> {
  const db = await createTestDatabase();
  const blobDir = mkdtempSync(path.join(os.tmpdir(), "quire-bench-dashboard-"));
  const script = fileURLToPath(import.meta.url);
  const reference = http.createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(REFERENCE_HTML),
  );
  let child: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    const preparing = await startChild<Ready>(script, ["--serve", db.url, blobDir, "both"]);
    child = preparing.child;
    console.log(`preparing an account with ${DOCUMENTS} processed documents…`);
    const key = await prepare(preparing.ready.url);
    await stopChild(child);
    const measured = await startChild<Ready>(script, ["--serve", db.url, blobDir, "api"]);
    child = measured.child;
    const base = measured.ready.url;
    await new Promise<void>((r) => reference.listen(0, "127.0.0.1", r));
    const { port } = reference.address() as { port: number };

    const built: number[] = [];
    for (let i = 0; i < 2; i++) {
      const t0 = performance.now();
      await (await fetch(`${base}/dashboard`)).text();
      built.push(performance.now() - t0);
    }
    const session = await fetch(`${base}/dashboard/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ key }),
    });
    const cookie = /quire_session=([^;]+)/.exec(session.headers.getSetCookie().join("\n"))?.[1];
    if (!session.ok || !cookie) throw new Error(`signing in: ${session.status}`);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
    const dashboard = `${base}/dashboard`;
    const loads: Load[] = [
      {
        name: "reference",
        url: `http://127.0.0.1:${port}/`,
        heading: SIGN_IN,
        list: false,
        cookie: false,
        width: 1280,
      },
      { name: "sign-in", url: dashboard, heading: SIGN_IN, list: false, cookie: false, width: 1280 },
      { name: "signed in", url: dashboard, heading: "Documents", list: true, cookie: true, width: 1280 },
      {
        name: "signed in, 375 px",
        url: dashboard,
        heading: "Documents",
        list: true,
        cookie: true,
        width: 375,
      },
    ];
    const samples = new Map<string, Timings[]>(loads.map((l) => [l.name, []]));
    for (const l of loads) await load(browser, l, cookie);
    console.log(`${LOADS} cold loads of each kind…`);
    for (let i = 0; i < LOADS; i++)
      for (let k = 0; k < loads.length; k++) {
        const l = loads[(i + k) % loads.length] as Load;
        samples.get(l.name)?.push(await load(browser, l, cookie));
      }
    const bytes = await weigh(browser, loads[2] as Load, cookie);

    const cpus = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()})`;
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"]).toString().trim();
    console.log(
      `\ncommit ${commit}; ${cpus}; load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" / ")}; Node ${process.version}; Chromium ${browser.version()}`,
    );
    console.log(
      `first GET /dashboard (bundles the client): ${ms(built[0] ?? 0)} ms; the next: ${ms(built[1] ?? 0)} ms\n`,
    );
    console.log(`${LOADS} cold loads each, ms from the start of navigation:\n`);
    console.log("| load | measure | p50 | p95 | max |\n|---|---|---:|---:|---:|");
    const labels: [keyof Timings, string][] = [
      ["ttfb", "HTML first byte"],
      ["fcp", "first-contentful-paint"],
      ["dcl", "DOMContentLoaded"],
      ["heading", "heading visible"],
      ["list", `table of ${DOCUMENTS} documents visible`],
    ];
    for (const l of loads)
      for (const [field, label] of labels) {
        const xs = (samples.get(l.name) ?? []).map((t) => t[field]);
        if (xs.some(Number.isNaN)) continue;
        const heading = field === "heading" ? ` (${l.heading})` : "";
        console.log(
          `| ${l.name} | ${label}${heading} | ${ms(percentile(xs, 50))} | ${ms(percentile(xs, 95))} | ${ms(Math.max(...xs))} |`,
        );
      }
    console.log(`\nOne signed-in load, bytes:\n`);
    console.log("| response | raw | transferred (body + headers) | encoding | gzip would be |");
    console.log("|---|---:|---:|---|---:|");
    for (const line of bytes) console.log(line);
    const worst = (name: string, field: keyof Timings) =>
      percentile(
        (samples.get(name) ?? []).map((t) => t[field]),
        95,
      );
    const checks: [string, number][] = [
      ["sign-in first-contentful-paint", worst("sign-in", "fcp")],
      ["sign-in heading", worst("sign-in", "heading")],
      ["signed-in documents table", worst("signed in", "list")],
      ["signed-in documents table at 375 px", worst("signed in, 375 px", "list")],
    ];
    console.log(`\nTarget: first paint under ${TARGET_MS} ms (at p95):`);
    for (const [what, p95] of checks)
      console.log(`  ${what}: p95 ${ms(p95)} ms, ${p95 < TARGET_MS ? "met" : "MISSED"}`);
  } finally {
    await browser?.close();
    if (child) await stopChild(child);
    reference.close();
    await db.drop();
    rmSync(blobDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--serve") {
  await serveService(process.argv[3] as string, process.argv[4] as string, {
    ROLE: process.argv[5] as string,
    PRERENDER_PAGES: "0",
  });
} else {
  await main();
}
