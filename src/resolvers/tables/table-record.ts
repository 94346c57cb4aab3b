import { byId, ownedRef } from "../../core/db/owned-ref.ts";
import type { TableColumn } from "../../core/tables/table-columns.ts";
import type { TypedTable } from "../../generated/prisma/client.ts";

/** A typed table as every face shows it. */
export type TableRecord = {
  id: string;
  name: string;
  description: string;
  columns: TableColumn[];
  createdAt: Date;
  updatedAt: Date;
};

export function toTableRecord(t: TypedTable): TableRecord {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    // Written by createTypedTable from columns tableColumns admitted.
    columns: t.columns as unknown as TableColumn[],
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export const tableIdPattern = /^tbl_[a-z0-9]{16}$/;

/** The account's own typed table, named in a path or an argument by its id. */
export const tables = ownedRef({
  selects: byId(tableIdPattern),
  read: (prisma, where) => prisma.typedTable.findFirst({ where }),
  notFound: (ref) => `Table ${ref} was not found: GET /v1/tables lists the account's tables.`,
});
export const { ref: tableRef, find: findTable } = tables;
/** A typed table on the wire (REST's TypedTable). */
export const tableWire = (t: TableRecord) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  columns: t.columns,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
});
