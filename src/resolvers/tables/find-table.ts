import { byId, ownedRef } from "../../core/db/owned-ref.ts";

export const tableIdPattern = /^tbl_[a-z0-9]{16}$/;

/** The account's own typed table, named in a path or an argument by its id. */
export const tables = ownedRef({
  selects: byId(tableIdPattern),
  read: (prisma, where) => prisma.typedTable.findFirst({ where }),
  notFound: (ref) => `Table ${ref} was not found: GET /v1/tables lists the account's tables.`,
});
export const { ref: tableRef, find: findTable } = tables;
