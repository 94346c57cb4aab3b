import { byId, ownedRef } from "../../core/db/owned-ref.ts";
import { conversionInclude } from "./conversion-record.ts";

export const conversionIdPattern = /^conv_[a-z0-9]{16}$/;

/** The account's own conversion, named in a path by its id. */
export const conversions = ownedRef({
  selects: byId(conversionIdPattern),
  read: (prisma, where) => prisma.conversion.findFirst({ where, include: conversionInclude }),
  notFound: (ref) => `Conversion ${ref} was not found.`,
});
export const { ref: conversionRef, find: findConversion } = conversions;
