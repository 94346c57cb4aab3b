import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadAndWait, waitForTerminal } from "../support/documents.ts";
import { hosted, portOf } from "../support/hosted.ts";
import { call, gql } from "../support/http.ts";
import { textPdf } from "../support/pdfs.ts";
import { expectError, expectSecured, type Keys, securityFixture } from "../support/security.ts";
import { clearOfMinuteTurn, startTestServer, type TestServer } from "../support/server.ts";

const DOMAIN = "quire.localhost";

describe("hosting", () => {
  let server: TestServer;
  let keys: Keys;
  let pdf: Uint8Array;
  let docId: string;
  const host = (ns: string) => `${ns}.${DOMAIN}:${portOf(server.url)}`;
  const publish = (json: unknown, key = keys.owner.secret) =>
    call(server.url, "POST", "/v1/host", { key, json });
  const storeFile = async (bytes: Uint8Array, name = "brochure.pdf") => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), name);
    const r = await call(server.url, "POST", "/v1/files", { key: keys.owner.secret, body: form });
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };

  beforeAll(async () => {
    server = await startTestServer({ HOSTED_DOMAIN: DOMAIN, HOST_NAMESPACE_HOLD_HOURS: "1" });
    keys = await securityFixture(server.url);
    pdf = await textPdf([
      ["Quarterly report", "Revenue grew in every region."],
      ["Second page", "The zebra crossing budget doubled."],
      ["Third page", "Closing remarks."],
    ]);
    docId = (await uploadAndWait(server.url, keys.owner.secret, pdf, "report.pdf")).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("publishes a document under a chosen namespace and serves its viewer, pages, text and PDF", async () => {
    const r = await publish({
      source: { document_id: docId },
      namespace: "Annual-Report",
      title: "Annual <report> & co",
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      namespace: "annual-report",
      title: "Annual <report> & co",
      access: {
        disabled: false,
        unlisted: false,
        expires_at: null,
        allow_download: true,
        indexing: false,
        has_password: false,
      },
      source: { document_id: docId },
      deployment: {
        url: `http://annual-report.${DOMAIN}:${portOf(server.url)}`,
        document_id: docId,
        status: "done",
      },
    });
    expect(r.body.deployment.id).toMatch(/^dpl_[a-z0-9]{16}$/);
    expect(r.headers.get("location")).toBe("/v1/host/annual-report");
    // Internal storage keys are never named.
    expect(r.text).not.toMatch(/blob|documents\/|source\.pdf/);

    const viewer = await hosted(server.url, host("annual-report"), "/");
    expect(viewer.status).toBe(200);
    expect(viewer.headers["content-type"]).toMatch(/^text\/html/);
    expect(viewer.text).toContain("Annual &lt;report&gt; &amp; co");
    expect(viewer.text).not.toContain("<report>");
    expect(viewer.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    expect(viewer.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
    expect(viewer.headers["x-content-type-options"]).toBe("nosniff");
    expect(viewer.headers["referrer-policy"]).toBe("no-referrer");
    expect(viewer.headers["x-frame-options"]).toBe("DENY");
    expect(viewer.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(viewer.headers["cache-control"]).toBe("public, max-age=60");
    expect(viewer.headers.etag).toBeTruthy();
    const again = await hosted(server.url, host("annual-report"), "/", {
      headers: { "if-none-match": viewer.headers.etag as string },
    });
    expect(again.status).toBe(304);

    const page = await hosted(server.url, host("annual-report"), "/pages/2.png");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("image/png");
    expect(page.body.subarray(1, 4).toString()).toBe("PNG");
    expect((await hosted(server.url, host("annual-report"), "/pages/9.png")).status).toBe(404);

    const text = JSON.parse((await hosted(server.url, host("annual-report"), "/text.json")).text);
    expect(text.status).toBe("ready");
    expect(text.pages).toHaveLength(3);
    expect(text.pages[1].text).toContain("zebra");

    const download = await hosted(server.url, host("annual-report"), "/document.pdf");
    expect(download.status).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(
      /^attachment; filename="Annual <report> & co.pdf"/,
    );
    expect(Buffer.compare(download.body, Buffer.from(pdf))).toBe(0);
    const range = await hosted(server.url, host("annual-report"), "/document.pdf", {
      headers: { range: "bytes=0-4" },
    });
    expect(range.status).toBe(206);
    expect(range.text).toBe("%PDF-");
    expect(range.headers["content-range"]).toBe(`bytes 0-4/${pdf.byteLength}`);
  });

  it("publishes a stored file, parsing it in the background, and refuses to delete the file while published", async () => {
    const fileId = await storeFile(pdf);
    const r = await publish({ source: { file_id: fileId } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.namespace).toMatch(/^[a-z]+-[a-z]+-[a-z0-9]{4}$/);
    expect(r.body.title).toBe("brochure.pdf");
    expect(r.body.source).toEqual({ file_id: fileId });
    const parsed = await waitForTerminal(server.url, keys.owner.secret, r.body.deployment.document_id);
    expect(parsed.phase).toBe("complete");
    expect((await hosted(server.url, host(r.body.namespace), "/pages/1.png")).status).toBe(200);

    const del = await call(server.url, "DELETE", `/v1/files/${fileId}`, { key: keys.owner.secret });
    expectError(del, 409, "CONFLICT");
    expect(del.body.error.message).toContain(r.body.namespace);
    // Publishing the same file again reuses the document parsed from it.
    const second = await publish({ source: { file_id: fileId } });
    expect(second.body.deployment.document_id).toBe(r.body.deployment.document_id);
    for (const ns of [r.body.namespace, second.body.namespace])
      expect((await call(server.url, "DELETE", `/v1/host/${ns}`, { key: keys.owner.secret })).status).toBe(
        200,
      );
    expect((await call(server.url, "DELETE", `/v1/files/${fileId}`, { key: keys.owner.secret })).status).toBe(
      200,
    );
  });

  it("enforces namespace rules: form, reserved names, uniqueness across accounts, and a hold after unpublishing", async () => {
    for (const bad of [
      "ab",
      "-lead",
      "trail-",
      "xn--80ak6aa92e",
      "under_score",
      "dot.ted",
      "a".repeat(64),
      "spa ce",
      "ünï",
    ]) {
      const r = await publish({ source: { document_id: docId }, namespace: bad });
      expectError(r, 400, "BAD_REQUEST", bad);
    }
    for (const reserved of ["www", "api", "admin", "mail", "status", "dashboard"]) {
      const r = await publish({ source: { document_id: docId }, namespace: reserved });
      expectError(r, 400, "BAD_REQUEST", reserved);
      expect(r.body.error.message).toContain("reserved");
    }
    expect((await publish({ source: { document_id: docId }, namespace: "taken-name" })).status).toBe(201);
    expectError(await publish({ source: { document_id: docId }, namespace: "taken-name" }), 409, "CONFLICT");
    // Another account's document is not found, whatever the namespace.
    expectError(await publish({ source: { document_id: docId } }, keys.other.secret), 404, "NOT_FOUND");

    // Two accounts claim one name at once: exactly one wins.
    const otherDoc = (await uploadAndWait(server.url, keys.other.secret, pdf, "other.pdf")).id;
    const race = await Promise.all([
      publish({ source: { document_id: docId }, namespace: "contested" }),
      publish({ source: { document_id: otherDoc }, namespace: "contested" }, keys.other.secret),
    ]);
    expect(race.map((x) => x.status).sort()).toEqual([201, 409]);

    // Unpublished: 404 at once, and the name is held.
    const del = await call(server.url, "DELETE", "/v1/host/taken-name", { key: keys.owner.secret });
    expect(del.status).toBe(200);
    expect(new Date(del.body.released_at).getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect((await hosted(server.url, host("taken-name"), "/")).status).toBe(404);
    expectError(
      await call(server.url, "GET", "/v1/host/taken-name", { key: keys.owner.secret }),
      404,
      "NOT_FOUND",
    );
    expectError(
      await publish({ source: { document_id: otherDoc }, namespace: "taken-name" }, keys.other.secret),
      409,
      "CONFLICT",
    );
    // Once the hold has passed, anyone may claim it.
    const db = new pg.Client({ connectionString: server.database.url });
    await db.connect();
    await db.query(
      `UPDATE hosted_sites SET released_at = now() - interval '1 second' WHERE namespace = 'taken-name'`,
    );
    await db.end();
    expect(
      (await publish({ source: { document_id: otherDoc }, namespace: "taken-name" }, keys.other.secret))
        .status,
    ).toBe(201);
  });

  it("lists, reads and updates sites; a new source is a new deployment at the same address", async () => {
    const a = await publish({ source: { document_id: docId }, namespace: "list-a" });
    const b = await publish({ source: { document_id: docId }, namespace: "list-b" });
    const first = await call(server.url, "GET", "/v1/host?limit=1", { key: keys.owner.secret });
    expect(first.body.data.map((s: { namespace: string }) => s.namespace)).toEqual(["list-b"]);
    const second = await call(server.url, "GET", `/v1/host?limit=1&cursor=${first.body.next_cursor}`, {
      key: keys.owner.secret,
    });
    expect(second.body.data.map((s: { namespace: string }) => s.namespace)).toEqual(["list-a"]);
    // The other account sees none of them.
    const theirs = await call(server.url, "GET", "/v1/host", { key: keys.other.secret });
    expect(theirs.body.data.map((s: { namespace: string }) => s.namespace)).not.toContain("list-a");

    const before = await hosted(server.url, host("list-a"), "/");
    expect(before.text).toContain("Download PDF");
    const fileId = await storeFile(pdf, "replacement.pdf");
    const patched = await call(server.url, "PATCH", "/v1/host/list-a", {
      key: keys.owner.secret,
      json: { title: "New title", access: { allow_download: false }, source: { file_id: fileId } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.title).toBe("New title");
    expect(patched.body.access.allow_download).toBe(false);
    expect(patched.body.access.disabled).toBe(false);
    expect(patched.body.source).toEqual({ file_id: fileId });
    expect(patched.body.deployment.id).not.toBe(a.body.deployment.id);
    expect(patched.body.deployment.url).toBe(a.body.deployment.url);
    expect(patched.body.created_at).toBe(a.body.created_at);
    const dl = await hosted(server.url, host("list-a"), "/document.pdf");
    expect(dl.status).toBe(403);
    // The viewer page made before the change is not served again: it is made anew.
    const after = await hosted(server.url, host("list-a"), "/");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.text).toContain("New title");
    expect(after.text).not.toContain("Download PDF");
    expect(dl.headers["content-type"]).toMatch(/^text\/html/);
    expectError(
      await call(server.url, "PATCH", "/v1/host/list-b", {
        key: keys.owner.secret,
        json: { access: { bogus: true } },
      }),
      400,
      "BAD_REQUEST",
    );
    expectError(
      await call(server.url, "GET", "/v1/host/list-b", { key: keys.other.secret }),
      404,
      "NOT_FOUND",
    );
    expect(b.status).toBe(201);
  });

  it("applies access rules: disabled 404, expired 410, and a password form that sets a cookie", async () => {
    await publish({ source: { document_id: docId }, namespace: "rules-site" });
    const patch = (access: unknown) =>
      call(server.url, "PATCH", "/v1/host/rules-site", { key: keys.owner.secret, json: { access } });
    expect((await patch({ disabled: true })).status).toBe(200);
    for (const p of ["/", "/pages/1.png", "/text.json", "/document.pdf"])
      expect((await hosted(server.url, host("rules-site"), p)).status, p).toBe(404);
    await patch({ disabled: false, expires_at: new Date(Date.now() - 1000).toISOString() });
    const gone = await hosted(server.url, host("rules-site"), "/");
    expect(gone.status).toBe(410);
    expect(gone.text).toMatch(/expired/i);
    await patch({ expires_at: null, password: "open sesame" });
    const site = await call(server.url, "GET", "/v1/host/rules-site", { key: keys.owner.secret });
    expect(site.body.access.has_password).toBe(true);
    expect(site.text).not.toContain("open sesame");

    const form = await hosted(server.url, host("rules-site"), "/");
    expect(form.status).toBe(200);
    expect(form.headers["cache-control"]).toBe("no-store");
    expect(form.text).toMatch(/<form[^>]+method="post"/i);
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)?.[1] as string;
    expect(csrf).toBeTruthy();
    // Content stays behind the password.
    expect((await hosted(server.url, host("rules-site"), "/pages/1.png")).status).toBe(403);
    expect((await hosted(server.url, host("rules-site"), "/text.json")).status).toBe(403);

    const post = (password: string, token = csrf, headers: Record<string, string> = {}) =>
      hosted(server.url, host("rules-site"), "/_access", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ password, csrf: token }).toString(),
      });
    const huge = await hosted(server.url, host("rules-site"), "/_access", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `password=${"x".repeat(10_000)}&csrf=${csrf}`,
    });
    expect(huge.status).toBe(413);
    const wrong = await post("nope");
    expect(wrong.status).toBe(401);
    expect(wrong.text).toMatch(/not right/);
    expect(wrong.cookies).toEqual([]);
    expect((await post("open sesame", "123.forged")).status).toBe(400);
    expect((await post("open sesame", csrf, { origin: "https://evil.example" })).status).toBe(400);
    const right = await post("open sesame", csrf, { origin: `http://${host("rules-site")}` });
    expect(right.status).toBe(303);
    const setCookie = String(right.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Domain=/i);
    const cookie = right.cookies.join("; ");
    const inside = await hosted(server.url, host("rules-site"), "/", { headers: { cookie } });
    expect(inside.status).toBe(200);
    expect(inside.headers["cache-control"]).toBe("private, max-age=60");
    expect(inside.text).not.toMatch(/name="csrf"/);
    expect(
      (await hosted(server.url, host("rules-site"), "/pages/1.png", { headers: { cookie } })).status,
    ).toBe(200);
    // The cookie is for this site only.
    await publish({
      source: { document_id: docId },
      namespace: "rules-other",
      access: { password: "open sesame" },
    });
    expect(
      (await hosted(server.url, host("rules-other"), "/pages/1.png", { headers: { cookie } })).status,
    ).toBe(403);
    // A new password signs the reader out.
    await patch({ password: "changed" });
    expect(
      (await hosted(server.url, host("rules-site"), "/pages/1.png", { headers: { cookie } })).status,
    ).toBe(403);
  });

  it("rate-limits wrong passwords per client address", async () => {
    await publish({ source: { document_id: docId }, namespace: "guessing", access: { password: "right" } });
    const form = await hosted(server.url, host("guessing"), "/");
    const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)?.[1] as string;
    // The twelve tries within one minute's window.
    await clearOfMinuteTurn(20);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await hosted(server.url, host("guessing"), "/_access", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ password: `guess-${i}`, csrf }).toString(),
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[11]).toBe(429);
  });

  it("says noindex unless listed and indexable, and lists only those in the sitemap", async () => {
    await publish({ source: { document_id: docId }, namespace: "indexed-site", access: { indexing: true } });
    await publish({
      source: { document_id: docId },
      namespace: "hidden-site",
      access: { indexing: true, unlisted: true },
    });
    await publish({
      source: { document_id: docId },
      namespace: "private-site",
      access: { indexing: true, password: "x" },
    });
    await publish({
      source: { document_id: docId },
      namespace: "off-site",
      access: { indexing: true, disabled: true },
    });
    await publish({
      source: { document_id: docId },
      namespace: "old-site",
      access: { indexing: true, expires_at: new Date(Date.now() - 1000).toISOString() },
    });
    const indexed = await hosted(server.url, host("indexed-site"), "/");
    expect(indexed.headers["x-robots-tag"]).toBe("all");
    expect((await hosted(server.url, host("indexed-site"), "/robots.txt")).text).toContain("Allow: /");
    expect((await hosted(server.url, host("hidden-site"), "/")).headers["x-robots-tag"]).toBe(
      "noindex, nofollow",
    );
    expect((await hosted(server.url, host("hidden-site"), "/robots.txt")).text).toContain("Disallow: /");
    const sitemap = await hosted(server.url, `${DOMAIN}:${portOf(server.url)}`, "/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers["content-type"]).toMatch(/xml/);
    expect(sitemap.text).toContain(`http://indexed-site.${DOMAIN}:${portOf(server.url)}/`);
    expect(sitemap.text).not.toContain("hidden-site");
    expect(sitemap.text).not.toContain("private-site");
    expect(sitemap.text).not.toContain("off-site");
    expect(sitemap.text).not.toContain("old-site");
    expect(sitemap.text).not.toContain("annual-report");
  });

  it("keeps hosted hosts and the API apart, and reads odd Host headers as DNS does", async () => {
    // A hosted host serves no API.
    for (const p of ["/v1/documents", "/graphql", "/openapi.json", "/health"]) {
      const r = await hosted(server.url, host("annual-report"), p, {
        headers: { authorization: `Bearer ${keys.owner.secret}` },
      });
      expect(r.status, p).toBe(404);
      expect(r.headers["content-type"], p).toMatch(/^text\/html/);
      expect(r.text).not.toContain(docId);
    }
    // The API serves no hosted content.
    const api = await call(server.url, "GET", "/pages/1.png");
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe("NOT_FOUND");
    // Case, a trailing dot and the port do not matter.
    for (const h of [
      `ANNUAL-REPORT.Quire.Localhost:${portOf(server.url)}`,
      `annual-report.quire.localhost.`,
      "annual-report.quire.localhost",
    ])
      expect((await hosted(server.url, h, "/text.json")).status, h).toBe(200);
    // Deeper names, raw IDNs and punycode labels are served nothing.
    for (const h of [`a.annual-report.${DOMAIN}`, `xn--80ak6aa92e.${DOMAIN}`, `bad_label.${DOMAIN}`])
      expect((await hosted(server.url, h, "/")).status, h).toBe(404);
    // A reserved label is the API's (so it may live at api.{domain}).
    const viaApiLabel = await hosted(server.url, `api.${DOMAIN}`, "/health");
    expect(viaApiLabel.status).toBe(200);
    expect(JSON.parse(viaApiLabel.text)).toEqual({ ok: true });
    // Odd paths on a site: 404 pages, never a file of the server.
    for (const p of [
      "/_assets/../../package.json",
      "/pages/..%2f..%2fpackage.json",
      "/pages/1.png/../../x",
      "/%2e%2e/%2e%2e/etc/passwd",
    ])
      expect((await hosted(server.url, host("annual-report"), p)).status, p).toBe(404);
  });

  it("counts views, page views and downloads, without addresses", async () => {
    await publish({ source: { document_id: docId }, namespace: "counted" });
    await hosted(server.url, host("counted"), "/");
    await hosted(server.url, host("counted"), "/");
    await hosted(server.url, host("counted"), "/pages/2.png");
    await hosted(server.url, host("counted"), "/pages/2.png?thumb");
    await hosted(server.url, host("counted"), "/document.pdf");
    let stats = await call(server.url, "GET", "/v1/host/counted/stats?days=7", { key: keys.owner.secret });
    for (let i = 0; i < 80 && stats.body.totals.views < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      stats = await call(server.url, "GET", "/v1/host/counted/stats?days=7", { key: keys.owner.secret });
    }
    expect(stats.status).toBe(200);
    expect(stats.body.totals).toEqual({ views: 2, page_views: 1, downloads: 1 });
    expect(stats.body.days).toHaveLength(7);
    expect(stats.body.days.at(-1)).toMatchObject({ date: new Date().toISOString().slice(0, 10), views: 2 });
    expect(stats.body.pages).toEqual([{ page: 2, views: 1 }]);
    const db = new pg.Client({ connectionString: server.database.url });
    await db.connect();
    const cols = await db.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'hosted_stats'`,
    );
    await db.end();
    expect(cols.rows.map((r) => r.column_name).sort()).toEqual(["count", "day", "kind", "page", "site_id"]);
  });

  it("publishes, reads, lists, updates and unpublishes over GraphQL, with the REST twins' rules", async () => {
    const key = keys.owner.secret;
    const published = await gql(
      server.url,
      `mutation($doc: ID!) { publish(documentId: $doc, namespace: "gql-site", access: { password: "pw", allowDownload: false }) {
        namespace url title status documentId deploymentId access { hasPassword allowDownload disabled expiresAt } } }`,
      { key, variables: { doc: docId } },
    );
    expect(published.body.errors, published.text).toBeUndefined();
    expect(published.body.data.publish).toMatchObject({
      namespace: "gql-site",
      url: `http://gql-site.${DOMAIN}:${portOf(server.url)}`,
      title: "report.pdf",
      status: "done",
      documentId: docId,
      access: { hasPassword: true, allowDownload: false, disabled: false, expiresAt: null },
    });
    const taken = await gql(
      server.url,
      `mutation($doc: ID!) { publish(documentId: $doc, namespace: "gql-site") { namespace } }`,
      {
        key,
        variables: { doc: docId },
      },
    );
    expect(taken.body.errors[0].extensions.code).toBe("CONFLICT");
    const updated = await gql(
      server.url,
      `mutation { updateDeployment(namespace: "gql-site", title: "Renamed", access: { password: null }) { title access { hasPassword allowDownload } } }`,
      { key },
    );
    expect(updated.body.data.updateDeployment).toEqual({
      title: "Renamed",
      access: { hasPassword: false, allowDownload: false },
    });
    const listed = await gql(
      server.url,
      `{ deployments(first: 100) { edges { node { namespace } } } deployment(namespace: "gql-site") { title } }`,
      { key },
    );
    expect(
      listed.body.data.deployments.edges.map((e: { node: { namespace: string } }) => e.node.namespace),
    ).toContain("gql-site");
    expect(listed.body.data.deployment.title).toBe("Renamed");
    // Another account sees nothing of it; a publishable key may not publish.
    const foreign = await gql(server.url, `{ deployment(namespace: "gql-site") { title } }`, {
      key: keys.other.secret,
    });
    expect(foreign.body.errors[0].extensions.code).toBe("NOT_FOUND");
    const pk = await gql(server.url, `mutation($doc: ID!) { publish(documentId: $doc) { namespace } }`, {
      key: keys.publishable,
      variables: { doc: docId },
    });
    expect(pk.body.errors[0].extensions.code).toBe("FORBIDDEN");
    const gone = await gql(
      server.url,
      `mutation { unpublish(namespace: "gql-site") { namespace releasedAt } }`,
      { key },
    );
    expect(gone.body.data.unpublish.namespace).toBe("gql-site");
    expect((await hosted(server.url, host("gql-site"), "/")).status).toBe(404);
  });

  it("answers a site whose document is not opened yet with a page that reloads itself", async () => {
    // No worker: the file published stays queued.
    const apiOnly = await startTestServer({ HOSTED_DOMAIN: DOMAIN, ROLE: "api" });
    try {
      const k = await securityFixture(apiOnly.url);
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "waiting.pdf");
      const file = await call(apiOnly.url, "POST", "/v1/files", { key: k.owner.secret, body: form });
      const site = await call(apiOnly.url, "POST", "/v1/host", {
        key: k.owner.secret,
        json: { source: { file_id: file.body.id }, namespace: "not-yet" },
      });
      expect(site.body.deployment.status).toBe("queued");
      const page = await hosted(apiOnly.url, `not-yet.${DOMAIN}:${portOf(apiOnly.url)}`, "/");
      expect(page.status).toBe(503);
      expect(page.headers.refresh).toBe("2");
      expect(page.headers["retry-after"]).toBe("2");
      expect(page.text).toContain("being prepared");
      const image = await hosted(apiOnly.url, `not-yet.${DOMAIN}:${portOf(apiOnly.url)}`, "/pages/1.png");
      expect(image.status).toBe(503);
    } finally {
      await apiOnly.close();
    }
  });

  it("secures every /v1/host route", async () => {
    await publish({ source: { document_id: docId }, namespace: "secured-site" });
    for (const ep of [
      { method: "POST", path: () => "/v1/host", json: { source: { document_id: docId } } },
      { method: "GET", path: () => "/v1/host" },
      { method: "GET", path: () => "/v1/host/secured-site", ownedResource: true },
      { method: "PATCH", path: () => "/v1/host/secured-site", json: { title: "x" }, ownedResource: true },
      { method: "GET", path: () => "/v1/host/secured-site/stats", ownedResource: true },
      { method: "DELETE", path: () => "/v1/host/secured-site", ownedResource: true },
    ])
      await expectSecured(server.url, keys, { ...ep, needs: "secret" });
    expect((await call(server.url, "GET", "/v1/host/secured-site", { key: keys.owner.secret })).status).toBe(
      200,
    );
  });
});
