import { charge } from "../../core/auth/authenticate.ts";
import { pageSizes } from "../../core/conversions/page-size.ts";
import { AppError, aboutInput } from "../../core/errors.ts";
import { type FileType, storedFileType } from "../../core/files/file-type.ts";
import { MAX_FILE_NAME, safeFileName } from "../../core/files/safe-file-name.ts";
import { storeChecked } from "../../core/files/store-checked.ts";
import { hostInput } from "../../core/hosting/access-input.ts";
import { newId } from "../../core/ids.ts";
import { CONVERSION_QUEUE } from "../../core/job-queue.ts";
import { z } from "../../core/zod.ts";
import type { StoredFile } from "../../generated/prisma/client.ts";
import { fileIdPattern, fileRef } from "../files/file-record.ts";
import { planSite, planToJson } from "../hosting/site-plan-record.ts";
import { type AccountContext, defineOperation } from "../operation.ts";
import {
  type ConversionRecord,
  conversionBlobPrefix,
  conversionInclude,
  conversionInputKey,
  conversionKinds,
  toConversionRecord,
} from "./conversion-record.ts";

/** Images one conversion takes at most. */
export const MAX_CONVERSION_INPUTS = 50;

/** An image sent with the request: its name and its bytes as they arrive. */
export type UploadedImage = { fileName: string; body: AsyncIterable<Uint8Array> };

/** The images sent with the request, in order, each read to its end before the next one comes. */
const uploadedImages = z.custom<AsyncIterable<UploadedImage>>(
  (v) => typeof (v as AsyncIterable<UploadedImage> | null)?.[Symbol.asyncIterator] === "function",
  "must be a stream of uploaded images",
);

type InputRow = {
  position: number;
  fileId: string | null;
  fileName: string;
  contentType: string;
  blobKey: string;
};

/**
 * The request counts one expensive operation; each image after the first counts one standard
 * request more, as storing it with POST /v1/files would. (Counting every image as an expensive
 * operation would put a conversion of more than 30 images past the SPEC's expensive budget of 30
 * a minute: MAX_CONVERSION_INPUTS could never be reached.)
 */
const COUNTED = "each image of a conversion after the first counts as one request";
const PUBLISH_COUNTED = "publishing the PDF parses it, one expensive operation more";
const chargeImages = (ctx: AccountContext, images: number) =>
  charge(ctx.services.db.pool, ctx.principal, "standard", images, COUNTED);

/**
 * Starts a conversion of images into one PDF (kind image_to_pdf), run by a worker: the images
 * are sent with the request (streamed to the store one after the other, never held whole) or are
 * stored image files of the account, 1 to MAX_CONVERSION_INPUTS, in page order. Answers the
 * conversion queued. Counts one expensive operation, and one standard request per further image.
 * With `host`, the PDF is published once it exists (and parsed, one expensive operation more): the
 * publish request is checked now (a taken namespace is CONFLICT before any image is read), and a
 * publish that fails later (the name taken meanwhile) leaves the conversion succeeded with its file
 * and says why in hostError.
 */
export const createConversion = defineOperation({
  name: "createConversion",
  rateClass: "expensive",
  caller: "secretKey",
  input: z
    .strictObject({
      kind: z.enum(conversionKinds),
      pageSize: z.enum(pageSizes).default("auto"),
      fileName: z.string().min(1).max(10_000).optional(),
      fileIds: z.array(fileRef).min(1).max(MAX_CONVERSION_INPUTS).optional(),
      uploads: uploadedImages.optional(),
      host: hostInput.optional(),
    })
    .refine((v) => (v.fileIds === undefined) !== (v.uploads === undefined), {
      message: "give the images as uploads or as stored files' ids, one of the two",
    }),
  run: async (ctx, input): Promise<ConversionRecord> => {
    const id = newId("conv_");
    // Checked first, so a taken namespace or a bad setting costs no upload.
    const plan = input.host ? await planSite(ctx.services, input.host) : null;
    if (plan) await charge(ctx.services.db.pool, ctx.principal, "expensive", 1, PUBLISH_COUNTED);
    const inputs = input.fileIds
      ? await storedInputs(ctx, input.fileIds)
      : await receiveInputs(ctx, id, input.uploads as AsyncIterable<UploadedImage>);
    const { db, blobs, jobs } = ctx.services;
    try {
      const row = await db.prisma.conversion
        .create({
          data: {
            id,
            accountId: ctx.accountId,
            kind: input.kind,
            status: "queued",
            pageSize: input.pageSize,
            fileName: resultName(input.fileName, inputs[0]?.fileName ?? "images"),
            resultFileId: newId("file_"),
            ...(plan ? { hostPlan: planToJson(plan) } : {}),
            inputs: { createMany: { data: inputs } },
          },
          include: conversionInclude,
        })
        .catch((err: { code?: string }) => {
          // A file deleted between being looked up and being recorded as an input.
          if (err.code === "P2003")
            throw new AppError(
              "NOT_FOUND",
              "One of the files was deleted while the conversion was being created.",
            );
          throw err;
        });
      try {
        await jobs.enqueue(CONVERSION_QUEUE, { conversionId: id });
      } catch (err) {
        await db.prisma.conversion.delete({ where: { id } }).catch(() => undefined);
        throw err;
      }
      return toConversionRecord(row);
    } catch (err) {
      await blobs.deletePrefix(conversionBlobPrefix(id)).catch(() => undefined);
      throw err;
    }
  },
});

/** The PDF's name: the one asked for (with .pdf added when missing), else the first image's with .pdf. */
function resultName(asked: string | undefined, firstInput: string): string {
  if (asked !== undefined) {
    const name = safeFileName(asked, "images.pdf");
    return /\.pdf$/i.test(name) ? name : `${name.slice(0, MAX_FILE_NAME - 4)}.pdf`;
  }
  const stem = firstInput.replace(/\.[^.]*$/, "") || "images";
  return `${stem.slice(0, MAX_FILE_NAME - 4)}.pdf`;
}

/** The image's type by its first bytes; anything else is refused (the caller names the input). */
const imageOnly = (head: Uint8Array): FileType => {
  const type = storedFileType(head);
  if (type.kind !== "image")
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "It is a PDF, not an image: a conversion takes JPEG, PNG, TIFF, WebP or GIF images.",
    );
  return type;
};

/** Images sent with the request, each stored under the conversion's prefix as it arrives. */
async function receiveInputs(
  ctx: AccountContext,
  id: string,
  uploads: AsyncIterable<UploadedImage>,
): Promise<InputRow[]> {
  const { blobs, config } = ctx.services;
  const rows: InputRow[] = [];
  try {
    for await (const part of uploads) {
      const position = rows.length;
      if (position >= MAX_CONVERSION_INPUTS)
        throw new AppError("BAD_REQUEST", `A conversion takes at most ${MAX_CONVERSION_INPUTS} images.`);
      // The first image was counted with the request; each further one before it is stored.
      if (position > 0) await chargeImages(ctx, 1);
      const fileName = safeFileName(part.fileName, `image-${position + 1}`);
      const what = `Image ${position + 1} (${fileName})`;
      const blobKey = conversionInputKey(id, position);
      const stored = await storeChecked(
        blobs,
        { key: blobKey, prefix: conversionBlobPrefix(id) },
        part.body,
        config.maxUploadBytes,
        imageOnly,
      ).catch((err) => {
        throw aboutInput(err, what);
      });
      rows.push({ position, fileId: null, fileName, contentType: stored.type.contentType, blobKey });
    }
  } catch (err) {
    await blobs.deletePrefix(conversionBlobPrefix(id)).catch(() => undefined);
    throw err;
  }
  if (!rows.length)
    throw new AppError("BAD_REQUEST", "No image was sent: send each image as a part named 'file'.");
  return rows;
}

/** Stored image files of the account, in the order named (one may be named twice). */
async function storedInputs(ctx: AccountContext, refs: string[]): Promise<InputRow[]> {
  const ids = [...new Set(refs.filter((r) => fileIdPattern.test(r)))];
  const found = await ctx.services.db.prisma.storedFile.findMany({
    where: { id: { in: ids }, accountId: ctx.accountId },
  });
  const byId = new Map<string, StoredFile>(found.map((f) => [f.id, f]));
  const rows = refs.map((ref, position): InputRow => {
    const file = byId.get(ref);
    const what = `file_ids[${position}]`;
    if (!file) throw new AppError("NOT_FOUND", `File ${ref} (${what}) was not found.`, {}, what);
    if (file.status !== "ready")
      throw new AppError(
        "CONFLICT",
        `File ${ref} (${what}) is still pending: finalize its upload first.`,
        {},
        what,
      );
    if (!file.contentType.startsWith("image/"))
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        `File ${ref} (${what}) is ${file.contentType}, not an image: a conversion takes JPEG, PNG, TIFF, WebP or GIF images.`,
        {},
        what,
      );
    return {
      position,
      fileId: file.id,
      fileName: file.fileName,
      contentType: file.contentType,
      blobKey: file.blobKey,
    };
  });
  if (rows.length > 1)
    await charge(ctx.services.db.pool, ctx.principal, "expensive", rows.length - 1, COUNTED);
  return rows;
}
