import { resetRateBudgets, startTestServer, type TestServer } from "./server.ts";

// One server in the default configuration per vitest worker, for the test files that need no
// setting of their own: each file makes its own tenants, so files that run one after another in a
// worker (test.isolate is off, so this module outlives a file) need not start, migrate and stop a
// service each. A file that changes the environment, counts rows across accounts or stops the
// service starts its own with startTestServer.

/** How long the server waits for the worker's next file before it stops. */
const IDLE_MS = 5_000;

let running: Promise<TestServer> | null = null;
let users = 0;
let idle: NodeJS.Timeout | null = null;

async function stop(server: Promise<TestServer>): Promise<void> {
  if (running === server) running = null;
  await (await server).close();
}

/**
 * The worker's shared server; `close` hands it back (it stops once no file has used it for a few
 * seconds). Rate budgets start empty for each file, as on a server of its own.
 */
export async function sharedTestServer(): Promise<TestServer> {
  if (idle) clearTimeout(idle);
  idle = null;
  running ??= startTestServer();
  const mine = running;
  users++;
  const server = await mine.catch((err: unknown) => {
    users--;
    if (running === mine) running = null;
    throw err;
  });
  await resetRateBudgets(server);
  let handedBack = false;
  return {
    ...server,
    close: async () => {
      if (handedBack) return;
      handedBack = true;
      users--;
      if (users > 0 || running !== mine) return;
      idle = setTimeout(() => {
        idle = null;
        if (users === 0) void stop(mine);
      }, IDLE_MS);
      // A worker that has run its last file exits without waiting: the run's global teardown
      // drops what is left of its database.
      idle.unref();
    },
  };
}
