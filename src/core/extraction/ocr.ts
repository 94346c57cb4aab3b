import { availableParallelism } from "node:os";
import type { Worker as ThreadWorker } from "node:worker_threads";
import { createWorker, OEM, type Page, PSM, type Worker } from "tesseract.js";
import { type Box, median } from "./layout/geometry.ts";
import { languageDataDir, type OcrLanguage, tesseractLanguages } from "./ocr-languages.ts";
import { PdfiumDocument } from "./pdfium.ts";
import { type DrawnPage, drawPagePng, MAX_SIDE_PX } from "./render-page.ts";

// Offline OCR with tesseract.js 7 (Tesseract compiled to wasm, run in worker threads) and the LSTM
// models shipped on npm by @tesseract.js-data (English; German and French, ocr-languages.ts).
// Nothing here touches the network: the models are read from node_modules (an absolute file path, never a URL, so tesseract.js never fetches it),
// the wasm core is `require`d from tesseract.js-core, and images are passed as buffers. Without an
// explicit langPath tesseract.js downloads the model from a CDN, which fails (and crashes) offline.

/**
 * Rendering scale for OCR: 3 = 216 dpi, where 10-11 pt body text has a ~15-17 px x-height. Small
 * print is read reliably only at 3x (less of it at 2x, far less at 1.5x), for a little more CPU a
 * page than at 2x (the recogniser normalises line height; layout analysis grows).
 */
export const OCR_SCALE = 3;
/** The largest side we hand to Tesseract: time and (wasm) memory grow with the pixel count. */
export const OCR_MAX_SIDE_PX = Math.min(5000, MAX_SIDE_PX);
/**
 * Words Tesseract is less sure of than this (0-100) are dropped. Clean print scores 90+, a right but
 * ambiguous word ("Item" in a sans face, read as "[tem" by other modes) 67; Tesseract's guesses at
 * specks and rule fragments score far lower. A conservative cut, not tuned on noisy scans.
 */
export const MIN_WORD_CONFIDENCE = 40;
/** MIN_WORD_CONFIDENCE for an image read as one line (a table cell read again). */
export const LINE_MIN_CONFIDENCE = 15;
/**
 * Tesseract's own remarks (such as "Detected 123 diacritics") go nowhere rather than to the
 * process's output, which is the service's log.
 */
const QUIET = { debug_file: "/dev/null" };

/** One page that takes longer than this is abandoned and its worker restarted. */
export const OCR_TIMEOUT_MS = 120_000;

/** A recognised word in page points, origin top-left: `y` is its baseline, `size` the font size. */
export type TextRun = { str: string; x: number; y: number; width: number; size: number };
/** A TextRun plus Tesseract's confidence (0-100). */
export type OcrWord = TextRun & { confidence: number };

export type OcrEngine = {
  /**
   * Words recognised on a page image rendered at `scale` (pixels per point), in page points, read
   * with the model of `language` (English by default).
   */
  recognize(png: Buffer, scale: number, mode?: OcrMode, language?: OcrLanguage): Promise<OcrWord[]>;
  /** Terminates the workers; pending and later calls to recognize reject. */
  close(): Promise<void>;
};

export type OcrEngineOptions = {
  /** Tesseract workers (threads) to run at most, started one at a time as work queues; default 1. */
  workers?: number;
  /** Default MIN_WORD_CONFIDENCE. */
  minConfidence?: number;
  /** Default OCR_TIMEOUT_MS. */
  timeoutMs?: number;
  /**
   * How Tesseract finds text: "auto" (the default) finds blocks, columns and paragraphs first;
   * "sparse" looks for every word wherever it stands. Sparse mode read more of the words in
   * unruled table cells on noisy scans, but dropped a lone digit standing apart ("3" in a Qty
   * column), which auto mode reads; ruled cells it drops are read again (unread-cells.ts).
   */
  segmentation?: "sparse" | "auto";
};

/**
 * "page": a whole page, segmented as the engine was made to ("sparse" or "auto"); "line": an
 * image holding one line of text (a table cell), which page segmentation may drop as noise
 * when it is a short figure standing alone.
 */
export type OcrMode = "page" | "line";

type Job = {
  png: Buffer;
  scale: number;
  mode: OcrMode;
  language: OcrLanguage;
  resolve: (words: OcrWord[]) => void;
  reject: (err: Error) => void;
};

type Slot = {
  state: "starting" | "idle" | "busy" | "dead";
  worker?: Worker;
  thread?: ThreadWorker;
  dpi?: number;
  psm?: PSM;
  /** The language the worker's model is of. */
  language?: OcrLanguage;
  /** Settles when the worker is up (or failed to start). */
  ready?: Promise<unknown>;
  /** Rejects the job in flight when the thread dies under it (tesseract.js would leave it pending). */
  onDeath?: (err: Error) => void;
};

/**
 * A small pool of Tesseract workers, started lazily on the first page (a start is slow: the wasm
 * core and the 2.9 MB model are loaded per worker) and reused for every later page.
 */
export function createOcrEngine(opts: OcrEngineOptions = {}): OcrEngine {
  const maxWorkers = Math.max(1, Math.min(Math.floor(opts.workers ?? 1), availableParallelism()));
  const minConfidence = opts.minConfidence ?? MIN_WORD_CONFIDENCE;
  const timeoutMs = opts.timeoutMs ?? OCR_TIMEOUT_MS;
  const pageSegmentation = opts.segmentation === "sparse" ? PSM.SPARSE_TEXT : PSM.AUTO;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let closed = false;

  const live = () => slots.filter((s) => s.state !== "dead");

  /** Takes a worker out of the pool; says whether it was still live. */
  const retire = (slot: Slot): boolean => {
    const wasLive = slot.state !== "dead";
    slot.state = "dead";
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    return wasLive;
  };

  /** Retires a worker; the thread's exit listener settles whatever was in flight on it. */
  const kill = (slot: Slot): Promise<unknown> => {
    retire(slot);
    return slot.worker?.terminate().catch(() => undefined) ?? Promise.resolve();
  };

  const start = (slot: Slot) => {
    let langPath: string;
    try {
      langPath = languageDataDir();
    } catch (err) {
      return Promise.reject(err);
    }
    return createWorker("eng", OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      // No cache: tesseract.js would otherwise write eng.traineddata into the working directory.
      cacheMethod: "none",
      // Without a handler tesseract.js rethrows a failed job inside its message listener, which
      // is an uncaught exception; the job's promise is rejected either way.
      errorHandler: () => undefined,
    }).then(async (worker) => {
      slot.worker = worker;
      // Not in the typings: the worker_threads Worker behind it. tesseract.js listens for neither
      // 'error' nor 'exit', so a crashed thread would leave its job pending forever.
      const thread = (worker as unknown as { worker?: ThreadWorker }).worker;
      if (thread) {
        slot.thread = thread;
        const died = (err: Error) => {
          const wasLive = retire(slot);
          slot.onDeath?.(err);
          slot.onDeath = undefined;
          if (wasLive) pump();
        };
        thread.on("error", (err) => died(err instanceof Error ? err : new Error(String(err))));
        thread.on("exit", (code) => died(new Error(`OCR worker exited (code ${code})`)));
      }
      // No orientation detection in either mode (that needs the legacy model; pages are
      // rendered upright).
      await worker.setParameters({ tessedit_pageseg_mode: pageSegmentation, ...QUIET });
      slot.psm = pageSegmentation;
      slot.language = "eng";
      return worker;
    });
  };

  const run = async (slot: Slot, job: Job) => {
    slot.state = "busy";
    // An idle pool must not keep the process alive; a busy one must (a CLI awaiting a page).
    slot.thread?.ref();
    let timer: NodeJS.Timeout | undefined;
    try {
      const worker = slot.worker as Worker;
      const died = new Promise<never>((_, reject) => {
        slot.onDeath = reject;
        timer = setTimeout(() => {
          reject(new Error(`OCR of one page took longer than ${timeoutMs} ms; abandoned`));
          void kill(slot);
        }, timeoutMs);
      });
      if (slot.language !== job.language) {
        // Another model: its parameters start afresh, so they are set again below.
        await Promise.race([worker.reinitialize(tesseractLanguages(job.language), OEM.LSTM_ONLY), died]);
        slot.language = job.language;
        slot.dpi = undefined;
        slot.psm = undefined;
      }
      // Tesseract accepts 70-2400 dpi and warns on stderr outside that range.
      const dpi = Math.min(2400, Math.max(70, Math.round(72 * job.scale)));
      if (slot.dpi !== dpi) {
        // Tells Tesseract the resolution instead of letting it guess (and warn) per page.
        await Promise.race([worker.setParameters({ user_defined_dpi: String(dpi) }), died]);
        slot.dpi = dpi;
      }
      const psm = job.mode === "line" ? PSM.SINGLE_LINE : pageSegmentation;
      if (slot.psm !== psm) {
        // Set again with the model too, which starts its parameters afresh.
        await Promise.race([worker.setParameters({ tessedit_pageseg_mode: psm, ...QUIET }), died]);
        slot.psm = psm;
      }
      const result = await Promise.race([worker.recognize(job.png, {}, { text: false, blocks: true }), died]);
      // A line read again is known to hold ink where no word was read: a guess beats nothing.
      const floor = job.mode === "line" ? Math.min(minConfidence, LINE_MIN_CONFIDENCE) : minConfidence;
      job.resolve(toWords(result.data, job.scale, floor));
    } catch (err) {
      // tesseract.js rejects with strings such as "Error: Error attempting to read image."
      job.reject(
        err instanceof Error ? err : new Error(`OCR failed: ${String(err).replace(/^Error: /, "")}`),
      );
    } finally {
      clearTimeout(timer);
      slot.onDeath = undefined;
      if (slot.state === "busy") {
        slot.state = "idle";
        slot.thread?.unref();
      }
      pump();
    }
  };

  function pump() {
    if (closed) return;
    while (queue.length > 0) {
      const idle = slots.find((s) => s.state === "idle");
      if (idle) {
        void run(idle, queue.shift() as Job);
        continue;
      }
      const starting = slots.some((s) => s.state === "starting");
      // One start at a time: a second worker only when the first is busy and work still waits.
      if (starting || slots.length >= maxWorkers) return;
      const slot: Slot = { state: "starting" };
      slots.push(slot);
      slot.ready = start(slot).then(
        () => {
          if (closed || slot.state === "dead") return kill(slot);
          slot.state = "idle";
          slot.thread?.unref();
          pump();
          return undefined;
        },
        (err: unknown) => {
          const gone = kill(slot);
          // With no other worker to take the queue, fail it rather than leave it waiting.
          if (live().length === 0) {
            const error = new Error(
              `OCR worker failed to start: ${err instanceof Error ? err.message : String(err)}`,
            );
            for (const job of queue.splice(0)) job.reject(error);
          }
          return gone;
        },
      );
      return;
    }
  }

  return {
    recognize(png, scale, mode = "page", language = "eng") {
      if (closed) return Promise.reject(new Error("The OCR engine is closed."));
      if (!(scale > 0) || !Number.isFinite(scale)) {
        return Promise.reject(new RangeError(`OCR scale must be a positive number, got ${scale}`));
      }
      return new Promise<OcrWord[]>((resolve, reject) => {
        queue.push({ png, scale, mode, language, resolve, reject });
        pump();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      const error = new Error("The OCR engine is closed.");
      for (const job of queue.splice(0)) job.reject(error);
      // A worker still starting is killed by its start callback once it is up; wait for that too.
      await Promise.all(slots.map((s) => (s.state === "starting" ? s.ready : kill(s))));
    },
  };
}

/**
 * Tesseract's page -> one run per word, in points. y is the line's baseline under the word (the
 * box bottom would sit a descender lower for "Qty" than for "Total" on the same line), and size is
 * one estimate of the font size per line, so that words of a line group and compare like pdfjs runs.
 */
function toWords(page: Page, scale: number, minConfidence: number): OcrWord[] {
  const out: OcrWord[] = [];
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs ?? []) {
      for (const line of para.lines ?? []) {
        const words = (line.words ?? []).filter(
          (w) =>
            w.text.trim().length > 0 &&
            w.confidence >= minConfidence &&
            w.bbox.x1 > w.bbox.x0 &&
            w.bbox.y1 > w.bbox.y0,
        );
        if (words.length === 0) continue;
        const baselines = words.map((w) => baselineUnder(line.baseline, w.bbox));
        const size = lineSize(
          words.map((w) => w.bbox),
          baselines,
          line.rowAttributes,
        );
        words.forEach((w, i) => {
          out.push({
            str: w.text.trim(),
            x: w.bbox.x0 / scale,
            y: (baselines[i] as number) / scale,
            width: (w.bbox.x1 - w.bbox.x0) / scale,
            size: size / scale,
            confidence: Math.round(w.confidence),
          });
        });
      }
    }
  }
  return out;
}

/** The line's baseline at the word's centre (lines may be slightly skewed); else the box bottom. */
function baselineUnder(baseline: Box | undefined, box: Box): number {
  if (!baseline || !Number.isFinite(baseline.y0) || !Number.isFinite(baseline.y1)) return box.y1;
  const cx = (box.x0 + box.x1) / 2;
  const dx = baseline.x1 - baseline.x0;
  const y = dx !== 0 ? baseline.y0 + ((baseline.y1 - baseline.y0) * (cx - baseline.x0)) / dx : baseline.y0;
  // Tesseract reports no usable baseline for some lines (rotated or single-symbol ones).
  const h = box.y1 - box.y0;
  return y >= box.y0 + 0.3 * h && y <= box.y1 + 0.1 * h ? y : box.y1;
}

/**
 * The font size (em) of a line, in pixels. Capitals, digits and ascenders rise ~0.7 em above the
 * baseline and the x-height is ~0.5 em in common text faces; the larger of the two estimates holds
 * both for lines of capitals or digits only (no x-height seen) and for lines with no tall letter.
 */
function lineSize(
  boxes: Box[],
  baselines: number[],
  row: { rowHeight: number; ascenders: number; descenders: number } | undefined,
): number {
  const rises = boxes.map((b, i) => (baselines[i] as number) - b.y0).filter((r) => r > 0);
  const fromRise = median(rises) / 0.7;
  const xHeight = row ? row.rowHeight - Math.abs(row.ascenders) - Math.abs(row.descenders) : 0;
  const fromXHeight = Number.isFinite(xHeight) && xHeight > 0 ? xHeight / 0.5 : 0;
  const size = Math.max(fromRise, fromXHeight);
  return size > 0 ? size : median(boxes.map((b) => b.y1 - b.y0));
}

/**
 * Renders a page for OCR at OCR_SCALE (216 dpi), less for a page so large that a side would exceed
 * OCR_MAX_SIDE_PX. Returns the scale actually used, which recognize() needs to map back to points,
 * and the page size in points. `pdf` may be a document already open (it is left open).
 */
export async function renderForOcr(
  pdf: Uint8Array | PdfiumDocument,
  pageNumber: number,
  scale: number = OCR_SCALE,
): Promise<DrawnPage> {
  const doc = pdf instanceof PdfiumDocument ? pdf : await PdfiumDocument.open(pdf);
  try {
    return drawPagePng(doc, pageNumber, scale, OCR_MAX_SIDE_PX);
  } finally {
    if (doc !== pdf) doc.close();
  }
}
