import { gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
import { readingLimits } from "./reading-limits.ts";

// pdfjs 5 inflates every Flate stream (each page's content, fonts, images) through the web
// DecompressionStream. On Node that is a zlib Transform behind web-stream adapters, with a
// thread-pool round trip per stream: for the small streams of a PDF, the machinery costs more
// than the inflating. pdfjs's own JavaScript inflater (no DecompressionStream at all) is as fast
// on small streams but much slower on large images.
//
// This class keeps the DecompressionStream contract (a writable side taking bytes, a readable
// side giving the inflated bytes, an error on data that does not inflate, after which pdfjs
// falls back to its lenient inflater, as with Node's class) and inflates with zlib's synchronous
// calls. Inputs above SYNC_LIMIT, inputs that inflate to more than SYNC_OUTPUT_LIMIT
// (compressible data can grow a thousandfold, and inflating that much holds the thread) and
// formats it does not know go to Node's own class, off the main thread, so the event loop is
// held for tens of milliseconds at most. Unlike Node's class it gives nothing before the input is
// complete: pdfjs writes a whole stream and then reads it, and nothing else in the service uses
// the global (graphql-yoga's request decompression brings its own class).

/** Compressed inputs larger than this are inflated off the main thread, by Node's own class. */
export const SYNC_LIMIT = 4 * 1024 * 1024;
/** Inflated output larger than this is produced off the main thread too. */
export const SYNC_OUTPUT_LIMIT = 32 * 1024 * 1024;

/** How many streams were inflated here and how many handed to Node's class (tests, diagnostics). */
export const decompressionCounts = { sync: 0, native: 0 };

type Format = "deflate" | "gzip" | "deflate-raw";
const inflaters: Record<Format, (b: Uint8Array, o: { maxOutputLength: number }) => Buffer> = {
  deflate: inflateSync,
  gzip: gunzipSync,
  "deflate-raw": inflateRawSync,
};

const isFormat = (f: string): f is Format => Object.hasOwn(inflaters, f);

/** Creates the stream pair; the original class is used past the size limit or for other formats. */
export function makeDecompressionStream(NodeStream: typeof DecompressionStream) {
  return class SyncDecompressionStream {
    readonly readable: ReadableStream<Uint8Array>;
    readonly writable: WritableStream<BufferSource>;

    constructor(format: string) {
      if (!isFormat(format)) {
        // Node's class rejects unknown formats itself (with the standard TypeError).
        const native = new NodeStream(format as Format);
        this.readable = native.readable;
        this.writable = native.writable;
        return;
      }
      const inflate = inflaters[format];
      const chunks: Uint8Array[] = [];
      let size = 0;
      const { readable, writable } = new TransformStream<BufferSource, Uint8Array>({
        transform(chunk) {
          // Any BufferSource, as the standard class takes: an ArrayBuffer or a view of one. Copied,
          // as the writer may reuse its buffer once the write is taken.
          const bytes =
            ArrayBuffer.isView(chunk) && chunk.buffer instanceof ArrayBuffer
              ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength).slice()
              : chunk instanceof ArrayBuffer
                ? new Uint8Array(chunk.slice(0))
                : null;
          if (!bytes) throw new TypeError("DecompressionStream takes an ArrayBuffer or a view of one");
          chunks.push(bytes);
          size += bytes.byteLength;
        },
        async flush(controller) {
          const input = chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks);
          if (size <= SYNC_LIMIT) {
            let out: Buffer | null = null;
            try {
              out = inflate(input, { maxOutputLength: SYNC_OUTPUT_LIMIT });
            } catch (err) {
              // Any other throw errors both sides, as Node's class does on data that does not
              // inflate; output over the limit is made again off the main thread below.
              if (!(err instanceof RangeError)) throw err;
            }
            if (out) {
              decompressionCounts.sync++;
              readingLimits.inflated(out.byteLength);
              controller.enqueue(new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
              return;
            }
          }
          decompressionCounts.native++;
          const native = new NodeStream(format);
          const writer = native.writable.getWriter();
          const written = writer.write(input as Uint8Array<ArrayBuffer>).then(() => writer.close());
          // When the data does not inflate, the read below fails with the reason; the write's
          // own rejection must not go unhandled.
          written.catch(() => undefined);
          let total = 0;
          for await (const piece of native.readable as unknown as AsyncIterable<Uint8Array>) {
            // Past the reading limits the stream errors, before the rest is inflated.
            readingLimits.grow(total + piece.byteLength, total);
            total += piece.byteLength;
            controller.enqueue(piece);
          }
          await written;
        },
      });
      this.readable = readable;
      this.writable = writable;
    }
  };
}

let installed = false;

/**
 * Puts the synchronous class in place of the global DecompressionStream. Called once, when
 * pdfjs is loaded (src/core/extraction/pdfjs.ts); nothing else in the service uses the global.
 */
export function installSyncDecompression() {
  if (installed || typeof globalThis.DecompressionStream !== "function") return;
  installed = true;
  globalThis.DecompressionStream = makeDecompressionStream(
    globalThis.DecompressionStream,
  ) as unknown as typeof DecompressionStream;
}
