import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { fileBlobPrefix } from "./file-record.ts";
import { fileRef, findFile } from "./find-file.ts";

/**
 * Removes the file and its bytes. Documents parsed from it keep their own copy and only forget
 * their source. A file a published site serves is refused with CONFLICT naming the site.
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
    // The record goes first: a failure afterwards leaves unreferenced bytes, never a record
    // without its bytes.
    await ctx.services.db.prisma.storedFile.delete({ where: { id: file.id } });
    await ctx.services.blobs.deletePrefix(fileBlobPrefix(file.id));
    return { id: file.id, deleted: true };
  },
});
