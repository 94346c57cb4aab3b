import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { DEFAULT_PAGE_SIZE } from "../../src/core/db/keyset.ts";
import { listCollectionDocuments } from "../../src/resolvers/collections/collection-documents.ts";
import { listCollections } from "../../src/resolvers/collections/list-collections.ts";
import { listConversions } from "../../src/resolvers/conversions/list-conversions.ts";
import { listDocuments } from "../../src/resolvers/documents/list-documents.ts";
import { listFiles } from "../../src/resolvers/files/list-files.ts";
import { listSites } from "../../src/resolvers/hosting/list-sites.ts";
import { listAnyRuns } from "../../src/resolvers/runs/any-run.ts";
import { listTypedTableRows } from "../../src/resolvers/tables/table-rows.ts";
import { listRuns } from "../../src/resolvers/workflows/list-runs.ts";

// docs/api.md's table of paged lists states each list's cap: it must be the operation's own, the
// one every face reads, or a client sizing its pages from the docs is refused.

const lists = {
  "GET /v1/documents": listDocuments,
  "GET /v1/collections": listCollections,
  "GET /v1/collections/{id}/documents": listCollectionDocuments,
  "GET /v1/files": listFiles,
  "GET /v1/host": listSites,
  "GET /v1/conversions": listConversions,
  "GET /v1/workflows/{workflow_id}/runs": listRuns,
  "GET /v1/runs": listAnyRuns,
  "GET /v1/tables/{table_id}/rows": listTypedTableRows,
};

type PageSize = z.ZodDefault<z.ZodNumber>;

describe("the pagination table of docs/api.md", () => {
  it("gives every paged list with its operation's cap and default", () => {
    const docs = readFileSync(path.resolve(import.meta.dirname, "../../docs/api.md"), "utf8");
    const section = docs.slice(docs.indexOf("## Pagination\n"), docs.indexOf("## Caching\n"));
    const rows = [...section.matchAll(/^\| `(GET [^`]+)` +\| [^|]+\| ([^|]+)\|$/gm)].map((m) => [
      m[1] as string,
      (m[2] as string).trim(),
    ]);
    const stated = Object.fromEntries(rows);
    const expected = Object.fromEntries(
      Object.entries(lists).map(([route, op]) => {
        const limit = (op.input as unknown as { shape: { limit: PageSize } }).shape.limit;
        const cap = limit.unwrap().maxValue;
        const byDefault = limit.def.defaultValue;
        return [route, byDefault === DEFAULT_PAGE_SIZE ? `${cap}` : `${cap} (${byDefault} when left out)`];
      }),
    );
    expect(stated).toEqual(expected);
  });
});
