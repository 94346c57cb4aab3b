import {
  type DocumentProgressEvent,
  documentTopic,
  terminalPhases,
} from "../core/documents/document-events.ts";
import { tableToCsv, tableToHtml } from "../core/exports/table-formats.ts";
import type { PageElement } from "../core/extraction/extractor.ts";
import { textRows } from "../core/extraction/table-model.ts";
import { approveReview } from "../resolvers/documents/approve-review.ts";
import { deleteDocument } from "../resolvers/documents/delete-document.ts";
import type { DocumentRecord } from "../resolvers/documents/document-record.ts";
import { getDocument } from "../resolvers/documents/get-document.ts";
import { listDocuments, MAX_PAGE_SIZE } from "../resolvers/documents/list-documents.ts";
import type { PageRecord } from "../resolvers/documents/page-record.ts";
import {
  listPagesOfDocuments,
  listTablesOfDocuments,
  MAX_PAGES_PER_READ,
  pageRange,
} from "../resolvers/documents/pages-of-documents.ts";
import { reparseDocument } from "../resolvers/documents/reparse-document.ts";
import { MAX_TABLES_PAGE, type TableRecord } from "../resolvers/documents/tables.ts";
import { uploadDocument } from "../resolvers/documents/upload-document.ts";
import { batched } from "./batch.ts";
import { builder } from "./builder.ts";
import { sizedBy, textHeavy } from "./cost.ts";
import { forwardConnection } from "./forward-connection.ts";
import { servedBy } from "./served-by.ts";

/** Pages of each document as many as the range asked for allows (none when the operation refuses it). */
const pagesCost = {
  cost: {
    size: (args: Record<string, unknown>) => {
      const r = pageRange.safeParse({ from: args.from ?? undefined, to: args.to ?? undefined });
      return r.success ? r.data.to - r.data.from + 1 : 0;
    },
  },
};

const DocumentPhase = builder.enumType("DocumentPhase", {
  values: ["queued", "extracting", "complete", "awaiting_review", "error"] as const,
});
const DocumentStatus = builder.enumType("DocumentStatus", {
  values: ["queued", "processing", "done", "failed"] as const,
});

const PageElementKind = builder.enumType("PageElementType", {
  values: ["heading", "paragraph", "list_item", "table", "figure", "code", "header", "footer"] as const,
});

const PageElementRef = builder.objectRef<PageElement>("PageElement").implement({
  description: "One element of a page in reading order (twin of REST's /pages/{n}/elements).",
  fields: (t) => ({
    type: t.field({ type: PageElementKind, resolve: (e) => e.type }),
    level: t.int({
      nullable: true,
      description: "A heading's level, 1 to 6.",
      resolve: (e) => e.level ?? null,
    }),
    text: t.exposeString("text", { extensions: textHeavy }),
    bbox: t.floatList({
      description: "[x0, y0, x1, y1] in points from the page's top-left corner.",
      resolve: (e) => e.bbox,
    }),
    table: t.int({
      nullable: true,
      description: "A table's index in the document.",
      resolve: (e) => e.table ?? null,
    }),
    figure: t.int({
      nullable: true,
      description: "A figure's index on its page: its image is REST's /pages/{n}/figures/{index}.",
      resolve: (e) => e.figure ?? null,
    }),
    order: t.int({
      nullable: true,
      description:
        "Its place in the page's reading order, which the page's markdown follows (0 first); null for running heads and feet and figures, which the markdown leaves out.",
      resolve: (e) => e.order ?? null,
    }),
  }),
});

export const Page = builder.objectRef<PageRecord>("Page").implement({
  fields: (t) => ({
    number: t.exposeInt("number"),
    markdown: t.exposeString("markdown", { extensions: textHeavy }),
    text: t.exposeString("text", { extensions: textHeavy }),
    method: t.exposeString("method", { description: "text (the PDF's text layer), ocr, or failed." }),
    width: t.exposeFloat("width", { description: "Points." }),
    height: t.exposeFloat("height", { description: "Points." }),
    elements: t.field({
      type: [PageElementRef],
      nullable: true,
      extensions: textHeavy,
      description:
        "Headings, paragraphs, list items, tables, code, running headers and footers, in reading order with their boxes; null for a page extracted before elements were recorded (reparse the document).",
      resolve: (p) => p.elements,
    }),
  }),
});

export const Table = builder.objectRef<TableRecord>("Table").implement({
  fields: (t) => ({
    index: t.exposeInt("index"),
    page: t.exposeInt("page"),
    pages: t.exposeIntList("pages"),
    bbox: t.exposeFloatList("bbox", { description: "[x0, y0, x1, y1] in points, origin top-left." }),
    markdown: t.exposeString("markdown", { extensions: textHeavy }),
    csv: t.string({ extensions: textHeavy, resolve: (r) => tableToCsv(r.grid) }),
    html: t.string({ extensions: textHeavy, resolve: (r) => tableToHtml(r.grid) }),
    rows: t.field({
      type: "JSON",
      extensions: textHeavy,
      description:
        "The cells as rows of strings; a spanning cell's text repeats over the positions it covers.",
      resolve: (r) => textRows(r.grid),
    }),
  }),
});

export const DocumentType = builder.objectRef<DocumentRecord>("Document").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    shortHash: t.exposeString("shortHash"),
    phase: t.field({ type: DocumentPhase, resolve: (d) => d.phase }),
    status: t.field({ type: DocumentStatus, resolve: (d) => d.status }),
    fileName: t.exposeString("fileName"),
    pagesTotal: t.exposeInt("pagesTotal", { nullable: true }),
    pagesCompleted: t.exposeInt("pagesCompleted"),
    sizeBytes: t.exposeFloat("sizeBytes"),
    sha256: t.exposeString("sha256"),
    error: t.exposeString("error", { nullable: true }),
    strategy: t.exposeString("strategy"),
    capabilities: t.exposeStringList("capabilities"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    completedAt: t.expose("completedAt", { type: "DateTime", nullable: true }),
    pages: t.field({
      type: [Page],
      extensions: { ...servedBy(listPagesOfDocuments), ...pagesCost },
      description: `Extracted pages of the current results, in order; \`from\` and \`to\` are 1-based and inclusive, at most ${MAX_PAGES_PER_READ} pages at a time (\`to\` defaults to \`from\` + ${MAX_PAGES_PER_READ - 1}; \`pagesTotal\` says how many there are).`,
      args: { from: t.arg.int({ required: false }), to: t.arg.int({ required: false }) },
      // The pages of every document of a list are read together (one batch per request), from the
      // documents as the list read them.
      resolve: (doc, args, ctx) =>
        batched(
          ctx,
          `pages:${args.from}:${args.to}`,
          MAX_PAGE_SIZE,
          async (documents) =>
            listPagesOfDocuments.invoke(ctx, {
              documents,
              range: { from: args.from ?? undefined, to: args.to ?? undefined },
            }),
          doc,
        ),
    }),
    tables: t.field({
      type: [Table],
      extensions: {
        ...servedBy(listTablesOfDocuments),
        ...sizedBy(listTablesOfDocuments.input.shape.limit, "limit"),
      },
      description: `The tables of the current results, in order; at most ${MAX_TABLES_PAGE} at a time.`,
      args: { limit: t.arg.int({ required: false }), offset: t.arg.int({ required: false }) },
      resolve: (doc, args, ctx) =>
        batched(
          ctx,
          `tables:${args.limit}:${args.offset}`,
          MAX_PAGE_SIZE,
          async (documents) =>
            listTablesOfDocuments.invoke(ctx, {
              documents,
              limit: args.limit ?? undefined,
              offset: args.offset ?? undefined,
            }),
          doc,
        ),
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
  document: t.field({
    type: DocumentType,
    extensions: servedBy(getDocument),
    description: "A document by id or 6-character short hash.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => (await getDocument.invoke(ctx, { ref: String(args.id) })).document,
  }),
  documents: t.connection({
    type: DocumentType,
    extensions: { ...servedBy(listDocuments), ...sizedBy(listDocuments.input.shape.limit, "first") },
    description: `The account's documents, newest first, ${MAX_PAGE_SIZE} at most a page: forward paging with \`first\` and \`after\`. Needs a secret key.`,
    resolve: (_root, args, ctx) =>
      forwardConnection(args, async (limit, cursor) => {
        const r = await listDocuments.invoke(ctx, { limit, cursor });
        return { items: r.documents, nextCursor: r.nextCursor };
      }),
  }),
}));

builder.mutationFields((t) => ({
  uploadDocument: t.field({
    type: DocumentType,
    extensions: servedBy(uploadDocument),
    description:
      "Uploads a PDF (`file`, GraphQL multipart request) or parses a stored file (`fileId`, file_…): exactly one of the two. Extraction starts in the background. Expensive.",
    args: {
      file: t.arg({ type: "File", required: false }),
      fileId: t.arg.id({ required: false, description: "A stored file's id (file_…)." }),
    },
    // Both or neither are refused by the operation's input, after the caller is admitted.
    resolve: (_root, args, ctx) =>
      uploadDocument.invoke(ctx, {
        ...(args.fileId != null ? { fileId: String(args.fileId) } : {}),
        ...(args.file
          ? { fileName: args.file.name, body: args.file.stream() as unknown as AsyncIterable<Uint8Array> }
          : {}),
      } as never),
  }),
  deleteDocument: t.field({
    type: DeletedDocument,
    extensions: servedBy(deleteDocument),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteDocument.invoke(ctx, { ref: String(args.id) }),
  }),
  reparseDocument: t.field({
    type: DocumentType,
    extensions: servedBy(reparseDocument),
    args: {
      id: t.arg.id({ required: true }),
      strategy: t.arg.string({ required: false }),
      capabilities: t.arg.string({
        required: false,
        description: "Comma-separated flags: tables, page_images.",
      }),
    },
    resolve: async (_root, args, ctx) =>
      reparseDocument.invoke(ctx, {
        ref: String(args.id),
        strategy: args.strategy ?? undefined,
        capabilities: args.capabilities ?? undefined,
      }),
  }),
  approveDocumentReview: t.field({
    type: DocumentType,
    extensions: servedBy(approveReview),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => approveReview.invoke(ctx, { ref: String(args.id) }),
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
      const { document: doc } = await getDocument.invoke(ctx, { ref: String(args.id) });
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
