import type { CollectionRecord } from "../resolvers/collections/collection-record.ts";
import type { ConversionRecord } from "../resolvers/conversions/conversion-record.ts";
import type { DocumentRecord } from "../resolvers/documents/document-record.ts";
import type { FileRecord } from "../resolvers/files/file-record.ts";
import type { SiteRecord } from "../resolvers/hosting/site-record.ts";

// Records as tools give them: snake_case, as the REST wire, with what a model needs to choose its
// next call (a document's phase and progress, a collection's size) and nothing internal.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const documentJson = (d: DocumentRecord) => ({
  id: d.id,
  short_hash: d.shortHash,
  status: d.status,
  phase: d.phase,
  file_name: d.fileName,
  pages_total: d.pagesTotal,
  pages_completed: d.pagesCompleted,
  size_bytes: d.sizeBytes,
  error: d.error,
  created_at: iso(d.createdAt),
  completed_at: iso(d.completedAt),
});

export const collectionJson = (c: CollectionRecord) => ({
  id: c.id,
  name: c.name,
  description: c.description,
  visibility: c.visibility,
  document_count: c.documentCount,
  created_at: iso(c.createdAt),
});

export const fileJson = (f: FileRecord) => ({
  id: f.id,
  file_name: f.fileName,
  size_bytes: f.size,
  pages: f.pages,
  status: f.status,
  created_at: iso(f.createdAt),
});

export const siteJson = (s: SiteRecord, url: string) => ({
  namespace: s.namespace,
  url,
  title: s.title,
  access: {
    disabled: s.access.disabled,
    unlisted: s.access.unlisted,
    expires_at: iso(s.access.expiresAt),
    has_password: s.access.hasPassword,
    allow_download: s.access.allowDownload,
    indexing: s.access.indexing,
  },
  source: s.source.kind === "file" ? { file_id: s.source.fileId } : { document_id: s.source.documentId },
  deployment: {
    id: s.deployment.id,
    document_id: s.deployment.documentId,
    status: s.deployment.status,
    created_at: iso(s.deployment.createdAt),
  },
});

export const conversionJson = (c: ConversionRecord, siteUrl: (namespace: string) => string) => ({
  id: c.id,
  status: c.status,
  file_id: c.fileId,
  file_name: c.fileName,
  pages: c.pages,
  inputs: c.inputs.map((i) => ({ file_id: i.fileId, file_name: i.fileName })),
  error: c.error,
  host_requested: c.hostRequested,
  deployment: c.deployment && siteJson(c.deployment, siteUrl(c.deployment.namespace)),
  host_error: c.hostError,
  created_at: iso(c.createdAt),
});
