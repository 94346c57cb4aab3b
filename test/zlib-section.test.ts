import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { newZlibGuard, terminateOutsideZlib } from "../src/core/extraction/zlib-section.ts";

// A thread in zlib is never terminated (Node aborts the process when a zlib handle is torn down
// before its initialisation): the owner waits for the word to be free, then claims it.

describe("terminating a thread outside zlib", () => {
  it("waits while the thread is in zlib, then claims the word and ends the thread", async () => {
    const word = newZlibGuard();
    const worker = new Worker("setInterval(() => {}, 1000)", { eval: true });
    await new Promise((resolve) => worker.once("online", resolve));
    Atomics.store(word, 0, 1); // the thread is in zlib
    let ended = false;
    const ending = terminateOutsideZlib(worker, word).then(() => {
      ended = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ended).toBe(false);
    expect(worker.threadId).toBeGreaterThan(0);
    Atomics.store(word, 0, 0); // out of zlib
    await ending;
    expect(ended).toBe(true);
    // Claimed for good: the thread, were it still running, would not enter zlib again.
    expect(Atomics.load(word, 0)).toBe(2);
    expect(worker.threadId).toBe(-1);
  });

  it("does not wait for a thread that exited while in zlib", async () => {
    const word = newZlibGuard();
    const worker = new Worker("process.exit(0)", { eval: true });
    await new Promise((resolve) => worker.once("exit", resolve));
    Atomics.store(word, 0, 1); // left marked, as a thread that died in zlib leaves it
    const started = Date.now();
    await terminateOutsideZlib(worker, word);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("ends a thread that is not in zlib at once", async () => {
    const word = newZlibGuard();
    const worker = new Worker("setInterval(() => {}, 1000)", { eval: true });
    await new Promise((resolve) => worker.once("online", resolve));
    const started = Date.now();
    await terminateOutsideZlib(worker, word);
    expect(worker.threadId).toBe(-1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
