import { AppError } from "../../core/errors.ts";
import {
  accessFromJson,
  accessToJson,
  defaultSiteAccess,
  hashPassword,
  type SiteAccess,
} from "../../core/hosting/access.ts";
import type { HostInput } from "../../core/hosting/access-input.ts";
import { applyAccess } from "../../core/hosting/apply-access.ts";
import { claimNamespace, namespaceHeld } from "../../core/hosting/claim-namespace.ts";
import { generateNamespace, namespaceProblem } from "../../core/hosting/namespace.ts";
import { newId } from "../../core/ids.ts";
import type { Services } from "../../core/services.ts";
import { type SiteRecord, siteInclude, toSiteRecord } from "./site-record.ts";
import type { ResolvedSource } from "./source-input.ts";

/** Generated names are drawn again when taken, this many times at most. */
const GENERATED_TRIES = 5;

/**
 * A site checked and ready to be created: the namespace valid and free when asked (it is claimed
 * only by createSite), the access settings applied to the defaults, the password hashed. A
 * conversion's `host` option keeps one until its PDF exists.
 */
export type SitePlan = {
  /** Lowercase; undefined: one is generated. */
  namespace: string | undefined;
  title: string | undefined;
  access: SiteAccess;
  passwordHash: string | null;
};

/** As kept on a conversion until its PDF exists. */
export const planToJson = (p: SitePlan) => ({
  namespace: p.namespace ?? null,
  title: p.title ?? null,
  access: accessToJson(p.access),
  password_hash: p.passwordHash,
});

export function planFromJson(v: unknown): SitePlan {
  const o = v as ReturnType<typeof planToJson>;
  return {
    namespace: o.namespace ?? undefined,
    title: o.title ?? undefined,
    access: accessFromJson(o.access),
    passwordHash: o.password_hash,
  };
}

const takenError = (services: Services, namespace: string) =>
  new AppError(
    "CONFLICT",
    `The namespace '${namespace}' is taken (or was unpublished recently and is held for ${services.config.hosting.namespaceHoldHours} hours): choose another.`,
  );

/** Checks a publish request: an invalid namespace is BAD_REQUEST, a taken (or held) one CONFLICT. */
export async function planSite(services: Services, input: HostInput): Promise<SitePlan> {
  const namespace = input.namespace?.toLowerCase();
  if (namespace !== undefined) {
    const problem = namespaceProblem(namespace);
    if (problem) throw new AppError("BAD_REQUEST", `Invalid namespace '${input.namespace}': ${problem}`);
    // Asked before a file is parsed (or converted) for the site, so a taken name costs nothing;
    // the insert in createSite still decides a race.
    if (await namespaceHeld(services.db.prisma, namespace)) throw takenError(services, namespace);
  }
  const password = input.access?.password;
  return {
    namespace,
    title: input.title,
    access: applyAccess(defaultSiteAccess(), input.access ?? {}),
    passwordHash: password ? await hashPassword(password) : null,
  };
}

/** Creates the site of a plan, serving `source`, for the account. CONFLICT when the namespace was taken since. */
export async function createSite(
  services: Services,
  accountId: string,
  plan: SitePlan,
  source: ResolvedSource,
): Promise<SiteRecord> {
  const { prisma } = services.db;
  const data = {
    accountId,
    title: plan.title ?? source.fileName,
    access: accessToJson(plan.access),
    passwordHash: plan.passwordHash,
    sourceKind: source.sourceKind,
    sourceFileId: source.sourceFileId,
    sourceDocumentId: source.sourceDocumentId,
    documentId: source.documentId,
    deploymentId: newId("dpl_"),
  };
  for (let attempt = 1; ; attempt++) {
    const namespace = plan.namespace ?? generateNamespace();
    const id = newId("site_");
    if (
      await claimNamespace(prisma, namespace, () =>
        prisma.hostedSite.create({ data: { id, namespace, ...data } }),
      )
    )
      return toSiteRecord(await prisma.hostedSite.findUniqueOrThrow({ where: { id }, include: siteInclude }));
    if (plan.namespace !== undefined) throw takenError(services, namespace);
    if (attempt >= GENERATED_TRIES) throw new Error("could not draw a free namespace");
  }
}
