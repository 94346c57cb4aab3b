import { newestFirstPage, pageInput } from "../../core/db/keyset.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type SiteRecord, siteIdPattern, siteInclude, toSiteRecord } from "./site-record.ts";

export const MAX_SITES_PAGE = 100;

/** The account's published sites, newest first, a page at a time. */
export const listSites = defineOperation({
  name: "listSites",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object(pageInput(MAX_SITES_PAGE)),
  run: async (ctx, input): Promise<{ sites: SiteRecord[]; nextCursor: string | null }> => {
    const { page, nextCursor } = await newestFirstPage(input, {
      idPattern: siteIdPattern,
      where: { accountId: ctx.accountId, unpublishedAt: null },
      read: (query) => ctx.services.db.prisma.hostedSite.findMany({ ...query, include: siteInclude }),
    });
    return { sites: page.map(toSiteRecord), nextCursor };
  },
});
