import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { activeStatuses } from "../conversions/conversion-record.ts";
import { defineOperation } from "../operation.ts";
import { fileBlobPrefix, fileRef, findFile } from "./file-record.ts";

/**
 * Removes the file and its bytes. Documents parsed from it keep their own copy and only forget
 * their source; a finished conversion forgets it as an input. A file a published site serves, or
 * that a conversion still queued or running uses, is refused with CONFLICT naming them.
 */
export const deleteFile = defineOperation({
  name: "deleteFile",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: fileRef }),
  run: async (ctx, input): Promise<{ id: string; deleted: true }> => {
    const file = await findFile(ctx, input.ref);
    const sites = await ctx.services.db.prisma.hostedSite.findMany({
      where: { sourceFileId: file.id, unpublishedAt: null },
      select: { namespace: true },
      take: 5,
    });
    if (sites.length > 0)
      throw new AppError(
        "CONFLICT",
        `File ${file.id} is published at ${sites.map((s) => `'${s.namespace}'`).join(", ")}: unpublish it there (DELETE /v1/host/{namespace}) or give the site another source first.`,
      );
    const { prisma } = ctx.services.db;
    // The file's row is locked first: a conversion being created with it (its input row holds a
    // key-share lock on the file until it commits) is either seen here, or waits and then finds
    // the file gone.
    await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM files WHERE id = ${file.id} FOR UPDATE`;
      const using = await tx.conversionInput.findFirst({
        where: { fileId: file.id, conversion: { status: { in: activeStatuses } } },
        select: { conversionId: true, conversion: { select: { status: true } } },
      });
      if (using)
        throw new AppError(
          "CONFLICT",
          `File ${file.id} is an input of conversion ${using.conversionId}, which is ${using.conversion.status}: delete it once the conversion has ended.`,
        );
      // The record goes first: a failure afterwards leaves unreferenced bytes, never a record
      // without its bytes.
      await tx.storedFile.delete({ where: { id: file.id } });
    });
    await ctx.services.blobs.deletePrefix(fileBlobPrefix(file.id));
    return { id: file.id, deleted: true };
  },
});
