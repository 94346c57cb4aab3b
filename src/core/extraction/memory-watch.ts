import { Worker } from "node:worker_threads";

// The extraction process's memory limit, kept from inside: a thread of its own reads the
// process's resident size every few milliseconds and ends the process (SIGUSR2, whose default
// action terminates it) the moment it passes the limit. Watched from the service instead, the
// reads wait on the service's busy event loop, and a fast allocation outran them by hundreds of
// megabytes. The thread runs no JavaScript of the extraction, so a page that holds the main
// thread cannot hold it.

/** How often the resident size is read. */
const WATCH_MS = 5;

/** The signal the watch ends its process with: the service reads it as "over the memory limit". */
export const OVER_MEMORY_SIGNAL = "SIGUSR2";

const code = `
const { workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
const { limit, every, signal } = workerData;
setInterval(() => {
  let kb = 0;
  try {
    kb = Number(/^VmRSS:\\s+(\\d+) kB/m.exec(readFileSync("/proc/self/status", "latin1"))?.[1] ?? 0);
  } catch {
    return;
  }
  if (kb * 1024 > limit) process.kill(process.pid, signal);
}, every);
`;

/** Starts the watch where the process's memory can be read (Linux); elsewhere the heap cap stands alone. */
export function watchMemory(limitBytes: number): void {
  if (process.platform !== "linux" || !(limitBytes > 0)) return;
  const w = new Worker(code, {
    eval: true,
    workerData: { limit: limitBytes, every: WATCH_MS, signal: OVER_MEMORY_SIGNAL },
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });
  w.unref();
}
