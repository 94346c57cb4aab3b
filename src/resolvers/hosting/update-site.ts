import { accessFromJson, accessToJson, hashPassword } from "../../core/hosting/access.ts";
import { accessInput, sourceInput, titleInput } from "../../core/hosting/access-input.ts";
import { applyAccess } from "../../core/hosting/apply-access.ts";
import { newId } from "../../core/ids.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { findSite, type SiteRecord, siteInclude, siteRef, toSiteRecord } from "./site-record.ts";
import { resolveSource } from "./source-input.ts";

/**
 * Changes a site's title, access, or source. A new source is a new deployment at the same address
 * (the old one stops being served at once). A new or removed password ends every access cookie
 * given for the old one. Settings not named stay as they are.
 */
export const updateSite = defineOperation({
  name: "updateSite",
  rateClass: "standard",
  caller: "secretKey",
  input: z.strictObject({
    namespace: siteRef,
    title: titleInput.optional(),
    access: accessInput.optional(),
    source: sourceInput.optional(),
  }),
  run: async (ctx, input): Promise<SiteRecord> => {
    const site = await findSite(ctx, input.namespace);
    const source = input.source ? await resolveSource(ctx, input.source) : null;
    const password = input.access?.password;
    const row = await ctx.services.db.prisma.hostedSite.update({
      where: { id: site.id },
      data: {
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.access === undefined
          ? {}
          : { access: accessToJson(applyAccess(accessFromJson(site.access), input.access)) }),
        ...(password === undefined
          ? {}
          : {
              passwordHash: password === null ? null : await hashPassword(password),
              passwordVersion: { increment: 1 },
            }),
        ...(source === null
          ? {}
          : {
              sourceKind: source.sourceKind,
              sourceFileId: source.sourceFileId,
              sourceDocumentId: source.sourceDocumentId,
              documentId: source.documentId,
              deploymentId: newId("dpl_"),
              deployedAt: new Date(),
            }),
      },
      include: siteInclude,
    });
    return toSiteRecord(row);
  },
});
