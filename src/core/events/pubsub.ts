import pg from "pg";
import type { Logger } from "../log.ts";

// Live events across processes: publish is a NOTIFY on one channel, and every process keeps one
// LISTEN connection that fans the events out to its local subscribers. NOTIFY is delivered only
// to sessions listening at that moment, so subscribers see events from the time they subscribe.

const CHANNEL = "quire_events";
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; events carry ids, not documents.
const MAX_PAYLOAD = 7900;

export type EventBus = {
  publish: (topic: string, payload: unknown) => Promise<void>;
  /** Resolves once this process is listening, so no event published after it resolves is missed. */
  subscribe: <T>(topic: string, signal?: AbortSignal) => Promise<AsyncIterableIterator<T>>;
  close: () => Promise<void>;
};

type Listener = (payload: unknown) => void;

export function createEventBus(opts: { url: string; pool: pg.Pool; log: Logger }): EventBus {
  const listeners = new Map<string, Set<Listener>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;

  const deliver = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    let parsed: { t: string; p: unknown };
    try {
      parsed = JSON.parse(msg.payload);
    } catch {
      return;
    }
    for (const l of listeners.get(parsed.t) ?? []) l(parsed.p);
  };

  // The listening connection is opened on the first subscription and re-opened if it drops.
  const ensureListening = (): Promise<void> => {
    if (client || closed) return Promise.resolve();
    if (connecting) return connecting;
    connecting = (async () => {
      const c = new pg.Client({ connectionString: opts.url });
      c.on("notification", deliver);
      c.on("error", (err) => {
        opts.log.warn("event listener connection lost; reconnecting", { error: err.message });
        client = null;
        c.end().catch(() => undefined);
        if (!closed && listeners.size > 0)
          setTimeout(() => void ensureListening().catch(() => undefined), 500);
      });
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      client = c;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async publish(topic, payload) {
      const text = JSON.stringify({ t: topic, p: payload });
      if (Buffer.byteLength(text) > MAX_PAYLOAD) throw new Error(`event on ${topic} is too large for NOTIFY`);
      await opts.pool.query("SELECT pg_notify($1, $2)", [CHANNEL, text]);
    },

    async subscribe<T>(topic: string, signal?: AbortSignal): Promise<AsyncIterableIterator<T>> {
      const queue: T[] = [];
      let wake: (() => void) | null = null;
      let done = false;
      const listener: Listener = (p) => {
        queue.push(p as T);
        wake?.();
      };
      const set = listeners.get(topic) ?? new Set();
      set.add(listener);
      listeners.set(topic, set);
      const stop = () => {
        done = true;
        set.delete(listener);
        if (set.size === 0) listeners.delete(topic);
        wake?.();
      };
      signal?.addEventListener("abort", stop, { once: true });
      try {
        await ensureListening();
      } catch (err) {
        stop();
        throw err;
      }
      const iterator: AsyncIterableIterator<T> = {
        async next() {
          while (!done && queue.length === 0) await new Promise<void>((r) => (wake = r));
          wake = null;
          if (queue.length > 0) return { value: queue.shift() as T, done: false };
          return { value: undefined, done: true };
        },
        async return() {
          stop();
          return { value: undefined, done: true };
        },
        [Symbol.asyncIterator]() {
          return iterator;
        },
      };
      return iterator;
    },

    async close() {
      closed = true;
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
