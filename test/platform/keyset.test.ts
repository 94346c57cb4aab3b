import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CursorPosition, decodeCursor, encodeCursor } from "../../src/core/db/cursor.ts";
import { firstOf, newestFirstPage } from "../../src/core/db/keyset.ts";
import { AppError } from "../../src/core/errors.ts";
import { collectionIdPattern } from "../../src/resolvers/collections/collection-input.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// The one keyset page every newest-first list reads with: walked to the end at any page size it
// yields each row once, in (created_at desc, id asc) order, however many share a timestamp, and
// rows added while a client pages do not shift the pages still to come.

const idChars = "abcdefghijklmnopqrstuvwxyz0123456789".split("");
const collectionId = fc
  .array(fc.constantFrom(...idChars), { minLength: 16, maxLength: 16 })
  .map((cs) => `col-${cs.join("")}`);
const position = fc.record({
  createdAt: fc.date({
    min: new Date("1970-01-01T00:00:00Z"),
    max: new Date("9999-12-31T23:59:59Z"),
    noInvalidDate: true,
  }),
  id: collectionId,
});

describe("the cursor", () => {
  it("names back the position it was made from", () => {
    fc.assert(
      fc.property(position, (p) => {
        expect(decodeCursor(encodeCursor(p), collectionIdPattern)).toEqual(p);
      }),
    );
  });

  it("is refused as BAD_REQUEST when it is not one the service made for the list", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        let err: unknown = null;
        try {
          const p = decodeCursor(s, collectionIdPattern);
          // What decodes is a position the list could hold, nothing else.
          expect(collectionIdPattern.test(p.id)).toBe(true);
        } catch (e) {
          err = e;
        }
        if (err !== null) expect((err as AppError).code).toBe("BAD_REQUEST");
      }),
    );
    const fileCursor = encodeCursor({ createdAt: new Date(), id: "file_0123456789abcdef" });
    expect(() => decodeCursor(fileCursor, collectionIdPattern)).toThrow(AppError);
  });
});

describe("the first of a page read with one extra row", () => {
  it("keeps `limit` rows and has a next cursor exactly when a row is left over", () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer({ min: 1, max: 30 }), (rows, limit) => {
        const { page, nextCursor } = firstOf(rows, limit, (last) => `after ${last}`);
        expect(page).toEqual(rows.slice(0, limit));
        expect(nextCursor).toBe(rows.length > limit ? `after ${rows[limit - 1]}` : null);
      }),
    );
  });
});

describe("a newest-first page over PostgreSQL", () => {
  let server: TestServer;
  let t: Tenant;
  beforeAll(async () => {
    server = await startTestServer({ ROLE: "api" });
    t = await createTenant(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  const base = Date.parse("2026-11-01T00:00:00Z");
  let serial = 0;
  const rowsOf = (seconds: number[], ids: string[]) =>
    seconds.map((s, i) => ({
      id: ids[i] as string,
      accountId: t.accountId,
      name: `c${serial++}`,
      createdAt: new Date(base + s * 1000),
    }));

  it("yields every row once, in order, at any page size, with rows added while paging", async () => {
    const prisma = () => server.services.db.prisma;
    await fc.assert(
      fc.asyncProperty(
        // Few distinct seconds, so many rows tie on created_at and the id decides.
        fc.uniqueArray(collectionId, { minLength: 0, maxLength: 25 }).chain((ids) =>
          fc.record({
            ids: fc.constant(ids),
            seconds: fc.array(fc.integer({ min: 0, max: 4 }), {
              minLength: ids.length,
              maxLength: ids.length,
            }),
            limit: fc.integer({ min: 1, max: 7 }),
            added: fc.uniqueArray(collectionId, { maxLength: 3 }),
          }),
        ),
        async ({ ids, seconds, limit, added }) => {
          await prisma().collection.deleteMany({ where: { accountId: t.accountId } });
          const rows = rowsOf(seconds, ids);
          await prisma().collection.createMany({ data: rows });
          const expected = [...rows]
            .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime() || (x.id < y.id ? -1 : 1))
            .map((r) => r.id);
          const seen: string[] = [];
          let cursor: string | undefined;
          for (let pages = 0; ; pages++) {
            const { page, nextCursor } = await newestFirstPage<{ accountId: string }, CursorPosition>(
              { limit, cursor },
              {
                idPattern: collectionIdPattern,
                where: { accountId: t.accountId },
                read: (query) => prisma().collection.findMany(query),
              },
            );
            expect(page.length).toBeLessThanOrEqual(limit);
            seen.push(...page.map((r) => r.id));
            // Newer rows arrive after the first page: they belong before it, not in later pages.
            if (pages === 0) {
              const fresh = added.filter((id) => !ids.includes(id));
              await prisma().collection.createMany({
                data: rowsOf(
                  fresh.map(() => 60),
                  fresh,
                ),
              });
            }
            if (nextCursor === null) break;
            cursor = nextCursor;
          }
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  });
});
