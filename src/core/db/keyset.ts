import { z } from "../zod.ts";
import { type CursorPosition, cursorInput, decodeCursor, encodeCursor } from "./cursor.ts";

// Keyset paging: each read starts after the last row of the one before, never at an OFFSET, so
// the hundredth page costs what the first did and rows inserted meanwhile neither repeat nor
// hide others. Lists are newest first, (created_at desc, id asc), unless they say otherwise.

/** A list's page size when the client names none. */
export const DEFAULT_PAGE_SIZE = 20;

/** A paged list's input: `limit` (1 to `max`, 20 when left out) and the cursor it returned. */
export const pageInput = (max: number) => ({
  limit: z.number().int().min(1).max(max).default(DEFAULT_PAGE_SIZE),
  cursor: cursorInput.optional(),
});

export type Page<T> = { page: T[]; nextCursor: string | null };

/**
 * The first `limit` of rows read with one extra, and the cursor of the next page: made from the
 * last row kept when the extra one shows there is more, null on the last page.
 */
export function firstOf<T>(rows: T[], limit: number, cursorOf: (row: T) => string): Page<T> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

type After = { createdAt: { lt: Date } } | { createdAt: Date; id: { gt: string } };

/** What a newest-first page reads: the list's own condition, narrowed to after the cursor. */
export type NewestFirstQuery<W> = {
  where: W & { OR?: After[] };
  orderBy: [{ createdAt: "desc" }, { id: "asc" }];
  take: number;
};

type PageSpec<W, T> = {
  /** The shape of the list's ids: a cursor naming any other is refused. */
  idPattern: RegExp;
  /** The list's condition (its account, say); it must not use OR, which the cursor adds. */
  where: W & { OR?: never };
  /** The rows the query selects, in its order (Prisma's findMany takes it as it is). */
  read: (query: NewestFirstQuery<W>) => Promise<T[]>;
};

/** A page of a newest-first list of rows: `limit` of them after `cursor`, and the next cursor. */
export function newestFirstPage<W, T extends CursorPosition>(
  input: { limit: number; cursor?: string | undefined },
  spec: PageSpec<W, T>,
): Promise<Page<T>>;
/** The same for items that are not rows themselves: `position` is the row an item stands for. */
export function newestFirstPage<W, T>(
  input: { limit: number; cursor?: string | undefined },
  spec: PageSpec<W, T> & { position: (item: T) => CursorPosition },
): Promise<Page<T>>;
export async function newestFirstPage<W, T>(
  input: { limit: number; cursor?: string | undefined },
  spec: PageSpec<W, T> & { position?: (item: T) => CursorPosition },
): Promise<Page<T>> {
  const after = input.cursor ? decodeCursor(input.cursor, spec.idPattern) : null;
  const where: W & { OR?: After[] } = after
    ? {
        ...spec.where,
        OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }],
      }
    : spec.where;
  const rows = await spec.read({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: input.limit + 1,
  });
  const position = spec.position ?? ((item: T) => item as CursorPosition);
  return firstOf(rows, input.limit, (last) => encodeCursor(position(last)));
}

/**
 * Rows read `take` at a time, each read starting after the last row of the one before, for the
 * service's own walks over a whole set (exports). Yields each page.
 */
export async function* keysetPages<R>(
  take: number,
  read: (after: R | undefined, take: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: R | undefined;
  for (;;) {
    const rows = await read(after, take);
    if (rows.length) yield rows;
    if (rows.length < take) return;
    after = rows[rows.length - 1];
  }
}

/** The rows of keysetPages one by one. */
export async function* keysetRows<R>(
  take: number,
  read: (after: R | undefined, take: number) => Promise<R[]>,
): AsyncGenerator<R> {
  for await (const page of keysetPages(take, read)) yield* page;
}
