import { AppError } from "../core/errors.ts";

// Fields of list items (each document's pages, say) are asked for one item at a time, in the
// same tick: they are gathered and read with one call of a batch operation per tick and request,
// so a list costs a fixed number of queries, not one per item.

type Batch<V> = {
  ids: string[];
  waiting: Map<string, { resolve: (v: V) => void; reject: (e: unknown) => void }[]>;
};

const pending = new WeakMap<object, Map<string, Batch<unknown>>>();

/**
 * The result for `id` of `load`, called with every id asked for under the same `key` in this
 * tick of this request (`ctx`), at most `maxIds` at a time. An AppError in the result is that
 * id's error alone.
 */
export function batched<V>(
  ctx: object,
  key: string,
  maxIds: number,
  load: (ids: string[]) => Promise<Map<string, V | AppError>>,
  id: string,
): Promise<V> {
  let batches = pending.get(ctx);
  if (!batches) {
    batches = new Map();
    pending.set(ctx, batches);
  }
  let batch = batches.get(key) as Batch<V> | undefined;
  if (!batch) {
    const fresh: Batch<V> = { ids: [], waiting: new Map() };
    batch = fresh;
    batches.set(key, fresh as Batch<unknown>);
    const own = batches;
    // After the promises of this tick have settled, as every sibling field has then asked.
    void Promise.resolve().then(() =>
      process.nextTick(() => {
        own.delete(key);
        void flush(fresh, maxIds, load);
      }),
    );
  }
  const current = batch;
  return new Promise<V>((resolve, reject) => {
    const list = current.waiting.get(id);
    if (list) list.push({ resolve, reject });
    else {
      current.ids.push(id);
      current.waiting.set(id, [{ resolve, reject }]);
    }
  });
}

async function flush<V>(
  batch: Batch<V>,
  maxIds: number,
  load: (ids: string[]) => Promise<Map<string, V | AppError>>,
) {
  for (let i = 0; i < batch.ids.length; i += maxIds) {
    const ids = batch.ids.slice(i, i + maxIds);
    try {
      const results = await load(ids);
      for (const id of ids) {
        const r = results.get(id);
        for (const w of batch.waiting.get(id) ?? []) {
          if (r instanceof AppError) w.reject(r);
          else if (r === undefined) w.reject(new Error(`the batch gave no result for ${id}`));
          else w.resolve(r);
        }
      }
    } catch (err) {
      for (const id of ids) for (const w of batch.waiting.get(id) ?? []) w.reject(err);
    }
  }
}
