import type { FileType } from "./file-type.ts";

/** The longest file name kept; longer ones are cut. */
export const MAX_FILE_NAME = 255;

/**
 * A client's file name as it may be stored and shown: its last path segment (no directories,
 * no `..`), without control characters, trimmed and cut to MAX_FILE_NAME; `fallback` when
 * nothing is left. It is only ever a label: storage keys never derive from it.
 */
export function safeFileName(raw: string, fallback: string): string {
  const last = raw.split(/[/\\]/).pop() ?? "";
  const clean = last
    .replace(/\p{Cc}|\p{Cf}/gu, "")
    .trim()
    .slice(0, MAX_FILE_NAME);
  return clean === "" || clean === "." || clean === ".." ? fallback : clean;
}

/** The name a file gets when the client gave none: `file.pdf`, `file.jpeg`, … */
export const defaultFileName = (type: FileType) => `file.${type.kind === "pdf" ? "pdf" : type.format}`;
