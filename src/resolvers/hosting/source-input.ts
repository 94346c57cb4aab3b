import { charge } from "../../core/auth/authenticate.ts";
import { AppError } from "../../core/errors.ts";
import type { SourceInput } from "../../core/hosting/access-input.ts";
import { findDocument } from "../documents/document-record.ts";
import { uploadDocument } from "../documents/upload-document.ts";
import { findFile } from "../files/file-record.ts";
import type { AccountContext } from "../operation.ts";

export type ResolvedSource = {
  sourceKind: "file" | "document";
  sourceFileId: string | null;
  sourceDocumentId: string | null;
  /** The document the site serves. */
  documentId: string;
  /** A title when none is given: the file's name. */
  fileName: string;
};

/**
 * The document a site will serve. A document source is served as it is; a file source is parsed
 * (in the background, as POST /v1/documents {file_id} would) unless a document parsed from it
 * exists already, in which case that one is served.
 */
export async function resolveSource(
  ctx: AccountContext,
  source: SourceInput,
  /** The parse was counted when the request was made (a conversion's `host` option). */
  opts: { parseCounted?: boolean } = {},
): Promise<ResolvedSource> {
  if ("documentId" in source) {
    const { doc } = await findDocument(ctx, source.documentId, "admin");
    if (doc.accountId !== ctx.accountId)
      throw new AppError("NOT_FOUND", `Document ${source.documentId} was not found.`);
    return {
      sourceKind: "document",
      sourceFileId: null,
      sourceDocumentId: doc.id,
      documentId: doc.id,
      fileName: doc.fileName,
    };
  }
  const file = await findFile(ctx, source.fileId);
  if (file.status !== "ready")
    throw new AppError("CONFLICT", `File ${file.id} is still pending: finalize its upload first.`);
  const parsed = await ctx.services.db.prisma.document.findFirst({
    where: { accountId: ctx.accountId, sourceFileId: file.id, sha256: file.sha256, phase: { not: "error" } },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  if (parsed)
    return {
      sourceKind: "file",
      sourceFileId: file.id,
      sourceDocumentId: null,
      documentId: parsed.id,
      fileName: file.fileName,
    };
  // A parse is an expensive request, whichever route starts it.
  if (!opts.parseCounted) await charge(ctx.services.db.pool, ctx.principal, "expensive", 1);
  const documentId = (await uploadDocument.invoke(ctx, { fileId: file.id })).id;
  return {
    sourceKind: "file",
    sourceFileId: file.id,
    sourceDocumentId: null,
    documentId,
    fileName: file.fileName,
  };
}
