import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type FileRecord, fileRef, findFile, toFileRecord } from "./file-record.ts";

export const getFile = defineOperation({
  name: "getFile",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: fileRef }),
  run: async (ctx, input): Promise<FileRecord> => toFileRecord(await findFile(ctx, input.ref)),
});
