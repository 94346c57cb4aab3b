import { afterEach, describe, expect, it } from "vitest";
import { defaultCapabilities } from "../../src/core/documents/phases.ts";
import { ExtractionProcess } from "../../src/core/extraction/extraction-process.ts";
import { ExtractionLimitError } from "../../src/core/extraction/extractor.ts";
import { textPdf } from "../support/pdfs.ts";

// A page's budget counts the processor time the extraction process spends, so that a page read on
// a busy machine (which gives the process a fraction of a core) reads as it does on an idle one.
// A stopped process (SIGSTOP) is a machine that gives it no time at all.

const open = async () => ({
  op: "open" as const,
  pdf: await textPdf([["A page of text"]]),
  options: { strategy: "auto", capabilities: defaultCapabilities },
});

let proc: ExtractionProcess | null = null;
afterEach(() => {
  proc?.kill();
  proc = null;
});

/** Stops the process for `ms`, as a machine busy with other work would, and lets it go on. */
function starve(p: ExtractionProcess, ms: number): Promise<void> {
  process.kill(p.pid as number, "SIGSTOP");
  return new Promise((res) =>
    setTimeout(() => {
      try {
        process.kill(p.pid as number, "SIGCONT");
      } catch {
        // Ended meanwhile (killed over its budget).
      }
      res();
    }, ms),
  );
}

describe.runIf(process.platform === "linux")("the extraction process's time budget", () => {
  it("does not count time the process was not given: a request held up 1.5 s on the clock fits a 0.5 s budget", async () => {
    proc = await ExtractionProcess.start({ memoryBytes: 512 * 2 ** 20 });
    const starved = starve(proc, 1500);
    const answer = await proc.request(await open(), { cpuMs: 500, wallMs: 20_000 }, "opening the PDF");
    await starved;
    expect(answer).toMatchObject({ pageCount: 1 });
  });

  it("still ends a request on the clock when it has no processor budget (a stuck process)", async () => {
    proc = await ExtractionProcess.start({ memoryBytes: 512 * 2 ** 20 });
    const starved = starve(proc, 1500);
    const failed = proc.request(await open(), { wallMs: 500 }, "opening the PDF");
    await expect(failed).rejects.toBeInstanceOf(ExtractionLimitError);
    await expect(failed).rejects.toThrow("opening the PDF took longer than 0.5 s");
    await starved;
  });
});
