import { AppError } from "../../core/errors.ts";
import { NAMESPACE_PATTERN } from "../../core/hosting/namespace.ts";
import { z } from "../../core/zod.ts";
import type { AccountContext } from "../operation.ts";
import { type SiteRow, siteInclude } from "./site-record.ts";

/** A site named in a path: its namespace. */
export const siteRef = z.string().min(1).max(100);

/** The account's own published site; another account's, an unpublished one, or none: NOT_FOUND. */
export async function findSite(ctx: AccountContext, namespace: string): Promise<SiteRow> {
  const ns = namespace.toLowerCase();
  const row = NAMESPACE_PATTERN.test(ns)
    ? await ctx.services.db.prisma.hostedSite.findFirst({
        where: { namespace: ns, accountId: ctx.accountId, unpublishedAt: null },
        include: siteInclude,
      })
    : null;
  if (!row) throw new AppError("NOT_FOUND", `No published site '${namespace}' in this account.`);
  return row;
}
