import { type CursorPosition, encodeCursor } from "../core/db/cursor.ts";
import { AppError } from "../core/errors.ts";

// GraphQL lists are Relay connections paged forward: `first` (the operation's page size and cap)
// and `after` (an edge's cursor, or the page's endCursor). The cursors are the operation's own,
// the same a REST client gets as next_cursor.

type ConnectionArgs = {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
};

export async function forwardConnection<T extends CursorPosition>(
  args: ConnectionArgs,
  page: (
    limit: number | undefined,
    cursor: string | undefined,
  ) => Promise<{ items: T[]; nextCursor: string | null }>,
) {
  if (args.last != null || args.before != null)
    throw new AppError(
      "BAD_REQUEST",
      "Pages go forward only: use first and after (the endCursor of the page before).",
    );
  const r = await page(args.first ?? undefined, args.after ?? undefined);
  const edges = r.items.map((node) => ({ cursor: encodeCursor(node), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: r.nextCursor !== null,
      hasPreviousPage: args.after != null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
