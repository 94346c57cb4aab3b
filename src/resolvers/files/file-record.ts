import { byId, ownedRef } from "../../core/db/owned-ref.ts";
import type { StoredFile } from "../../generated/prisma/client.ts";

/** A stored file as every face shows it. */
export type FileRecord = {
  id: string;
  fileName: string;
  /** application/pdf or an image type (image/jpeg, …); PENDING_CONTENT_TYPE until a presigned upload is finalized. */
  contentType: string;
  size: number;
  sha256: string;
  /**
   * Counted by a worker just after the file is ready (an image has 1, a TIFF one per page); null
   * until then, or when the file cannot be read.
   */
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

/**
 * A stored file on the wire (REST's File). Its casing is mixed (fileName and contentType beside
 * created_at) as published: REST keeps it until the naming rule of the contract changes it.
 */
export const fileWire = (f: FileRecord) => ({
  id: f.id,
  fileName: f.fileName,
  size: f.size,
  sha256: f.sha256,
  contentType: f.contentType,
  pages: f.pages,
  status: f.status,
  created_at: f.createdAt.toISOString(),
  expires_at: f.expiresAt?.toISOString() ?? null,
});
export type FileWire = ReturnType<typeof fileWire>;

/** The content type of a presigned upload not finalized yet: its type is told from its bytes at finalize. */
export const PENDING_CONTENT_TYPE = "application/octet-stream";

/** Everything of one file in the blob store sits under this prefix. */
export const fileBlobPrefix = (id: string) => `files/${id}/`;

/** Where a file's bytes live in the blob store. */
export const fileBlobKey = (id: string) => `${fileBlobPrefix(id)}source.pdf`;

export const fileIdPattern = /^file_[a-z0-9]{16}$/;

/** The account's own stored file, named in a path by its id. */
export const files = ownedRef({
  selects: byId(fileIdPattern),
  read: (prisma, where) => prisma.storedFile.findFirst({ where }),
  notFound: (ref) => `File ${ref} was not found.`,
});
export const { ref: fileRef, find: findFile } = files;
