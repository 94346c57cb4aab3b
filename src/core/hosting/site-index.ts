import type { PrismaClient } from "../../generated/prisma/client.ts";
import { accessFromJson, siteIndexable, siteLive } from "./access.ts";

// What search engines are told: whether a site may be crawled, and which sites the hosted
// domain's sitemap lists.

/** Most URLs in one sitemap file (the protocol's limit). */
export const SITEMAP_MAX = 50_000;

/** Whether the published site at `namespace` may be crawled now (live, indexable, no password). */
export async function siteCrawlable(prisma: PrismaClient, namespace: string): Promise<boolean> {
  const s = await prisma.hostedSite.findFirst({ where: { namespace, unpublishedAt: null } });
  const access = s ? accessFromJson(s.access) : null;
  return Boolean(s && access && siteLive(access) && siteIndexable(access, s.passwordHash !== null));
}

/** The listed, indexable, live sites, oldest first, at most a sitemap's worth. */
export async function listedSites(prisma: PrismaClient): Promise<{ namespace: string; deployedAt: Date }[]> {
  // Only listed, indexable sites are read; expiry is checked here.
  const rows = await prisma.hostedSite.findMany({
    where: {
      unpublishedAt: null,
      passwordHash: null,
      documentId: { not: null },
      AND: [
        { access: { path: ["indexing"], equals: true } },
        { access: { path: ["unlisted"], equals: false } },
        { access: { path: ["disabled"], equals: false } },
      ],
    },
    select: { namespace: true, access: true, deployedAt: true },
    orderBy: { createdAt: "asc" },
    take: SITEMAP_MAX,
  });
  return rows
    .filter((r) => siteLive(accessFromJson(r.access)))
    .map((r) => ({ namespace: r.namespace, deployedAt: r.deployedAt }));
}
