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

import type { ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "../test/support/database.ts";
import { startS3Server } from "../test/support/s3-server.ts";
import { benchServiceConfig } from "./support/bench-service-config.ts";
import { childCpu, serveParent, startChild, stopChild } from "./support/child-service.ts";

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
  /** CPU seconds per GB moved: the API process's and this load generator's (with s3rver, when it runs here). */
  apiCpuPerGb?: number;
  loadCpuPerGb: number;
  /** The plain fs write's MB/s, measured just before this case. */
  referenceMbPerSecond?: number;
};

const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

async function timed(
  name: string,
  run: (i: number) => Promise<unknown>,
  child?: ChildProcess,
): Promise<CaseResult> {
  if (global.gc) global.gc();
  const pid = child?.pid;
  const before = pid ? rssOf(pid) : 0;
  const watch = pid ? watchRss(pid) : null;
  const apiCpuBefore = child ? cpuSeconds(await childCpu(child)) : 0;
  const loadCpuBefore = cpuSeconds(process.cpuUsage());
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
  const gb = (UPLOADS * MB) / 1024;
  const loadCpuPerGb = (cpuSeconds(process.cpuUsage()) - loadCpuBefore) / gb;
  const apiCpuPerGb = child ? (cpuSeconds(await childCpu(child)) - apiCpuBefore) / gb : undefined;
  return {
    name,
    seconds,
    mbPerSecond: (UPLOADS * MB) / seconds,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
    ...(pid ? { rssGrowthMb: (peak - before) / 2 ** 20 } : {}),
    ...(apiCpuPerGb === undefined ? {} : { apiCpuPerGb }),
    loadCpuPerGb,
  };
}

/**
 * One request with node:http, the body written as Buffers. The load generator is kept cheap so
 * the figures are the API's: undici's FormData streams a Blob at about 12 CPU seconds per GB on
 * these machines, as much as the API itself spends.
 */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  parts: Buffer[],
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const length = parts.reduce((n, p) => n + p.length, 0);
    const req = http.request(
      url,
      { method, headers: { ...headers, "content-length": String(length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    for (const part of parts) req.write(part);
    req.end();
  });
}

const BOUNDARY = "----quire-bench-boundary-7c1f";
const multipartParts = (pdf: Buffer) => [
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  ),
  pdf,
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
];

async function expectSent(r: Promise<{ status: number; text: string }>, status: number, what: string) {
  const { status: got, text } = await r;
  if (got !== status) throw new Error(`${what}: ${got} ${text}`);
  return text;
}

async function expectStatus(r: Response, status: number, what: string): Promise<Response> {
  if (r.status !== status) throw new Error(`${what}: ${r.status} ${await r.text()}`);
  return r;
}

async function main(): Promise<void> {
  const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(SIZE - 9)]);
  const digest = createHash("sha256").update(pdf).digest("hex");
  const warmUp = pdf.subarray(0, 1024 * 1024);
  const results: CaseResult[] = [];

  // The machine's own limit, measured again just before each case: the disk's write-back and the
  // page cache drift over a run, and each case is compared with the conditions it ran in.
  const plainWrite = async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "quire-bench-fs-"));
    try {
      return await timed("plain fs streams", async (i) => {
        await pipeline(Readable.from([pdf]), createWriteStream(path.join(dir, `f${i}`)));
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const measure = async (name: string, upload: () => Promise<string>, child: ChildProcess) => {
    const reference = await plainWrite();
    const ids: string[] = [];
    const result = await timed(name, async () => ids.push(await upload()), child);
    results.push({ ...result, referenceMbPerSecond: reference.mbPerSecond });
    return ids;
  };

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
      const auth = { authorization: `Bearer ${ready.secret}` };
      const fileId = (text: string) => (JSON.parse(text) as { id: string }).id;
      const multipart = async (bytes: Buffer) =>
        fileId(
          await expectSent(
            send(
              `${ready.url}/v1/files`,
              "POST",
              { ...auth, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
              multipartParts(bytes),
            ),
            201,
            "upload",
          ),
        );
      const presigned = async (bytes: Buffer) => {
        const sha256 = bytes === pdf ? digest : createHash("sha256").update(bytes).digest("hex");
        const session = (await (
          await expectStatus(
            await fetch(`${ready.url}/v1/files/presign`, {
              method: "POST",
              headers: { ...auth, "content-type": "application/json" },
              body: JSON.stringify({ fileName: "big.pdf", fileSize: bytes.length, sha256 }),
            }),
            201,
            "presign",
          )
        ).json()) as { upload_id: string; url: string; headers: Record<string, string> };
        await expectSent(
          send(session.url, "PUT", { ...session.headers, "content-type": "application/pdf" }, [bytes]),
          200,
          "PUT",
        );
        const finalized = await expectStatus(
          await fetch(`${ready.url}/v1/files/finalize`, {
            method: "POST",
            headers: { ...auth, "content-type": "application/json" },
            body: JSON.stringify({ upload_id: session.upload_id }),
          }),
          201,
          "finalize",
        );
        return fileId(await finalized.text());
      };
      // Uploaded files are deleted after each case, as the plain write's are.
      const remove = async (ids: string[]) => {
        for (const id of ids)
          await expectStatus(
            await fetch(`${ready.url}/v1/files/${id}`, { method: "DELETE", headers: auth }),
            200,
            "delete",
          );
      };
      try {
        // One small upload of each kind first: the first request on a route loads and compiles
        // its code, tens of MB that have nothing to do with the upload's size.
        await remove([await multipart(warmUp), await presigned(warmUp)]);
        await remove(await measure(`${store}: multipart POST /v1/files`, () => multipart(pdf), child));
        await remove(await measure(`${store}: presign, PUT, finalize`, () => presigned(pdf), child));
      } finally {
        await stopChild(child);
      }
    }
  } finally {
    await db.drop();
    await s3.close();
  }

  console.log(`\n${UPLOADS} concurrent uploads of ${MB} MB (${UPLOADS * MB} MB in flight per case)\n`);
  console.log(
    "| Case | Wall s | MB/s | fs MB/s just before | vs fs | p50 s | p99 s | API RSS growth MB | API CPU s/GB | Load CPU s/GB |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const r of results)
    console.log(
      `| ${r.name} | ${r.seconds.toFixed(1)} | ${r.mbPerSecond.toFixed(0)} | ${(r.referenceMbPerSecond ?? 0).toFixed(0)} | ${(r.mbPerSecond / (r.referenceMbPerSecond ?? 1)).toFixed(2)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.rssGrowthMb === undefined ? "-" : r.rssGrowthMb.toFixed(0)} | ${r.apiCpuPerGb === undefined ? "-" : r.apiCpuPerGb.toFixed(2)} | ${r.loadCpuPerGb.toFixed(2)} |`,
    );
}

if (process.argv[2] === "--serve") {
  await serve(process.argv[3] as string, JSON.parse(process.argv[4] ?? "{}"));
} else {
  await main();
}
