import { readdirSync } from "node:fs";
import path from "node:path";
import {
  type GraphQLArgument,
  GraphQLEnumType,
  type GraphQLField,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLObjectType,
  GraphQLScalarType,
  getNamedType,
  isLeafType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../../src/core/auth/rate-limit.ts";
import { mcpFace } from "../../src/mcp/server.ts";
import type { AnyOperation } from "../../src/resolvers/operation.ts";
import { schema } from "../../src/schema/index.ts";
import { operationFields, operationOf } from "../../src/schema/served-by.ts";
import { uploadAndWait } from "../support/documents.ts";
import { call, type Reply } from "../support/http.ts";
import { type OpenApiDocument, operationsOf } from "../support/openapi.ts";
import { textPdf } from "../support/pdfs.ts";
import { resetAnonymousBudget, type TestServer, WORKER_SECRET } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createKey, createTenant, type Tenant } from "../support/tenant.ts";

// Every operation descriptor, found by walking src/resolvers (so a new one cannot be left out),
// against every REST route and GraphQL root field bound to it: each must count in the
// descriptor's rate class and refuse the callers its caller rule refuses, before anything of the
// account it names is read. One helper per face runs the same cases for every binding.

async function allOperations(): Promise<Map<string, AnyOperation>> {
  const root = path.resolve(import.meta.dirname, "../../src/resolvers");
  const found = new Map<string, AnyOperation>();
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  for (const file of files) {
    const mod = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      const op = value as Partial<AnyOperation> | null;
      if (op && typeof op === "object" && typeof op.invoke === "function" && typeof op.name === "string")
        found.set(op.name, op as AnyOperation);
    }
  }
  return found;
}

type Fixture = {
  owner: Tenant;
  other: Tenant;
  publishable: string;
  documentId: string;
  collectionId: string;
  keyId: string;
};

let server: TestServer;
let ops: Map<string, AnyOperation>;
let fx: Fixture;
let openapi: OpenApiDocument;

beforeAll(async () => {
  server = await sharedTestServer();
  ops = await allOperations();
  const owner = await createTenant(server.url, "owner");
  const other = await createTenant(server.url, "other");
  const publishable = (await createKey(server.url, owner, "publishable")).secret;
  const spare = await createKey(server.url, owner, "secret", "spare");
  const doc = await uploadAndWait(server.url, owner.secret, await textPdf([["A page to refuse."]]));
  const col = await call(server.url, "POST", "/v1/collections", {
    key: owner.secret,
    json: { name: "guarded", document_ids: [doc.id] },
  });
  expect(col.status).toBe(201);
  fx = { owner, other, publishable, documentId: doc.id, collectionId: col.body.id, keyId: spare.id };
  openapi = (await call(server.url, "GET", "/openapi.json")).body;
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const limitOf = (r: Reply) => Number(r.headers.get("x-ratelimit-limit"));

/** The document describes itself; that route serves no operation. */
const DESCRIPTION_ROUTE = "GET /openapi.json";
const operationRoutes = () => operationsOf(openapi).filter((r) => r.key !== DESCRIPTION_ROUTE);

describe("operation descriptors", () => {
  it("are all served by a face, and every route and root field names its operation", () => {
    const routes = operationRoutes();
    const restNames = routes.map((o) => (o.op as { "x-operation"?: string })["x-operation"]);
    for (const [i, name] of restNames.entries())
      expect(ops.has(name ?? ""), `${routes[i]?.key} serves ${name}`).toBe(true);
    const graphqlNames = [...operationFields(schema).values()].map((op) => op.name);
    // MCP tools name their operation too (test/faces/mcp-security.test.ts holds them to its rules).
    const mcpNames = mcpFace(server.services).tools.map((t) => t.operation.name);
    for (const name of mcpNames) expect(ops.has(name), `an MCP tool serves ${name}`).toBe(true);
    for (const name of ops.keys())
      expect(
        restNames.includes(name) || graphqlNames.includes(name) || mcpNames.includes(name),
        `${name} has no face`,
      ).toBe(true);
    expect(ops.size).toBeGreaterThan(30);
  });
});

// --- REST -----------------------------------------------------------------------------------

function restPath(template: string): string {
  const ids: Record<string, string> = {
    documents: fx.documentId,
    collections: fx.collectionId,
    keys: fx.keyId,
  };
  const family = template.split("/")[2] ?? "";
  return template
    .replace("{id}", ids[family] ?? "unknown")
    .replace("{page_number}", "1")
    .replace("{index}", "0")
    .replace("{figure}", "0")
    .replace("{version}", "1");
}

async function restCall(
  method: string,
  template: string,
  opts: { key?: string; headers?: Record<string, string>; withBody?: boolean },
) {
  const p = restPath(template);
  if (template === "/v1/documents" && method === "POST") {
    const form = new FormData();
    form.set(
      "file",
      new Blob([new Uint8Array(await textPdf([["x"]]))], { type: "application/pdf" }),
      "x.pdf",
    );
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.key) headers.authorization = `Bearer ${opts.key}`;
    const res = await fetch(server.url + p, { method, headers, body: form });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, text };
  }
  // A body naming the owner's document, where a route takes the document from its body.
  const json = opts.withBody ? { document_id: fx.documentId } : undefined;
  return call(server.url, method, p, { key: opts.key, headers: opts.headers, json });
}

describe("every REST route", () => {
  it("counts in its operation's rate class and refuses the callers its operation refuses", async () => {
    const routes = operationRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const { key, method, path: template, op: doc } of routes) {
      const op = ops.get((doc as { "x-operation"?: string })["x-operation"] ?? "");
      if (!op) throw new Error(`${key} names no operation`);
      const what = `${key} (${op.name}, ${op.caller}, ${op.rateClass})`;
      await resetAnonymousBudget(server);
      const m = method.toUpperCase();
      const body = doc.requestBody !== undefined && m !== "GET";

      // A wrong key is refused by every route, whatever its rule.
      const wrong = await restCall(m, template, { key: "svc_sk_not-a-real-key", withBody: body });
      expect(wrong.status, what).toBe(401);

      const anonymous = await restCall(m, template, { withBody: body });
      if (op.caller === "anyone") {
        // The fixture's document is private: without a key it needs one (SPEC 5), as one that
        // does not exist would; a body the route cannot read is refused before it is looked up.
        if (body) expect([400, 415], `${what} anonymous: ${anonymous.text}`).toContain(anonymous.status);
        // A route naming no account's resource (the models list) answers anyone.
        else if (!template.includes("{id}"))
          expect(anonymous.status, `${what} anonymous: ${anonymous.text}`).toBe(200);
        else expect(anonymous.status, `${what} anonymous: ${anonymous.text}`).toBe(401);
        expect(limitOf(anonymous), what).toBe(rateLimits.unauthenticated[op.rateClass]);
      } else {
        expect(anonymous.status, `${what} anonymous`).toBe(401);
      }

      const publishable = await restCall(m, template, { key: fx.publishable, withBody: body });
      if (op.caller === "secretKey" || op.caller === "operator")
        expect(publishable.status, `${what} publishable: ${publishable.text}`).toBe(403);
      else expect([401, 403], `${what} publishable`).not.toContain(publishable.status);

      // Another account's secret key: counted in the operation's class; refused by operator
      // routes; never shown the owner's resource.
      const other = await restCall(m, template, { key: fx.other.secret, withBody: body });
      expect(limitOf(other), what).toBe(rateLimits.authenticated[op.rateClass]);
      if (op.caller === "operator") expect(other.status, what).toBe(403);
      // Routes that take a body check it first (400); none may answer with the owner's resource.
      else if (template.includes("{id}") || template === "/v1/documents/ingest")
        expect(body ? [400, 404] : [404], `${what} other account: ${other.text}`).toContain(other.status);

      // The operator secret alone (no account named) is refused where an account is needed.
      const operator = await restCall(m, template, { headers: { "x-document-agent-secret": WORKER_SECRET } });
      if (op.caller === "secretKey" || op.caller === "anyKey")
        expect(operator.status, `${what} operator: ${operator.text}`).toBe(400);
      else expect([401, 403], `${what} operator`).not.toContain(operator.status);
    }
  }, 120_000);
});

// --- GraphQL --------------------------------------------------------------------------------

type RootField = {
  root: "query" | "mutation" | "subscription";
  field: GraphQLField<unknown, unknown>;
  operation: AnyOperation;
};

function rootFields(): RootField[] {
  const out: RootField[] = [];
  const roots = [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
    ["subscription", schema.getSubscriptionType()],
  ] as const;
  for (const [root, type] of roots) {
    for (const field of Object.values((type as GraphQLObjectType | null | undefined)?.getFields() ?? {})) {
      const operation = operationOf(field);
      if (operation) out.push({ root, field, operation });
    }
  }
  return out;
}

/** A literal of an input type, naming the owner's resources where an id is asked for. */
function literal(type: GraphQLInputType, argName: string): string | null {
  if (type instanceof GraphQLNonNull) return literal(type.ofType, argName);
  if (type instanceof GraphQLList) return `[${literal(type.ofType, argName)}]`;
  if (type instanceof GraphQLEnumType) return type.getValues()[0]?.name ?? null;
  if (type instanceof GraphQLInputObjectType) {
    const parts = Object.values(type.getFields())
      .filter((f) => f.type instanceof GraphQLNonNull)
      .map((f) => `${f.name}: ${literal(f.type, f.name)}`);
    return `{${parts.join(", ")}}`;
  }
  if (type instanceof GraphQLScalarType) {
    if (type.name === "Int" || type.name === "Float") return "1";
    if (type.name === "Boolean") return "false";
    if (type.name === "JSON") return "{}";
    if (type.name === "File") return null;
    if (/documentIds/.test(argName)) return JSON.stringify(fx.documentId);
    return JSON.stringify(argName === "id" || /documentId/.test(argName) ? resourceId : "x");
  }
  return null;
}

let resourceId = "";

function selection(field: GraphQLField<unknown, unknown>): string {
  const named = getNamedType(field.type);
  return isLeafType(named) ? "" : " { __typename }";
}

function argumentsOf(field: GraphQLField<unknown, unknown>): { text: string; file: boolean } {
  let file = false;
  const parts = field.args
    .filter((a: GraphQLArgument) => a.type instanceof GraphQLNonNull)
    .map((a) => {
      if (getNamedType(a.type).name === "File") {
        file = true;
        return `${a.name}: $file`;
      }
      return `${a.name}: ${literal(a.type, a.name)}`;
    });
  return { text: parts.length ? `(${parts.join(", ")})` : "", file };
}

async function graphqlCall(f: RootField, opts: { key?: string; headers?: Record<string, string> }) {
  const { text, file } = argumentsOf(f.field);
  const query = `${f.root}${file ? "($file: File!)" : ""} { ${f.field.name}${text}${selection(f.field)} }`;
  const headers: Record<string, string> = {
    ...opts.headers,
    accept: f.root === "subscription" ? "text/event-stream" : "application/json",
  };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: BodyInit;
  if (file) {
    const form = new FormData();
    form.set("operations", JSON.stringify({ query, variables: { file: null } }));
    form.set("map", JSON.stringify({ 0: ["variables.file"] }));
    form.set("0", new Blob([new Uint8Array(await textPdf([["x"]]))], { type: "application/pdf" }), "x.pdf");
    body = form;
  } else {
    headers["content-type"] = "application/json";
    body = JSON.stringify({ query });
  }
  const controller = new AbortController();
  const res = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers,
    body,
    signal: controller.signal,
  });
  // A subscription answers with a stream: its first event is enough.
  const reader = res.body?.getReader();
  let raw = "";
  // An admitted subscription may have nothing to send yet: a second of quiet ends the wait.
  const quiet = setTimeout(() => controller.abort(), 1000);
  while (reader) {
    const read = await reader.read().catch(() => ({ value: undefined, done: true as const }));
    const { value, done } = read;
    if (done) break;
    raw += new TextDecoder().decode(value);
    // Past keep-alive comments, to the first event's data.
    if (!res.headers.get("content-type")?.includes("event-stream") || /^data: .*\n/m.test(raw)) break;
  }
  clearTimeout(quiet);
  controller.abort();
  const json = /^data: (.*)$/m.exec(raw)?.[1] ?? raw;
  let parsed: { errors?: { extensions?: { code?: string } }[] } | null = null;
  try {
    parsed = JSON.parse(res.headers.get("content-type")?.includes("event-stream") ? json : raw);
  } catch {
    parsed = null;
  }
  return {
    type: res.headers.get("content-type"),
    status: res.status,
    limit: Number(res.headers.get("x-ratelimit-limit")),
    codes: (parsed?.errors ?? []).map((e) => e.extensions?.code),
    raw,
    query,
  };
}

describe("every GraphQL root field served by an operation", () => {
  it("counts in its operation's rate class and refuses the callers its operation refuses", async () => {
    const fields = rootFields();
    expect(fields.length).toBeGreaterThan(20);
    for (const f of fields) {
      const op = f.operation;
      const what = `${f.root} ${f.field.name} (${op.name}, ${op.caller}, ${op.rateClass})`;
      resourceId =
        op.name.toLowerCase().includes("collection") && !f.field.name.startsWith("document")
          ? fx.collectionId
          : op.name.toLowerCase().includes("key")
            ? fx.keyId
            : fx.documentId;
      await resetAnonymousBudget(server);

      const wrong = await graphqlCall(f, { key: "svc_sk_not-a-real-key" });
      expect(wrong.status, `${what}: ${wrong.raw}`).toBe(401);

      const anonymous = await graphqlCall(f, {});
      if (op.caller === "anyone")
        // The fixture's document is private: 401 without a key, except on the public-source
        // route, where no key would open it (and the generated source is not one it reads).
        expect(anonymous.codes, `${what} anonymous: ${anonymous.raw}`).toContain(
          op.name === "chatWithPublicSource" ? "BAD_REQUEST" : "UNAUTHORIZED",
        );
      else
        expect(anonymous.codes, `${what} anonymous: ${anonymous.query} ${anonymous.raw}`).toContain(
          "UNAUTHORIZED",
        );
      expect(anonymous.limit, what).toBe(rateLimits.unauthenticated[op.rateClass]);

      const publishable = await graphqlCall(f, { key: fx.publishable });
      if (op.caller === "secretKey" || op.caller === "operator")
        expect(publishable.codes, `${what} publishable: ${publishable.raw}`).toContain("FORBIDDEN");
      else expect(publishable.codes, `${what} publishable`).not.toContain("FORBIDDEN");

      const other = await graphqlCall(f, { key: fx.other.secret });
      expect(other.limit, what).toBe(rateLimits.authenticated[op.rateClass]);
      // A field naming the fixture's document by a required argument; an optional one is not sent.
      if (
        f.field.args.some(
          (a) => (a.name === "id" || a.name === "documentId") && a.type instanceof GraphQLNonNull,
        )
      )
        expect(other.codes, `${what} other account: ${other.status} ${other.type} ${other.raw}`).toContain(
          "NOT_FOUND",
        );

      const operator = await graphqlCall(f, { headers: { "x-document-agent-secret": WORKER_SECRET } });
      if (op.caller === "secretKey" || op.caller === "anyKey")
        expect(operator.codes, `${what} operator: ${operator.raw}`).toContain("BAD_REQUEST");
    }
  }, 120_000);
});
