import type { Worker } from "node:worker_threads";
import { deflateSync, type ZlibOptions } from "node:zlib";

// Node aborts the whole process when a worker thread is terminated between the creation of a zlib
// handle and its initialisation (node_zlib.cc, "close before init", met when the render thread
// was ended during a page's deflateSync). So a thread that compresses marks the time it spends in
// zlib in a shared word, and its owner terminates it only outside: the owner claims the word
// (FREE -> CLOSING) before terminating; a thread that finds it claimed never enters zlib again.

const FREE = 0;
const IN_ZLIB = 1;
const CLOSING = 2;

/** The shared word, made by the owner and given to the thread in its workerData. */
export const newZlibGuard = () => new Int32Array(new SharedArrayBuffer(4));

let guard: Int32Array | null = null;

/** In a thread: compress only through `guardedDeflate` from now on, under this word. */
export function useZlibGuard(word: Int32Array | undefined): void {
  guard = word ?? null;
}

/** deflateSync, entered only while the owner is not ending this thread. */
export function guardedDeflate(data: Buffer, options?: ZlibOptions): Buffer {
  if (!guard) return deflateSync(data, options);
  // Being ended: wait here for it (the owner terminates right after claiming the word).
  while (Atomics.compareExchange(guard, 0, FREE, IN_ZLIB) !== FREE) Atomics.wait(guard, 0, CLOSING, 1000);
  try {
    return deflateSync(data, options);
  } finally {
    Atomics.store(guard, 0, FREE);
  }
}

/** How long a thread may stay in zlib before it is ended there all the same. */
const LONGEST_WAIT_MS = 5_000;

/**
 * Ends a thread once it is outside zlib (checked every few milliseconds; it is never long inside).
 * A thread that has already exited (one that died in zlib leaves the word marked) is not waited
 * for, nor one that stays inside longer than LONGEST_WAIT_MS.
 */
export async function terminateOutsideZlib(worker: Worker, word: Int32Array): Promise<void> {
  const giveUp = Date.now() + LONGEST_WAIT_MS;
  while (
    Atomics.compareExchange(word, 0, FREE, CLOSING) !== FREE &&
    worker.threadId !== -1 &&
    Date.now() < giveUp
  )
    await new Promise((resolve) => setTimeout(resolve, 2));
  await worker.terminate();
}
