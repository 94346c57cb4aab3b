import { z } from "../zod.ts";

/** The longest password accepted: a passphrase, not a file. */
export const MAX_PASSWORD_LENGTH = 200;

/**
 * Access settings as an operation takes them; every field optional (a publish fills the rest with
 * the defaults, an update keeps what it does not name). `password: null` removes the password.
 */
export const accessInput = z.strictObject({
  disabled: z.boolean().optional(),
  unlisted: z.boolean().optional(),
  expiresAt: z.coerce.date().nullable().optional(),
  password: z.string().min(1).max(MAX_PASSWORD_LENGTH).nullable().optional(),
  allowDownload: z.boolean().optional(),
  indexing: z.boolean().optional(),
});
export type AccessInput = z.output<typeof accessInput>;

/** Where a site's content comes from: a stored file (parsed in the background) or a parsed document. */
export const sourceInput = z.union(
  [
    z.strictObject({ fileId: z.string().min(1).max(100) }),
    z.strictObject({ documentId: z.string().min(1).max(100) }),
  ],
  { error: "give the source as {file_id} or {document_id}, one of the two" },
);
export type SourceInput = z.output<typeof sourceInput>;

export const titleInput = z.string().trim().min(1).max(300);

/** What a publish takes besides its source (also a conversion's `host` option). */
export const hostInput = z.strictObject({
  namespace: z.string().max(100).optional(),
  title: titleInput.optional(),
  access: accessInput.optional(),
});
export type HostInput = z.output<typeof hostInput>;
