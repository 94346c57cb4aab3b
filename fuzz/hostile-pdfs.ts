import { createDeflate } from "node:zlib";
import { ascii, filters, flate, onePage, type RawObject, rawPdf } from "./raw-pdf.ts";

// The kinds of PDF a hostile uploader sends: a few kilobytes each that ask a reader for unbounded
// time or memory. Each takes a size, so the fuzz run draws them at many strengths.

/** Deflated zeros, `bytes` long once inflated: the seed of the decompression bombs. Made once per size. */
const zeroSeeds = new Map<number, Promise<Uint8Array>>();
export function deflatedZeros(bytes: number): Promise<Uint8Array> {
  let seed = zeroSeeds.get(bytes);
  if (!seed) {
    seed = (async () => {
      const d = createDeflate({ level: 9 });
      const out: Buffer[] = [];
      d.on("data", (c: Buffer) => out.push(c));
      const ended = new Promise((r) => d.on("end", r));
      const chunk = Buffer.alloc(Math.min(bytes, 16 << 20));
      for (let left = bytes; left > 0; left -= chunk.length) {
        const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
        if (!d.write(piece)) await new Promise((r) => d.once("drain", r));
      }
      d.end();
      await ended;
      return new Uint8Array(Buffer.concat(out));
    })();
    zeroSeeds.set(bytes, seed);
  }
  return seed;
}

const text = "BT /F1 12 Tf 72 720 Td (Hostile page) Tj ET\n";

/** `depth` nested saves of the graphics state around a line of text. */
export const nestedSaves = (depth: number) =>
  onePage({ content: ascii(`${"q\n".repeat(depth)}${text}${"Q\n".repeat(depth)}`) });

/** `count` TJ operators, each showing one letter. */
export const manyTj = (count: number) =>
  onePage({ content: ascii(`BT /F1 1 Tf 10 10 Td\n${"[(a)-20(b)] TJ\n".repeat(count)}ET\n${text}`) });

/** `count` Bézier curves in one stroked path. */
export const manyCurves = (count: number) =>
  onePage({
    content: ascii(`${text}10 10 m\n${"20 30 40 50 60 10 c\n".repeat(count)}S\n`),
  });

/** `count` little stroked rules, each its own path: a table reader's worst case. */
export const manyRules = (count: number) =>
  onePage({
    content: ascii(
      `${text}${Array.from({ length: count }, (_, i) => `${72 + (i % 400)} ${100 + (i % 500)} m ${80 + (i % 400)} ${100 + (i % 500)} l S`).join("\n")}\n`,
    ),
  });

/** A content stream of `megabytes` MB of `q Q` pairs, behind `stages` Flate filters. */
export const saveRestoreFlood = (megabytes: number, stages = 2) =>
  onePage({ content: ascii(`${text}${"q Q\n".repeat((megabytes << 20) / 4)}`), contentFilters: stages });

/**
 * Form XObjects `depth` deep, each drawing the next twice: 2^depth draws of the last one from a
 * file of a few hundred bytes.
 */
export function formFanOut(depth: number): Uint8Array {
  // Objects 6.. are the forms; form i (object 6 + i) draws form i + 1 twice.
  const forms: RawObject[] = Array.from({ length: depth }, (_, i) => {
    const last = i === depth - 1;
    const body = last ? "0 0 m 5 5 l S BT /F1 4 Tf (x) Tj ET" : "/X Do 1 0 0 1 1 1 cm /X Do";
    const res = last ? "/Font << /F1 5 0 R >>" : `/XObject << /X ${7 + i} 0 R >>`;
    return {
      dict: `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << ${res} >> ${filters(1)}`,
      stream: flate(ascii(body)),
    };
  });
  return onePage({ content: ascii(`${text}/X Do\n`), resources: "/XObject << /X 6 0 R >>", extra: forms });
}

/** A form that draws itself (object 6 names itself in its resources). */
export const formCycle = () =>
  onePage({
    content: ascii(`${text}/X Do\n`),
    resources: "/XObject << /X 6 0 R >>",
    extra: [
      {
        dict: "/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /X 6 0 R >> >>",
        stream: ascii("0 0 m 10 10 l S /X Do"),
      },
    ],
  });

/** Two forms that draw each other. */
export const formMutualCycle = () =>
  onePage({
    content: ascii(`${text}/A Do\n`),
    resources: "/XObject << /A 6 0 R >>",
    extra: [6, 7].map((n) => ({
      dict: `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /B ${n === 6 ? 7 : 6} 0 R >> >>`,
      stream: ascii("1 0 0 1 1 1 cm 0 0 m 10 10 l S /B Do"),
    })),
  });

/** A tiling pattern whose cell is filled with the pattern itself. */
export const selfPattern = () =>
  onePage({
    content: ascii(`${text}/Pattern cs /P0 scn 0 0 612 792 re f\n`),
    resources: "/Pattern << /P0 6 0 R >>",
    extra: [
      {
        dict: "/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 10 10] /XStep 10 /YStep 10 /Resources << /Pattern << /P0 6 0 R >> >>",
        stream: ascii("/Pattern cs /P0 scn 0 0 10 10 re f"),
      },
    ],
  });

/** A tiling pattern object whose cells stand `1 / scale` points apart. */
export const tinyTilePattern = (scale: number): RawObject => ({
  dict: `/Type /Pattern /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 1 1] /XStep ${1 / scale} /YStep ${1 / scale} /Resources << >>`,
  stream: ascii("0 0 0.5 0.5 re f"),
});

/** The page filled with a pattern of tiles `1 / scale` points apart: (612 * 792 * scale^2) tiles. */
export const tinyTiles = (scale: number, withText = true) =>
  onePage({
    content: ascii(`${withText ? text : ""}/Pattern cs /P0 scn 0 0 612 792 re f\n`),
    resources: "/Pattern << /P0 6 0 R >>",
    extra: [tinyTilePattern(scale)],
  });

/** A content stream of nothing but zeros, `bytes` long once inflated, behind `stages` filters. */
export async function contentBomb(bytes: number, stages: number): Promise<Uint8Array> {
  const seed = await deflatedZeros(bytes);
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [4 0 R 5 0 R] /Resources << /Font << /F1 6 0 R >> >> >>",
    { dict: filters(1), stream: flate(ascii(text)) },
    { dict: filters(stages), stream: flate(seed, stages - 1) },
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}

/** An image whose Flate data inflates to `bytes` of zeros, drawn on a page with text. */
export async function imageBomb(bytes: number, stages: number): Promise<Uint8Array> {
  const seed = await deflatedZeros(bytes);
  const side = Math.floor(Math.sqrt(bytes / 3));
  return onePage({
    content: ascii(`${text}q 300 0 0 300 100 100 cm /Im Do Q\n`),
    resources: "/XObject << /Im 6 0 R >>",
    extra: [
      {
        dict: `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 ${filters(stages)}`,
        stream: flate(seed, stages - 1),
      },
    ],
  });
}

/** An embedded font program that inflates to `bytes` of zeros. */
export async function fontBomb(bytes: number, stages: number): Promise<Uint8Array> {
  const seed = await deflatedZeros(bytes);
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    { dict: filters(1), stream: flate(ascii(text)) },
    "<< /Type /Font /Subtype /TrueType /BaseFont /Bomb /FirstChar 32 /LastChar 126 /FontDescriptor 6 0 R >>",
    "<< /Type /FontDescriptor /FontName /Bomb /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 7 0 R >>",
    { dict: filters(stages), stream: flate(seed, stages - 1) },
  ]);
}

/** An inline image `side` pixels square, its data a Flate bomb of that size. */
export async function inlineImageBomb(side: number): Promise<Uint8Array> {
  const seed = await deflatedZeros(side * side * 3);
  const head = ascii(`${text}q 300 0 0 300 100 100 cm BI /W ${side} /H ${side} /BPC 8 /CS /RGB /F /Fl ID\n`);
  const tail = ascii("\nEI Q\n");
  const content = new Uint8Array(head.length + seed.length + tail.length);
  content.set(head);
  content.set(seed, head.length);
  content.set(tail, head.length + seed.length);
  return onePage({ content });
}

/** Arrays nested `depth` deep in the content stream (a recursive parser's stack). */
export const deepArrays = (depth: number) =>
  onePage({ content: ascii(`${text}${"[".repeat(depth)}${"]".repeat(depth)} TJ\n`) });

/** Dictionaries nested `depth` deep in the page object itself. */
export const deepDictionaries = (depth: number) =>
  rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Junk ${"<< /A ".repeat(depth)}1${" >>".repeat(depth)} >>`,
    { dict: filters(1), stream: flate(ascii(text)) },
  ]);

/** A Type 3 font whose glyph shows text in the same font: each glyph draws itself. */
export const recursiveType3 = () =>
  rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /T3 6 0 R >> >> >>",
    { dict: filters(1), stream: flate(ascii(`${text}BT /T3 12 Tf 72 600 Td (aaaa) Tj ET\n`)) },
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << /a 7 0 R >> /Encoding << /Differences [97 /a] >> /FirstChar 97 /LastChar 97 /Widths [1000] /Resources << /Font << /T3 6 0 R >> >> >>",
    { dict: "", stream: ascii("1000 0 d0 BT /T3 1 Tf (aa) Tj ET 0 0 m 100 100 l S") },
  ]);

/** A page tree whose node lists itself among its kids. */
export const pageTreeCycle = () =>
  rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    { dict: filters(1), stream: flate(ascii(text)) },
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);

/** A sampled function (a shading's) declaring `size` squared samples it does not have. */
export const hugeShadingFunction = (size: number) =>
  onePage({
    content: ascii(`${text}/Sh sh\n`),
    resources: "/Shading << /Sh 6 0 R >>",
    extra: [
      `<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 612 792] /Function 7 0 R /Extend [true true] >>`,
      {
        dict: `/FunctionType 0 /Domain [0 1 0 1] /Range [0 1 0 1 0 1] /Size [${size} ${size}] /BitsPerSample 8`,
        stream: ascii("\0\0\0"),
      },
    ],
  });

/** `pages` pages, each showing `runs` TJ operators: a document that is slow page after page. */
export function slowPages(pages: number, runs: number): Uint8Array {
  const content = {
    dict: filters(1),
    stream: flate(ascii(`BT /F1 1 Tf 10 10 Td\n${"[(a)-20(b)] TJ\n".repeat(runs)}ET\n${text}`)),
  };
  const kids = Array.from({ length: pages }, (_, i) => `${4 + i} 0 R`).join(" ");
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    content,
    ...Array.from(
      { length: pages },
      () =>
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources << /Font << /F1 ${4 + pages} 0 R >> >> >>`,
    ),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ]);
}

export type HostileKind = {
  name: string;
  /** Makes one file; `strength` in [0, 1] scales the attack from mild to the full size. */
  make: (strength: number) => Uint8Array | Promise<Uint8Array>;
};

const lerp = (lo: number, hi: number, s: number) => Math.round(lo + (hi - lo) * s);

/** Every kind, with the sizes the probe used at strength 1. */
export const hostileKinds: HostileKind[] = [
  { name: "nested-saves", make: (s) => nestedSaves(lerp(10_000, 1_000_000, s)) },
  { name: "many-tj", make: (s) => manyTj(lerp(10_000, 200_000, s)) },
  { name: "many-curves", make: (s) => manyCurves(lerp(20_000, 500_000, s)) },
  { name: "many-rules", make: (s) => manyRules(lerp(5_000, 200_000, s)) },
  { name: "save-restore-flood", make: (s) => saveRestoreFlood(lerp(8, 256, s)) },
  { name: "form-fan-out", make: (s) => formFanOut(lerp(12, 25, s)) },
  { name: "form-cycle", make: () => formCycle() },
  { name: "form-mutual-cycle", make: () => formMutualCycle() },
  { name: "self-pattern", make: () => selfPattern() },
  { name: "tiny-tiles", make: (s) => tinyTiles(lerp(10, 1000, s)) },
  // No text: the page is drawn for OCR, in PDFium, which no reading limit reaches.
  { name: "tiny-tiles-scan", make: (s) => tinyTiles(lerp(5, 100, s), false) },
  { name: "content-bomb", make: (s) => contentBomb(lerp(64, 1024, s) << 20, s > 0.5 ? 3 : 2) },
  { name: "image-bomb", make: (s) => imageBomb(lerp(64, 1024, s) << 20, s > 0.5 ? 3 : 2) },
  { name: "font-bomb", make: (s) => fontBomb(lerp(64, 1024, s) << 20, s > 0.5 ? 3 : 2) },
  { name: "inline-image-bomb", make: (s) => inlineImageBomb(lerp(2000, 18_000, s)) },
  { name: "deep-arrays", make: (s) => deepArrays(lerp(1000, 100_000, s)) },
  { name: "deep-dictionaries", make: (s) => deepDictionaries(lerp(1000, 100_000, s)) },
  { name: "recursive-type3", make: () => recursiveType3() },
  { name: "page-tree-cycle", make: () => pageTreeCycle() },
  { name: "huge-shading-function", make: (s) => hugeShadingFunction(lerp(1000, 100_000, s)) },
  { name: "slow-pages", make: (s) => slowPages(lerp(2, 20, s), lerp(20_000, 100_000, s)) },
];

/**
 * Three pages: plain text on the first and last, `middle` (a content stream) on the second, with
 * `resources` for it and `extra` objects numbered from 10.
 */
export function hostileMiddlePage(middle: string, resources = "", extra: RawObject[] = []): Uint8Array {
  const page = (content: number) =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << /Font << /F1 9 0 R >> ${content === 7 ? resources : ""} >> >>`;
  const body = (s: string) => ({ dict: filters(1), stream: flate(ascii(s)) });
  return rawPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>",
    page(6),
    page(7),
    page(8),
    body("BT /F1 12 Tf 72 720 Td (First page text) Tj ET"),
    body(middle),
    body("BT /F1 12 Tf 72 720 Td (Third page text) Tj ET"),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ...extra,
  ]);
}
