import { Readable } from "node:stream";
import type { Context } from "hono";

/** One `bytes=` range of a Range header; several ranges, or another unit, are answered whole. */
export function rangeOf(header: string | undefined): { start?: number; end?: number } | undefined {
  const m = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return undefined;
  return m[1] === ""
    ? { end: Number(m[2]) }
    : { start: Number(m[1]), ...(m[2] === "" ? {} : { end: Number(m[2]) }) };
}

/** A file name in a Content-Disposition header: an ASCII fallback and the UTF-8 name (RFC 6266). */
export const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Answers stored bytes: the ETag (304 when If-None-Match has it), Accept-Ranges, and the whole
 * object (200) or the range served (206 with Content-Range).
 */
export function bytesResponse(
  c: Context,
  r: {
    body: Readable;
    size: number;
    range: { start: number; end: number } | null;
    etag: string;
    contentType: string;
    fileName: string;
    cacheControl: string;
  },
): Response {
  c.header("ETag", r.etag);
  c.header("Accept-Ranges", "bytes");
  c.header("Content-Type", r.contentType);
  c.header("Content-Disposition", disposition(r.fileName));
  c.header("Cache-Control", r.cacheControl);
  if (c.req.header("if-none-match") === r.etag) {
    r.body.destroy();
    return c.body(null, 304);
  }
  const stream = Readable.toWeb(r.body) as unknown as ReadableStream;
  if (!r.range) {
    c.header("Content-Length", String(r.size));
    return c.body(stream, 200);
  }
  c.header("Content-Range", `bytes ${r.range.start}-${r.range.end}/${r.size}`);
  c.header("Content-Length", String(r.range.end - r.range.start + 1));
  return c.body(stream, 206);
}
