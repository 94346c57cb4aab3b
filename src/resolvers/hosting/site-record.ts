import { ownedRef } from "../../core/db/owned-ref.ts";
import { statusOf } from "../../core/documents/phases.ts";
import { accessFromJson, type SiteAccess } from "../../core/hosting/access.ts";
import { NAMESPACE_PATTERN } from "../../core/hosting/namespace.ts";
import type { Document, HostedSite } from "../../generated/prisma/client.ts";

/** A hosted site as every face shows it (the faces add its address). */
export type SiteRecord = {
  /** Internal (site_…): the list cursor's tiebreak; faces name a site by its namespace. */
  id: string;
  namespace: string;
  title: string;
  access: SiteAccess & { hasPassword: boolean };
  source: { kind: "file"; fileId: string | null } | { kind: "document"; documentId: string };
  deployment: {
    id: string;
    /** The document served: the source, or the one parsed from the source file. */
    documentId: string | null;
    /** That document's parse: search and text appear once it is done. */
    status: "queued" | "processing" | "done" | "failed" | "gone";
    createdAt: Date;
  };
  createdAt: Date;
  updatedAt: Date;
};

export type SiteRow = HostedSite & { document: Pick<Document, "phase"> | null };

/** What a query must include for toSiteRecord. */
export const siteInclude = { document: { select: { phase: true } } } as const;

export function toSiteRecord(s: SiteRow): SiteRecord {
  return {
    id: s.id,
    namespace: s.namespace,
    title: s.title,
    access: { ...accessFromJson(s.access), hasPassword: s.passwordHash !== null },
    source:
      s.sourceKind === "file"
        ? { kind: "file", fileId: s.sourceFileId }
        : { kind: "document", documentId: s.sourceDocumentId as string },
    deployment: {
      id: s.deploymentId,
      documentId: s.documentId,
      status: s.document ? statusOf(s.document.phase) : "gone",
      createdAt: s.deployedAt,
    },
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

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
/** A hosted site on the wire (REST's HostedSite), at `url`: the faces know the address it answers on. */
export const siteWire = (s: SiteRecord, url: string) => ({
  namespace: s.namespace,
  title: s.title,
  access: {
    disabled: s.access.disabled,
    unlisted: s.access.unlisted,
    expires_at: s.access.expiresAt?.toISOString() ?? null,
    allow_download: s.access.allowDownload,
    indexing: s.access.indexing,
    has_password: s.access.hasPassword,
  },
  source: s.source.kind === "file" ? { file_id: s.source.fileId } : { document_id: s.source.documentId },
  deployment: {
    id: s.deployment.id,
    url,
    document_id: s.deployment.documentId,
    status: s.deployment.status,
    created_at: s.deployment.createdAt.toISOString(),
  },
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});
export type SiteWire = ReturnType<typeof siteWire>;
