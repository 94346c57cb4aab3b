import {
  type AccessPolicy,
  type Action,
  readOnlyActions,
  storedPolicy,
} from "../../core/auth/access-policy.ts";
import {
  allowedActions,
  authorizeDocument,
  requireAccount,
  unseenDocument,
} from "../../core/auth/authorize.ts";
import { principalAccountId } from "../../core/auth/principal.ts";
import { type Phase, statusOf } from "../../core/documents/phases.ts";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import type { Document } from "../../generated/prisma/client.ts";
import type { OperationContext } from "../context.ts";

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

export const fullIdPattern = /^doc-[a-z0-9]{16}$/;
export const shortHashPattern = /^[a-z0-9]{6}$/;

/** A document named by its id (`doc-…`) or short hash; anything longer names nothing. */
export const documentRef = z.string().min(1).max(100);

export function policyOf(d: Document): AccessPolicy {
  return storedPolicy(d.access);
}

export type FoundDocument = {
  doc: Document;
  /** True when the caller holds the action only through a `public` grant: the response may be cached publicly. */
  viaPublic: boolean;
};

/**
 * The document named in a path, by id (`doc-…`) or 6-character short hash, checked for `action`.
 * A short hash is unique within an account (enforced when documents are created), so the
 * caller's own document wins; otherwise it must name exactly one document the caller may see
 * through a grant, or the answer is CONFLICT asking for the full id.
 */
export async function findDocument(
  ctx: OperationContext,
  ref: string,
  action: Action,
): Promise<FoundDocument> {
  const { prisma } = ctx.services.db;
  const p = ctx.principal;
  // Only a secret key (or the operator acting for an account) can hold the other actions, whatever
  // a policy says: say so first, as for every mutation (401 without a key, 403 with a publishable
  // one), before the lookup, so the answer does not depend on whether the document exists.
  if (!readOnlyActions.includes(action)) requireAccount(p, "manage");
  let doc: Document | null = null;
  if (fullIdPattern.test(ref)) {
    doc = await prisma.document.findUnique({ where: { id: ref } });
  } else if (shortHashPattern.test(ref)) {
    const own = principalAccountId(p);
    if (own)
      doc = await prisma.document.findUnique({
        where: { accountId_shortHash: { accountId: own, shortHash: ref } },
      });
    if (!doc) {
      const candidates = await prisma.document.findMany({ where: { shortHash: ref }, take: 20 });
      const visible = candidates.filter((d) => allowedActions(p, d.accountId, policyOf(d)).size > 0);
      if (visible.length > 1) {
        throw new AppError(
          "CONFLICT",
          `The short hash ${ref} names more than one document you can see; use the full document id.`,
        );
      }
      doc = visible[0] ?? null;
    }
  }
  if (!doc) throw unseenDocument(p, ref);
  const policy = policyOf(doc);
  authorizeDocument(p, { id: ref, accountId: doc.accountId, policy }, action);
  const isOwnerAccount = principalAccountId(p) === doc.accountId;
  return { doc, viaPublic: !isOwnerAccount };
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
