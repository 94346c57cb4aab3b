import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { fileBlobPrefix } from "./file-record.ts";
import { fileRef, findFile } from "./find-file.ts";

/**
 * Removes the file and its bytes. Documents parsed from it keep their own copy and only forget
 * their source. (Hosted deployments and running conversions, which will hold a file, will refuse
 * this with CONFLICT naming themselves.)
 */
export const deleteFile = defineOperation({
  name: "deleteFile",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: fileRef }),
  run: async (ctx, input): Promise<{ id: string; deleted: true }> => {
    const file = await findFile(ctx, input.ref);
    // The record goes first: a failure afterwards leaves unreferenced bytes, never a record
    // without its bytes.
    await ctx.services.db.prisma.storedFile.delete({ where: { id: file.id } });
    await ctx.services.blobs.deletePrefix(fileBlobPrefix(file.id));
    return { id: file.id, deleted: true };
  },
});
