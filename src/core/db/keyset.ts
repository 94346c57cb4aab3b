/**
 * Rows read `take` at a time, each read starting after the last row of the one before (keyset
 * paging: no OFFSET, so the hundredth page costs what the first did). Yields each page.
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
