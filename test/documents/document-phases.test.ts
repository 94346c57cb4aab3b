import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type Database } from "../../src/core/db/client.ts";
import { migrate } from "../../src/core/db/migrate.ts";
import {
  movePhase,
  type Phase,
  phases,
  type Transition,
  transitions,
} from "../../src/core/documents/phases.ts";
import { newId } from "../../src/core/ids.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

// The document state machine against PostgreSQL: every transition tried from every phase, the
// moves docs/api.md "Document phases" draws allowed and every other refused without a write.

/** The allowed moves, written out by hand from the diagram: anything not listed is refused. */
const allowedMoves = new Set([
  "start: queued -> extracting",
  "start: extracting -> extracting",
  "complete: extracting -> complete",
  "holdForReview: extracting -> awaiting_review",
  "fail: queued -> error",
  "fail: extracting -> error",
  "approve: awaiting_review -> complete",
  "reparse: queued -> extracting",
  "reparse: extracting -> extracting",
  "reparse: complete -> extracting",
  "reparse: awaiting_review -> extracting",
  "reparse: error -> extracting",
]);

let testDb: TestDatabase;
let db: Database;
let accountId: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await migrate(testDb.url);
  db = connectDatabase({ url: testDb.url, poolSize: 4, sqlPoolSize: 1 });
  accountId = (await db.prisma.account.create({ data: { id: newId("acct_"), name: "phases" } })).id;
});
afterAll(async () => {
  await db?.close();
  await testDb?.drop();
});

/** A document standing in `phase`, extracting generation 1. */
async function documentIn(phase: Phase): Promise<string> {
  const id = newId("doc-");
  await db.prisma.document.create({
    data: {
      id,
      accountId,
      shortHash: id.slice(4, 10),
      fileName: "phases.pdf",
      sizeBytes: 1n,
      sha256: "0".repeat(64),
      blobKey: `documents/${id}/source.pdf`,
      phase,
      errorReason: "before",
      access: {},
    },
  });
  return id;
}

const read = (id: string) => db.prisma.document.findUniqueOrThrow({ where: { id } });

describe("a document's phase", () => {
  const table = (Object.keys(transitions) as Transition[]).flatMap((transition) =>
    phases.map((from) => {
      const to = transitions[transition].to;
      const moves = allowedMoves.has(`${transition}: ${from} -> ${to}`);
      return { transition, from, to, moves };
    }),
  );

  it("lists only moves the machine has", () => {
    const listed = new Set(table.filter((r) => r.moves).map((r) => `${r.transition}: ${r.from} -> ${r.to}`));
    expect([...allowedMoves].filter((m) => !listed.has(m))).toEqual([]);
  });

  it.each(table)(
    "$transition from $from: moves to $to is $moves",
    async ({ transition, from, to, moves }) => {
      const id = await documentIn(from);
      const moved = await movePhase(db.prisma, transition, { id, generation: 1 }, { errorReason: "after" });
      expect(moved).toBe(moves);
      const after = await read(id);
      // A refused move writes nothing, its side data neither.
      expect({ phase: after.phase, errorReason: after.errorReason }).toEqual(
        moves ? { phase: to, errorReason: "after" } : { phase: from, errorReason: "before" },
      );
    },
  );

  it("does not move for a generation the document no longer extracts", async () => {
    const id = await documentIn("extracting");
    expect(await movePhase(db.prisma, "complete", { id, generation: 2 })).toBe(false);
    expect((await read(id)).phase).toBe("extracting");
    // Without a generation (a person's action) the phase alone decides.
    expect(await movePhase(db.prisma, "complete", { id })).toBe(true);
    expect((await read(id)).phase).toBe("complete");
  });

  it("lets one of two concurrent writers move, and the other finds its move refused", async () => {
    for (let round = 0; round < 10; round++) {
      const id = await documentIn("extracting");
      const [failed, completed] = await Promise.all([
        movePhase(db.prisma, "fail", { id, generation: 1 }, { errorReason: "failed" }),
        movePhase(db.prisma, "complete", { id, generation: 1 }, { errorReason: null }),
      ]);
      expect(failed !== completed).toBe(true);
      const after = await read(id);
      expect(after.phase).toBe(failed ? "error" : "complete");
      expect(after.errorReason).toBe(failed ? "failed" : null);
    }
  });

  it("writes inside a caller's transaction, and is undone with it", async () => {
    const id = await documentIn("awaiting_review");
    await expect(
      db.prisma.$transaction(async (tx) => {
        expect(await movePhase(tx, "approve", { id })).toBe(true);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await read(id)).phase).toBe("awaiting_review");
  });
});
