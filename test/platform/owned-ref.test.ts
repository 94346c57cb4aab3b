import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OwnerContext } from "../../src/core/db/owned-ref.ts";
import { AppError, errorStatus } from "../../src/core/errors.ts";
import { agents } from "../../src/resolvers/agents/agent-record.ts";
import { collections } from "../../src/resolvers/collections/collection-record.ts";
import { files } from "../../src/resolvers/files/file-record.ts";
import { apiKeys } from "../../src/resolvers/keys/api-key-record.ts";
import { call } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createKey, createTenant, type Tenant } from "../support/tenant.ts";

// The one finder every family's ref goes through: a wrong shape, another account's id, a deleted
// row and one that never was all answer the same NOT_FOUND, with the family's message.

let server: TestServer;
let a: Tenant;
let b: Tenant;
const ctxOf = (t: Tenant): OwnerContext => ({ accountId: t.accountId, services: server.services });

beforeAll(async () => {
  server = await startTestServer({ ROLE: "api" });
  a = await createTenant(server.url, "a");
  b = await createTenant(server.url, "b");
});
afterAll(async () => {
  await server?.close();
});

async function notFound(p: Promise<unknown>, message: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  expect([e.code, errorStatus[e.code], e.message]).toEqual(["NOT_FOUND", 404, message]);
}

async function newCollection(t: Tenant, name: string): Promise<string> {
  const r = await call(server.url, "POST", "/v1/collections", { key: t.secret, json: { name } });
  expect(r.status).toBe(201);
  return r.body.id as string;
}

describe("an owned ref", () => {
  it("finds the account's own row by id, and by name where the family takes names", async () => {
    const id = await newCollection(a, "Ledgers");
    expect((await collections.find(ctxOf(a), id)).id).toBe(id);
    expect((await collections.find(ctxOf(a), "  Ledgers ")).id).toBe(id);
    const key = await createKey(server.url, a, "publishable");
    expect((await apiKeys.find(ctxOf(a), key.id)).accountId).toBe(a.accountId);
  });

  it("names nothing when it has another family's shape, or none", async () => {
    const id = await newCollection(a, "Shapes");
    await notFound(files.find(ctxOf(a), id), `File ${id} was not found.`);
    await notFound(
      agents.find(ctxOf(a), "agent_short"),
      "Agent agent_short was not found: GET /v1/agents lists the account's agents.",
    );
    await notFound(apiKeys.find(ctxOf(a), id), `API key ${id} was not found.`);
  });

  it("does not see another account's rows, by id or by name", async () => {
    const id = await newCollection(a, "Private");
    await notFound(collections.find(ctxOf(b), id), `Collection "${id}" was not found.`);
    await notFound(collections.find(ctxOf(b), "Private"), `Collection "Private" was not found.`);
    await notFound(apiKeys.find(ctxOf(b), a.keyId), `API key ${a.keyId} was not found.`);
  });

  it("does not find a deleted row", async () => {
    const id = await newCollection(a, "Gone soon");
    const r = await call(server.url, "DELETE", `/v1/collections/${id}`, { key: a.secret });
    expect(r.status).toBe(200);
    await notFound(collections.find(ctxOf(a), id), `Collection "${id}" was not found.`);
  });

  it("reads with another include when asked, under the same scope", async () => {
    const id = await newCollection(a, "Counted");
    const read = (ctx: OwnerContext) =>
      collections.findWith(ctx, id, (prisma, where) =>
        prisma.collection.findFirst({ where, include: { _count: { select: { documents: true } } } }),
      );
    expect((await read(ctxOf(a)))._count.documents).toBe(0);
    await notFound(read(ctxOf(b)), `Collection "${id}" was not found.`);
  });
});
