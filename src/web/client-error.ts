import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { admit } from "../core/auth/admit.ts";
import { rateHeaders } from "../core/auth/rate-limit.ts";
import type { Services } from "../core/services.ts";
import { authDeps } from "./request-info.ts";

// A request Node's HTTP parser refuses (a control character in a header, headers over the size
// limit, a malformed request line) never reaches the app: Node would answer a bare 400 and
// close. It is answered here in the envelope every other error uses, with a request id and the
// rate-limit headers of the caller's address, where it is counted like any request without a key.

type ParserError = Error & { code?: string; bytesParsed?: number };

/** What the client did wrong, in words it can act on. */
function describe(err: ParserError): string {
  switch (err.code) {
    case "HPE_HEADER_OVERFLOW":
      return "The request's headers are larger than this server accepts (16 KiB in all); send fewer or shorter headers.";
    case "HPE_INVALID_HEADER_TOKEN":
      return "A header name or value holds a character HTTP does not allow (a control character, say).";
    case "HPE_INVALID_METHOD":
      return "The request method is not valid HTTP.";
    case "HPE_INVALID_URL":
      return "The request target is not a valid URL path.";
    case "HPE_INVALID_VERSION":
      return "The HTTP version is not valid.";
    default:
      return "The request is not valid HTTP/1.1.";
  }
}

function send(socket: Duplex, headers: Record<string, string>, body: string): void {
  const lines = [`HTTP/1.1 400 ${STATUS_CODES[400]}`];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  socket.end(`${lines.join("\r\n")}\r\n\r\n${body}`);
}

/** Answers the parser's refusals on `server` in the error envelope (SPEC 7). */
export function answerClientErrors(
  server: { on(event: "clientError", listener: (err: Error, socket: Duplex) => void): unknown },
  services: Services,
): void {
  const deps = authDeps(services);
  server.on("clientError", (err: ParserError, socket) => {
    // Nothing can be answered on a connection that is gone or already answering.
    if (
      err.code === "ECONNRESET" ||
      !socket.writable ||
      (socket as { _httpMessage?: unknown })._httpMessage
    ) {
      socket.destroy();
      return;
    }
    const requestId = randomUUID();
    const body = JSON.stringify({ error: { code: "BAD_REQUEST", message: describe(err) } });
    const headers: Record<string, string> = {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(body)),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Request-Id": requestId,
      Connection: "close",
    };
    const clientAddress = (socket as { remoteAddress?: string }).remoteAddress ?? "unknown";
    admit(deps, { clientAddress }, { budget: "requests", rateClass: "standard", units: 1 })
      // Over the address's budget too: its headers still say so.
      .then(({ rate }) => {
        if (rate) Object.assign(headers, rateHeaders(rate));
      })
      .catch((e: unknown) => {
        services.log.warn("counting a malformed request failed", { requestId, error: String(e) });
      })
      .finally(() => {
        if (socket.writable) send(socket, headers, body);
        else socket.destroy();
      });
  });
}
