import { Worker } from "node:worker_threads";

// The extraction process's memory limit, kept from inside: a thread of its own reads the
// process's resident size every few milliseconds and ends the process (SIGUSR2, whose default
// action terminates it) the moment it passes the limit. The same thread ends it (SIGKILL) once
// the service that started it is gone, however it went (a SIGKILL, a dependency's exit handler):
// the process's own thread may be held by a page for minutes, deaf to its closed channel. Watched from the service instead, the
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
const { limit, every, signal, parent } = workerData;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, "SIGKILL");
  if (limit === Infinity) return;
  let kb = 0;
  try {
    kb = Number(/^VmRSS:\\s+(\\d+) kB/m.exec(readFileSync("/proc/self/status", "latin1"))?.[1] ?? 0);
  } catch {
    return;
  }
  if (kb * 1024 > limit) process.kill(process.pid, signal);
}, every);
`;

/**
 * Starts the watch. The memory is read where it can be (Linux); elsewhere the heap cap stands
 * alone (`limitBytes` 0 turns the memory side off).
 */
export function watchProcess(limitBytes: number): void {
  const limit = process.platform === "linux" && limitBytes > 0 ? limitBytes : Number.POSITIVE_INFINITY;
  const w = new Worker(code, {
    eval: true,
    workerData: { limit, every: WATCH_MS, signal: OVER_MEMORY_SIGNAL, parent: process.ppid },
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });
  w.unref();
}
