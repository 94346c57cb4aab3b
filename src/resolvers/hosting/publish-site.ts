import { AppError } from "../../core/errors.ts";
import { accessToJson, defaultSiteAccess, hashPassword } from "../../core/hosting/access.ts";
import { generateNamespace, namespaceProblem } from "../../core/hosting/namespace.ts";
import { newId } from "../../core/ids.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { accessInput, sourceInput, titleInput } from "./access-input.ts";
import { applyAccess } from "./apply-access.ts";
import { claimNamespace, namespaceHeld } from "./claim-namespace.ts";
import { resolveSource } from "./resolve-source.ts";
import { type SiteRecord, siteInclude, toSiteRecord } from "./site-record.ts";

/** Generated names are drawn again when taken, this many times at most. */
const GENERATED_TRIES = 5;

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
  input: z.strictObject({
    source: sourceInput,
    namespace: z.string().max(100).optional(),
    title: titleInput.optional(),
    access: accessInput.optional(),
  }),
  run: async (ctx, input): Promise<SiteRecord> => {
    const wanted = input.namespace?.toLowerCase();
    if (wanted !== undefined) {
      const problem = namespaceProblem(wanted);
      if (problem) throw new AppError("BAD_REQUEST", `Invalid namespace '${input.namespace}': ${problem}`);
    }
    const { prisma } = ctx.services.db;
    const taken = () =>
      new AppError(
        "CONFLICT",
        `The namespace '${wanted}' is taken (or was unpublished recently and is held for ${ctx.services.config.hosting.namespaceHoldHours} hours): choose another.`,
      );
    // Asked before a file is parsed for the site, so a taken name costs no parse; the insert
    // below still decides a race.
    if (wanted !== undefined && (await namespaceHeld(prisma, wanted))) throw taken();
    const source = await resolveSource(ctx, input.source);
    const access = applyAccess(defaultSiteAccess(), input.access ?? {});
    const password = input.access?.password;
    const data = {
      accountId: ctx.accountId,
      title: input.title ?? source.fileName,
      access: accessToJson(access),
      passwordHash: password ? await hashPassword(password) : null,
      sourceKind: source.sourceKind,
      sourceFileId: source.sourceFileId,
      sourceDocumentId: source.sourceDocumentId,
      documentId: source.documentId,
      deploymentId: newId("dpl_"),
    };
    for (let attempt = 1; ; attempt++) {
      const namespace = wanted ?? generateNamespace();
      const id = newId("site_");
      if (
        await claimNamespace(prisma, namespace, () =>
          prisma.hostedSite.create({ data: { id, namespace, ...data } }),
        )
      )
        return toSiteRecord(
          await prisma.hostedSite.findUniqueOrThrow({ where: { id }, include: siteInclude }),
        );
      if (wanted !== undefined) throw taken();
      if (attempt >= GENERATED_TRIES) throw new Error("could not draw a free namespace");
    }
  },
});
