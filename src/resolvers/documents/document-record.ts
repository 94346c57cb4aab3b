import type { AccessPolicy } from "../../core/auth/access-policy.ts";
import { type Phase, statusOf } from "../../core/documents/phases.ts";
import type { Document } from "../../generated/prisma/client.ts";
import { policyOf } from "./find-document.ts";

/**
 * What reading a document's content needs beyond its record: who owns it, its grants and which
 * extraction is current. Kept from the row the record was made from, so a field that reads the
 * content of a record it was handed (GraphQL's Document.pages) does not read the row again.
 * No wire shows it.
 */
export type DocumentContentKey = { accountId: string; policy: AccessPolicy; generation: number };

/** A document as every face shows it. */
export type DocumentRecord = {
  id: string;
  shortHash: string;
  status: ReturnType<typeof statusOf>;
  phase: Phase;
  fileName: string;
  pagesTotal: number | null;
  pagesCompleted: number;
  sizeBytes: number;
  sha256: string;
  error: string | null;
  strategy: string;
  capabilities: string[];
  createdAt: Date;
  updatedAt: Date;
  completedAt: Date | null;
  content: DocumentContentKey;
};

export function toDocumentRecord(d: Document): DocumentRecord {
  return {
    id: d.id,
    shortHash: d.shortHash,
    status: statusOf(d.phase),
    // The database's CHECK constraint admits only these values.
    phase: d.phase as Phase,
    fileName: d.fileName,
    pagesTotal: d.pagesTotal,
    pagesCompleted: d.pagesCompleted,
    sizeBytes: Number(d.sizeBytes),
    sha256: d.sha256,
    error: d.errorReason,
    strategy: d.strategy,
    capabilities: d.capabilities,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    completedAt: d.completedAt,
    content: { accountId: d.accountId, policy: policyOf(d), generation: d.activeGeneration },
  };
}

/**
 * A document on the wire (REST's Document, SPEC 2). Its fields keep the record's camelCase names,
 * which the SPEC fixes for this resource.
 */
export const documentWire = (d: DocumentRecord) => ({
  id: d.id,
  shortHash: d.shortHash,
  status: d.status,
  phase: d.phase,
  fileName: d.fileName,
  pagesTotal: d.pagesTotal,
  pagesCompleted: d.pagesCompleted,
  sizeBytes: d.sizeBytes,
  sha256: d.sha256,
  error: d.error,
  strategy: d.strategy,
  capabilities: d.capabilities,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
  completedAt: d.completedAt?.toISOString() ?? null,
});
export type DocumentWire = ReturnType<typeof documentWire>;
