import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { KEY_ENDED_MESSAGE, keyEnded } from "../core/auth/key-events.ts";
import { AppError } from "../core/errors.ts";
import type { Services } from "../core/services.ts";
import type { AppEnv } from "./env.ts";
import { toAppError } from "./error-response.ts";

export type SseMessage = { event?: string; data: string; id?: string };

/**
 * A server-sent-event response. `produce` writes messages; whatever it throws is turned into an
 * AppError and handed to `onError` to be written in the stream's own error form (the status is
 * already sent). `signal` aborts when the client goes away, so upstream work stops with it.
 */
export function sseResponse(
  c: Context<AppEnv>,
  services: Services,
  produce: (send: (m: SseMessage) => Promise<void>, signal: AbortSignal) => Promise<void>,
  onError: (err: AppError, send: (m: SseMessage) => Promise<void>) => Promise<void>,
): Response {
  // Reverse proxies (nginx) buffer responses by default, which would hold every piece back.
  c.header("X-Accel-Buffering", "no");
  const abort = new AbortController();
  c.req.raw.signal.addEventListener("abort", () => abort.abort(), { once: true });
  const response = streamSSE(c, async (stream) => {
    stream.onAbort(() => abort.abort());
    const send = (m: SseMessage) => stream.writeSSE(m);
    // The key the stream was opened with revoked or rotated: the stream says so and ends.
    keyEnded(services.events, c.var.principal, abort.signal).then(
      async () => {
        if (abort.signal.aborted) return;
        abort.abort();
        await onError(new AppError("UNAUTHORIZED", KEY_ENDED_MESSAGE), send).catch(() => undefined);
        await stream.close();
      },
      () => undefined,
    );
    try {
      await produce(send, abort.signal);
    } catch (err) {
      if (abort.signal.aborted) return;
      await onError(toAppError(err, services.log, c.var.requestId ?? "-"), send).catch(() => undefined);
    }
  });
  // SPEC 5 rule 7: private responses are `private` or `no-store`; streamSSE writes `no-cache`.
  response.headers.set("Cache-Control", "no-store");
  return response;
}
