import type { PrismaClient } from "../../generated/prisma/client.ts";
import { AppError } from "../errors.ts";
import type { Services } from "../services.ts";
import { z } from "../zod.ts";

// A resource an account owns, named in a path or an argument. Every family's finder is made here,
// so each answers alike: a ref of the wrong shape, another account's id, a deleted row and one that
// never existed are one NOT_FOUND, and ids leak nothing across accounts.

/** Who is looking: an operation's context once its account is established. */
export type OwnerContext = { accountId: string; services: Pick<Services, "db"> };

/** What a ref selects besides the account; null when it cannot name a row (a wrong shape). */
type Selects<W> = (ref: string) => W | null;

export type OwnedRefSpec<W extends object, Row> = {
  /** The columns a ref selects, or null for a ref of another shape (then no query is made). */
  selects: Selects<W>;
  /** The row the account-scoped condition selects, as the family reads it (its includes). */
  read: (prisma: PrismaClient, where: W & { accountId: string }) => Promise<Row | null>;
  /** What NOT_FOUND says about `ref`. */
  notFound: (ref: string) => string;
  /** The longest ref accepted as input: longer ones are a BAD_REQUEST before any lookup. */
  maxLength?: number;
};

/** A ref that is an id of one shape (`file_…`): it selects the row with that id. */
export const byId =
  (idPattern: RegExp): Selects<{ id: string }> =>
  (ref) =>
    idPattern.test(ref) ? { id: ref } : null;

export function ownedRef<W extends object, Row>(spec: OwnedRefSpec<W, Row>) {
  const notFound = (ref: string) => new AppError("NOT_FOUND", spec.notFound(ref));
  /** The account-scoped condition a ref stands for, or null when it names nothing. */
  const where = (accountId: string, ref: string): (W & { accountId: string }) | null => {
    const selected = spec.selects(ref);
    return selected ? { ...selected, accountId } : null;
  };
  /** The account's row named by `ref`, read by `read` (another include than the family's). */
  async function findWith<R>(
    ctx: OwnerContext,
    ref: string,
    read: (prisma: PrismaClient, where: W & { accountId: string }) => Promise<R | null>,
  ): Promise<R> {
    const w = where(ctx.accountId, ref);
    const row = w ? await read(ctx.services.db.prisma, w) : null;
    if (!row) throw notFound(ref);
    return row;
  }
  return {
    /** The ref as an input schema: any string of a sane length (its shape is checked by the finder). */
    ref: z
      .string()
      .min(1)
      .max(spec.maxLength ?? 100),
    where,
    notFound,
    findWith,
    /** The account's row named by `ref`; otherwise NOT_FOUND. */
    find: (ctx: OwnerContext, ref: string): Promise<Row> => findWith(ctx, ref, spec.read),
  };
}
