import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { findSite, siteRef } from "./site-record.ts";

/**
 * Takes a site down: its address answers 404 at once. The namespace stays held for
 * HOST_NAMESPACE_HOLD_HOURS (72 by default), so nobody else can claim it straight away and serve
 * other content to the old site's readers; the account's own stats go with it.
 */
export const unpublishSite = defineOperation({
  name: "unpublishSite",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ namespace: siteRef }),
  run: async (ctx, input): Promise<{ namespace: string; unpublished: true; releasedAt: Date }> => {
    const site = await findSite(ctx, input.namespace);
    const now = new Date();
    const releasedAt = new Date(now.getTime() + ctx.services.config.hosting.namespaceHoldHours * 3600_000);
    await ctx.services.db.prisma.$transaction([
      ctx.services.db.prisma.hostedSite.update({
        where: { id: site.id },
        data: { unpublishedAt: now, releasedAt },
      }),
      ctx.services.db.prisma.hostedStat.deleteMany({ where: { siteId: site.id } }),
    ]);
    return { namespace: site.namespace, unpublished: true, releasedAt };
  },
});
