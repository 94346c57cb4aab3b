import { z } from "../zod.ts";

/** An upload's bytes as they arrive (a multipart part, a request body): never held whole. */
export const byteStream = z.custom<AsyncIterable<Uint8Array>>(
  (v) => typeof (v as AsyncIterable<Uint8Array> | null)?.[Symbol.asyncIterator] === "function",
  "must be a stream of bytes",
);
