import type { EventBus } from "../events/pubsub.ts";
import type { Principal } from "./principal.ts";

/** The topic on which an account's key changes are published. */
export const apiKeyTopic = (accountId: string) => `account:${accountId}:api-keys`;
export type ApiKeyEvent = { action: "created" | "rotated" | "revoked"; keyId: string };

/** What a stream tells its client when it ends because its key did. */
export const KEY_ENDED_MESSAGE =
  "The API key this stream was opened with was revoked or rotated; the stream is closed. Open it again with a valid key.";

/**
 * Settles when the key the principal called with is revoked or rotated away, in any process (the
 * account's key events): a stream it opened must end then, as its next request would be refused.
 * Never settles for callers without a key, nor once `signal` aborts (the stream ended first).
 */
export async function keyEnded(events: EventBus, principal: Principal, signal: AbortSignal): Promise<void> {
  if (principal.kind !== "key") return new Promise<void>(() => undefined);
  const changes = await events.subscribe<ApiKeyEvent>(apiKeyTopic(principal.accountId), signal);
  for await (const e of changes) {
    if (e.keyId === principal.keyId && (e.action === "revoked" || e.action === "rotated")) {
      await changes.return?.();
      return;
    }
  }
  // The stream ended first: nothing to end.
  return new Promise<void>(() => undefined);
}
