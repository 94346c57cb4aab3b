import type pg from "pg";
import { touchKeySql } from "./key-last-used.ts";
import type { RateClass } from "./rate-limit.ts";
import type { KeyKind } from "./secrets.ts";

/** One request's key to look up and count. */
export type KeyCheck = {
  secretHash: string;
  /** The rate class counted: the bucket is the key's and this class's. */
  cls: RateClass;
  /** The caller address's failed-authentication bucket, whose count comes back with the key. */
  failuresBucket: string;
  points: number;
};

/** What the database said of one check: no key (missing or revoked), or the key and its count. */
export type KeyCheckResult = {
  key: { id: string; accountId: string; kind: KeyKind; count: number; windowStart: number } | null;
  /** Failed authentications counted against the address this minute. */
  failures: number;
  now: number;
};

// Every request with a key looks it up and counts itself against the key's window. That round
// trip is most of what authentication costs, so the checks that arrive while one is on its way
// are sent together in the next: under load one statement serves many requests, and alone a
// request waits only for the end of the event loop's turn. Each request is still looked up and
// counted in the database before it goes on, so revocation and the shared budget stay exact.
//
// The counts of one bucket are added in one upsert (PostgreSQL lets a statement touch a row
// once) and each request is given the count it would have had in arrival order. Buckets are
// upserted in key order, so two batches (from two processes) lock them in the same order.
const batchSql = `
  WITH r AS (
    SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])
      WITH ORDINALITY AS r(secret_hash, cls, failures_bucket, points, n)
  ), k AS (
    SELECT r.n, a.id, a.account_id, a.kind, r.points, 'key:' || a.id || ':' || r.cls AS bucket
    FROM r JOIN api_keys a ON a.secret_hash = r.secret_hash AND a.revoked_at IS NULL
  ), c AS (
    INSERT INTO rate_limit_windows (bucket, window_start, count)
    SELECT bucket, date_trunc('minute', now()), sum(points)::int FROM k GROUP BY bucket ORDER BY bucket
    ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_windows.count + EXCLUDED.count
    RETURNING bucket, count, window_start
  ), u AS (${touchKeySql("SELECT id FROM k")})
  SELECT r.n, k.id, k.account_id, k.kind, k.bucket, c.count,
         (SELECT w.count FROM rate_limit_windows w
           WHERE w.bucket = r.failures_bucket AND w.window_start = date_trunc('minute', now())) AS failures,
         extract(epoch FROM c.window_start)::bigint AS window_start, extract(epoch FROM now()) AS now
  FROM r LEFT JOIN k ON k.n = r.n LEFT JOIN c ON c.bucket = k.bucket
  ORDER BY r.n`;

type Row = {
  n: string;
  id: string | null;
  account_id: string | null;
  kind: KeyKind | null;
  bucket: string | null;
  count: number | null;
  failures: number | null;
  window_start: string | null;
  now: string;
};

type Pending = { check: KeyCheck; resolve: (r: KeyCheckResult) => void; reject: (e: unknown) => void };

/** Checks in one statement at most; the rest wait for the next. */
const MAX_BATCH = 200;
const DEADLOCK = "40P01";

export class KeyCheckBatch {
  private queue: Pending[] = [];
  private busy = false;

  constructor(private readonly pool: pg.Pool) {}

  check(check: KeyCheck): Promise<KeyCheckResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ check, resolve, reject });
      if (!this.busy) {
        this.busy = true;
        // The other requests read in this turn of the event loop join the batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Sends batches one after the other until none is waiting: one statement on its way at a time. */
  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const results = await this.send(batch.map((p) => p.check));
        for (const [i, p] of batch.entries()) p.resolve(results[i] as KeyCheckResult);
      } catch (e) {
        for (const p of batch) p.reject(e);
      }
    }
    this.busy = false;
  }

  private async send(checks: KeyCheck[], retried = false): Promise<KeyCheckResult[]> {
    try {
      const { rows } = await this.pool.query<Row>({
        name: "quire-auth-key-batch",
        text: batchSql,
        values: [
          checks.map((c) => c.secretHash),
          checks.map((c) => c.cls),
          checks.map((c) => c.failuresBucket),
          checks.map((c) => c.points),
        ],
      });
      return resultsInOrder(checks, rows);
    } catch (e) {
      // Buckets are locked in key order and key rows are skipped when held, so two processes'
      // batches should not deadlock; if PostgreSQL still finds one, the statement was rolled back
      // whole, and sending it again counts nothing twice.
      if (!retried && (e as { code?: string }).code === DEADLOCK) return this.send(checks, true);
      throw e;
    }
  }
}

/** Each check's own count: the bucket's new total less what the checks after it in the batch added. */
function resultsInOrder(checks: KeyCheck[], rows: Row[]): KeyCheckResult[] {
  const addedAfter = new Map<string, number>();
  const out: KeyCheckResult[] = new Array(checks.length);
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i] as Row;
    const n = Number(row.n) - 1;
    const now = Number(row.now);
    const failures = row.failures ?? 0;
    if (row.id === null || row.bucket === null || row.count === null) {
      out[n] = { key: null, failures, now };
      continue;
    }
    const after = addedAfter.get(row.bucket) ?? 0;
    addedAfter.set(row.bucket, after + (checks[n] as KeyCheck).points);
    out[n] = {
      key: {
        id: row.id,
        accountId: row.account_id as string,
        kind: row.kind as KeyKind,
        count: row.count - after,
        windowStart: Number(row.window_start),
      },
      failures,
      now,
    };
  }
  return out;
}

const batches = new WeakMap<pg.Pool, KeyCheckBatch>();

/** The pool's batch: one per pool, so every request of a process that shares the pool joins it. */
export function keyCheckBatch(pool: pg.Pool): KeyCheckBatch {
  let batch = batches.get(pool);
  if (!batch) {
    batch = new KeyCheckBatch(pool);
    batches.set(pool, batch);
  }
  return batch;
}
