import { byId, ownedRef } from "../../core/db/owned-ref.ts";

export const fileIdPattern = /^file_[a-z0-9]{16}$/;

/** The account's own stored file, named in a path by its id. */
export const files = ownedRef({
  selects: byId(fileIdPattern),
  read: (prisma, where) => prisma.storedFile.findFirst({ where }),
  notFound: (ref) => `File ${ref} was not found.`,
});
export const { ref: fileRef, find: findFile } = files;
