import { requireAccount } from "../../core/auth/authorize.ts";
import { AppError } from "../../core/errors.ts";
import type { OperationContext } from "../context.ts";
import { type DocumentRecord, toDocumentRecord } from "./document-record.ts";
import { fullIdPattern } from "./find-document.ts";

export const MAX_PAGE_SIZE = 100;

// A cursor is the last item's (created_at, id), opaque to clients: stable under inserts, unlike offsets.
const encode = (d: { createdAt: Date; id: string }) =>
  Buffer.from(JSON.stringify([d.createdAt.toISOString(), d.id])).toString("base64url");

function decode(cursor: string): { createdAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [string, string];
    const createdAt = new Date(at);
    // Only what encode() makes: a date PostgreSQL cannot hold (year -4000, say) must not reach the query.
    if (!fullIdPattern.test(id) || Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at)
      throw new Error("bad");
    const year = createdAt.getUTCFullYear();
    if (year < 1970 || year > 9999) throw new Error("bad");
    return { createdAt, id };
  } catch {
    throw new AppError("BAD_REQUEST", "The cursor is not one this service returned; start again without it.");
  }
}

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
  const after = input.cursor ? decode(input.cursor) : null;
  const rows = await ctx.services.db.prisma.document.findMany({
    where: {
      accountId,
      ...(after
        ? {
            OR: [
              { createdAt: { lt: after.createdAt } },
              { createdAt: after.createdAt, id: { gt: after.id } },
            ],
          }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    documents: page.map(toDocumentRecord),
    nextCursor: rows.length > limit && last ? encode(last) : null,
  };
}
