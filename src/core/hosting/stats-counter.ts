import type pg from "pg";
import type { Logger } from "../log.ts";

export type StatKind = "view" | "page" | "download";

/**
 * Counts what hosted sites serve, in memory, written to hosted_stats every few seconds as one
 * statement: a page image served costs no database write of its own. Counts not yet written when
 * a process dies are lost (a few seconds' worth); `flush` on stop writes them.
 */
export function createStatsCounter(pool: pg.Pool, log: Logger, everyMs = 5_000) {
  let pending = new Map<
    string,
    { siteId: string; day: string; kind: StatKind; page: number; count: number }
  >();
  const flush = async () => {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await pool.query(
        `INSERT INTO hosted_stats (site_id, day, kind, page, count)
         SELECT s.site_id, s.day::timestamptz, s.kind, s.page, s.count
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::bigint[]) AS s(site_id, day, kind, page, count)
         -- A site unpublished (and purged) since is skipped, not an error.
         WHERE EXISTS (SELECT 1 FROM hosted_sites h WHERE h.id = s.site_id AND h.unpublished_at IS NULL)
         ON CONFLICT (site_id, day, kind, page) DO UPDATE SET count = hosted_stats.count + EXCLUDED.count`,
        [
          batch.map((b) => b.siteId),
          batch.map((b) => b.day),
          batch.map((b) => b.kind),
          batch.map((b) => b.page),
          batch.map((b) => b.count),
        ],
      );
    } catch (err) {
      log.warn("writing hosted-site counts failed; they are dropped", { error: (err as Error).message });
    }
  };
  const timer = setInterval(() => void flush(), everyMs);
  timer.unref();
  return {
    count(siteId: string, kind: StatKind, page = 0) {
      const day = `${new Date().toISOString().slice(0, 10)}T00:00:00Z`;
      const key = `${siteId}|${day}|${kind}|${page}`;
      const entry = pending.get(key);
      if (entry) entry.count++;
      else pending.set(key, { siteId, day, kind, page, count: 1 });
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type StatsCounter = ReturnType<typeof createStatsCounter>;
