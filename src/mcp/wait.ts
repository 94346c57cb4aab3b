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
