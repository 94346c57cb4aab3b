import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Config, loadConfig } from "../../src/config.ts";

/** The operator secret (x-document-agent-secret) of every benchmark's service. */
export const BENCH_WORKER_SECRET = "bench-worker-secret-0123456789";

/**
 * A benchmark's API process, as test/support/server.ts builds it but with the API role only, as
 * an API process is deployed (no extraction worker polling beside the load): any free port on
 * 127.0.0.1, logging off, and a fresh blob directory, which `removeBlobDir` deletes. `env` adds
 * to or overrides these.
 */
export function benchServiceConfig(
  databaseUrl: string,
  env: Record<string, string | undefined> = {},
): { config: Config; blobDir: string; removeBlobDir: () => void } {
  const blobDir = mkdtempSync(path.join(os.tmpdir(), "quire-bench-blobs-"));
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: "0",
    HOST: "127.0.0.1",
    ROLE: "api",
    BLOB_DIR: blobDir,
    WORKER_SECRET: BENCH_WORKER_SECRET,
    LOG_LEVEL: "silent",
    ...env,
  });
  return { config, blobDir, removeBlobDir: () => rmSync(blobDir, { recursive: true, force: true }) };
}
