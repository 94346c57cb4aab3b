import { z } from "../../core/zod.ts";
import { afterCursor, cursorInput, decodeCursor, pageOf } from "../cursor.ts";
import { defineOperation } from "../operation.ts";
import { type SiteRecord, siteInclude, toSiteRecord } from "./site-record.ts";

export const MAX_SITES_PAGE = 100;
const siteIdPattern = /^site_[a-z0-9]{16}$/;

/** The account's published sites, newest first, a page at a time. */
export const listSites = defineOperation({
  name: "listSites",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    limit: z.number().int().min(1).max(MAX_SITES_PAGE).default(20),
    cursor: cursorInput.optional(),
  }),
  run: async (ctx, input): Promise<{ sites: SiteRecord[]; nextCursor: string | null }> => {
    const after = input.cursor ? decodeCursor(input.cursor, siteIdPattern) : null;
    const rows = await ctx.services.db.prisma.hostedSite.findMany({
      where: { accountId: ctx.accountId, unpublishedAt: null, ...afterCursor(after) },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: input.limit + 1,
      include: siteInclude,
    });
    const { page, nextCursor } = pageOf(rows, input.limit);
    return { sites: page.map(toSiteRecord), nextCursor };
  },
});
