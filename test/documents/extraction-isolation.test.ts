import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  contentBomb,
  deepDictionaries,
  fontBomb,
  formFanOut,
  hostileMiddlePage,
  manyTj,
  nestedSaves,
  selfPattern,
  slowPages,
  tinyTilePattern,
} from "../../fuzz/hostile-pdfs.ts";
import { upload, uploadAndWait, waitForTerminal } from "../support/documents.ts";
import { call } from "../support/http.ts";
import { textPdf } from "../support/pdfs.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Extraction runs in a process of its own, ended when a page overruns its time or memory: a
// hostile page costs its budget, the rest of the document goes on, and the service (API and
// worker in one process, the default ROLE) keeps answering.

let server: TestServer;
let t: Tenant;
beforeAll(async () => {
  server = await startTestServer({
    ROLE: "both",
    PAGE_TIME_BUDGET_SECONDS: "3",
    EXTRACTION_MEMORY_MB: "256",
  });
  t = await createTenant(server.url);
});
afterAll(async () => {
  await server?.close();
});

/** Asks /health every 100 ms until `until` settles; returns how many asks went unanswered within 1 s. */
async function healthWhile(until: Promise<unknown>): Promise<{ asked: number; missed: number }> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  let asked = 0;
  let missed = 0;
  while (!done) {
    asked++;
    const r = await fetch(`${server.url}/health`, { signal: AbortSignal.timeout(1000) }).catch(() => null);
    if (r?.status !== 200) missed++;
    await new Promise((res) => setTimeout(res, 100));
  }
  return { asked, missed };
}

describe("extraction in a process of its own", () => {
  it("ends a page that would take minutes (a scan-like page of 39 million tiles, drawn for OCR), reads the pages around it, and the API answers throughout", async () => {
    // No text on the page, so it is drawn for OCR; PDFium draws it in one call (minutes).
    const pdf = hostileMiddlePage("/Pattern cs /P0 scn 0 0 612 792 re f", "/Pattern << /P0 10 0 R >>", [
      tinyTilePattern(50),
    ]);
    const r = await upload(server.url, t.secret, pdf, { fileName: "tiles.pdf" });
    expect(r.status, r.text).toBe(202);
    const finished = waitForTerminal(server.url, t.secret, r.body.id, 60_000);
    const health = await healthWhile(finished);
    const done = await finished;
    expect(health.asked).toBeGreaterThan(5);
    expect(health.missed).toBe(0);
    expect(done.phase).toBe("awaiting_review");
    expect(done.error).toMatch(
      /pages that could not be read: 2 \(page 2 .*(took longer than 3 s|operations)/,
    );
    const page = async (n: number) =>
      (await call(server.url, "GET", `/v1/documents/${done.id}/pages/${n}`, { key: t.secret })).body;
    expect((await page(1)).content).toBe("First page text");
    expect(await page(2)).toMatchObject({ content: "", method: "failed" });
    expect((await page(3)).content).toBe("Third page text");
  });
});

describe("the extraction's memory budget", () => {
  let roomy: TestServer;
  let tenant: Tenant;
  beforeAll(async () => {
    // The page time budget far away, so that memory is what stops the page even on a loaded
    // machine where reaching 256 MB takes longer than a few seconds.
    roomy = await startTestServer({ PAGE_TIME_BUDGET_SECONDS: "120", EXTRACTION_MEMORY_MB: "256" });
    tenant = await createTenant(roomy.url);
  });
  afterAll(async () => {
    await roomy?.close();
  });

  it("ends a page that takes more memory than EXTRACTION_MEMORY_MB, and the next document is read as usual", async () => {
    // 200 MB of content: under the inflation caps, over the 256 MB the process may take.
    const done = await uploadAndWait(
      roomy.url,
      tenant.secret,
      await contentBomb(200 * 2 ** 20, 1),
      "big.pdf",
    );
    expect(done.phase).toBe("awaiting_review");
    expect(done.error).toMatch(
      /pages that could not be read: 1 \(page 1 needed more memory than the 256 MB an extraction may use\)/,
    );
    const next = await uploadAndWait(roomy.url, tenant.secret, await textPdf([["Plain after the bomb"]]));
    expect(next.phase).toBe("complete");
    const p = await call(roomy.url, "GET", `/v1/documents/${next.id}/pages/1`, { key: tenant.secret });
    expect(p.body.content).toBe("Plain after the bomb");
  });
});

describe("the document's time budget", () => {
  let slow: TestServer;
  afterAll(async () => {
    await slow?.close();
  });

  it("stops an extraction that runs past EXTRACTION_TIMEOUT_SECONDS and ends it in error naming the page", async () => {
    slow = await startTestServer({ EXTRACTION_TIMEOUT_SECONDS: "2", PAGE_TIME_BUDGET_SECONDS: "30" });
    const tenant = await createTenant(slow.url);
    // Forty pages of 100,000 TJ operators each: seconds a page, far past the document's 2 s.
    const done = await uploadAndWait(slow.url, tenant.secret, slowPages(40, 100_000), "slow.pdf");
    expect(done.phase).toBe("error");
    expect(done.error).toMatch(
      // On a page, or (on a machine busy enough) before the first while the PDF was opened.
      /^Extraction took longer than 2 s \(EXTRACTION_TIMEOUT_SECONDS\) and was stopped (on page \d+; pages before it are saved|while the PDF was opened)\.$/,
    );
    expect(done.pagesCompleted).toBeLessThan(40);
  });
});

describe("reading limits, checked as a page is read", () => {
  let limited: TestServer;
  let tenant: Tenant;
  beforeAll(async () => {
    // Time and memory budgets far away: each page must be stopped by its reading limit.
    limited = await startTestServer({ PAGE_TIME_BUDGET_SECONDS: "120", PAGE_MAX_OPS: "200000" });
    tenant = await createTenant(limited.url);
  });
  afterAll(async () => {
    await limited?.close();
  });

  const failsWith = async (pdf: Uint8Array, reason: RegExp) => {
    const done = await uploadAndWait(limited.url, tenant.secret, pdf, "limit.pdf");
    expect(done.phase).toBe("awaiting_review");
    expect(done.error).toMatch(reason);
  };

  it("stops a million nested graphics states at the depth limit", () =>
    failsWith(nestedSaves(1_000_000), /\(page 1 nests graphics states more than 1000 deep\)/));

  it("stops 2^25 form draws at the stream limit", () =>
    failsWith(formFanOut(25), /\(page 1 draws more than 20000 forms, patterns and glyph procedures\)/));

  it("names a page whose objects nest too deeply for the reader's stack", () =>
    failsWith(deepDictionaries(100_000), /\(page 1 nests objects too deeply to be read\)/));

  it("stops a pattern that paints itself", () =>
    failsWith(selfPattern(), /\(page 1 draws more than 20000 forms, patterns and glyph procedures\)/));

  it("stops 500,000 TJ operators at PAGE_MAX_OPS", () =>
    failsWith(manyTj(500_000), /\(page 1 has more than 200000 drawing operations\)/));

  it("stops a triple-Flate content stream at the stream's inflation cap", async () =>
    failsWith(await contentBomb(2 ** 30, 3), /\(page 1 has a stream that inflates to more than 256 MB\)/));

  it("stops an embedded font that inflates past the page's inflation cap", async () =>
    failsWith(
      await fontBomb(2 ** 30, 3),
      /\(page 1 has (a stream that inflates to more than 256 MB|streams that inflate to more than 512 MB in all)\)/,
    ));
});

describe("page images of hostile pages", () => {
  let s: TestServer;
  let tenant: Tenant;
  beforeAll(async () => {
    s = await startTestServer({ PAGE_MAX_OPS: "200000", PAGE_IMAGE_TIME_BUDGET_SECONDS: "5" });
    tenant = await createTenant(s.url);
  });
  afterAll(async () => {
    await s?.close();
  });
  const image = (id: string, page: number) =>
    call(s.url, "GET", `/v1/documents/${id}/pages/${page}/image.png`, { key: tenant.secret });

  it("refuses to draw a page the extraction could not read (422), and draws the others", async () => {
    const done = await uploadAndWait(s.url, tenant.secret, hostileMiddlePage(`${"q\n".repeat(5000)}`));
    expect(done.error).toMatch(/pages that could not be read: 2 \(page 2 nests graphics states/);
    const refused = await image(done.id, 2);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({
      code: "UNPROCESSABLE",
      message:
        "Page 2 could not be read when the document was extracted, so it is not drawn either; the document's error says why.",
    });
    expect((await image(done.id, 1)).status).toBe(200);
  });
});

/**
 * Every process on the machine with its parent and command line, read from /proc rather than
 * through `ps`, which a minimal machine may not have.
 */
function processes(): { pid: number; ppid: number; args: string }[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after its last ")".
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        const args = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").join(" ").trim();
        return [{ pid: Number(name), ppid, args }];
      } catch {
        return []; // it ended while being read
      }
    });
}

/** The processes under `pid`, at any depth (through tsx, the service is a child of the process started). */
function descendants(pid: number): { pid: number; ppid: number; args: string }[] {
  const rows = processes();
  const out: { pid: number; ppid: number; args: string }[] = [];
  const walk = (p: number) => {
    for (const r of rows.filter((x) => x.ppid === p)) {
      out.push(r);
      walk(r.pid);
    }
  };
  walk(pid);
  return out;
}

describe("a service killed while a page would take minutes", () => {
  it("leaves no extraction process behind (SIGKILL, as the OOM killer sends)", async () => {
    const { spawnService } = await import("../support/process.ts");
    const { createTestDatabase } = await import("../support/database.ts");
    const { WORKER_SECRET } = await import("../support/server.ts");
    const db = await createTestDatabase();
    const blobDir = (await import("node:fs")).mkdtempSync(
      (await import("node:path")).join((await import("node:os")).tmpdir(), "quire-term-"),
    );
    const svc = await spawnService({
      ROLE: "both",
      DATABASE_URL: db.url,
      BLOB_DIR: blobDir,
      WORKER_SECRET,
      PAGE_TIME_BUDGET_SECONDS: "600",
    });
    try {
      await svc.waitUntilHealthy();
      const tenant = await createTenant(svc.url);
      // Page 2 is drawn for OCR and would take minutes.
      const pdf = hostileMiddlePage("/Pattern cs /P0 scn 0 0 612 792 re f", "/Pattern << /P0 10 0 R >>", [
        tinyTilePattern(50),
      ]);
      const r = await upload(svc.url, tenant.secret, pdf, { fileName: "slow.pdf" });
      expect(r.status).toBe(202);
      // Wait until page 1 is written: the extraction process is on page 2.
      for (let waited = 0; waited < 30_000; waited += 100) {
        const d = await call(svc.url, "GET", `/v1/documents/${r.body.id}`, { key: tenant.secret });
        if (d.body.pagesCompleted >= 1) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      const tree = descendants(svc.child.pid ?? 0);
      const readers = tree.filter((p) => p.args.includes("extraction-child"));
      expect(readers.length).toBe(1);
      // The service itself: the extraction process's parent, running the service's entry.
      const service = processes().find((p) => p.pid === readers[0]?.ppid);
      expect(service?.args).toMatch(/main\.[jt]s/);
      process.kill(service?.pid ?? 0, "SIGKILL");
      // Its extraction process notices and ends itself, although its page would have held it for
      // minutes and nothing was left to kill it.
      const alive = () => processes().map((p) => p.pid);
      for (let waited = 0; waited < 30_000 && tree.some((p) => alive().includes(p.pid)); waited += 200)
        await new Promise((res) => setTimeout(res, 200));
      for (const r of readers) expect(alive()).not.toContain(r.pid);
    } finally {
      await svc.kill("SIGKILL");
      await db.drop();
    }
  }, 90_000);
});
