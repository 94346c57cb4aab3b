import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultAccessPolicy, policyToWire } from "../../src/core/auth/access-policy.ts";
import { createDocumentRow, shortHashOf } from "../../src/core/documents/create-document-row.ts";
import { newId, randomToken } from "../../src/core/ids.ts";
import { uploadAndWait, waitForTerminal } from "../support/documents.ts";
import { call, type Reply } from "../support/http.ts";
import { reportPdf, textPdf } from "../support/pdfs.ts";
import {
  type Endpoint,
  expectError,
  expectSecured,
  type Keys,
  securityFixture,
} from "../support/security.ts";
import { resetAnonymousBudget, type TestServer, WORKER_SECRET } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createKey, createTenant, type Tenant } from "../support/tenant.ts";

// Who may do what to a document, over real HTTP: the credential cases on every document route,
// per-document grants (public, publishable, publishable narrowed to one key), the caching rule
// that goes with them, configuration validation, and short hashes in place of ids, including a
// short hash shared by two accounts' documents.

let server: TestServer;
let keys: Keys;
/** A complete document of keys.owner with a table on page 1 and the default (owner-only) policy. */
let doc: any;

const ownerOnly = policyToWire(defaultAccessPolicy());
const publicContent = {
  default_effect: "deny",
  grants: [
    { principal: { type: "owner" }, actions: ["admin"] },
    { principal: { type: "public" }, actions: ["read_content"] },
  ],
};
const publicQuery = {
  default_effect: "deny",
  grants: [
    { principal: { type: "owner" }, actions: ["admin"] },
    { principal: { type: "public" }, actions: ["query"] },
  ],
};

/** Every content read of a document (read_content), the page image small so rendering is quick. */
const contentPaths = (id: string) => [
  `/v1/documents/${id}/full.md`,
  `/v1/documents/${id}/pages/1`,
  `/v1/documents/${id}/pages/1/markdown`,
  `/v1/documents/${id}/pages/1/elements`,
  `/v1/documents/${id}/pages/1/image.png?scale=0.25`,
  `/v1/documents/${id}/entities/tables`,
  `/v1/documents/${id}/entities/tables/0`,
];
/** Every read of a document: its record (read_metadata) and its content. */
const readPaths = (id: string) => [`/v1/documents/${id}`, ...contentPaths(id)];

beforeAll(async () => {
  server = await sharedTestServer();
  keys = await securityFixture(server.url);
  doc = await uploadAndWait(server.url, keys.owner.secret, await reportPdf(), "report.pdf");
  expect(doc.phase).toBe("complete");
});
afterAll(async () => {
  await server?.close();
});

// Every request without a valid key counts against the budget of the client address (60 a minute,
// 5 uploads), and every test here sends dozens from 127.0.0.1. Each test starts with that budget
// unspent, so a 429 never stands in for the answer under test. Keyed budgets are left alone.
beforeEach(async () => {
  await resetAnonymousBudget(server);
});

function expectOk(r: Reply, status: number, what = "") {
  expect(r.status, `${what}: ${r.text.slice(0, 300)}`).toBe(status);
}

const isPublic = (r: Reply) => /^public, max-age=\d+$/.test(r.headers.get("cache-control") ?? "");
const isPrivate = (r: Reply) => {
  const cc = r.headers.get("cache-control") ?? "";
  return /\b(private|no-store)\b/.test(cc) && !/\bpublic\b/.test(cc);
};

/** The credentials that must be refused with 401 wherever they are sent, before anything else is looked at. */
const badCredentials = (): [string, { key?: string; headers?: Record<string, string> }][] => [
  ["a malformed key", { key: "svc_sk_not-a-real-key" }],
  ["a key with the wrong prefix", { key: "sk_wrong_prefix" }],
  ["Basic auth", { headers: { authorization: "Basic abc" } }],
  ["an unknown x-api-key", { headers: { "x-api-key": "svc_sk_nope" } }],
  ["a revoked key", { key: keys.revoked }],
  ["a rotated-away key", { key: keys.rotatedAway }],
  ["a wrong worker secret", { headers: { "x-document-agent-secret": "wrong-secret-wrong-secret" } }],
];

const asOperator = (accountId: string) => ({
  "x-document-agent-secret": WORKER_SECRET,
  "x-account-id": accountId,
});

const putConfig = (key: string, id: string, json: unknown) =>
  call(server.url, "PUT", `/v1/documents/${id}/config`, { key, json });

describe("credentials on every document route", () => {
  // Routes that need a secret key: the generic cases of test/support/security.ts apply as they are.
  const secretRoutes: [string, Endpoint][] = [
    ["GET /v1/documents", { method: "GET", path: () => "/v1/documents", needs: "secret" }],
    [
      "DELETE /v1/documents/{id}",
      { method: "DELETE", path: () => `/v1/documents/${doc.id}`, needs: "secret", ownedResource: true },
    ],
    [
      "GET /v1/documents/{id}/config",
      { method: "GET", path: () => `/v1/documents/${doc.id}/config`, needs: "secret", ownedResource: true },
    ],
    [
      "PUT /v1/documents/{id}/config",
      {
        method: "PUT",
        path: () => `/v1/documents/${doc.id}/config`,
        json: { access: publicContent },
        needs: "secret",
        ownedResource: true,
      },
    ],
    [
      "POST /v1/documents/{id}/reparse",
      {
        method: "POST",
        path: () => `/v1/documents/${doc.id}/reparse`,
        json: {},
        needs: "secret",
        ownedResource: true,
      },
    ],
    [
      "POST /v1/documents/{id}/review/approve",
      {
        method: "POST",
        path: () => `/v1/documents/${doc.id}/review/approve`,
        needs: "secret",
        ownedResource: true,
      },
    ],
    [
      "POST /v1/documents/ingest",
      {
        method: "POST",
        path: () => "/v1/documents/ingest",
        // The body names the document, which exists only once beforeAll has run.
        get json() {
          return { document_id: doc.id, vendor: "acme", payload: { x: 1 } };
        },
        needs: "secret",
        ownedResource: true,
      },
    ],
    [
      "GET /v1/documents/{id}/ingest",
      { method: "GET", path: () => `/v1/documents/${doc.id}/ingest`, needs: "secret", ownedResource: true },
    ],
  ];
  for (const [name, ep] of secretRoutes) {
    it(name, async () => {
      await expectSecured(server.url, keys, ep);
      // The operator acting for another account does not see the document either.
      const send = (headers: Record<string, string>) =>
        call(server.url, ep.method, ep.path(keys.owner), { headers, json: ep.json });
      if (ep.ownedResource)
        expectError(await send(asOperator(keys.other.accountId)), 404, "NOT_FOUND", "operator for other");
    });
  }

  it("refused calls changed nothing", async () => {
    const now = await call(server.url, "GET", `/v1/documents/${doc.id}`, { key: keys.owner.secret });
    expectOk(now, 200);
    expect(now.body).toMatchObject({ phase: "complete", updatedAt: doc.updatedAt, strategy: "auto" });
    const config = await call(server.url, "GET", `/v1/documents/${doc.id}/config`, {
      key: keys.owner.secret,
    });
    expect(config.body.access).toEqual(ownerOnly);
    const ingest = await call(server.url, "GET", `/v1/documents/${doc.id}/ingest`, {
      key: keys.owner.secret,
    });
    expect(ingest.body.records).toEqual([]);
  });

  // Read routes are open to callers without a key when a grant says so, so a missing key is not
  // 401 there: under the default policy the document is simply not visible (404), to callers
  // without a key, to another account, and to the owner's own publishable keys (deny by default).
  for (const [name, path] of [
    ["GET /v1/documents/{id}", (id: string) => `/v1/documents/${id}`],
    ["GET /v1/documents/{id}/full.md", (id: string) => `/v1/documents/${id}/full.md`],
    ["GET /v1/documents/{id}/pages/{n}", (id: string) => `/v1/documents/${id}/pages/1`],
    ["GET /v1/documents/{id}/pages/{n}/markdown", (id: string) => `/v1/documents/${id}/pages/1/markdown`],
    ["GET /v1/documents/{id}/pages/{n}/elements", (id: string) => `/v1/documents/${id}/pages/1/elements`],
    [
      "GET /v1/documents/{id}/pages/{n}/image.png",
      (id: string) => `/v1/documents/${id}/pages/1/image.png?scale=0.25`,
    ],
    ["GET /v1/documents/{id}/entities/tables", (id: string) => `/v1/documents/${id}/entities/tables`],
    [
      "GET /v1/documents/{id}/entities/tables/{index}",
      (id: string) => `/v1/documents/${id}/entities/tables/0`,
    ],
  ] as const) {
    it(name, async () => {
      const send = (opts: { key?: string; headers?: Record<string, string> }) =>
        call(server.url, "GET", path(doc.id), opts);
      for (const [what, creds] of badCredentials()) expectError(await send(creds), 401, "UNAUTHORIZED", what);
      // Without a key, a document that is not public needs one (SPEC 5), whether or not it exists.
      expectError(await send({}), 401, "UNAUTHORIZED", "no key");
      expectError(await send({ key: keys.publishable }), 404, "NOT_FOUND", "owner's publishable key");
      expectError(await send({ key: keys.other.secret }), 404, "NOT_FOUND", "another account's key");
      expectError(await send({ headers: asOperator(keys.other.accountId) }), 404, "NOT_FOUND", "operator");
      // A missing document answers the same as an invisible one: nothing tells them apart.
      expectError(
        await call(server.url, "GET", path("doc-0000000000000000"), {}),
        401,
        "UNAUTHORIZED",
        "missing doc, no key",
      );
      expectError(
        await call(server.url, "GET", path("doc-0000000000000000"), { key: keys.other.secret }),
        404,
        "NOT_FOUND",
        "missing doc, a key",
      );

      // The owner reads it with either header, and the operator acting for the owner too; privately.
      for (const [what, creds] of [
        ["bearer", { key: keys.owner.secret }],
        ["x-api-key", { headers: { "x-api-key": keys.owner.secret } }],
        ["operator for owner", { headers: asOperator(keys.owner.accountId) }],
      ] as const) {
        const r = await send(creds);
        expectOk(r, 200, what);
        expect(isPrivate(r), `${what}: ${r.headers.get("cache-control")}`).toBe(true);
      }
    });
  }

  it("POST /v1/documents (multipart)", async () => {
    const pdf = await textPdf([["upload security"]]);
    const send = (opts: { key?: string; headers?: Record<string, string> }) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "u.pdf");
      return call(server.url, "POST", "/v1/documents", { ...opts, body: form });
    };
    expectError(await send({}), 401, "UNAUTHORIZED", "no key");
    for (const [what, creds] of badCredentials()) expectError(await send(creds), 401, "UNAUTHORIZED", what);
    expectError(await send({ key: keys.publishable }), 403, "FORBIDDEN", "publishable key");
    // The operator without an account to act for cannot own a document.
    expectError(await send({ headers: { "x-document-agent-secret": WORKER_SECRET } }), 400, "BAD_REQUEST");

    const before = await call(server.url, "GET", "/v1/documents?limit=100", { key: keys.owner.secret });
    const okBearer = await send({ key: keys.owner.secret });
    expectOk(okBearer, 202, "bearer");
    const okHeader = await send({ headers: { "x-api-key": keys.owner.secret } });
    expectOk(okHeader, 202, "x-api-key");
    const okOperator = await send({ headers: asOperator(keys.owner.accountId) });
    expectOk(okOperator, 202, "operator");
    // Each landed in the owner's account, and the refused calls made nothing.
    const after = await call(server.url, "GET", "/v1/documents?limit=100", { key: keys.owner.secret });
    expect(after.body.data.length).toBe(before.body.data.length + 3);
    const ids = after.body.data.map((d: { id: string }) => d.id);
    for (const r of [okBearer, okHeader, okOperator]) expect(ids).toContain(r.body.id);
    // Let their extraction finish before the server stops.
    for (const r of [okBearer, okHeader, okOperator])
      await waitForTerminal(server.url, keys.owner.secret, r.body.id);
  });
});

describe("per-document grants", () => {
  let owner: Tenant;
  let stranger: Tenant;
  let pub: any;
  let pk1: { id: string; secret: string };
  let pk2: { id: string; secret: string };
  let strangerPk: string;

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([createTenant(server.url, "grants"), createTenant(server.url)]);
    pub = await uploadAndWait(server.url, owner.secret, await reportPdf(), "public.pdf");
    expect(pub.phase).toBe("complete");
    pk1 = await createKey(server.url, owner, "publishable", "web-1");
    pk2 = await createKey(server.url, owner, "publishable", "web-2");
    strangerPk = (await createKey(server.url, stranger, "publishable")).secret;
  });

  it("a public read_content grant opens the content and the record to anyone, cacheable publicly", async () => {
    const set = await putConfig(owner.secret, pub.id, { access: publicContent });
    expectOk(set, 200, "PUT config");
    expect(set.body.access).toEqual(publicContent);

    for (const path of readPaths(pub.id)) {
      const anon = await call(server.url, "GET", path);
      expectOk(anon, 200, `anonymous ${path}`);
      expect(isPublic(anon), `${path}: ${anon.headers.get("cache-control")}`).toBe(true);
      // Another account's key reads through the same public grant, and may cache the same way.
      const foreign = await call(server.url, "GET", path, { key: stranger.secret });
      expectOk(foreign, 200, `stranger ${path}`);
      expect(isPublic(foreign), path).toBe(true);
      // The owner's reads stay private, whatever grant the document carries.
      const own = await call(server.url, "GET", path, { key: owner.secret });
      expectOk(own, 200, `owner ${path}`);
      expect(isPrivate(own), `${path}: ${own.headers.get("cache-control")}`).toBe(true);
      expect(own.headers.get("cache-control")).toMatch(/private/);
      if (!path.endsWith(".png")) expect(anon.text, path).toBe(own.text);
      // The owner's publishable key matches the public grant too; not cacheable publicly.
      const pk = await call(server.url, "GET", path, { key: pk1.secret });
      expectOk(pk, 200, `publishable ${path}`);
      expect(isPublic(pk), path).toBe(false);
    }
    const record = await call(server.url, "GET", `/v1/documents/${pub.id}`);
    expect(record.body).toMatchObject({ id: pub.id, phase: "complete", fileName: "public.pdf" });
    const page = await call(server.url, "GET", `/v1/documents/${pub.id}/pages/1`);
    expect(page.body.content).toContain("Quarterly Report");
    const tables = await call(server.url, "GET", `/v1/documents/${pub.id}/entities/tables`);
    expect(tables.body.total).toBe(1);
    const png = await fetch(`${server.url}/v1/documents/${pub.id}/pages/1/image.png?scale=0.25`);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(0, 4)
        .toString("hex"),
    ).toBe("89504e47");
  });

  it("keeps mutations and configuration closed on a public document", async () => {
    expectOk(await putConfig(owner.secret, pub.id, { access: publicContent }), 200);
    const mutations: [string, string, unknown][] = [
      ["DELETE", `/v1/documents/${pub.id}`, undefined],
      ["POST", `/v1/documents/${pub.id}/reparse`, {}],
      ["PUT", `/v1/documents/${pub.id}/config`, { access: ownerOnly }],
      ["GET", `/v1/documents/${pub.id}/config`, undefined],
      ["POST", `/v1/documents/${pub.id}/review/approve`, undefined],
      ["POST", "/v1/documents/ingest", { document_id: pub.id, vendor: "x" }],
      ["GET", `/v1/documents/${pub.id}/ingest`, undefined],
    ];
    for (const [method, path, json] of mutations) {
      const what = `${method} ${path}`;
      // No key where one is needed: 401, even though the document is visible to everyone.
      expectError(await call(server.url, method, path, { json }), 401, "UNAUTHORIZED", `${what} no key`);
      // Visible (through the public grant) but not allowed: 403.
      expectError(
        await call(server.url, method, path, { json, key: stranger.secret }),
        403,
        "FORBIDDEN",
        `${what} stranger`,
      );
      expectError(
        await call(server.url, method, path, { json, headers: asOperator(stranger.accountId) }),
        403,
        "FORBIDDEN",
        `${what} operator for stranger`,
      );
      // Publishable keys never mutate or configure.
      expectError(
        await call(server.url, method, path, { json, key: pk1.secret }),
        403,
        "FORBIDDEN",
        `${what} publishable`,
      );
    }
    // Nothing moved.
    const config = await call(server.url, "GET", `/v1/documents/${pub.id}/config`, { key: owner.secret });
    expect(config.body.access).toEqual(publicContent);
    const record = await call(server.url, "GET", `/v1/documents/${pub.id}`, { key: owner.secret });
    expect(record.body.phase).toBe("complete");
    const ingest = await call(server.url, "GET", `/v1/documents/${pub.id}/ingest`, { key: owner.secret });
    expect(ingest.body.records).toEqual([]);
  });

  it("a public grant of query alone shows the record but not the content", async () => {
    const set = await putConfig(owner.secret, pub.id, { access: publicQuery });
    expectOk(set, 200);
    for (const path of contentPaths(pub.id)) {
      const r = await call(server.url, "GET", path);
      expectError(r, 403, "FORBIDDEN", `anonymous ${path}`);
      expect(r.body.error.message).toMatch(/read the content/);
      expectError(await call(server.url, "GET", path, { key: stranger.secret }), 403, "FORBIDDEN", path);
      expectOk(await call(server.url, "GET", path, { key: owner.secret }), 200, `owner ${path}`);
    }
    const record = await call(server.url, "GET", `/v1/documents/${pub.id}`);
    expectOk(record, 200, "record");
    expect(isPublic(record)).toBe(true);
    expect(record.body.id).toBe(pub.id);
  });

  it("a publishable grant reaches the owner's publishable keys, or only the one it names", async () => {
    const onlyPk1 = {
      default_effect: "deny",
      grants: [
        { principal: { type: "owner" }, actions: ["admin"] },
        { principal: { type: "publishable", key_id: pk1.id }, actions: ["read_content"] },
      ],
    };
    expectOk(await putConfig(owner.secret, pub.id, { access: onlyPk1 }), 200);
    for (const path of readPaths(pub.id)) {
      const r = await call(server.url, "GET", path, { key: pk1.secret });
      expectOk(r, 200, `pk1 ${path}`);
      // Read with a key, not through a public grant: private.
      expect(isPrivate(r), `${path}: ${r.headers.get("cache-control")}`).toBe(true);
      expectError(await call(server.url, "GET", path, { key: pk2.secret }), 404, "NOT_FOUND", `pk2 ${path}`);
      expectError(await call(server.url, "GET", path), 401, "UNAUTHORIZED", `anonymous ${path}`);
      expectError(
        await call(server.url, "GET", path, { key: strangerPk }),
        404,
        "NOT_FOUND",
        `stranger pk ${path}`,
      );
      expectError(
        await call(server.url, "GET", path, { key: stranger.secret }),
        404,
        "NOT_FOUND",
        `stranger ${path}`,
      );
    }
    // A granted publishable key still may not mutate or configure its document.
    expectError(
      await call(server.url, "DELETE", `/v1/documents/${pub.id}`, { key: pk1.secret }),
      403,
      "FORBIDDEN",
    );
    expectError(await putConfig(pk1.secret, pub.id, { access: ownerOnly }), 403, "FORBIDDEN");

    // Without key_id the grant reaches every publishable key of the account, and no other account's.
    const anyPk = {
      default_effect: "deny",
      grants: [{ principal: { type: "publishable" }, actions: ["read_metadata"] }],
    };
    expectOk(await putConfig(owner.secret, pub.id, { access: anyPk }), 200);
    for (const pk of [pk1.secret, pk2.secret]) {
      expectOk(await call(server.url, "GET", `/v1/documents/${pub.id}`, { key: pk }), 200, "record");
      expectError(
        await call(server.url, "GET", `/v1/documents/${pub.id}/pages/1`, { key: pk }),
        403,
        "FORBIDDEN",
        "content with read_metadata only",
      );
    }
    expectError(
      await call(server.url, "GET", `/v1/documents/${pub.id}`, { key: strangerPk }),
      404,
      "NOT_FOUND",
      "stranger pk",
    );
    // A policy without an owner grant does not lock the owner out.
    expectOk(await call(server.url, "GET", `/v1/documents/${pub.id}/pages/1`, { key: owner.secret }), 200);
    expectOk(await putConfig(owner.secret, pub.id, { access: ownerOnly }), 200);
  });

  it("refuses invalid configurations with 400 naming the problem, and keeps the one in force", async () => {
    const inForce = {
      access: publicContent,
      title: "Kept",
      language: "en",
      metadata: { team: "finance" },
      strategy: "text",
    };
    expectOk(await putConfig(owner.secret, pub.id, inForce), 200);
    const grant = (principal: unknown, actions: unknown) => ({
      access: { default_effect: "deny", grants: [{ principal, actions }] },
    });
    const cases: [string, unknown, RegExp[]][] = [
      [
        "public granted admin",
        grant({ type: "public" }, ["admin"]),
        [/public/, /may be granted only/, /admin/],
      ],
      [
        "publishable granted reparse",
        grant({ type: "publishable" }, ["reparse"]),
        [/publishable/, /may be granted only/, /reparse/],
      ],
      [
        "unknown principal type",
        grant({ type: "everyone" }, ["query"]),
        [/access\.grants\.0\.principal\.type/, /owner/],
      ],
      [
        "unknown action",
        grant({ type: "public" }, ["delete"]),
        [/access\.grants\.0\.actions\.0/, /read_content/],
      ],
      ["no actions", grant({ type: "public" }, []), [/access\.grants\.0\.actions/]],
      [
        "unknown field in a principal",
        grant({ type: "public", extra: 1 }, ["query"]),
        [/principal.*unknown field.*extra/],
      ],
      ["malformed key_id", grant({ type: "publishable", key_id: "pk1" }, ["query"]), [/key_id/]],
      ["default_effect allow", { access: { default_effect: "allow", grants: [] } }, [/default_effect/]],
      [
        "unknown field in access",
        { access: { default_effect: "deny", grants: [], mode: "x" } },
        [/access.*unknown field.*mode/],
      ],
      ["unknown top-level field", { title: "x", colour: "red" }, [/unknown field.*colour/]],
      ["bad language tag", { language: "English" }, [/language/, /BCP 47/]],
      ["unknown strategy", { strategy: "magic" }, [/strategy/]],
      ["metadata value not a string", { metadata: { n: 1 } }, [/metadata/]],
      ["not an object", ["access"], [/body|expected object/i]],
    ];
    for (const [what, body, patterns] of cases) {
      const r = await putConfig(owner.secret, pub.id, body);
      expectError(r, 400, "BAD_REQUEST", what);
      for (const p of patterns) expect(r.body.error.message, what).toMatch(p);
    }
    const now = await call(server.url, "GET", `/v1/documents/${pub.id}/config`, { key: owner.secret });
    expect(now.body).toEqual(inForce);
  });

  it("GET config returns what PUT set, and PUT replaces the whole configuration", async () => {
    const full = {
      access: {
        default_effect: "deny",
        grants: [
          { principal: { type: "owner" }, actions: ["admin"] },
          { principal: { type: "publishable", key_id: pk2.id }, actions: ["query", "read_content"] },
          { principal: { type: "public" }, actions: ["read_metadata"] },
        ],
      },
      title: "Annual report",
      language: "pt-BR",
      metadata: { team: "finance", year: "2024" },
      strategy: "text",
    };
    const set = await putConfig(owner.secret, pub.id, full);
    expectOk(set, 200);
    expect(set.body).toEqual(full);
    const got = await call(server.url, "GET", `/v1/documents/${pub.id}/config`, { key: owner.secret });
    expectOk(got, 200);
    expect(isPrivate(got)).toBe(true);
    expect(got.body).toEqual(full);
    // The operator acting for the owner reads the same configuration.
    const viaOperator = await call(server.url, "GET", `/v1/documents/${pub.id}/config`, {
      headers: asOperator(owner.accountId),
    });
    expect(viaOperator.body).toEqual(full);
    expectOk(await call(server.url, "GET", `/v1/documents/${pub.id}`), 200, "public record");

    // Only the title: everything else returns to its default, the public grant included.
    const replaced = await putConfig(owner.secret, pub.id, { title: "Renamed" });
    expectOk(replaced, 200);
    const defaults = { access: ownerOnly, title: "Renamed", language: null, metadata: {}, strategy: "auto" };
    expect(replaced.body).toEqual(defaults);
    const again = await call(server.url, "GET", `/v1/documents/${pub.id}/config`, { key: owner.secret });
    expect(again.body).toEqual(defaults);
    expectError(await call(server.url, "GET", `/v1/documents/${pub.id}`), 401, "UNAUTHORIZED", "now private");
    expectError(
      await call(server.url, "GET", `/v1/documents/${pub.id}/pages/1`, { key: pk2.secret }),
      404,
      "NOT_FOUND",
      "pk2 grant gone",
    );
    // An empty body is the default configuration.
    const empty = await putConfig(owner.secret, pub.id, {});
    expect(empty.body).toEqual({ ...defaults, title: null });
  });

  it("a stored policy that no longer parses lets only the owner in, never everyone", async () => {
    // Written past the API, as an old or hand-edited row could be: not a valid policy, though it
    // names a public grant.
    const row = await createDocumentRow(server.services.db.prisma, {
      accountId: keys.owner.accountId,
      fileName: "stale-policy.pdf",
      sizeBytes: 1n,
      sha256: "0".repeat(64),
      blobKey: "",
      capabilities: [],
      access: {
        default_effect: "allow",
        grants: [{ principal: { type: "public" }, actions: ["read_content"] }],
      },
    });
    const path = `/v1/documents/${row.id}`;
    expectError(await call(server.url, "GET", path), 401, "UNAUTHORIZED", "anonymous");
    expectError(await call(server.url, "GET", path, { key: keys.other.secret }), 404, "NOT_FOUND", "other");
    expectError(
      await call(server.url, "GET", path, { key: keys.publishable }),
      404,
      "NOT_FOUND",
      "publishable",
    );
    const own = await call(server.url, "GET", path, { key: keys.owner.secret });
    expect(own.status, own.text).toBe(200);
    const config = await call(server.url, "GET", `${path}/config`, { key: keys.owner.secret });
    expect(config.status, config.text).toBe(200);
    expect(config.body.access).toEqual(policyToWire(defaultAccessPolicy()));
  });
});

describe("short hashes", () => {
  it("work in every path in place of the id", async () => {
    const t = await createTenant(server.url, "short");
    const d = await uploadAndWait(server.url, t.secret, await reportPdf(), "short.pdf");
    expect(d.shortHash).toMatch(/^[a-z0-9]{6}$/);
    const h = d.shortHash as string;
    const get = (path: string) => call(server.url, "GET", path, { key: t.secret });

    const hashPaths = readPaths(h);
    for (const [i, byId] of readPaths(d.id).entries()) {
      const byHash = hashPaths[i] as string;
      const a = await get(byId);
      const b = await get(byHash);
      expectOk(b, 200, byHash);
      expect(b.headers.get("content-type")).toBe(a.headers.get("content-type"));
      if (!byId.includes(".png")) expect(b.text, byHash).toBe(a.text);
    }
    expect((await get(`/v1/documents/${h}`)).body.id).toBe(d.id);

    // Configuration, by short hash.
    const set = await putConfig(t.secret, h, { access: publicContent, title: "by hash" });
    expectOk(set, 200, "PUT config");
    expect((await get(`/v1/documents/${d.id}/config`)).body.title).toBe("by hash");
    expect((await get(`/v1/documents/${h}/config`)).body.access).toEqual(publicContent);
    // Anonymous callers may use the short hash of a public document too.
    const anon = await call(server.url, "GET", `/v1/documents/${h}/pages/1`);
    expectOk(anon, 200, "anonymous by hash");
    expect(isPublic(anon)).toBe(true);

    // Vendor ingest names the document in the body; the answer names it by its full id.
    const ing = await call(server.url, "POST", "/v1/documents/ingest", {
      key: t.secret,
      json: { document_id: h, vendor: "acme", payload: { a: 1 }, pdf_sha256: d.sha256 },
    });
    expectOk(ing, 200, "ingest");
    expect(ing.body).toEqual({ ok: true, seq: 1, document_id: d.id });
    const records = await get(`/v1/documents/${h}/ingest`);
    expect(records.body.document_id).toBe(d.id);
    expect(records.body.records.map((r: { seq: number }) => r.seq)).toEqual([1]);

    // Approve resolves the document (it is complete, so there is nothing to approve).
    const approve = await call(server.url, "POST", `/v1/documents/${h}/review/approve`, { key: t.secret });
    expectError(approve, 409, "CONFLICT", "approve");
    expect(approve.body.error.message).toContain(d.id);

    const reparse = await call(server.url, "POST", `/v1/documents/${h}/reparse`, { key: t.secret, json: {} });
    expectOk(reparse, 202, "reparse");
    expect(reparse.body).toEqual({ id: d.id, phase: "extracting" });
    expect((await waitForTerminal(server.url, t.secret, h)).phase).toBe("complete");

    const del = await call(server.url, "DELETE", `/v1/documents/${h}`, { key: t.secret });
    expectOk(del, 200, "delete");
    expect(del.body).toEqual({ deleted: true, id: d.id });
    expectError(await get(`/v1/documents/${d.id}`), 404, "NOT_FOUND");
    expectError(await get(`/v1/documents/${h}`), 404, "NOT_FOUND");

    // Things that are neither an id nor a short hash name nothing.
    for (const ref of [h.toUpperCase(), h.slice(0, 5), `${h}x`, `doc-${h}`]) {
      if (ref === h) continue;
      expectError(await get(`/v1/documents/${ref}`), 404, "NOT_FOUND", ref);
    }
  });

  it("are unique within an account: createDocumentRow draws a new id on a clash", async () => {
    const { prisma } = server.services.db;
    const [a, b] = await Promise.all([createTenant(server.url), createTenant(server.url)]);
    const row = (accountId: string) => ({
      accountId,
      fileName: "row.pdf",
      sizeBytes: 1n,
      sha256: "0".repeat(64),
      blobKey: "",
      capabilities: [],
      access: policyToWire(defaultAccessPolicy()),
    });
    const first = await createDocumentRow(prisma, row(a.accountId));
    expect(first.shortHash).toBe(shortHashOf(first.id));

    // The generator first offers an id whose short hash the account already uses.
    const clash = `doc-${first.shortHash}${randomToken(10)}`;
    let fresh = newId("doc-");
    while (shortHashOf(fresh) === first.shortHash) fresh = newId("doc-");
    const offered = [clash, fresh];
    const drawn: string[] = [];
    const second = await createDocumentRow(prisma, row(a.accountId), () => {
      const id = offered[drawn.length] ?? newId("doc-");
      drawn.push(id);
      return id;
    });
    expect(drawn).toEqual([clash, fresh]);
    expect(second.id).toBe(fresh);
    expect(second.shortHash).toBe(shortHashOf(fresh));
    expect(second.shortHash).not.toBe(first.shortHash);
    expect(await prisma.document.findUnique({ where: { id: clash } })).toBeNull();
    const dupes = await server.services.db.pool.query(
      "SELECT short_hash FROM documents WHERE account_id = $1 GROUP BY short_hash HAVING count(*) > 1",
      [a.accountId],
    );
    expect(dupes.rows).toEqual([]);

    // Another account may hold the same short hash: the first draw is kept.
    const elsewhere = await createDocumentRow(prisma, row(b.accountId), () => clash);
    expect(elsewhere.id).toBe(clash);
    expect(elsewhere.shortHash).toBe(first.shortHash);

    // A generator that only ever clashes gives up after a bounded number of draws.
    let attempts = 0;
    await expect(
      createDocumentRow(prisma, row(a.accountId), () => {
        attempts++;
        return `doc-${first.shortHash}${randomToken(10)}`;
      }),
    ).rejects.toThrow(/free short hash/);
    expect(attempts).toBe(8);

    // Other failures are not taken for a clash: they surface at once.
    let draws = 0;
    await expect(
      createDocumentRow(prisma, row("acct_does_not_exist"), () => {
        draws++;
        return newId("doc-");
      }),
    ).rejects.toThrow();
    expect(draws).toBe(1);

    await prisma.document.deleteMany({ where: { id: { in: [first.id, second.id, elsewhere.id] } } });
  });

  it("shared by two accounts' visible documents is a conflict; each owner keeps its own", async () => {
    const [a, b, c] = await Promise.all([
      createTenant(server.url, "a"),
      createTenant(server.url, "b"),
      createTenant(server.url, "c"),
    ]);
    const [da, db] = await Promise.all([
      uploadAndWait(server.url, a.secret, await textPdf([["Document of account A"]]), "a.pdf"),
      uploadAndWait(server.url, b.secret, await textPdf([["Document of account B"]]), "b.pdf"),
    ]);
    const h = da.shortHash as string;
    // Give B's document A's short hash: (account, short hash) stays unique, the hash is not.
    const upd = await server.services.db.pool.query(
      "UPDATE documents SET short_hash = $1 WHERE id = $2 AND account_id = $3",
      [h, db.id, b.accountId],
    );
    expect(upd.rowCount).toBe(1);
    const byHash = (path: string, key?: string) =>
      call(server.url, "GET", `/v1/documents/${h}${path}`, { key });

    // Both private: only each owner sees its own; everyone else sees nothing (no conflict leaks them).
    expectError(await byHash(""), 401, "UNAUTHORIZED", "anonymous, both private");
    expectError(await byHash("", c.secret), 404, "NOT_FOUND", "stranger, both private");
    expect((await byHash("", a.secret)).body.id).toBe(da.id);
    expect((await byHash("", b.secret)).body.id).toBe(db.id);

    // Both public: a caller who sees both cannot tell which one is meant.
    expectOk(await putConfig(a.secret, da.id, { access: publicContent }), 200, "A public");
    expectOk(await putConfig(b.secret, h, { access: publicContent }), 200, "B public, by hash");
    for (const path of ["", "/pages/1", "/full.md", "/entities/tables", "/pages/1/image.png?scale=0.25"]) {
      for (const [who, key] of [
        ["anonymous", undefined],
        ["stranger", c.secret],
      ] as const) {
        const r = await byHash(path, key);
        expectError(r, 409, "CONFLICT", `${who} ${path}`);
        expect(r.body.error.message).toMatch(/full document id/);
      }
    }
    // Each owner still resolves its own document by the short hash.
    for (const [t, d, text] of [
      [a, da, "Document of account A"],
      [b, db, "Document of account B"],
    ] as const) {
      const rec = await byHash("", t.secret);
      expectOk(rec, 200);
      expect(rec.body.id).toBe(d.id);
      expect(rec.body.shortHash).toBe(h);
      expect((await byHash("/pages/1", t.secret)).body.content).toBe(text);
      const cfg = await call(server.url, "GET", `/v1/documents/${h}/config`, { key: t.secret });
      expect(cfg.body.access).toEqual(publicContent);
    }
    // The full id always works, for anyone the document is visible to.
    for (const [d, text] of [
      [da, "Document of account A"],
      [db, "Document of account B"],
    ] as const) {
      const r = await call(server.url, "GET", `/v1/documents/${d.id}/pages/1`);
      expectOk(r, 200, d.id);
      expect(r.body.content).toBe(text);
      expect((await call(server.url, "GET", `/v1/documents/${d.id}`, { key: c.secret })).body.id).toBe(d.id);
    }

    // Once B's document is private again, the short hash names A's for everyone but B.
    expectOk(await putConfig(b.secret, h, {}), 200, "B private");
    expect((await byHash("")).body.id).toBe(da.id);
    expect((await byHash("", c.secret)).body.id).toBe(da.id);
    expect((await byHash("", b.secret)).body.id).toBe(db.id);
    // B's own mutation by short hash touches B's document, never A's.
    const delB = await call(server.url, "DELETE", `/v1/documents/${h}`, { key: b.secret });
    expect(delB.body).toEqual({ deleted: true, id: db.id });
    expectOk(await call(server.url, "GET", `/v1/documents/${da.id}`, { key: a.secret }), 200, "A intact");
    // With B's document gone, B's key falls through to what it can see: A's public document.
    expect((await byHash("", b.secret)).body.id).toBe(da.id);
    // Seen through the public grant only, A's document is not B's to delete.
    expectError(
      await call(server.url, "DELETE", `/v1/documents/${h}`, { key: b.secret }),
      403,
      "FORBIDDEN",
      "B deleting A's by hash",
    );
  });
});
