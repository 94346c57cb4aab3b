import { Worker } from "node:worker_threads";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  guardedDeflate,
  newZlibGuard,
  terminateOutsideZlib,
  useZlibGuard,
} from "../../src/core/extraction/zlib-section.ts";

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

  it("keeps a thread out of zlib while its owner holds the word, and lets it in once freed", async () => {
    const word = newZlibGuard();
    Atomics.store(word, 0, 2); // claimed by the owner, which is ending the thread
    // Frees the word 300 ms from now, from another thread: this one will be waiting in guardedDeflate.
    const freer = new Worker(
      "const { workerData } = require('node:worker_threads'); setTimeout(() => { Atomics.store(workerData, 0, 0); Atomics.notify(workerData, 0); }, 300);",
      { eval: true, workerData: word },
    );
    await new Promise((resolve) => freer.once("online", resolve));
    useZlibGuard(word);
    try {
      const data = Buffer.from("page image rows ".repeat(100));
      const started = Date.now();
      const packed = guardedDeflate(data);
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
      expect(inflateSync(packed).equals(data)).toBe(true);
      expect(Atomics.load(word, 0)).toBe(0); // left free once out of zlib
    } finally {
      useZlibGuard(undefined);
      await freer.terminate();
    }
  });
});
