import { ownedRef } from "../../core/db/owned-ref.ts";
import { NAMESPACE_PATTERN } from "../../core/hosting/namespace.ts";
import { siteInclude } from "./site-record.ts";

export const siteIdPattern = /^site_[a-z0-9]{16}$/;

/** The account's own published site, named in a path by its namespace (in any case); an unpublished one is NOT_FOUND. */
export const sites = ownedRef({
  selects: (ref) => {
    const namespace = ref.toLowerCase();
    return NAMESPACE_PATTERN.test(namespace) ? { namespace, unpublishedAt: null } : null;
  },
  read: (prisma, where) => prisma.hostedSite.findFirst({ where, include: siteInclude }),
  notFound: (ref) => `No published site '${ref}' in this account.`,
});
export const { ref: siteRef, find: findSite } = sites;
