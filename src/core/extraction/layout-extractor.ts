import { DocumentFonts } from "./document-fonts.ts";
import { DEFAULT_LIMITS, type ExtractedPage, ExtractionLimitError, type Extractor } from "./extractor.ts";
import { pageGraphics } from "./graphics.ts";
import type { Box } from "./layout/geometry.ts";
import { type Line, toLines } from "./layout/lines.ts";
import { boxesInFrame, layoutWords, newLayoutMemory, rulesInFrame } from "./layout/page-layout.ts";
import { pageText, pageWords, wordsFromRuns } from "./layout/words.ts";
import { createOcrEngine, type OcrEngine, type OcrWord } from "./ocr.ts";
import {
  IDEOGRAPH,
  type OcrLanguage,
  pageLanguage,
  readingConfidence,
  scriptLanguages,
  scriptReading,
  UNSURE_READING,
} from "./ocr-languages.ts";
import { PdfiumDocument, unloadPdfium } from "./pdfium.ts";
import { openPdf } from "./pdfjs.ts";
import { drawForOcr, dropRuleGlyphs, readScannedPage } from "./raster/scan-page.ts";
import { readAgain } from "./raster/second-reading.ts";
import { DEFAULT_READING_LIMITS, readingLimits } from "./reading-limits.ts";
import { type TableGrid, textRows } from "./table-model.ts";

/** A page with fewer words than this has no usable text layer (a scan, say) and is recognised by OCR. */
export const MIN_TEXT_LAYER_WORDS = 1;

// One OCR engine per process, started on the first scanned page: its workers are slow to start
// and are reused for every later page.
let ocr: OcrEngine | null = null;
const ocrEngine = () => {
  ocr ??= createOcrEngine({ workers: 1 });
  return ocr;
};

/**
 * Layout-aware extraction: reading order over columns, headings, lists, running headers and
 * footers left out, ruled and unruled tables in place, and OCR for pages without a usable text
 * layer (strategy `auto`; `text` never OCRs, `ocr` always does). Pages are worked one at a time
 * and released, so memory is bounded by a page whatever the document's length.
 */
export const layoutExtractor: Extractor = {
  async open(bytes, options) {
    const doc = await openPdf(bytes);
    const memory = newLayoutMemory();
    const fonts = new DocumentFonts();
    const tables = options.capabilities.includes("tables");
    const strategy = options.strategy;
    const limits = options.limits ?? DEFAULT_LIMITS;
    // The language the document's scanned pages are in, once a page has told (ocr-languages.ts).
    let ocrLanguage: OcrLanguage | null = null;
    // Other scripts are tried on the first page read poorly, not on every one of a poor scan.
    let scriptsTried = false;
    // Scanned pages are drawn for OCR by PDFium, as page images are; opened on the first one.
    let drawing: Promise<PdfiumDocument> | null = null;
    // The last table of the previous page, when the page ended with it: the next page's first
    // table continues it if it has the same columns.
    let open: { columns: number; header: string[] } | null = null;
    const carry = (layout: ReturnType<typeof layoutWords>) => {
      const first = layout.tables[0];
      if (first && layout.startsWithTable && open && columnsOf(first.grid) === open.columns) {
        first.continuation = true;
        const rows = textRows(first.grid);
        if (rows.length > 1 && JSON.stringify(rows[0]) === JSON.stringify(open.header))
          first.grid = first.grid.slice(1);
      }
      const last = layout.tables[layout.tables.length - 1];
      if (last && layout.endsWithTable) {
        const header = last.continuation && open ? open.header : (textRows(last.grid)[0] ?? []);
        open = { columns: columnsOf(last.grid), header };
      } else {
        open = null;
      }
      return layout;
    };
    return {
      pageCount: doc.numPages,
      async extractPage(pageNumber): Promise<ExtractedPage> {
        readingLimits.beginPage({ maxOps: limits.pageMaxOps, ...DEFAULT_READING_LIMITS });
        // Each pass of pdfjs over the page, checked against the reading limits once it returns:
        // pdfjs may have caught the limit's error and carried on with part of the page.
        const bounded = async <T>(pass: () => Promise<T>): Promise<T> => {
          readingLimits.beginPass();
          const result = await pass().then(
            (value) => ({ value }),
            (error: unknown) => ({ error }),
          );
          const reached = readingLimits.reached();
          if (reached) throw new ExtractionLimitError(`page ${pageNumber} ${reached}`);
          // pdfjs reads nested objects recursively: a file nesting them 100,000 deep runs its stack
          // out (pdfjs hands the RangeError on as an error of its own, the message kept).
          if (
            "error" in result &&
            /Maximum call stack size exceeded/.test(String((result.error as Error)?.message))
          )
            throw new ExtractionLimitError(`page ${pageNumber} nests objects too deeply to be read`);
          if ("error" in result) throw result.error;
          return result.value;
        };
        let page: Awaited<ReturnType<typeof doc.getPage>> | null = null;
        try {
          page = await bounded(() => doc.getPage(pageNumber));
          const p = page;
          const content = await bounded(() => pageText(p));
          if (strategy !== "ocr" && fonts.unknown(content.fonts))
            await bounded(() => fonts.learn(p, content.fonts));
          const text = pageWords(content, fonts);
          const useOcr =
            strategy === "ocr" || (strategy !== "text" && text.words.length < MIN_TEXT_LAYER_WORDS);
          if (useOcr) {
            drawing ??= PdfiumDocument.open(bytes);
            // Deskewed, its printed rules found in the pixels and painted out before recognition;
            // only here, so born-digital pages never pay for it.
            const drawn = drawForOcr(await drawing, pageNumber);
            let scanned = readScannedPage(drawn);
            // Read in English until a page says which language the document is in; that page is
            // read again in its language, and the pages after it at once.
            let language = ocrLanguage ?? "eng";
            let page = await ocrEngine().recognize(scanned.png, scanned.scale, "page", language);
            if (ocrLanguage === null) {
              const found = pageLanguage(page.map((w) => w.str));
              if (found) ocrLanguage = found;
              if (found && found !== language) {
                language = found;
                page = await ocrEngine().recognize(scanned.png, scanned.scale, "page", language);
              } else if (!found && !scriptsTried && readingConfidence(page) < UNSURE_READING) {
                // No language marked and read poorly: perhaps another script.
                scriptsTried = true;
                const english = page;
                for (const l of scriptLanguages) {
                  const read = await ocrEngine().recognize(scanned.png, scanned.scale, "page", l);
                  if (scriptReading(l, read, english) && readingConfidence(read) > readingConfidence(page)) {
                    language = l;
                    page = read;
                  }
                }
                if (language !== "eng") ocrLanguage = language;
              }
            }
            // A page that reads as almost nothing, or as words standing taller than wide (the
            // recogniser reads some lines of a sideways page as columns of letters), may be
            // printed sideways (a wide table turned onto a tall page): it is read turned either
            // way, and the reading with clearly more legible words kept. Upright pages of text
            // never pay for this.
            const tall = mostlyTall(page);
            const upright = legible(page);
            if (tall || upright < SIDEWAYS_BELOW) {
              // Words read as columns of letters are the page's words all the same: a turned
              // reading that lies flat need only read as many; otherwise it must read twice as many.
              const needed = Math.max(SIDEWAYS_BELOW, tall ? Math.ceil(upright / 2) : 2 * upright);
              let best = 0;
              for (const turns of [1, 3]) {
                const turned = readScannedPage(drawn, turns);
                const read = await ocrEngine().recognize(turned.png, turned.scale, "page", language);
                // The right way up reads more than the wrong one (which the recogniser half reads).
                const n = legible(read);
                if (n > best && n >= needed && !mostlyTall(read)) {
                  best = n;
                  scanned = turned;
                  page = read;
                }
              }
            }
            const runs = await readAgain(ocrEngine(), scanned, page, language, tables);
            const { words, frame } = wordsFromRuns(
              dropRuleGlyphs(runs, scanned.rules.verticals),
              scanned.width,
              scanned.height,
            );
            const layout = carry(layoutWords(words, scanned.rules, frame, memory, { tables }));
            return { pageNumber, ...pick(layout), method: "ocr" };
          }
          let rules = NO_RULES;
          // Where the page paints images (its figures are found among them): known where the
          // drawing operations are read, on pages with a line that splits into columns.
          let images: Box[] = [];
          let fills: Box[] = [];
          const lines = toLines(text.words);
          // A table has two columns at least, so some line splits at a wide gap; a picture leaves
          // a tall gap between lines of text. A page with neither (running prose, most of a long
          // document) skips reading its drawing operations, about half of the page's cost.
          const columned = tables && lines.some((l) => l.segments.length >= 2);
          if (columned || pictureGap(lines)) {
            const g = await bounded(() => pageGraphics(p, { maxOps: limits.pageMaxOps }));
            if (g.truncated)
              throw new ExtractionLimitError(
                `page ${pageNumber} has more than ${limits.pageMaxOps} drawing operations`,
              );
            rules = rulesInFrame([...g.horizontals, ...g.verticals], text.frame);
            images = boxesInFrame(g.images, text.frame);
            fills = boxesInFrame(g.rects, text.frame);
          }
          const layout = carry(
            layoutWords(text.words, rules, text.frame, memory, { tables, lines, images, fills }),
          );
          return { pageNumber, ...pick(layout), method: "text" };
        } finally {
          readingLimits.endPage();
          page?.cleanup();
          // Fonts and images shared between pages stay cached on the document; dropping them
          // now and then keeps a 2,000-page document in the memory of a few pages.
          if (pageNumber % 50 === 0) await doc.cleanup().catch(() => undefined);
        }
      },
      async close() {
        const drawn = drawing;
        drawing = null;
        await drawn?.then((d) => d.close()).catch(() => undefined);
        // PDFium's memory only grows (OCR pages are drawn large): give it back between documents.
        if (drawn && PdfiumDocument.openCount === 0) unloadPdfium();
        await doc.destroy();
      },
    };
  },
  async close() {
    const engine = ocr;
    ocr = null;
    await engine?.close();
  },
};

const NO_RULES: ReturnType<typeof rulesInFrame> = { horizontals: [], verticals: [] };

/**
 * Words read with confidence that hold three letters or digits (or one ideograph): what text read
 * upright yields.
 */
const legible = (words: readonly OcrWord[]) =>
  words.filter((w) => w.confidence >= 75 && (/[\p{L}\p{N}]{3}/u.test(w.str) || IDEOGRAPH.test(w.str))).length;
/** Fewer legible words than this on a scanned page: it is read turned a quarter either way too. */
const SIDEWAYS_BELOW = 12;
/** Whether most words of four letters or more stand taller than wide: text lying on its side. */
const mostlyTall = (words: readonly OcrWord[]) => {
  const long = words.filter((w) => /[\p{L}\p{N}]{4}/u.test(w.str));
  return long.length >= 4 && long.filter((w) => w.size > w.width).length * 2 > long.length;
};

/** Clear space between two lines of a page (points) that may hold a picture: an inch. */
const PICTURE_GAP = 72;

/** Whether some line stands a picture's height below the line above it (lines top to bottom). */
const pictureGap = (lines: readonly Line[]) =>
  lines.some((l, k) => k > 0 && l.y0 - (lines[k - 1] as Line).y1 >= PICTURE_GAP);

const columnsOf = (grid: TableGrid) => Math.max(0, ...grid.map((r) => r.length));

const pick = (l: ReturnType<typeof layoutWords>) => ({
  markdown: l.markdown,
  text: l.text,
  tables: l.tables,
  elements: l.elements,
  width: l.width,
  height: l.height,
});
