import { allowedActions, requireAccount } from "../core/auth/authorize.ts";
import {
  type DocumentProgressEvent,
  documentTopic,
  terminalPhases,
} from "../core/documents/document-events.ts";
import { statusOf } from "../core/documents/phases.ts";
import { AppError } from "../core/errors.ts";
import { tableToCsv, tableToHtml } from "../core/tables/table-formats.ts";
import { type TableGrid, textRows } from "../core/tables/table-model.ts";
import type { Document as DocumentRow } from "../generated/prisma/client.ts";
import { approveReview } from "../resolvers/documents/approve-review.ts";
import { deleteDocument } from "../resolvers/documents/delete-document.ts";
import { policyOf } from "../resolvers/documents/find-document.ts";
import { getDocument } from "../resolvers/documents/get-document.ts";
import { reparseDocument } from "../resolvers/documents/reparse-document.ts";
import { uploadDocument } from "../resolvers/documents/upload-document.ts";
import { builder, type GraphQLContext } from "./builder.ts";
import { servedBy } from "./served-by.ts";

/** Content fields need read_content on top of the read_metadata that made the document visible. */
function assertCanRead(ctx: GraphQLContext, doc: DocumentRow) {
  if (!allowedActions(ctx.principal, doc.accountId, policyOf(doc)).has("read_content")) {
    throw new AppError("FORBIDDEN", `You may not read content of document ${doc.id}.`);
  }
}

const DocumentPhase = builder.enumType("DocumentPhase", {
  values: ["queued", "extracting", "complete", "awaiting_review", "error"] as const,
});
const DocumentStatus = builder.enumType("DocumentStatus", {
  values: ["queued", "processing", "done", "failed"] as const,
});

export const Page = builder.prismaObject("Page", {
  fields: (t) => ({
    number: t.exposeInt("pageNumber"),
    markdown: t.exposeString("markdown"),
    text: t.exposeString("text"),
    method: t.exposeString("method", { description: "text (the PDF's text layer), ocr, or failed." }),
    width: t.exposeFloat("width", { description: "Points." }),
    height: t.exposeFloat("height", { description: "Points." }),
  }),
});

export const Table = builder.prismaObject("DocumentTable", {
  name: "Table",
  fields: (t) => ({
    index: t.exposeInt("tableIndex"),
    page: t.exposeInt("pageNumber"),
    pages: t.exposeIntList("pages"),
    bbox: t.exposeFloatList("bbox", { description: "[x0, y0, x1, y1] in points, origin top-left." }),
    markdown: t.exposeString("markdown"),
    csv: t.string({ resolve: (r) => tableToCsv(r.cells as TableGrid) }),
    html: t.string({ resolve: (r) => tableToHtml(r.cells as TableGrid) }),
    rows: t.field({
      type: "JSON",
      description:
        "The cells as rows of strings; a spanning cell's text repeats over the positions it covers.",
      resolve: (r) => textRows(r.cells as TableGrid),
    }),
  }),
});

export const DocumentType = builder.prismaObject("Document", {
  fields: (t) => ({
    id: t.exposeID("id"),
    shortHash: t.exposeString("shortHash"),
    phase: t.field({ type: DocumentPhase, resolve: (d) => d.phase as never }),
    status: t.field({ type: DocumentStatus, resolve: (d) => statusOf(d.phase) }),
    fileName: t.exposeString("fileName"),
    pagesTotal: t.exposeInt("pagesTotal", { nullable: true }),
    pagesCompleted: t.exposeInt("pagesCompleted"),
    sizeBytes: t.float({ resolve: (d) => Number(d.sizeBytes) }),
    sha256: t.exposeString("sha256"),
    error: t.exposeString("errorReason", { nullable: true }),
    strategy: t.exposeString("strategy"),
    capabilities: t.exposeStringList("capabilities"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    completedAt: t.expose("completedAt", { type: "DateTime", nullable: true }),
    pages: t.field({
      type: [Page],
      description:
        "Extracted pages of the current results, in order; `from` and `to` are 1-based and inclusive.",
      args: { from: t.arg.int({ required: false }), to: t.arg.int({ required: false }) },
      // Loaded with the document in the same query plan: a list of documents with their pages
      // costs a fixed number of SQL statements, not one per document.
      select: (args) => ({
        pages: {
          where: { pageNumber: { gte: args.from ?? 1, ...(args.to ? { lte: args.to } : {}) } },
          orderBy: [{ generation: "asc" }, { pageNumber: "asc" }],
        },
      }),
      resolve: (doc, _args, ctx) => {
        assertCanRead(ctx, doc);
        return doc.pages.filter((p) => p.generation === doc.activeGeneration);
      },
    }),
    tables: t.field({
      type: [Table],
      args: { limit: t.arg.int({ required: false }), offset: t.arg.int({ required: false }) },
      select: () => ({ tables: { orderBy: [{ generation: "asc" }, { tableIndex: "asc" }] } }),
      resolve: (doc, args, ctx) => {
        assertCanRead(ctx, doc);
        if ((args.limit ?? 0) < 0 || (args.offset ?? 0) < 0)
          throw new AppError("BAD_REQUEST", "limit and offset must not be negative.");
        const current = doc.tables.filter((x) => x.generation === doc.activeGeneration);
        const offset = args.offset ?? 0;
        return current.slice(
          offset,
          args.limit === null || args.limit === undefined ? undefined : offset + args.limit,
        );
      },
    }),
  }),
});

const DocumentProgress = builder.objectRef<DocumentProgressEvent>("DocumentProgress").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    phase: t.field({ type: DocumentPhase, resolve: (e) => e.phase as never }),
    pagesCompleted: t.exposeInt("pagesCompleted"),
    pagesTotal: t.exposeInt("pagesTotal", { nullable: true }),
  }),
});

const DeletedDocument = builder.objectRef<{ deleted: boolean; id: string }>("DeletedDocument").implement({
  fields: (t) => ({ deleted: t.exposeBoolean("deleted"), id: t.exposeID("id") }),
});

builder.queryFields((t) => ({
  document: t.prismaField({
    extensions: servedBy(getDocument),
    type: "Document",
    description: "A document by id or 6-character short hash.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { row: doc } = await getDocument.invoke(ctx, { ref: String(args.id) });
      // The row already read serves, unless the selection needs relations (pages, tables) with it.
      if (!query.include && !query.select) return doc;
      return ctx.services.db.prisma.document.findUniqueOrThrow({ ...query, where: { id: doc.id } });
    },
  }),
  documents: t.prismaConnection(
    {
      type: "Document",
      cursor: "id",
      description: "The account's documents, newest first. Needs a secret key.",
      resolve: (query, _root, _args, ctx) => {
        const accountId = requireAccount(ctx.principal, "manage");
        return ctx.services.db.prisma.document.findMany({
          ...query,
          where: { accountId },
          orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        });
      },
    },
    {},
    {},
  ),
}));

builder.mutationFields((t) => ({
  uploadDocument: t.prismaField({
    extensions: servedBy(uploadDocument),
    type: "Document",
    description: "Uploads a PDF (GraphQL multipart request); extraction starts in the background. Expensive.",
    args: { file: t.arg({ type: "File", required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const d = await uploadDocument.invoke(ctx, {
        fileName: args.file.name,
        bytes: new Uint8Array(await args.file.arrayBuffer()),
      });
      return ctx.services.db.prisma.document.findUniqueOrThrow({ ...query, where: { id: d.id } });
    },
  }),
  deleteDocument: t.field({
    extensions: servedBy(deleteDocument),
    type: DeletedDocument,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteDocument.invoke(ctx, { ref: String(args.id) }),
  }),
  reparseDocument: t.prismaField({
    extensions: servedBy(reparseDocument),
    type: "Document",
    args: {
      id: t.arg.id({ required: true }),
      strategy: t.arg.string({ required: false }),
      capabilities: t.arg.string({
        required: false,
        description: "Comma-separated flags: tables, page_images.",
      }),
    },
    resolve: async (query, _root, args, ctx) => {
      const r = await reparseDocument.invoke(ctx, {
        ref: String(args.id),
        strategy: args.strategy ?? undefined,
        capabilities: args.capabilities ?? undefined,
      });
      return ctx.services.db.prisma.document.findUniqueOrThrow({ ...query, where: { id: r.id } });
    },
  }),
  approveDocumentReview: t.prismaField({
    extensions: servedBy(approveReview),
    type: "Document",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const d = await approveReview.invoke(ctx, { ref: String(args.id) });
      return ctx.services.db.prisma.document.findUniqueOrThrow({ ...query, where: { id: d.id } });
    },
  }),
}));

builder.subscriptionField("documentProgress", (t) =>
  t.field({
    extensions: servedBy(getDocument),
    type: DocumentProgress,
    description:
      "The document's phase and page progress: its current state first, then every change (from any worker process) until a terminal phase.",
    args: { id: t.arg.id({ required: true }) },
    subscribe: async function* (_root, args, ctx) {
      const { row: doc } = await getDocument.invoke(ctx, { ref: String(args.id) });
      // With the request's signal: a subscription ended from outside (its key revoked) while it
      // waits for the next event drops its listener at once.
      const events = await ctx.services.events.subscribe<DocumentProgressEvent>(
        documentTopic(doc.id),
        ctx.signal,
      );
      try {
        // Read after subscribing, so a change between the two is not lost.
        const now = await ctx.services.db.prisma.document.findUnique({ where: { id: doc.id } });
        if (!now) return;
        yield {
          id: now.id,
          phase: now.phase,
          pagesCompleted: now.pagesCompleted,
          pagesTotal: now.pagesTotal,
        };
        if (terminalPhases.has(now.phase)) return;
        for await (const e of events) {
          yield e;
          if (terminalPhases.has(e.phase)) return;
        }
      } finally {
        await events.return?.();
      }
    },
    resolve: (e) => e,
  }),
);
