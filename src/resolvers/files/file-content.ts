import type { Readable } from "node:stream";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type FileRecord, toFileRecord } from "./file-record.ts";
import { fileRef, findFile } from "./find-file.ts";

/** A byte range as asked for: `start`-`end` inclusive, either side open (`-500` is the last 500). */
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
    let range: { start: number; end: number } | null = null;
    if (input.range) {
      const last = file.size - 1;
      const { start, end } = input.range;
      const from = start ?? Math.max(0, file.size - (end ?? 0));
      const to = start === undefined ? last : Math.min(end ?? last, last);
      if (from > last || from > to)
        throw new AppError(
          "RANGE_NOT_SATISFIABLE",
          `The range asked for lies outside file ${file.id}, which has ${file.size} bytes.`,
          { "Content-Range": `bytes */${file.size}` },
        );
      range = { start: from, end: to };
    }
    const read = await ctx.services.blobs.getStream(row.blobKey, range ?? undefined);
    if (!read) throw new AppError("NOT_FOUND", `The bytes of file ${file.id} are missing from the store.`);
    return { file, body: read.body, range };
  },
});
