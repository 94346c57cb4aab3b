import { type Phase, statusOf } from "../../core/documents/phases.ts";
import type { Document } from "../../generated/prisma/client.ts";

/** A document as both faces show it. */
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
  };
}
