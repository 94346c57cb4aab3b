import type { ComponentChildren } from "preact";

/** An error to show, or nothing. */
export function Alert({ message }: { message: string | null }) {
  return message ? (
    <p class="error" role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * A list of the account's things as a table: "Loading…" until `items` come, `empty` when there
 * are none, else a table with a hidden caption and a column header per name ("" for the column of
 * actions, named for screen readers only), its rows made by `row`.
 */
export function ListTable<T>({
  items,
  empty,
  caption,
  columns,
  row,
}: {
  items: T[] | null;
  empty: ComponentChildren;
  caption: string;
  columns: string[];
  row: (item: T) => ComponentChildren;
}) {
  if (items === null) return <p class="loading">Loading…</p>;
  if (items.length === 0) return <p>{empty}</p>;
  return (
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th scope="col" key={i}>
                {c || <span class="visually-hidden">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{items.map(row)}</tbody>
      </table>
    </div>
  );
}
