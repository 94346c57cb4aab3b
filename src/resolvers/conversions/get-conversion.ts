import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type ConversionRecord, toConversionRecord } from "./conversion-record.ts";
import { conversionRef, findConversion } from "./find-conversion.ts";

/** A conversion's record; clients poll it until the status is succeeded or failed. */
export const getConversion = defineOperation({
  name: "getConversion",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: conversionRef }),
  run: async (ctx, input): Promise<ConversionRecord> =>
    toConversionRecord(await findConversion(ctx, input.ref)),
});
