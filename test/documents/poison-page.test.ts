import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POISON_ATTEMPTS } from "../../src/core/documents/reading-attempts.ts";
import { runExtraction } from "../../src/jobs/bodies/documents.ts";
import { upload, waitForTerminal } from "../support/documents.ts";
import { withPages } from "../support/extractors.ts";
import { call } from "../support/http.ts";
import { textPdf } from "../support/pdfs.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// A worker that dies on a page (killed by the system, out of memory) leaves its job to another,
// which resumes at that page. A page that kills attempt after attempt is skipped, not retried
// for ever: each attempt here "dies" on page 2 (its extraction never returns, as a killed
// worker's would not), and the tests play the workers themselves.

let server: TestServer;
let t: Tenant;
beforeAll(async () => {
  server = await startTestServer({ ROLE: "api" });
  t = await createTenant(server.url);
});
afterAll(async () => {
  await server?.close();
});

const pdf = () => textPdf([["Page one"], ["Page two"], ["Page three"]]);

/** An extractor whose attempt dies on page 2: it never answers, like a worker killed there. */
const dyingOnPage2 = () =>
  withPages(server.services.extractor, (n, read) =>
    n === 2 ? new Promise<never>(() => undefined) : read(n),
  );

/** Waits until `attempts` attempts have reached `page` of the document (what it records of them). */
async function reached(id: string, page: number, attempts: number) {
  for (let waited = 0; waited < 20_000; waited += 50) {
    const d = await server.services.db.prisma.document.findUnique({ where: { id } });
    const mark = d?.readingAttempt as { page: number; attempts: number } | null;
    if (mark?.page === page && mark.attempts === attempts) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${attempts} attempts reached page ${page}`);
}

async function uploaded(): Promise<string> {
  const r = await upload(server.url, t.secret, await pdf());
  expect(r.status, r.text).toBe(202);
  return r.body.id as string;
}

describe("a page that kills its worker", () => {
  it(`is skipped, recorded as failed with the reason, once ${POISON_ATTEMPTS} attempts died on it`, async () => {
    const id = await uploaded();
    const job = { documentId: id, generation: 1 };
    for (let i = 1; i <= POISON_ATTEMPTS; i++) {
      void runExtraction({ ...server.services, extractor: dyingOnPage2() }, job);
      // The attempt is on page 2 for good once it has counted itself there.
      await reached(id, 2, i);
    }
    await runExtraction(server.services, job);
    const done = await waitForTerminal(server.url, t.secret, id);
    expect(done.phase).toBe("awaiting_review");
    expect(done.error).toBe(
      `Review needed: pages that could not be read: 2 (page 2 was begun by ${POISON_ATTEMPTS} attempts that did not finish it (their worker was killed, ran out of memory or failed to store it); it is skipped).`,
    );
    const page = async (n: number) =>
      (await call(server.url, "GET", `/v1/documents/${id}/pages/${n}`, { key: t.secret })).body;
    expect((await page(1)).content).toBe("Page one");
    expect(await page(2)).toMatchObject({ content: "", method: "failed" });
    expect((await page(3)).content).toBe("Page three");
  });

  it("is read again, not skipped, after one attempt died on it", async () => {
    const id = await uploaded();
    const job = { documentId: id, generation: 1 };
    void runExtraction({ ...server.services, extractor: dyingOnPage2() }, job);
    await reached(id, 2, 1);
    await runExtraction(server.services, job);
    const done = await waitForTerminal(server.url, t.secret, id);
    expect(done.phase).toBe("complete");
    const two = await call(server.url, "GET", `/v1/documents/${id}/pages/2`, { key: t.secret });
    expect(two.body.content).toBe("Page two");
  });
});
