import { Readable } from "node:stream";

/** A download streamed as it is produced; the file name tells browsers what to save it as. */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export function download(
  c: { body: (b: ReadableStream<Uint8Array>, s: 200, h: Record<string, string>) => Response },
  body: ReadableStream<Uint8Array>,
  type: string,
  fileName: string,
) {
  // c.body keeps the headers the middleware set (rate limits, request id).
  return c.body(body, 200, {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${fileName}"`,
    "Cache-Control": "private, no-cache",
  });
}

/** Text chunks as the bytes of a response body. */
export const textStream = (chunks: AsyncIterable<string>) =>
  Readable.toWeb(Readable.from(chunks, { objectMode: false })) as ReadableStream<Uint8Array>;
