import { AppError } from "../errors.ts";
import { z } from "../zod.ts";

// A list cursor is the last item's (created_at, id), opaque to clients: stable under inserts,
// unlike offsets. Every newest-first list of every face pages with it, so a cursor one face
// returned pages the same list in another.

export type CursorPosition = { createdAt: Date; id: string };

/** A cursor as a list takes it: one this service returned. */
export const cursorInput = z.string().max(200);

export const badCursor = () =>
  new AppError("BAD_REQUEST", "The cursor is not one this service returned; start again without it.");

export const encodeCursor = (d: CursorPosition) =>
  Buffer.from(JSON.stringify([d.createdAt.toISOString(), d.id])).toString("base64url");

/** The position a cursor names; only what encodeCursor made for an id of `idPattern` is accepted. */
export function decodeCursor(cursor: string, idPattern: RegExp): CursorPosition {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [string, string];
    const createdAt = new Date(at);
    // A date PostgreSQL cannot hold (year -4000, say) must not reach the query.
    if (!idPattern.test(id) || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at)
      throw new Error("bad");
    const year = createdAt.getUTCFullYear();
    if (year < 1970 || year > 9999) throw new Error("bad");
    return { createdAt, id };
  } catch {
    throw badCursor();
  }
}
