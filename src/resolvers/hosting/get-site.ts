import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { findSite, type SiteRecord, siteRef, toSiteRecord } from "./site-record.ts";

export const getSite = defineOperation({
  name: "getSite",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ namespace: siteRef }),
  run: async (ctx, input): Promise<SiteRecord> => toSiteRecord(await findSite(ctx, input.namespace)),
});
