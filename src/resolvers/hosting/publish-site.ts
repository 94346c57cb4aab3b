import { hostInput, sourceInput } from "../../core/hosting/access-input.ts";
import { defineOperation } from "../operation.ts";
import { createSite, planSite } from "./site-plan-record.ts";
import type { SiteRecord } from "./site-record.ts";
import { resolveSource } from "./source-input.ts";

/**
 * Publishes a file or a parsed document at {namespace}.{HOSTED_DOMAIN}. A namespace is unique
 * across all accounts; a taken (or still held) one is CONFLICT. Publishing a file parses it in the
 * background (one expensive request more, as an upload would be), so the site's search appears
 * once done.
 */
export const publishSite = defineOperation({
  name: "publishSite",
  rateClass: "standard",
  caller: "secretKey",
  input: hostInput.extend({ source: sourceInput }),
  run: async (ctx, input): Promise<SiteRecord> => {
    const plan = await planSite(ctx.services, input);
    const source = await resolveSource(ctx, input.source);
    return createSite(ctx.services, ctx.accountId, plan, source);
  },
});
