import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  decompressionCounts,
  makeDecompressionStream,
  SYNC_LIMIT,
  SYNC_OUTPUT_LIMIT,
} from "../../src/core/extraction/decompression.ts";
import { layoutExtractor } from "../../src/core/extraction/layout-extractor.ts";
import { pdfjs } from "../../src/core/extraction/pdfjs.ts";

// The class pdfjs inflates its streams with (src/core/extraction/decompression.ts), used the way
// pdfjs uses it: write the bytes, close, read the inflated bytes to the end.
const Sync = makeDecompressionStream(DecompressionStream);

async function inflateWith(
  stream: { readable: ReadableStream<Uint8Array>; writable: WritableStream<BufferSource> },
  chunks: BufferSource[],
): Promise<Buffer> {
  const writer = stream.writable.getWriter();
  const written = (async () => {
    for (const c of chunks) await writer.write(c);
    await writer.close();
  })().catch(() => undefined);
  const out: Uint8Array[] = [];
  for await (const piece of stream.readable as unknown as AsyncIterable<Uint8Array>) out.push(piece);
  await written;
  return Buffer.concat(out);
}

const corpus = path.resolve(import.meta.dirname, "../../../shared/corpus/tables");
const text = Buffer.from("BT /F1 10 Tf 72 700 Td (Quarterly revenue by region) Tj ET\n".repeat(200));

describe("synchronous DecompressionStream", () => {
  it("inflates deflate, gzip and deflate-raw as Node's own class does", async () => {
    for (const [format, packed] of [
      ["deflate", deflateSync(text)],
      ["gzip", gzipSync(text)],
      ["deflate-raw", deflateRawSync(text)],
    ] as const) {
      const ours = await inflateWith(new Sync(format), [packed]);
      const node = await inflateWith(new DecompressionStream(format), [packed]);
      expect(ours.equals(text), format).toBe(true);
      expect(ours.equals(node), format).toBe(true);
    }
  });

  it("takes the input in several writes, as an ArrayBuffer or any view of one", async () => {
    const packed = deflateSync(text);
    const a = packed.subarray(0, 100);
    const b = packed.subarray(100, 300);
    const c = packed.subarray(300);
    const asArrayBuffer = b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength);
    const asDataView = new DataView(c.buffer, c.byteOffset, c.byteLength);
    const out = await inflateWith(new Sync("deflate"), [a, asArrayBuffer, asDataView]);
    expect(out.equals(text)).toBe(true);
  });

  it("keeps what was written even when the writer reuses its buffer afterwards", async () => {
    const packed = deflateSync(text);
    const buffer = Buffer.from(packed);
    const stream = new Sync("deflate");
    const writer = stream.writable.getWriter();
    const reading = (async () => {
      const out: Uint8Array[] = [];
      for await (const piece of stream.readable as unknown as AsyncIterable<Uint8Array>) out.push(piece);
      return Buffer.concat(out);
    })();
    await writer.write(buffer);
    buffer.fill(0);
    await writer.close();
    expect((await reading).equals(text)).toBe(true);
  });

  it("fails the read on data that does not inflate, so pdfjs falls back to its own inflater", async () => {
    const packed = deflateSync(text);
    await expect(inflateWith(new Sync("deflate"), [packed.subarray(0, packed.length / 2)])).rejects.toThrow();
    await expect(
      inflateWith(new Sync("deflate"), [Buffer.from("not deflate data at all")]),
    ).rejects.toThrow();
    await expect(inflateWith(new Sync("deflate"), ["text" as unknown as BufferSource])).rejects.toThrow(
      TypeError,
    );
  });

  it("hands inputs over the size limit, and outputs over theirs, to Node's class, with the same result", async () => {
    // Random bytes do not compress: the deflated input is over the limit.
    const big = randomBytes(SYNC_LIMIT + 65_536);
    const packed = deflateSync(big, { level: 1 });
    expect(packed.length).toBeGreaterThan(SYNC_LIMIT);
    let before = { ...decompressionCounts };
    expect((await inflateWith(new Sync("deflate"), [packed])).equals(big)).toBe(true);
    expect(decompressionCounts.native).toBe(before.native + 1);
    await expect(
      inflateWith(new Sync("deflate"), [Buffer.concat([packed.subarray(0, SYNC_LIMIT + 10)])]),
    ).rejects.toThrow();
    // Zeros compress a thousandfold: a small input whose output is over the output limit.
    const zeros = Buffer.alloc(SYNC_OUTPUT_LIMIT + 1024);
    const bomb = deflateSync(zeros);
    expect(bomb.length).toBeLessThan(SYNC_LIMIT);
    before = { ...decompressionCounts };
    expect((await inflateWith(new Sync("deflate"), [bomb])).equals(zeros)).toBe(true);
    expect(decompressionCounts).toEqual({ sync: before.sync, native: before.native + 1 });
  });

  it("refuses an unknown format with the standard TypeError", () => {
    expect(() => new Sync("zstd-please")).toThrow(TypeError);
  });

  it("is what pdfjs finds once loaded, and compressed PDFs read through it", async () => {
    await pdfjs();
    expect(globalThis.DecompressionStream.name).toBe("SyncDecompressionStream");
    const before = decompressionCounts.sync;
    // The corpus's PDFs keep their page content in Flate streams.
    const bytes = readFileSync(path.join(corpus, "frx_2012_disclosure.pdf"));
    const s = await layoutExtractor.open(bytes, { strategy: "text", capabilities: ["tables"] });
    try {
      const page = await s.extractPage(1);
      expect(page.tables.length).toBeGreaterThan(0);
      expect(page.markdown.length).toBeGreaterThan(1000);
      // Inflated here, not by pdfjs's own fallback after a failure of ours.
      expect(decompressionCounts.sync).toBeGreaterThan(before);
    } finally {
      await s.close();
    }
  });
});
