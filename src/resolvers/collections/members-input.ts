import { AppError } from "../../core/errors.ts";
import type { OperationContext } from "../context.ts";
import { fullIdPattern, shortHashPattern } from "../documents/document-record.ts";

/** Documents one request may add or remove. */
export const MAX_IDS_PER_REQUEST = 1000;
/** Documents one collection may hold: a collection query searches all of them at once. */
export const MAX_COLLECTION_DOCUMENTS = 10_000;

/**
 * The caller's own documents named by id or short hash, in the order given, without repeats.
 * `missing` lists refs that name none of the account's documents.
 */
export async function resolveOwnDocuments(
  ctx: OperationContext,
  accountId: string,
  refs: readonly string[],
): Promise<{ ids: string[]; missing: string[] }> {
  if (refs.length > MAX_IDS_PER_REQUEST)
    throw new AppError("BAD_REQUEST", `At most ${MAX_IDS_PER_REQUEST} document ids per request.`);
  const bad = refs.filter((r) => !fullIdPattern.test(r) && !shortHashPattern.test(r));
  if (bad.length) {
    throw new AppError(
      "BAD_REQUEST",
      `Not a document id (doc-…) or 6-character short hash: ${bad
        .slice(0, 5)
        .map((r) => JSON.stringify(r))
        .join(", ")}.`,
    );
  }
  const ids = refs.filter((r) => fullIdPattern.test(r));
  const hashes = refs.filter((r) => shortHashPattern.test(r));
  const rows = await ctx.services.db.prisma.document.findMany({
    where: { accountId, OR: [{ id: { in: ids } }, { shortHash: { in: hashes } }] },
    select: { id: true, shortHash: true },
  });
  const byRef = new Map<string, string>();
  for (const r of rows) {
    byRef.set(r.id, r.id);
    byRef.set(r.shortHash, r.id);
  }
  const out = new Set<string>();
  const missing: string[] = [];
  for (const ref of refs) {
    const id = byRef.get(ref);
    if (id) out.add(id);
    else missing.push(ref);
  }
  return { ids: [...out], missing };
}

export function documentsNotFound(missing: string[]): AppError {
  const more = missing.length > 5 ? ` and ${missing.length - 5} more` : "";
  return new AppError(
    "NOT_FOUND",
    `No document of this account has the id ${missing.slice(0, 5).join(", ")}${more}; nothing was changed.`,
  );
}

export function tooManyDocuments(total: number): AppError {
  return new AppError(
    "CONFLICT",
    `The collection would hold ${total} documents; a collection holds at most ${MAX_COLLECTION_DOCUMENTS}.`,
  );
}
