import { RATE_WINDOWS_KEPT_MINUTES, rateLimits } from "../../core/auth/rate-limit.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";

export type UsageMinute = { start: Date; standard: number; expensive: number };
export type KeyUsage = {
  keyId: string;
  name: string;
  prefix: string;
  kind: "secret" | "publishable";
  revokedAt: Date | null;
  minutes: UsageMinute[];
};
export type Usage = {
  limits: { standard: number; expensive: number };
  from: Date;
  to: Date;
  keys: KeyUsage[];
};

/**
 * The account's requests per key and minute, oldest minute first, ending with the current one,
 * read from the same windows the rate limit counts in (a GraphQL query counts its cost, as it
 * does there). Keys in use are listed, and revoked keys that made requests in the span.
 */
export const getUsage = defineOperation({
  name: "getUsage",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ minutes: z.number().int().min(1).max(RATE_WINDOWS_KEPT_MINUTES).default(30) }),
  run: async (ctx, input): Promise<Usage> => {
    const { pool } = ctx.services.db;
    const { rows } = await pool.query<{
      id: string;
      name: string;
      prefix: string;
      kind: "secret" | "publishable";
      revoked_at: Date | null;
      created_at: Date;
      window_start: Date | null;
      class: "standard" | "expensive" | null;
      count: number | null;
      to: Date;
    }>(
      `WITH span AS (
         SELECT date_trunc('minute', now()) AS "to",
                date_trunc('minute', now()) - make_interval(mins => $2::int - 1) AS "from"
       )
       SELECT k.id, k.name, k.prefix, k.kind, k.revoked_at, k.created_at,
              w.window_start, c.class, w.count, span."to"
       FROM api_keys k
       CROSS JOIN span
       CROSS JOIN (VALUES ('standard'), ('expensive')) AS c(class)
       LEFT JOIN rate_limit_windows w
         ON w.bucket = 'key:' || k.id || ':' || c.class AND w.window_start >= span."from"
       WHERE k.account_id = $1 AND (k.revoked_at IS NULL OR w.count IS NOT NULL)
       ORDER BY k.created_at DESC, k.id`,
      [ctx.accountId, input.minutes],
    );
    const to = rows[0]?.to ?? new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const from = new Date(to.getTime() - (input.minutes - 1) * 60_000);
    const keys = new Map<string, KeyUsage>();
    for (const r of rows) {
      let key = keys.get(r.id);
      if (!key) {
        key = {
          keyId: r.id,
          name: r.name,
          prefix: r.prefix,
          kind: r.kind,
          revokedAt: r.revoked_at,
          minutes: Array.from({ length: input.minutes }, (_, i) => ({
            start: new Date(from.getTime() + i * 60_000),
            standard: 0,
            expensive: 0,
          })),
        };
        keys.set(r.id, key);
      }
      if (r.window_start === null || r.class === null || r.count === null) continue;
      const minute = key.minutes[Math.round((r.window_start.getTime() - from.getTime()) / 60_000)];
      if (minute) minute[r.class] += r.count;
    }
    return { limits: { ...rateLimits.authenticated }, from, to, keys: [...keys.values()] };
  },
});
