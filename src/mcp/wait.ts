import { z } from "../core/zod.ts";

/** The longest a tool waits for a background job (a parse, a conversion, a run) in one call. */
export const MAX_WAIT_SECONDS = 60;

/** The wait_seconds argument of the tools that read a background job's record. */
export const waitSecondsArg = (what: string) =>
  z
    .number()
    .int()
    .min(0)
    .max(MAX_WAIT_SECONDS)
    .optional()
    .describe(`Wait up to this long for ${what} (default 0: answer at once).`);

/**
 * Reads `read` again every `pollMs` until `done` says so, `seconds` have passed or the client went
 * away; answers the last reading (tools that wait for a background job to end).
 */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  opts: { seconds: number; pollMs: number; signal: AbortSignal },
): Promise<T> {
  const until = Date.now() + opts.seconds * 1000;
  let value = await read();
  while (!done(value) && Date.now() < until && !opts.signal.aborted) {
    await new Promise((r) => setTimeout(r, opts.pollMs));
    value = await read();
  }
  return value;
}
