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
