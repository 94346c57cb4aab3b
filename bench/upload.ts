// `npm run bench:upload`: 20 concurrent multipart uploads of 50 MB (POST /v1/files) and 20
// presigned uploads of 50 MB (presign, PUT, finalize), first on the local store, then on an
// S3-protocol server on loopback (s3rver). Beside them, in the same run, the machine's own limit:
// the same bytes written with plain fs streams, 20 at once.
//
// The service runs in a child process (the API role, as deployed), so its resident memory can be
// read apart from the load generator's: sampled from /proc every 20 ms, its peak growth over the
// resting size before each case is what the target (under 100 MB) is about.
//
// Env: BENCH_UPLOADS (20), BENCH_UPLOAD_MB (50).

import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "../test/support/database.ts";
import { startS3Server } from "../test/support/s3-server.ts";
import { benchServiceConfig } from "./support/bench-service-config.ts";
import { serveParent, startChild, stopChild } from "./support/child-service.ts";

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 20);
const MB = Number(process.env.BENCH_UPLOAD_MB ?? 50);
const SIZE = MB * 1024 * 1024;

type Ready = { type: "ready"; url: string; secret: string };

// ---------------------------------------------------------------------------------------------
// The child: the service (API role) and one account.
// ---------------------------------------------------------------------------------------------

async function serve(databaseUrl: string, storeEnv: Record<string, string>): Promise<void> {
  const { createLogger } = await import("../src/core/log.ts");
  const { startService } = await import("../src/start-service.ts");
  const { createAccount } = await import("../src/resolvers/accounts/create-account.ts");
  const { config, removeBlobDir } = benchServiceConfig(databaseUrl, {
    ...storeEnv,
    MAX_UPLOAD_BYTES: String(SIZE + 1024 * 1024),
  });
  const running = await startService(config, createLogger(config.logLevel));
  if (!running.url) throw new Error("the service has no API role");
  const created = await createAccount.invoke(
    { principal: { kind: "operator", accountId: null }, services: running.services },
    { name: "bench" },
  );
  serveParent(
    async () => {
      await running.stop();
      removeBlobDir();
    },
    { url: running.url, secret: created.secret },
  );
}

// ---------------------------------------------------------------------------------------------
// The parent: the load, the reference and the figures.
// ---------------------------------------------------------------------------------------------

/** Resident memory of a process, in bytes, from /proc (Linux). */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Samples a process's RSS until stopped; returns the peak. */
function watchRss(pid: number): { stop: () => number } {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssOf(pid));
    },
  };
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

type CaseResult = {
  name: string;
  seconds: number;
  mbPerSecond: number;
  p50: number;
  p99: number;
  rssGrowthMb?: number;
};

async function timed(name: string, run: (i: number) => Promise<void>, pid?: number): Promise<CaseResult> {
  if (global.gc) global.gc();
  const before = pid ? rssOf(pid) : 0;
  const watch = pid ? watchRss(pid) : null;
  const durations: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: UPLOADS }, async (_, i) => {
      const t0 = performance.now();
      await run(i);
      durations.push((performance.now() - t0) / 1000);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const peak = watch?.stop() ?? 0;
  return {
    name,
    seconds,
    mbPerSecond: (UPLOADS * MB) / seconds,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    ...(pid ? { rssGrowthMb: (peak - before) / 2 ** 20 } : {}),
  };
}

async function expectStatus(r: Response, status: number, what: string): Promise<Response> {
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${await r.text()}`);
  return r;
}

async function main(): Promise<void> {
  const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(SIZE - 9)]);
  const digest = createHash("sha256").update(pdf).digest("hex");
  const results: CaseResult[] = [];

  const dir = mkdtempSync(path.join(os.tmpdir(), "quire-bench-fs-"));
  results.push(
    await timed("reference: plain fs streams", async (i) => {
      await pipeline(Readable.from([pdf]), createWriteStream(path.join(dir, `f${i}`)));
    }),
  );
  rmSync(dir, { recursive: true, force: true });

  const s3 = await startS3Server("quire-bench");
  const db = await createTestDatabase();
  try {
    for (const [store, env] of [
      ["local", {}],
      ["s3", s3.env],
    ] as const) {
      const { child, ready } = await startChild<Ready>(fileURLToPath(import.meta.url), [
        "--serve",
        db.url,
        JSON.stringify(env),
      ]);
      const pid = child.pid as number;
      const auth = { authorization: `Bearer ${ready.secret}` };
      try {
        results.push(
          await timed(
            `${store}: multipart POST /v1/files`,
            async () => {
              const form = new FormData();
              form.append("file", new Blob([pdf], { type: "application/pdf" }), "big.pdf");
              await expectStatus(
                await fetch(`${ready.url}/v1/files`, { method: "POST", headers: auth, body: form }),
                201,
                "upload",
              );
            },
            pid,
          ),
        );
        results.push(
          await timed(
            `${store}: presign, PUT, finalize`,
            async () => {
              const presigned = (await (
                await expectStatus(
                  await fetch(`${ready.url}/v1/files/presign`, {
                    method: "POST",
                    headers: { ...auth, "content-type": "application/json" },
                    body: JSON.stringify({ fileName: "big.pdf", fileSize: SIZE, sha256: digest }),
                  }),
                  201,
                  "presign",
                )
              ).json()) as { upload_id: string; url: string; headers: Record<string, string> };
              await expectStatus(
                await fetch(presigned.url, {
                  method: "PUT",
                  headers: { ...presigned.headers, "content-type": "application/pdf" },
                  body: pdf,
                }),
                200,
                "PUT",
              );
              await expectStatus(
                await fetch(`${ready.url}/v1/files/finalize`, {
                  method: "POST",
                  headers: { ...auth, "content-type": "application/json" },
                  body: JSON.stringify({ upload_id: presigned.upload_id }),
                }),
                201,
                "finalize",
              );
            },
            pid,
          ),
        );
      } finally {
        await stopChild(child);
      }
    }
  } finally {
    await db.drop();
    await s3.close();
  }

  const reference = results[0]?.mbPerSecond ?? 1;
  console.log(`\n${UPLOADS} concurrent uploads of ${MB} MB (${UPLOADS * MB} MB in flight per case)\n`);
  console.log("| Case | Wall s | MB/s | vs fs | p50 s | p99 s | API RSS growth MB |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.seconds.toFixed(1)} | ${r.mbPerSecond.toFixed(0)} | ${(r.mbPerSecond / reference).toFixed(2)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rssGrowthMb === undefined ? "-" : r.rssGrowthMb.toFixed(0)} |`,
    );
}

if (process.argv[2] === "--serve") {
  await serve(process.argv[3] as string, JSON.parse(process.argv[4] ?? "{}"));
} else {
  await main();
}
