import { requireAccount } from "../../core/auth/authorize.ts";
import { AppError } from "../../core/errors.ts";
import type { OperationContext } from "../context.ts";
import { afterCursor, decodeCursor, pageOf } from "../cursor.ts";
import { type DocumentRecord, toDocumentRecord } from "./document-record.ts";
import { fullIdPattern } from "./find-document.ts";

export const MAX_PAGE_SIZE = 100;

/** The account's documents, newest first, a page at a time. */
export async function listDocuments(
  ctx: OperationContext,
  input: { limit: number; cursor?: string | undefined },
): Promise<{ documents: DocumentRecord[]; nextCursor: string | null }> {
  const accountId = requireAccount(ctx.principal, "read");
  if (ctx.principal.kind === "key" && ctx.principal.keyKind === "publishable") {
    throw new AppError(
      "FORBIDDEN",
      "Listing documents needs a secret key; publishable keys read documents they are granted, by id.",
    );
  }
  const limit = Math.min(Math.max(1, input.limit), MAX_PAGE_SIZE);
  const after = input.cursor ? decodeCursor(input.cursor, fullIdPattern) : null;
  const rows = await ctx.services.db.prisma.document.findMany({
    where: {
      accountId,
      ...afterCursor(after),
    },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, limit);
  return { documents: page.map(toDocumentRecord), nextCursor };
}
