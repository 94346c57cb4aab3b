import { type ConversionFailureCode, ConversionProcess, ConversionStepError } from "./conversion-process.ts";
import type { PageSize } from "./page-size.ts";

// Images into one PDF, in a conversion process of their own: each image's header is read first
// (its size checked against the megapixel cap before any pixel is decoded), then each of its pages
// is added, every step within the time budget. The first input that fails ends the conversion,
// named; the process is ended whatever happens.

export type ConvertLimits = {
  pageSize: PageSize;
  /** Pixels one image (one TIFF page) may have. */
  maxPixels: number;
  /** Longest one step may take: reading a header, adding a page, writing the PDF. */
  stepBudgetMs: number;
  /** Pages the PDF may have in all (a TIFF holds many). */
  maxPages: number;
};

export type InputFailureCode = ConversionFailureCode | "TOO_MANY_PAGES";

/** The input at `input` (0-based) could not be converted. */
export class InputFailure extends Error {
  constructor(
    readonly code: InputFailureCode,
    readonly input: number,
    message: string,
  ) {
    super(message);
    this.name = "InputFailure";
  }
}

/** The V8 heap of a conversion process; image pixels and the PDF's bytes live outside it. */
const HEAP_MB = 512;

/** Writes the PDF of `inputs` (image files, in order) to `outPath`; returns its page count. */
export async function convertImagesToPdf(
  inputs: readonly { path: string; name: string }[],
  outPath: string,
  limits: ConvertLimits,
): Promise<{ pages: number; bytes: number }> {
  const proc = await ConversionProcess.start({ heapMb: HEAP_MB });
  const budget = limits.stepBudgetMs;
  try {
    await proc.request({ op: "begin" }, budget);
    let pages = 0;
    for (const [i, input] of inputs.entries()) {
      const named = (err: unknown) =>
        err instanceof ConversionStepError
          ? new InputFailure(err.code, i, `Input ${i + 1} (${input.name}): ${err.message}.`)
          : err;
      const probed = await proc.request({ op: "probe", path: input.path }, budget).catch((err) => {
        throw named(err);
      });
      const count = probed.op === "probe" ? probed.probe.pages : 1;
      if (pages + count > limits.maxPages)
        throw new InputFailure(
          "TOO_MANY_PAGES",
          i,
          `Input ${i + 1} (${input.name}) brings the PDF past ${limits.maxPages} pages (MAX_PAGES).`,
        );
      for (let page = 0; page < count; page++)
        await proc
          .request(
            { op: "add", path: input.path, page, pageSize: limits.pageSize, maxPixels: limits.maxPixels },
            budget,
          )
          .catch((err) => {
            throw named(err);
          });
      pages += count;
    }
    // Writing the PDF is given the step budget for every ten pages it holds (at least one).
    const saved = await proc.request({ op: "save", outPath }, budget * Math.max(1, Math.ceil(pages / 10)));
    return { pages, bytes: saved.op === "save" ? saved.bytes : 0 };
  } finally {
    proc.kill("the conversion ended");
  }
}

/** The pages of an image file (a TIFF's count, 1 for the others), read from its header in a conversion process. */
export async function countImagePages(filePath: string, budgetMs: number): Promise<number> {
  const proc = await ConversionProcess.start({ heapMb: HEAP_MB });
  try {
    const a = await proc.request({ op: "probe", path: filePath }, budgetMs);
    return a.op === "probe" ? a.probe.pages : 1;
  } finally {
    proc.kill("the count ended");
  }
}
