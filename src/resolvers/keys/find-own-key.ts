import { byId, ownedRef } from "../../core/db/owned-ref.ts";

export const keyIdPattern = /^key_[a-z0-9]+$/;

/** A key of the caller's account, named by its id; another account's is NOT_FOUND. */
export const apiKeys = ownedRef({
  selects: byId(keyIdPattern),
  read: (prisma, where) => prisma.apiKey.findFirst({ where }),
  notFound: (ref) => `API key ${ref} was not found.`,
});
export const findOwnKey = apiKeys.find;
