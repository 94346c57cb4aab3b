import { charge } from "../../core/auth/authenticate.ts";
import { AppError, aboutInput } from "../../core/errors.ts";
import { newId } from "../../core/ids.ts";
import { currencyCodes } from "../../core/invoices/currencies.ts";
import { WORKFLOW_RUN_QUEUE } from "../../core/job-queue.ts";
import { MAX_RUN_DOCUMENTS } from "../../core/workflows/workflow-catalog.ts";
import { definitionOf } from "../../core/workflows/workflow-steps.ts";
import { z } from "../../core/zod.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { deleteDocument } from "../documents/delete-document.ts";
import { documentRef, findDocument } from "../documents/document-record.ts";
import { uploadDocument } from "../documents/upload-document.ts";
import { fileRef, findFile } from "../files/file-record.ts";
import { type AccountContext, defineOperation } from "../operation.ts";
import { type RunRecord, runInclude, toRunRecord } from "./run-record.ts";
import { findWorkflow, workflowRef } from "./workflow-record.ts";

/** A PDF sent with the request: its name and its bytes as they arrive. */
export type UploadedPdf = { fileName: string; body: AsyncIterable<Uint8Array> };

const uploadedPdfs = z.custom<AsyncIterable<UploadedPdf>>(
  (v) => typeof (v as AsyncIterable<UploadedPdf> | null)?.[Symbol.asyncIterator] === "function",
  "must be a stream of uploaded PDFs",
);

/** Language, optional script and region (en, en-US, de-DE, sr-Latn-RS, es-419): what a reader needs to know. */
const LOCALE = /^[a-zA-Z]{2,3}(-[a-zA-Z]{4})?(-([a-zA-Z]{2}|[0-9]{3}))?$/;

export const runOptionsInput = z
  .strictObject({
    locale: z.string().regex(LOCALE, "must be a language tag such as en-US, de-DE or fr-FR").optional(),
    currency: z.enum(currencyCodes, "must be an ISO 4217 currency code in capitals, such as EUR").optional(),
  })
  .default({});

const COUNTED = "each PDF of a run parsed for it counts as one expensive operation";

type RunInput = { documentId: string; fileId: string | null; fileName: string; created: boolean };

/**
 * Starts a run of a workflow (invoice-extraction, or a dynamic one of the account) over 1 to MAX_RUN_DOCUMENTS PDFs: sent with the
 * request (streamed, parsed as uploads are), stored files (parsed, or the document parsed from one
 * before reused) or documents of the account. Each PDF parsed for the run counts one expensive
 * operation (the first with the request). The run is read by a worker once its documents are
 * parsed; documents made for a refused request are removed again.
 */
export const createRun = defineOperation({
  name: "createRun",
  rateClass: "expensive",
  caller: "secretKey",
  input: z
    .strictObject({
      workflow: workflowRef,
      uploads: uploadedPdfs.optional(),
      documentIds: z.array(documentRef).min(1).max(MAX_RUN_DOCUMENTS).optional(),
      fileIds: z.array(fileRef).min(1).max(MAX_RUN_DOCUMENTS).optional(),
      options: runOptionsInput,
    })
    .refine((v) => [v.uploads, v.documentIds, v.fileIds].filter((x) => x !== undefined).length === 1, {
      message: "give the PDFs as uploads, document_ids or file_ids, one of the three",
    }),
  run: async (ctx, input): Promise<RunRecord> => {
    // Before any PDF is read: an unknown workflow refuses the request whole.
    const workflow = await findWorkflow(ctx, input.workflow);
    const inputs: RunInput[] = [];
    try {
      if (input.documentIds) await ownDocuments(ctx, input.documentIds, inputs);
      else if (input.fileIds) await parsedFiles(ctx, input.fileIds, inputs);
      else await uploadedDocuments(ctx, input.uploads as AsyncIterable<UploadedPdf>, inputs);
      const id = newId("run_");
      const { db, jobs } = ctx.services;
      const row = await db.prisma.run.create({
        data: {
          id,
          accountId: ctx.accountId,
          workflow: workflow.id,
          // The steps as they are now: a run does what its workflow said when it was made.
          ...(workflow.steps
            ? { definition: definitionOf(workflow.steps) as unknown as Prisma.InputJsonValue }
            : {}),
          status: "queued",
          options: input.options,
          documents: {
            createMany: {
              data: inputs.map((d, position) => ({
                position,
                documentId: d.documentId,
                fileId: d.fileId,
                fileName: d.fileName,
                status: "queued",
              })),
            },
          },
        },
        include: runInclude,
      });
      try {
        await jobs.enqueue(WORKFLOW_RUN_QUEUE, { runId: id });
      } catch (err) {
        await db.prisma.run.delete({ where: { id } }).catch(() => undefined);
        throw err;
      }
      return toRunRecord(row);
    } catch (err) {
      // Nothing of a refused run stays: the documents parsed for it go too.
      for (const d of inputs.filter((i) => i.created))
        await deleteDocument.invoke(ctx, { ref: d.documentId }).catch(() => undefined);
      throw err;
    }
  },
});

async function ownDocuments(ctx: AccountContext, refs: string[], into: RunInput[]) {
  for (const [i, ref] of refs.entries()) {
    const { doc } = await findDocument(ctx, ref, "admin").catch((err) => {
      throw aboutInput(err, `document_ids[${i}]`);
    });
    // Only the account's own documents: a document shared with it by a grant is not its to process.
    if (doc.accountId !== ctx.accountId)
      throw new AppError("NOT_FOUND", `document_ids[${i}]: Document ${ref} was not found.`);
    into.push({ documentId: doc.id, fileId: doc.sourceFileId, fileName: doc.fileName, created: false });
  }
}

async function parsedFiles(ctx: AccountContext, refs: string[], into: RunInput[]) {
  let parses = 0;
  for (const [i, ref] of refs.entries()) {
    const file = await findFile(ctx, ref).catch((err) => {
      throw aboutInput(err, `file_ids[${i}]`);
    });
    const parsed = await ctx.services.db.prisma.document.findFirst({
      where: {
        accountId: ctx.accountId,
        sourceFileId: file.id,
        sha256: file.sha256,
        phase: { not: "error" },
      },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    if (parsed) {
      into.push({ documentId: parsed.id, fileId: file.id, fileName: file.fileName, created: false });
      continue;
    }
    if (parses++ > 0) await charge(ctx.services.db.pool, ctx.principal, "expensive", 1, COUNTED);
    const doc = await uploadDocument.invoke(ctx, { fileId: file.id }).catch((err) => {
      throw aboutInput(err, `file_ids[${i}]`);
    });
    into.push({ documentId: doc.id, fileId: file.id, fileName: doc.fileName, created: true });
  }
}

async function uploadedDocuments(ctx: AccountContext, uploads: AsyncIterable<UploadedPdf>, into: RunInput[]) {
  for await (const part of uploads) {
    const position = into.length;
    if (position >= MAX_RUN_DOCUMENTS)
      throw new AppError("BAD_REQUEST", `A run takes at most ${MAX_RUN_DOCUMENTS} PDFs.`);
    if (position > 0) await charge(ctx.services.db.pool, ctx.principal, "expensive", 1, COUNTED);
    const doc = await uploadDocument
      .invoke(ctx, { fileName: part.fileName, body: part.body })
      .catch((err) => {
        throw aboutInput(err, `File ${position + 1} (${part.fileName})`);
      });
    into.push({ documentId: doc.id, fileId: null, fileName: doc.fileName, created: true });
  }
  if (!into.length)
    throw new AppError("BAD_REQUEST", "No PDF was sent: send each PDF as a part named 'file'.");
}
