import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/core/db/migrate.ts";
import { getDatamodel } from "../../src/generated/pothos-types.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

// Prisma's migrate engine cannot run here, so nothing generates the SQL from schema.prisma.
// This test is what keeps them together: it migrates an empty database with our SQL and checks
// every model, column, type, nullability, default, key, unique field and foreign key of the
// Prisma schema against it, and that the database has nothing the schema does not know.

type RuntimeField = { name: string; kind: string; type: string; dbName?: string };
type RuntimeModel = { dbName: string | null; fields: RuntimeField[] };

function runtimeDataModel(): Record<string, RuntimeModel> {
  const src = readFileSync(new URL("../../src/generated/prisma/internal/class.ts", import.meta.url), "utf8");
  const m = /runtimeDataModel = JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(src);
  if (!m) throw new Error("runtimeDataModel not found in the generated client");
  return JSON.parse(JSON.parse(m[1] as string)).models;
}

type UnsupportedField = { name: string; column: string; type: string; required: boolean };

/**
 * Fields of types Prisma cannot express (`Unsupported("tsvector")`): the generated client leaves
 * them out, so they are read from schema.prisma itself, each with its column and declared type.
 */
function unsupportedFields(): Map<string, UnsupportedField[]> {
  const src = readFileSync(new URL("../../prisma/schema.prisma", import.meta.url), "utf8");
  const out = new Map<string, UnsupportedField[]>();
  for (const [, model = "", body = ""] of src.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    for (const [, name = "", type = "", optional, rest = ""] of body.matchAll(
      /^\s*(\w+)\s+Unsupported\("([^"]+)"\)(\?)?(.*)$/gm,
    )) {
      const column = /@map\("([^"]+)"\)/.exec(rest)?.[1] ?? name;
      out.set(model, [...(out.get(model) ?? []), { name, column, type, required: optional !== "?" }]);
    }
  }
  return out;
}

/** Json fields stored as json (`@db.Json`: the text kept as sent, key order too) rather than jsonb. */
function plainJsonFields(): Set<string> {
  const src = readFileSync(new URL("../../prisma/schema.prisma", import.meta.url), "utf8");
  const out = new Set<string>();
  for (const [, model = "", body = ""] of src.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm))
    for (const [, name = ""] of body.matchAll(/^\s*(\w+)\s+Json\??\s.*@db\.Json\b/gm))
      out.add(`${model}.${name}`);
  return out;
}

const pgType: Record<string, string[]> = {
  String: ["text"],
  Int: ["integer"],
  BigInt: ["bigint"],
  Boolean: ["boolean"],
  Float: ["double precision"],
  Json: ["jsonb"],
  // Every DateTime of ours is timestamptz: a naive timestamp would shift with the server's zone.
  DateTime: ["timestamp with time zone"],
  Bytes: ["bytea"],
};

const listUdt: Record<string, string> = { String: "_text", Int: "_int4", Float: "_float8", Boolean: "_bool" };

let db: TestDatabase;
let client: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db.url);
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await db?.drop();
});

async function columns(table: string) {
  const { rows } = await client.query<{
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
  }>(
    `SELECT column_name, data_type, udt_name, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1`,
    [table],
  );
  return new Map(rows.map((r) => [r.column_name, r]));
}

async function constraintColumns(table: string, type: "p" | "u" | "f") {
  const { rows } = await client.query<{ cols: string[]; ref_table: string | null }>(
    `SELECT array_agg(a.attname ORDER BY k.ord)::text[] AS cols, c.confrelid::regclass::text AS ref_table
     FROM pg_constraint c
     CROSS JOIN LATERAL unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum
     WHERE c.conrelid = $1::regclass AND c.contype = $2
     GROUP BY c.oid, c.confrelid`,
    [`"${table}"`, type],
  );
  return rows;
}

async function uniqueIndexColumns(table: string): Promise<string[][]> {
  const { rows } = await client.query<{ cols: string[] }>(
    `SELECT array_agg(a.attname ORDER BY k.ord)::text[] AS cols
     FROM pg_index i
     CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
     WHERE i.indrelid = $1::regclass AND i.indisunique
     GROUP BY i.indexrelid`,
    [`"${table}"`],
  );
  return rows.map((r) => r.cols);
}

describe("Prisma schema and migrated database agree", () => {
  const pothos = getDatamodel().datamodel.models as Record<string, any>;
  const runtime = runtimeDataModel();
  const unsupported = unsupportedFields();
  const plainJson = plainJsonFields();

  for (const [model, def] of Object.entries(pothos)) {
    it(`model ${model}`, async () => {
      const rt = runtime[model];
      expect(rt, `${model} in the generated client`).toBeDefined();
      const table = rt?.dbName ?? model;
      const cols = await columns(table);
      expect(cols.size, `table ${table} exists`).toBeGreaterThan(0);
      const dbNameOf = (field: string) => rt?.fields.find((f) => f.name === field)?.dbName ?? field;

      const scalarColumns = new Set<string>();
      for (const f of def.fields) {
        if (f.kind === "object") continue;
        const col = dbNameOf(f.name);
        scalarColumns.add(col);
        const c = cols.get(col);
        expect(c, `${table}.${col} exists for ${model}.${f.name}`).toBeDefined();
        if (f.isList) {
          expect(c?.data_type, `${table}.${col} is an array`).toBe("ARRAY");
          expect(listUdt[f.type], `${table}.${col} element type`).toBe(c?.udt_name);
        } else {
          const kind =
            f.kind === "enum"
              ? ["USER-DEFINED", "text"]
              : plainJson.has(`${model}.${f.name}`)
                ? ["json"]
                : pgType[f.type];
          expect(kind, `${model}.${f.name} has a known type`).toBeDefined();
          expect(kind, `${table}.${col} type`).toContain(c?.data_type);
        }
        expect(c?.is_nullable === "YES", `${table}.${col} nullability`).toBe(!f.isRequired);
        if (f.hasDefaultValue) expect(c?.column_default, `${table}.${col} has a default`).not.toBeNull();
      }
      for (const u of unsupported.get(model) ?? []) {
        scalarColumns.add(u.column);
        const c = cols.get(u.column);
        expect(c, `${table}.${u.column} exists for ${model}.${u.name}`).toBeDefined();
        expect([c?.data_type, c?.udt_name], `${table}.${u.column} type`).toContain(u.type);
        expect(c?.is_nullable === "YES", `${table}.${u.column} nullability`).toBe(!u.required);
      }
      // Nothing in the database the schema does not know.
      expect(
        [...cols.keys()].filter((c) => !scalarColumns.has(c)),
        `extra columns in ${table}`,
      ).toEqual([]);

      const pk = (await constraintColumns(table, "p"))[0]?.cols ?? [];
      const expectedPk =
        def.primaryKey?.fields ?? def.fields.filter((f: any) => f.isId).map((f: any) => f.name);
      expect(pk, `${table} primary key`).toEqual(expectedPk.map(dbNameOf));

      const uniques = await uniqueIndexColumns(table);
      for (const f of def.fields.filter((x: any) => x.isUnique)) {
        expect(uniques, `${table}.${dbNameOf(f.name)} is unique`).toContainEqual([dbNameOf(f.name)]);
      }
      for (const u of def.uniqueIndexes ?? []) {
        expect(uniques, `${table} unique (${u.fields})`).toContainEqual(u.fields.map(dbNameOf));
      }

      const fks = await constraintColumns(table, "f");
      for (const f of def.fields.filter((x: any) => x.kind === "object" && x.relationFromFields?.length)) {
        const target = runtime[f.type]?.dbName ?? f.type;
        expect(
          fks.some(
            (k) =>
              JSON.stringify(k.cols) === JSON.stringify(f.relationFromFields.map(dbNameOf)) &&
              k.ref_table?.replaceAll('"', "") === target,
          ),
          `${table} foreign key ${f.relationFromFields} -> ${target}`,
        ).toBe(true);
      }
    });
  }

  it("has no table the schema does not know", async () => {
    const { rows } = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const known = new Set(Object.keys(pothos).map((m) => runtime[m]?.dbName ?? m));
    known.add("_quire_migrations");
    expect(rows.map((r) => r.table_name).filter((t) => !known.has(t))).toEqual([]);
  });
});
