import type { IncomingMessage } from "node:http";
import { type Envelope, parseEnvelope, rpcRefusal } from "./json-rpc.ts";

/**
 * The body as text, or null past `limit` bytes (counted as it arrives, never held beyond it). It
 * is read off Node's request stream, as @hono/node-server serves us: the web stream over it costs
 * several times as much for the small bodies MCP calls are.
 */
async function readBounded(req: Request, incoming: IncomingMessage, limit: number): Promise<string | null> {
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The posted messages, or the refusal of a body of another type or over `limit` bytes. */
export async function readEnvelope(
  req: Request,
  incoming: IncomingMessage,
  limit: number,
): Promise<Envelope | Response> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json")
    return rpcRefusal(415, -32000, "Unsupported Media Type: the body must be application/json.");
  const text = await readBounded(req, incoming, limit);
  if (text === null)
    return rpcRefusal(413, -32000, `The request body is larger than the limit of ${limit} bytes.`, {
      Connection: "close",
    });
  return parseEnvelope(text);
}
