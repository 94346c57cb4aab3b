import type { DocumentProgressEvent } from "../../core/documents/document-events.ts";
import { documentTopic, terminalPhases } from "../../core/documents/document-events.ts";
import type { Services } from "../../core/services.ts";
import { z } from "../../core/zod.ts";
import { documentRef } from "../../resolvers/documents/document-record.ts";
import { getDocument } from "../../resolvers/documents/get-document.ts";
import { listDocuments } from "../../resolvers/documents/list-documents.ts";
import { uploadDocument } from "../../resolvers/documents/upload-document.ts";
import { fileRef } from "../../resolvers/files/file-record.ts";
import { inlineBytes, inlineContent } from "../inline-bytes.ts";
import { boundedList, listInput } from "../list.ts";
import { documentJson } from "../records.ts";
import { badArgument, defineTool, hints, structured, type ToolCall, type ToolDefinition } from "../tool.ts";
import { MAX_WAIT_SECONDS } from "../wait.ts";

/** The longest wait_for_document waits: within the time clients give a tool call. */

export const documentId = documentRef.describe("The document's id (doc-…) or its 6-character short hash.");

const documentOut = z.looseObject({
  id: z.string(),
  phase: z.string(),
  pages_total: z.number().nullable(),
  pages_completed: z.number(),
});

type Progress = { pagesCompleted: number; pagesTotal: number | null; phase: string };

const progressOf = (d: Progress) => `${d.phase}, ${d.pagesCompleted} of ${d.pagesTotal ?? "?"} pages`;

async function waitFor(call: ToolCall, ref: string, seconds: number) {
  const { ctx, extra, services } = call;
  const read = async () => (await getDocument.invoke(ctx, { ref })).document;
  let doc = await read();
  if (terminalPhases.has(doc.phase)) return doc;
  const token = extra._meta?.progressToken;
  const progress = async (d: Progress) => {
    if (token === undefined) return;
    await extra.sendNotification({
      method: "notifications/progress",
      params: {
        progressToken: token,
        progress: d.pagesCompleted,
        ...(d.pagesTotal !== null ? { total: d.pagesTotal } : {}),
        message: progressOf(d),
      },
    });
  };
  const stop = new AbortController();
  const ended = ctx.signal;
  const onAbort = () => stop.abort();
  ended.addEventListener("abort", onAbort);
  try {
    // Subscribed before the record is read again, so no change after that read is missed.
    const events = await services.events.subscribe<DocumentProgressEvent>(documentTopic(doc.id), stop.signal);
    doc = await read();
    const deadline = Date.now() + seconds * 1000;
    await progress(doc);
    while (!terminalPhases.has(doc.phase) && !stop.signal.aborted) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      // A lost notification (the listening connection re-opened) costs at most this long.
      const tick = new Promise<null>((res) => setTimeout(res, Math.min(left, 5_000), null));
      const next = await Promise.race([events.next(), tick]);
      if (next && !next.done) {
        await progress(next.value);
        if (!terminalPhases.has(next.value.phase)) continue;
      }
      doc = await read();
    }
    return doc;
  } finally {
    ended.removeEventListener("abort", onAbort);
    stop.abort();
  }
}

export function documentTools(services: Services): ToolDefinition[] {
  const maxInline = services.config.mcp.maxInlineUploadBytes;
  return [
    defineTool({
      name: "upload_document",
      title: "Upload a PDF for parsing",
      description: `Adds a PDF to the account and starts parsing it (markdown, tables, page images). Give either file_id (a PDF stored beforehand with upload_file or POST /v1/files) or content_base64 (the bytes inline, at most ${maxInline} bytes). The server never fetches URLs. Returns the document record at phase 'queued'; call wait_for_document next.`,
      operation: uploadDocument,
      input: z.object({
        file_id: fileRef.optional().describe("A stored file's id (file_…), from upload_file or list_files."),
        content_base64: inlineContent(maxInline).optional(),
        file_name: z.string().max(10_000).optional().describe("The name to keep with inline bytes."),
      }),
      output: documentOut,
      annotations: hints.create,
      run: async (call, a) => {
        if ((a.file_id === undefined) === (a.content_base64 === undefined))
          throw badArgument("file_id", "give file_id or content_base64, exactly one of the two.");
        const record = await uploadDocument.invoke(
          call.ctx,
          a.file_id !== undefined
            ? { fileId: a.file_id }
            : {
                fileName: a.file_name ?? "document.pdf",
                body: inlineBytes("content_base64", a.content_base64 as string, maxInline),
              },
        );
        return structured(documentJson(record));
      },
    }),
    defineTool({
      name: "get_document",
      title: "A document's record and progress",
      description:
        "The document's phase (queued, extracting, complete, awaiting_review, error), pages extracted so far and in total, and its error if it failed.",
      operation: getDocument,
      input: z.object({ document_id: documentId }),
      output: documentOut,
      annotations: hints.read,
      run: async (call, a) =>
        structured(documentJson((await getDocument.invoke(call.ctx, { ref: a.document_id })).document)),
    }),
    defineTool({
      name: "wait_for_document",
      title: "Wait until a document is parsed",
      description: `Waits until the document reaches a terminal phase (complete, awaiting_review or error), at most timeout_seconds (up to ${MAX_WAIT_SECONDS}), sending progress notifications (pages done of pages total) when the client asks for them. Returns the record; if its phase is not terminal yet, call again.`,
      operation: getDocument,
      input: z.object({
        document_id: documentId,
        timeout_seconds: z
          .number()
          .int()
          .min(1)
          .max(MAX_WAIT_SECONDS)
          .default(MAX_WAIT_SECONDS)
          .describe("The longest to wait."),
      }),
      output: documentOut,
      annotations: hints.read,
      run: async (call, a) => {
        const doc = await waitFor(call, a.document_id, a.timeout_seconds);
        return structured({ ...documentJson(doc), done: terminalPhases.has(doc.phase) });
      },
    }),
    defineTool({
      name: "list_documents",
      title: "The account's documents",
      description: "The account's documents, newest first, with their phase and page counts.",
      operation: listDocuments,
      input: listInput(listDocuments.input.shape.limit),
      output: z.looseObject({ documents: z.array(documentOut), next_cursor: z.string().nullable() }),
      annotations: hints.read,
      run: async (call, a) => {
        const r = await listDocuments.invoke(call.ctx, { limit: a.limit, cursor: a.cursor });
        return boundedList("documents", r.documents, r.nextCursor, documentJson, call.budget);
      },
    }),
  ];
}
