import { z } from "../zod.ts";
import { MAX_SQL_CHARS, MAX_SQL_PARAMS } from "./sql-limits.ts";

/** One statement and its bound parameters ($1, $2...), as every face takes them. */
export const sqlQuery = z.string().min(1, "must not be empty").max(MAX_SQL_CHARS);
export const sqlParams = z
  .array(z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()]))
  .max(MAX_SQL_PARAMS)
  .default([]);
