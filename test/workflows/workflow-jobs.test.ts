import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { call } from "../support/http.ts";
import { waitForRun } from "../support/runs.ts";
import { createTenant } from "../support/tenant.ts";
import { apiWithWorkers, type WorkerFleet, waitWhileQueued } from "../support/worker-fleet.ts";

// A workflow run whose worker is killed (SIGKILL, as the OOM killer sends) while it runs: the
// next worker takes the run and the parses it was waiting on over, and every invoice is read
// once, into one document each.

const corpus = path.resolve(import.meta.dirname, "../../bench/invoices/corpus");
const INVOICES = [
  "inv-001-header-band-en-US",
  "inv-002-two-column-parties-en-GB",
  "inv-003-label-grid-en-GB",
  "inv-005-inline-pairs-en-US",
  "inv-006-totals-box-en-GB",
];
const truthOf = (name: string) =>
  JSON.parse(readFileSync(path.join(corpus, `${name}.json`), "utf8")).truth as { invoice_id: string };

describe("a worker killed mid-run", () => {
  let fleet: WorkerFleet | undefined;
  afterAll(async () => {
    await fleet?.close();
  });

  it("leaves a running run that another worker takes over and finishes, each invoice read once", async () => {
    // API only in this process; parses and runs are worked by worker processes over the same
    // database and blobs.
    fleet = await apiWithWorkers();
    const { server } = fleet;
    const t = await createTenant(server.url);
    const form = new FormData();
    for (const name of INVOICES)
      form.append(
        "file",
        new Blob([new Uint8Array(readFileSync(path.join(corpus, `${name}.pdf`)))], {
          type: "application/pdf",
        }),
        `${name}.pdf`,
      );
    const r = await call(server.url, "POST", "/v1/workflows/invoice-extraction/runs", {
      key: t.secret,
      body: form,
    });
    expect(r.status, r.text).toBe(202);
    const id = r.body.id as string;

    const first = await fleet.spawnWorker();
    await waitWhileQueued(server.url, t.secret, `/v1/runs/${id}`);
    await first.kill("SIGKILL");
    const stuck = (await call(server.url, "GET", `/v1/runs/${id}`, { key: t.secret })).body;
    expect(stuck.status).toBe("running");
    // Killed before it could read them all: the rest wait for the next worker.
    expect(
      stuck.documents.filter((d: { status: string }) => ["queued", "parsing"].includes(d.status)).length,
    ).toBeGreaterThan(0);

    await fleet.spawnWorker();
    const done = await waitForRun(server.url, t.secret, id, 150_000);
    expect(["succeeded", "needs_review"], JSON.stringify(done)).toContain(done.status);
    expect(done.finished_at).not.toBeNull();
    expect(done.documents.map((d: { file_name: string }) => d.file_name)).toEqual(
      INVOICES.map((n) => `${n}.pdf`),
    );
    for (const [i, d] of done.documents.entries()) {
      expect(["succeeded", "needs_review"], JSON.stringify(d)).toContain(d.status);
      expect(d.data.invoice_id).toBe(truthOf(INVOICES[i] as string).invoice_id);
    }
    // One document per upload, however many attempts it took; no run document twice.
    const ids = new Set(done.documents.map((d: { document_id: string }) => d.document_id));
    expect(ids.size).toBe(INVOICES.length);
    expect(await server.services.db.prisma.document.count({ where: { accountId: t.accountId } })).toBe(
      INVOICES.length,
    );
    expect(await server.services.db.prisma.runDocument.count({ where: { runId: id } })).toBe(INVOICES.length);
  }, 240_000);
});
