import { cursorInput, encodeCursor } from "../core/db/cursor.ts";
import { z } from "../core/zod.ts";
import { fitItems } from "./budget.ts";
import { structured } from "./tool.ts";

// An MCP list is its operation's page, cut again to the result budget: when the records do not
// all fit, the list ends earlier and its cursor continues after the last one shown. The cursors
// are the operation's own, so REST's next_cursor pages an MCP list and the other way round.

/** A list tool's arguments: the operation's page size (its cap and default), and the cursor it returned. */
export const listInput = <L extends z.ZodType>(limit: L) =>
  z.object({
    limit: limit.describe("How many to return, newest first."),
    cursor: cursorInput.optional().describe("next_cursor of the previous call, to read on."),
  });

/** A page of records within the budget, under `key`, with `next_cursor` and `truncated`. */
export function boundedList<T extends { createdAt: Date; id: string }>(
  key: string,
  rows: T[],
  nextCursor: string | null,
  json: (r: T) => Record<string, unknown>,
  budget: number,
) {
  const shown = rows.map(json);
  const kept = fitItems(shown, budget - 200, (r) => JSON.stringify(r).length + 1);
  const last = rows[kept - 1];
  const truncated = kept < rows.length;
  return structured({
    [key]: shown.slice(0, kept),
    next_cursor: truncated && last ? encodeCursor(last) : nextCursor,
    truncated,
  });
}
