import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import {
  type ConversionRecord,
  conversionRef,
  findConversion,
  toConversionRecord,
} from "./conversion-record.ts";

/** A conversion's record; clients poll it until the status is succeeded or failed. */
export const getConversion = defineOperation({
  name: "getConversion",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: conversionRef }),
  run: async (ctx, input): Promise<ConversionRecord> =>
    toConversionRecord(await findConversion(ctx, input.ref)),
});
