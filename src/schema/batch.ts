import { AppError } from "../core/errors.ts";

// Fields of list items (each document's pages, say) are asked for one item at a time, in the
// same tick: they are gathered and read with one call of a batch operation per tick and request,
// so a list costs a fixed number of queries, not one per item. The operation is handed the items
// themselves (the parents' records), so it need not read them again.

type Item = { id: string };

type Batch<T extends Item, V> = {
  items: T[];
  waiting: Map<string, { resolve: (v: V) => void; reject: (e: unknown) => void }[]>;
};

const pending = new WeakMap<object, Map<string, Batch<Item, unknown>>>();

/**
 * The result for `item` of `load`, called with every item asked for under the same `key` in this
 * tick of this request (`ctx`), at most `maxIds` at a time, and answering by item id. An
 * AppError in the result is that item's error alone.
 */
export function batched<T extends Item, V>(
  ctx: object,
  key: string,
  maxIds: number,
  load: (items: T[]) => Promise<Map<string, V | AppError>>,
  item: T,
): Promise<V> {
  let batches = pending.get(ctx);
  if (!batches) {
    batches = new Map();
    pending.set(ctx, batches);
  }
  let batch = batches.get(key) as Batch<T, V> | undefined;
  if (!batch) {
    const fresh: Batch<T, V> = { items: [], waiting: new Map() };
    batch = fresh;
    batches.set(key, fresh as unknown as Batch<Item, unknown>);
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
    const list = current.waiting.get(item.id);
    if (list) list.push({ resolve, reject });
    else {
      current.items.push(item);
      current.waiting.set(item.id, [{ resolve, reject }]);
    }
  });
}

async function flush<T extends Item, V>(
  batch: Batch<T, V>,
  maxIds: number,
  load: (items: T[]) => Promise<Map<string, V | AppError>>,
) {
  for (let i = 0; i < batch.items.length; i += maxIds) {
    const items = batch.items.slice(i, i + maxIds);
    const ids = items.map((it) => it.id);
    try {
      const results = await load(items);
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
