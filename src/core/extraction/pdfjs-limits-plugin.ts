import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Plugin } from "esbuild";
import { READING_LIMITS_KEY } from "./reading-limits.ts";

// pdfjs has no hooks for bounding the work of reading a page, and its classes are not exported.
// The extraction process's bundle therefore carries its own copy of pdfjs's reading code
// (pdf.worker.mjs) with calls added at the places every page's work passes through: each content
// stream begun (the page's, and each form, pattern or Type 3 glyph it draws), each operator read from a content stream (page, forms, patterns, Type 3 glyphs alike), each
// save of the graphics state, and each growth of a decoding stream's buffer (every filter pdfjs
// decodes itself). The calls go to reading-limits.ts. A pdfjs release that moves these lines fails
// the build here, loudly, rather than leaving pages unbounded.

const call = (method: string, args: string) => `globalThis.${READING_LIMITS_KEY}?.${method}(${args});`;

/** Where each call goes: the text it is put before or after, found exactly once in pdf.worker.mjs. */
const PATCHES: Patch[] = [
  {
    what: "content streams read",
    find: "  constructor(stream, xref, stateManager = new StateManager()) {\n",
    place: "after",
    add: call("stream", ""),
  },
  {
    what: "operators read",
    find: "  read(operation) {\n    let args = operation.args;\n",
    place: "after",
    add: call("op", ""),
  },
  {
    what: "graphics state saves",
    find: "  save() {\n    const old = this.state;\n",
    place: "after",
    add: call("save", "this.stateStack.length"),
  },
  {
    // Bounded before the larger buffer is allocated.
    what: "decoded stream growth",
    find: "    const buffer2 = new Uint8Array(size);\n",
    place: "before",
    add: call("grow", "size, buffer.byteLength"),
  },
];

/**
 * How pdfjs reads text, corrected: wherever pdfjs runs (this bundle, and in-thread through
 * pdfjs-text-worker.ts). pdfjs joins a run's glyphs in drawing order and reverses the whole run
 * when it is right-to-left; a glyph that stands for several characters (an Arabic lam-alef
 * ligature, a letter with its vowel mark) already gives them in logical order, so that reversal
 * swapped them ("اإلنتاجية" for "الإنتاجية"). Such a glyph's characters are put in drawing order
 * first (and its presentation forms spelled out, as pdfjs does for the run later), so the run's
 * reversal gives them back in logical order.
 */
export const TEXT_PATCHES: Patch[] = [
  {
    what: "right-to-left glyphs of several characters",
    find: "          textChunk.str.push(glyphUnicode);\n",
    place: "replace",
    // Only a right-to-left glyph is spelled out here: every other glyph is pushed as pdfjs pushes
    // it (pdfjs spells out the whole run later), so text in other scripts costs nothing more.
    add:
      "const rtlGlyph = !textChunk.vertical && /^[\\u0590-\\u08ff\\ufb1d-\\ufdff\\ufe70-\\ufefc]/.test(glyphUnicode);" +
      " const glyphText = rtlGlyph && !disableNormalization ? normalizeUnicode(glyphUnicode) : glyphUnicode;" +
      " textChunk.str.push(rtlGlyph && glyphText.length > 1 ? [...glyphText].reverse().join('') : glyphText);",
  },
  {
    // pdfjs works out where a glyph stands twice per glyph of the text layer, each time by two
    // calls of its general matrix product (called from everywhere with typed and plain arrays
    // alike, so never inlined) and three new arrays. The same products written out term for
    // term, zero terms kept so every figure comes out bit for bit as before, make one array.
    what: "a glyph's text transform",
    find: "      return Util.transform(textState.ctm, Util.transform(textState.textMatrix, tsm));\n",
    place: "replace",
    add:
      "  const m = textState.textMatrix; const n = textState.ctm;" +
      " const a = m[0] * tsm[0] + m[2] * tsm[1], b = m[1] * tsm[0] + m[3] * tsm[1];" +
      " const c = m[0] * tsm[2] + m[2] * tsm[3], d = m[1] * tsm[2] + m[3] * tsm[3];" +
      " const e = m[0] * tsm[4] + m[2] * tsm[5] + m[4], f = m[1] * tsm[4] + m[3] * tsm[5] + m[5];" +
      " return [n[0] * a + n[2] * b, n[1] * a + n[3] * b, n[0] * c + n[2] * d, n[1] * c + n[3] * d, n[0] * e + n[2] * f + n[4], n[1] * e + n[3] * f + n[5]];",
  },
  {
    // pdfjs keys its caches of objects by reference (the page tree's, the fonts', the parsed
    // objects') by the reference's string, built anew on every look-up: a 2,000-page document
    // whose pages hang from one node builds millions of them walking its page tree page by page.
    // Each reference is one object (pdfjs keeps one per number), so its string is kept on it, in
    // a private field that copies of it between threads do not carry.
    what: "a reference's string",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: pdfjs's own source, matched as text
    find: "  toString() {\n    if (this.gen === 0) {\n      return `${this.num}R`;\n    }\n    return `${this.num}R${this.gen}`;\n  }\n",
    place: "replace",
    add: "#text; toString() { return (this.#text ??= this.gen === 0 ? this.num + 'R' : this.num + 'R' + this.gen); }",
  },
];

type Patch = { what: string; find: string; place: "after" | "before" | "replace"; add: string };

/** pdf.worker.mjs with the patches in; throws when a patch no longer finds its place. */
export function patchPdfjsWorker(source: string, patches: Patch[] = [...TEXT_PATCHES, ...PATCHES]): string {
  let out = source;
  for (const p of patches) {
    const at = out.indexOf(p.find);
    if (at < 0 || out.indexOf(p.find, at + 1) >= 0)
      throw new Error(`pdfjs-limits: the place for ${p.what} is not found once in pdf.worker.mjs`);
    const line = `    ${p.add}\n`;
    const replacement = p.place === "after" ? p.find + line : p.place === "before" ? line + p.find : line;
    out = out.slice(0, at) + replacement + out.slice(at + p.find.length);
  }
  return out;
}

const WORKER = "pdfjs-dist/legacy/build/pdf.worker.mjs";

/** Bundles pdfjs's worker module (other packages stay external) with the limits patched in. */
export function pdfjsLimitsPlugin(): Plugin {
  const file = createRequire(import.meta.url).resolve(WORKER);
  return {
    name: "pdfjs-limits",
    setup(build) {
      build.onResolve({ filter: /^pdfjs-dist\/legacy\/build\/pdf\.worker\.mjs$/ }, () => ({ path: file }));
      // In-thread pdfjs loads a text-patched copy at run time; here the worker is bundled, patched.
      build.onLoad({ filter: /pdfjs-text-worker\.ts$/ }, () => ({
        contents: 'export const loadPdfjsWorker = () => import("pdfjs-dist/legacy/build/pdf.worker.mjs");',
        loader: "js",
      }));
      build.onLoad({ filter: /pdf\.worker\.mjs$/ }, async (args) => ({
        contents: patchPdfjsWorker(await readFile(args.path, "utf8")),
        loader: "js",
      }));
    },
  };
}
