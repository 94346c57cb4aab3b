import { allowedActions, unseenDocument } from "../../core/auth/authorize.ts";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import type { OperationContext } from "../context.ts";
import { defineOperation } from "../operation.ts";
import type { DocumentRecord } from "./document-record.ts";
import { MAX_PAGE_SIZE } from "./list-documents.ts";
import { type PageRecord, toPageRecord } from "./page-record.ts";
import { MAX_TABLES_PAGE, type TableRecord, toTableRecord } from "./tables.ts";

// The content of several documents read at once: a list of documents with their pages or tables
// costs one query, however long the list. The documents are given as records an operation gave
// the caller (a list's, say), so their rows are not read again. Each document is checked as
// alone: one the caller may not see is NOT_FOUND, one whose content it may not read FORBIDDEN,
// and neither stops the others.

/** Each document's result, or the error that document alone answers with. */
export type PerDocument<T> = Map<string, T | AppError>;

/** Records of documents the caller was given (by getDocument or a list), not ids it chose. */
const documentRecords = z
  .array(z.custom<DocumentRecord>((v) => typeof v === "object" && v !== null && "content" in v))
  .min(1)
  .max(MAX_PAGE_SIZE);

/** The documents whose content the caller may read, and the error of each other one. */
function readable(ctx: OperationContext, records: readonly DocumentRecord[]) {
  const docs: DocumentRecord[] = [];
  const refused = new Map<string, AppError>();
  for (const d of records) {
    const allowed = allowedActions(ctx.principal, d.content.accountId, d.content.policy);
    if (allowed.size === 0) refused.set(d.id, unseenDocument(ctx.principal, d.id));
    else if (!allowed.has("read_content"))
      refused.set(d.id, new AppError("FORBIDDEN", `You may not read the content of document ${d.id}.`));
    else docs.push(d);
  }
  return { docs, refused };
}

function perDocument<T>(
  records: readonly DocumentRecord[],
  refused: Map<string, AppError>,
  found: Map<string, T>,
  empty: T,
) {
  const out: PerDocument<T> = new Map();
  for (const { id } of records) out.set(id, refused.get(id) ?? found.get(id) ?? empty);
  return out;
}

/** Pages read of one document at a time: a document's pages are paged by `from` and `to`. */
export const MAX_PAGES_PER_READ = 100;

/** A range of pages, 1-based and inclusive; `to` left out reads MAX_PAGES_PER_READ pages from `from`. */
export const pageRange = z
  .object({
    from: z.number().int().min(1).default(1),
    to: z.number().int().min(1).optional(),
  })
  .transform((r) => ({ from: r.from, to: r.to ?? r.from + MAX_PAGES_PER_READ - 1 }))
  .refine((r) => r.to >= r.from && r.to - r.from < MAX_PAGES_PER_READ, {
    message: `\`to\` must be at least \`from\` and at most ${MAX_PAGES_PER_READ - 1} more: pages are read ${MAX_PAGES_PER_READ} at a time.`,
    path: ["to"],
  });

/** Pages `from` to `to` (1-based, inclusive) of each document's current results, in order. */
export const listPagesOfDocuments = defineOperation({
  name: "listPagesOfDocuments",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({ documents: documentRecords, range: pageRange }),
  run: async (ctx, input): Promise<PerDocument<PageRecord[]>> => {
    const { docs, refused } = readable(ctx, input.documents);
    const found = new Map<string, PageRecord[]>();
    if (docs.length) {
      const rows = await ctx.services.db.prisma.page.findMany({
        where: {
          OR: docs.map((d) => ({ documentId: d.id, generation: d.content.generation })),
          pageNumber: { gte: input.range.from, lte: input.range.to },
        },
        orderBy: [{ documentId: "asc" }, { pageNumber: "asc" }],
      });
      for (const p of rows) {
        const list = found.get(p.documentId) ?? [];
        list.push(toPageRecord(p));
        found.set(p.documentId, list);
      }
    }
    return perDocument(input.documents, refused, found, []);
  },
});

/** Each document's tables of its current results, `offset` and `limit` applied per document. */
export const listTablesOfDocuments = defineOperation({
  name: "listTablesOfDocuments",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({
    documents: documentRecords,
    limit: z.number().int().min(0).max(MAX_TABLES_PAGE).default(MAX_TABLES_PAGE),
    offset: z.number().int().min(0).default(0),
  }),
  run: async (ctx, input): Promise<PerDocument<TableRecord[]>> => {
    const { docs, refused } = readable(ctx, input.documents);
    const found = new Map<string, TableRecord[]>();
    if (docs.length && input.limit > 0) {
      // Tables are numbered densely from 0 within an extraction, so a window of indexes is the
      // page of each document.
      const rows = await ctx.services.db.prisma.documentTable.findMany({
        where: {
          OR: docs.map((d) => ({ documentId: d.id, generation: d.content.generation })),
          tableIndex: { gte: input.offset, lt: input.offset + input.limit },
        },
        orderBy: [{ documentId: "asc" }, { tableIndex: "asc" }],
      });
      for (const t of rows) {
        const list = found.get(t.documentId) ?? [];
        list.push(toTableRecord(t));
        found.set(t.documentId, list);
      }
    }
    return perDocument(input.documents, refused, found, []);
  },
});
