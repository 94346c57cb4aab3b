import { AppError } from "../core/errors.ts";
import { z } from "../core/zod.ts";
import { badArgument } from "./tool.ts";

// A PDF sent inside the tool call, base64. Remote servers cannot read a client's files, and
// fetching a URL the model names would let the model make this server call any address (SSRF):
// bytes come inline, up to MCP_MAX_INLINE_UPLOAD_BYTES, or from a file stored beforehand.

/** The longest base64 text for `maxBytes` bytes. */
export const base64Length = (maxBytes: number) => Math.ceil(maxBytes / 3) * 4;

export const inlineContent = (maxBytes: number) =>
  z
    .string()
    .min(1)
    .max(base64Length(maxBytes) + 1024)
    .describe(
      `The PDF's bytes, base64 (standard alphabet; white space ignored), at most ${maxBytes} bytes decoded.`,
    );

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of `text`, as a stream an upload operation takes; a malformed or oversized text is refused by name. */
export function inlineBytes(name: string, text: string, maxBytes: number): AsyncIterable<Uint8Array> {
  const compact = text.replace(/\s+/g, "");
  if (!base64Pattern.test(compact) || compact.length % 4 === 1)
    throw badArgument(name, "is not base64 text (A-Z, a-z, 0-9, +, / and = padding).");
  const bytes = Buffer.from(compact, "base64");
  if (bytes.length > maxBytes)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `Invalid argument '${name}': ${bytes.length} bytes, over the inline limit of ${maxBytes}; store the PDF first (POST /v1/files) and pass its file_id.`,
    );
  return (async function* () {
    yield new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  })();
}
