import type pg from "pg";

// SPEC 8: fixed one-minute windows, counted in PostgreSQL so every API process shares one budget.
export type RateClass = "standard" | "expensive";

export const rateLimits = {
  authenticated: { standard: 600, expensive: 30 },
  unauthenticated: { standard: 60, expensive: 5 },
} as const;

/** Wrong passwords a client address may try a minute at hosted sites, across all sites. */
export const SITE_PASSWORD_TRIES_PER_MINUTE = 10;

export type RateState = {
  limit: number;
  remaining: number;
  /** Unix seconds at which the window resets. */
  reset: number;
  /** Seconds to wait, set only when this request went over the limit. */
  retryAfter?: number;
};

export function rateState(limit: number, count: number, windowStart: number, nowSeconds: number): RateState {
  const reset = windowStart + 60;
  const state: RateState = { limit, remaining: Math.max(0, limit - count), reset };
  if (count > limit) state.retryAfter = Math.max(1, reset - Math.floor(nowSeconds));
  return state;
}

export function rateHeaders(s: RateState): Record<string, string> {
  const h: Record<string, string> = {
    "X-RateLimit-Limit": String(s.limit),
    "X-RateLimit-Remaining": String(s.remaining),
    "X-RateLimit-Reset": String(s.reset),
  };
  if (s.retryAfter !== undefined) h["Retry-After"] = String(s.retryAfter);
  return h;
}

// The window is taken from the database clock, so processes whose clocks drift still agree.
const countSql = `
  INSERT INTO rate_limit_windows (bucket, window_start, count)
  VALUES ($1, date_trunc('minute', now()), $2::int)
  ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_windows.count + $2::int
  RETURNING count, extract(epoch FROM window_start)::bigint AS window_start, extract(epoch FROM now()) AS now`;

/**
 * Counts a request against a bucket and returns the window's state. `points` is what the request
 * costs: 1 for a REST request, the query's cost for GraphQL.
 */
export async function countRequest(
  pool: pg.Pool,
  bucket: string,
  limit: number,
  points = 1,
): Promise<RateState> {
  const { rows } = await pool.query<{ count: number; window_start: string; now: string }>({
    name: "quire-rate-count",
    text: countSql,
    values: [bucket, points],
  });
  const row = rows[0];
  if (!row) throw new Error("rate-limit upsert returned no row");
  return rateState(limit, row.count, Number(row.window_start), Number(row.now));
}

/** Minutes of a key's counts kept after their window ends: the usage the dashboard charts. */
export const RATE_WINDOWS_KEPT_MINUTES = 60;

/**
 * Drops windows that ended: a key's after RATE_WINDOWS_KEPT_MINUTES, every other bucket's
 * (addresses, failed sign-ins, hosted passwords) at once. Any process may run it; idempotent.
 */
export async function pruneRateWindows(pool: pg.Pool): Promise<number> {
  const r = await pool.query(
    `DELETE FROM rate_limit_windows
     WHERE window_start < now() - interval '2 minutes'
       AND (bucket NOT LIKE 'key:%' OR window_start < now() - make_interval(mins => $1::int))`,
    [RATE_WINDOWS_KEPT_MINUTES],
  );
  return r.rowCount ?? 0;
}
