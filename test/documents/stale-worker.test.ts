import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attemptFailureReason,
  failExtractionForGood,
  recordAttemptFailure,
  runExtraction,
} from "../../src/jobs/bodies/documents.ts";
import { upload, waitForTerminal } from "../support/documents.ts";
import { withPages } from "../support/extractors.ts";
import { call } from "../support/http.ts";
import { textPdf } from "../support/pdfs.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// A worker paused past its heartbeat (SIGSTOP, a long GC, a frozen VM) loses its job to another,
// which finishes the document. When the first resumes, it must notice and stop quietly: no write,
// no error on the finished document, no SQL text anywhere a client reads.

let server: TestServer;
let t: Tenant;
beforeAll(async () => {
  // API only: the tests play the workers.
  server = await startTestServer({ ROLE: "api" });
  t = await createTenant(server.url);
});
afterAll(async () => {
  await server?.close();
});

describe("a worker that lost its job", () => {
  it("resumes after another finished the document, writes nothing and leaves it complete", async () => {
    const r = await upload(server.url, t.secret, await textPdf([["One"], ["Two"], ["Three"]]));
    expect(r.status).toBe(202);
    const job = { documentId: r.body.id as string, generation: 1 };
    // The paused worker: it holds page 2 until released.
    let resume: () => void = () => undefined;
    const paused = new Promise<void>((res) => {
      resume = res;
    });
    let reachedPage2: () => void = () => undefined;
    const atPage2 = new Promise<void>((res) => {
      reachedPage2 = res;
    });
    const pausing = withPages(server.services.extractor, async (n, read) => {
      if (n === 2) {
        reachedPage2();
        await paused;
      }
      return read(n);
    });
    const stale = runExtraction({ ...server.services, extractor: pausing }, job);
    await atPage2;
    // Another worker takes the job over and finishes it.
    await runExtraction(server.services, job);
    const done = await waitForTerminal(server.url, t.secret, job.documentId);
    expect(done.phase).toBe("complete");
    resume();
    // The stale worker goes on to write page 2, finds it written, and stops without an error.
    await expect(stale).resolves.toBeUndefined();
    const after = await call(server.url, "GET", `/v1/documents/${job.documentId}`, { key: t.secret });
    expect(after.body.phase).toBe("complete");
    expect(after.body.error ?? null).toBeNull();
    // Its failure handling, had it thrown, changes nothing on a finished document either.
    await recordAttemptFailure(server.services, job, new Error("late"));
    await failExtractionForGood(server.services, job, "late");
    const still = await call(server.url, "GET", `/v1/documents/${job.documentId}`, { key: t.secret });
    expect(still.body.phase).toBe("complete");
    expect(still.body.error ?? null).toBeNull();
    const pages = await call(server.url, "GET", `/v1/documents/${job.documentId}/pages/2`, { key: t.secret });
    expect(pages.body.content).toBe("Two");
  });

  it("never keeps a database error's text as a document's reason", async () => {
    // A real error from the database (its message holds the SQL), as a worker may meet one.
    const err = await server.services.db.prisma.$queryRaw`SELECT 1/0`.catch((e: unknown) => e);
    expect(attemptFailureReason(err)).toBe("the database failed while the results were written");
    expect(attemptFailureReason(new Error("The uploaded file is missing"))).toBe(
      "The uploaded file is missing",
    );
  });
});

describe("text PostgreSQL cannot store", () => {
  it("a page whose font decodes to NUL and control characters is stored without them, not failed on every retry", async () => {
    const { ascii, onePage } = await import("../../fuzz/raw-pdf.ts");
    const pdf = onePage({ content: ascii("BT /F1 12 Tf 72 720 Td (Nul\\000here \\001 and) Tj ET") });
    const r = await upload(server.url, t.secret, pdf);
    expect(r.status).toBe(202);
    await runExtraction(server.services, { documentId: r.body.id, generation: 1 });
    const done = await waitForTerminal(server.url, t.secret, r.body.id);
    expect(done.phase).toBe("complete");
    const page = await call(server.url, "GET", `/v1/documents/${r.body.id}/pages/1`, { key: t.secret });
    expect(page.body.content).toBe("Nulhere  and");
  });

  it("storable() keeps tabs, line breaks and surrogate pairs, and replaces lone halves", async () => {
    const { storable } = await import("../../src/core/documents/storable-text.ts");
    expect(storable({ a: ["x\u0000y\t\n\r", "😀", "\ud800z"], n: 3 })).toEqual({
      a: ["xy\t\n\r", "😀", "\ufffdz"],
      n: 3,
    });
  });
});
