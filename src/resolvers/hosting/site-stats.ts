import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { findSite, siteRef } from "./site-record.ts";

export const MAX_STATS_DAYS = 365;

export type SiteStats = {
  namespace: string;
  from: Date;
  to: Date;
  totals: { views: number; pageViews: number; downloads: number };
  days: { date: string; views: number; pageViews: number; downloads: number }[];
  pages: { page: number; views: number }[];
};

const dayStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * What a site served over the last `days` days (UTC): viewer opens, page images shown, PDF
 * downloads, per day and per page. Counts only: no address or cookie is ever stored. Counts
 * reach the database within a few seconds of the request.
 */
export const getSiteStats = defineOperation({
  name: "getSiteStats",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ namespace: siteRef, days: z.number().int().min(1).max(MAX_STATS_DAYS).default(30) }),
  run: async (ctx, input): Promise<SiteStats> => {
    const site = await findSite(ctx, input.namespace);
    const to = dayStart(new Date());
    const from = new Date(to.getTime() - (input.days - 1) * 86_400_000);
    const rows = await ctx.services.db.prisma.hostedStat.findMany({
      where: { siteId: site.id, day: { gte: from } },
      orderBy: [{ day: "asc" }, { page: "asc" }],
    });
    const days = new Map<string, { date: string; views: number; pageViews: number; downloads: number }>();
    for (let t = from.getTime(); t <= to.getTime(); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      days.set(date, { date, views: 0, pageViews: 0, downloads: 0 });
    }
    const pages = new Map<number, number>();
    for (const r of rows) {
      const day = days.get(r.day.toISOString().slice(0, 10));
      const n = Number(r.count);
      if (!day) continue;
      if (r.kind === "view") day.views += n;
      else if (r.kind === "download") day.downloads += n;
      else {
        day.pageViews += n;
        pages.set(r.page, (pages.get(r.page) ?? 0) + n);
      }
    }
    const list = [...days.values()];
    return {
      namespace: site.namespace,
      from,
      to,
      totals: {
        views: list.reduce((a, d) => a + d.views, 0),
        pageViews: list.reduce((a, d) => a + d.pageViews, 0),
        downloads: list.reduce((a, d) => a + d.downloads, 0),
      },
      days: list,
      pages: [...pages].sort((a, b) => a[0] - b[0]).map(([page, views]) => ({ page, views })),
    };
  },
});
