import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { convert, waitForConversion } from "../support/conversions.ts";
import { call } from "../support/http.ts";
import { createTenant } from "../support/tenant.ts";
import { apiWithWorkers, type WorkerFleet, waitWhileQueued } from "../support/worker-fleet.ts";

describe("a worker killed mid-conversion", () => {
  let fleet: WorkerFleet | undefined;
  afterAll(async () => {
    await fleet?.close();
  });

  it("leaves a running conversion that another worker takes over and finishes, once", async () => {
    // API only in this process; conversions run in worker processes sharing database and blobs.
    fleet = await apiWithWorkers();
    const { server } = fleet;
    const t = await createTenant(server.url);
    // Noise does not compress: each page costs the worker a real decode and encode.
    const noisy = new Uint8Array(
      await sharp({
        create: {
          width: 1200,
          height: 1200,
          channels: 3,
          background: "black",
          noise: { type: "gaussian", mean: 128, sigma: 50 },
        },
      })
        .png({ compressionLevel: 1 })
        .toBuffer(),
    );
    const images = Array.from({ length: 10 }, (_, i) => ({ bytes: noisy, name: `scan-${i + 1}.png` }));
    const r = await convert(server.url, t.secret, images);
    expect(r.status, r.text).toBe(202);
    const id = r.body.id as string;

    const first = await fleet.spawnWorker();
    await waitWhileQueued(server.url, t.secret, `/v1/conversions/${id}`);
    await first.kill("SIGKILL");
    const stuck = (await call(server.url, "GET", `/v1/conversions/${id}`, { key: t.secret })).body;
    expect(stuck.status).toBe("running");
    // Its uploaded images wait in the store for the next worker.
    expect((await server.services.blobs.list(`conversions/${id}/`)).length).toBe(10);

    await fleet.spawnWorker();
    const done = await waitForConversion(server.url, t.secret, id, 90_000);
    expect(done, JSON.stringify(done.error)).toMatchObject({ status: "succeeded", pages: 10 });
    expect(await server.services.db.prisma.storedFile.count({ where: { id: done.file_id } })).toBe(1);
    const file = (await call(server.url, "GET", `/v1/files/${done.file_id}`, { key: t.secret })).body;
    expect(file).toMatchObject({ status: "ready", pages: 10, contentType: "application/pdf" });
    expect(await server.services.blobs.list(`conversions/${id}/`)).toEqual([]);
  }, 150_000);
});
