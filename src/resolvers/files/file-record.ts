import type { StoredFile } from "../../generated/prisma/client.ts";

/** A stored file as every face shows it. */
export type FileRecord = {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  /** Counted by a worker just after the file is ready; null until then, or when the PDF cannot be read. */
  pages: number | null;
  status: "pending" | "ready";
  createdAt: Date;
  /** When a pending upload stops being accepted; null once ready. */
  expiresAt: Date | null;
};

export function toFileRecord(f: StoredFile): FileRecord {
  return {
    id: f.id,
    fileName: f.fileName,
    contentType: f.contentType,
    size: Number(f.sizeBytes),
    sha256: f.sha256,
    pages: f.pages,
    // The database's CHECK constraint admits only these values.
    status: f.status as FileRecord["status"],
    createdAt: f.createdAt,
    expiresAt: f.expiresAt,
  };
}

/** Everything of one file in the blob store sits under this prefix. */
export const fileBlobPrefix = (id: string) => `files/${id}/`;

/** Where a file's bytes live in the blob store. */
export const fileBlobKey = (id: string) => `${fileBlobPrefix(id)}source.pdf`;
