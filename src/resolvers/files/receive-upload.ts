import { BlobTooLarge } from "../../core/blobs/blob-store.ts";
import { byteStream } from "../../core/blobs/byte-stream.ts";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { fileBlobPrefix } from "./file-record.ts";
import { assertNotExpired, tokenHash } from "./upload-record.ts";

const mismatch = (what: string) =>
  new AppError(
    "UNPROCESSABLE",
    `${what}; nothing was kept. Send the exact bytes the upload was presigned for.`,
  );

/**
 * The local store's upload URL: takes the bytes of a presigned upload, no key needed (the token
 * in the path is the right to upload). Size and SHA-256 are checked while receiving; a mismatch
 * is 422 and keeps nothing; the URL serves one upload.
 */
export const receiveUpload = defineOperation({
  name: "receiveUpload",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({
    token: z.string().max(200),
    body: byteStream,
  }),
  run: async (ctx, input): Promise<{ fileId: string; size: number }> => {
    const { db, blobs } = ctx.services;
    const file = /^[a-z0-9]{32}$/.test(input.token)
      ? await db.prisma.storedFile.findFirst({
          where: { uploadTokenHash: tokenHash(input.token), status: "pending" },
        })
      : null;
    if (!file)
      throw new AppError("NOT_FOUND", "This upload URL is not valid, or its upload was already received.");
    await assertNotExpired(ctx, file);
    const size = Number(file.sizeBytes);
    let stored: { size: number; sha256: string };
    try {
      stored = await blobs.putStream(file.blobKey, input.body, { maxBytes: size });
    } catch (err) {
      await blobs.deletePrefix(fileBlobPrefix(file.id)).catch(() => undefined);
      if (err instanceof BlobTooLarge) throw mismatch(`The body is larger than the ${size} bytes presigned`);
      throw err;
    }
    const fail = async (what: string) => {
      await blobs.deletePrefix(fileBlobPrefix(file.id)).catch(() => undefined);
      throw mismatch(what);
    };
    if (stored.size !== size) await fail(`The body has ${stored.size} bytes, not the ${size} presigned`);
    if (stored.sha256 !== file.sha256) await fail("The body's SHA-256 is not the one presigned");
    // Single use: the token is forgotten once the bytes are in.
    await db.prisma.storedFile.update({ where: { id: file.id }, data: { uploadTokenHash: null } });
    return { fileId: file.id, size };
  },
});
