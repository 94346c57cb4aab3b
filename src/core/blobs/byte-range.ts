import { AppError } from "../errors.ts";

/** A byte range as asked for: `start`-`end` inclusive, either side open (`-500` is the last 500). */
export type AskedRange = { start?: number; end?: number };

/**
 * The bytes of a `size`-byte object that `asked` names, clipped to the object; a range wholly
 * outside it is RANGE_NOT_SATISFIABLE (416, with the size in Content-Range).
 */
export function resolveRange(asked: AskedRange, size: number, what: string): { start: number; end: number } {
  const last = size - 1;
  const { start, end } = asked;
  const from = start ?? Math.max(0, size - (end ?? 0));
  const to = start === undefined ? last : Math.min(end ?? last, last);
  if (from > last || from > to)
    throw new AppError(
      "RANGE_NOT_SATISFIABLE",
      `The range asked for lies outside ${what}, which has ${size} bytes.`,
      {
        "Content-Range": `bytes */${size}`,
      },
    );
  return { start: from, end: to };
}
