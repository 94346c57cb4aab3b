import { call } from "./http.ts";
import { type ServiceProcess, spawnService } from "./process.ts";
import { startTestServer, type TestServer, WORKER_SECRET } from "./server.ts";

export type WorkerFleet = {
  /** The API, in this process, with no worker of its own. */
  server: TestServer;
  /** One more worker process over the API's database and blobs, taking one job at a time. */
  spawnWorker: () => Promise<ServiceProcess>;
  /** Kills every worker (SIGKILL) and stops the API. */
  close: () => Promise<void>;
};

/**
 * An API-only test server whose jobs are worked by worker processes of their own, for tests that
 * kill a worker mid-job and watch another take over. Heartbeats every 10 s (the shortest allowed)
 * and supervision every second, so a killed worker's job comes back within seconds.
 */
export async function apiWithWorkers(): Promise<WorkerFleet> {
  const jobEnv = { JOB_HEARTBEAT_SECONDS: "10", JOB_SUPERVISE_SECONDS: "1" };
  const server = await startTestServer({ ROLE: "api", ...jobEnv });
  const workerEnv = {
    ...jobEnv,
    ROLE: "worker",
    DATABASE_URL: server.database.url,
    BLOB_DIR: server.blobDir,
    WORKER_SECRET,
    WORKER_CONCURRENCY: "1",
  };
  const workers: ServiceProcess[] = [];
  return {
    server,
    spawnWorker: async () => {
      const worker = await spawnService(workerEnv);
      workers.push(worker);
      return worker;
    },
    close: async () => {
      await Promise.all(workers.map((w) => w.kill("SIGKILL")));
      await server.close();
    },
  };
}

/**
 * Polls a job's record at `path` until its status leaves "queued" (a worker took it), for at most
 * a minute, checking often so the test can kill the worker while the job runs.
 */
export async function waitWhileQueued(base: string, key: string, path: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if ((await call(base, "GET", path, { key })).body.status !== "queued") return;
    await new Promise((res) => setTimeout(res, 20));
  }
}
