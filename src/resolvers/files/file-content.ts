import type { Readable } from "node:stream";
import { resolveRange } from "../../core/blobs/byte-range.ts";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type FileRecord, fileRef, findFile, toFileRecord } from "./file-record.ts";

/** A byte range as asked for (AskedRange). */
const rangeInput = z.object({
  start: z.number().int().min(0).optional(),
  end: z.number().int().min(0).optional(),
});

export type FileContent = {
  file: FileRecord;
  body: Readable;
  /** The range served, or null for the whole file. */
  range: { start: number; end: number } | null;
};

/** The bytes of a ready file, or the range asked for; a range outside the file is RANGE_NOT_SATISFIABLE. */
export const readFileContent = defineOperation({
  name: "readFileContent",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: fileRef, range: rangeInput.optional() }),
  run: async (ctx, input): Promise<FileContent> => {
    const row = await findFile(ctx, input.ref);
    const file = toFileRecord(row);
    if (file.status !== "ready")
      throw new AppError("CONFLICT", `File ${file.id} is still pending: finalize its upload first.`);
    const range = input.range ? resolveRange(input.range, file.size, `file ${file.id}`) : null;
    const read = await ctx.services.blobs.getStream(row.blobKey, range ?? undefined);
    if (!read) throw new AppError("NOT_FOUND", `The bytes of file ${file.id} are missing from the store.`);
    return { file, body: read.body, range };
  },
});
