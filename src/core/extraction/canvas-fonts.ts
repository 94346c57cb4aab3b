import { createHash } from "node:crypto";
import { type FontKey, GlobalFonts } from "@napi-rs/canvas";

// Page images draw text with the PDF's own fonts handed to the canvas (Skia), instead of pdfjs's
// Node default of filling every glyph as a path. Skia keeps rasterised glyphs in a cache, so a
// page of text is drawn glyph images at a time rather than outlines one by one: on the table
// corpus at scale 1.5 (same process, same machine load), page images took p50 53 / p95 190 ms
// against 71 / 263 ms with paths, and look the same (hinting makes strokes a little lighter).
//
// pdfjs does this in a browser through the CSS Font Loading API: it makes a FontFace of each font
// it has converted to OpenType, adds it to document.fonts and waits for it to load. Node has
// neither, so a document opened for drawing gets a small stand-in: FontFace (the parts pdfjs
// uses) and an owner document whose `fonts.add` registers the font with the canvas under the
// unique name pdfjs gives it (g_d<document>_f<n>), and whose `fonts.delete` (pdfjs calls it for
// each font when the document is cleaned up or destroyed) unregisters it.
//
// The canvas's font registry is shared by the whole process and merges fonts with identical
// bytes: registering the same data under two names and removing one removed both (checked on
// @napi-rs/canvas 0.1.100). Two documents often embed identical fonts, so registrations are
// counted per font content, and removed only when the last document using that content lets go.
// A font the canvas cannot read fails to load; pdfjs then asks its worker for the glyph outlines
// and draws that font as paths, as before.

type Source = ArrayBuffer | ArrayBufferView | string;

/** The parts of the CSS FontFace that pdfjs uses. */
export class CanvasFontFace {
  readonly family: string;
  readonly data: Buffer | null;
  status: "unloaded" | "loaded" | "error" = "unloaded";
  readonly loaded: Promise<CanvasFontFace>;
  settle!: (ok: boolean, reason?: string) => void;

  constructor(family: string, source: Source) {
    this.family = family;
    this.data =
      typeof source === "string"
        ? null
        : ArrayBuffer.isView(source)
          ? Buffer.from(source.buffer, source.byteOffset, source.byteLength)
          : Buffer.from(source);
    this.loaded = new Promise<CanvasFontFace>((resolve, reject) => {
      this.settle = (ok, reason) => {
        this.status = ok ? "loaded" : "error";
        if (ok) resolve(this);
        else reject(new Error(reason ?? `font ${family} could not be loaded`));
      };
    });
    // pdfjs awaits `loaded` only after adding the face; a face never added must not leave an
    // unhandled rejection behind.
    this.loaded.catch(() => undefined);
  }

  load(): Promise<CanvasFontFace> {
    return this.loaded;
  }
}

type Registration = { uses: number; keys: FontKey[] };
const registered = new Map<string, Registration>();
const contentOf = new WeakMap<CanvasFontFace, string>();

function add(face: CanvasFontFace) {
  if (!face.data) {
    // A system font by name (pdfjs asks for these only with useSystemFonts, which we turn off).
    face.settle(false, `font ${face.family}: system fonts are not used`);
    return;
  }
  const content = createHash("sha1").update(face.data).digest("hex");
  const key = GlobalFonts.register(face.data, face.family);
  if (!key) {
    face.settle(false, `font ${face.family} is not readable by the canvas`);
    return;
  }
  const r = registered.get(content) ?? { uses: 0, keys: [] };
  r.uses++;
  r.keys.push(key);
  registered.set(content, r);
  contentOf.set(face, content);
  face.settle(true);
}

function remove(face: CanvasFontFace) {
  const content = contentOf.get(face);
  if (content === undefined) return;
  contentOf.delete(face);
  const r = registered.get(content);
  if (!r) return;
  r.uses--;
  if (r.uses > 0) return;
  registered.delete(content);
  GlobalFonts.removeBatch(r.keys);
}

/** Fonts registered with the canvas now (distinct contents): for tests and diagnostics. */
export const registeredFontContents = () => registered.size;

let installed = false;

/**
 * The owner document of a PDF opened for drawing (pdfjs's `ownerDocument`), with its fonts
 * going to the canvas. Installs the FontFace stand-in the first time.
 */
export function canvasFontDocument(): {
  fonts: { add: (f: CanvasFontFace) => void; delete: (f: CanvasFontFace) => void };
} {
  if (!installed) {
    installed = true;
    (globalThis as { FontFace?: unknown }).FontFace ??= CanvasFontFace;
  }
  return { fonts: { add, delete: remove } };
}
