import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchChromium, screenshot, watchErrors } from "../support/browser.ts";
import { uploadAndWait } from "../support/documents.ts";
import { call, gql } from "../support/http.ts";
import { reportPdf, textPdf } from "../support/pdfs.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createKey, createTenant, type Tenant } from "../support/tenant.ts";

// The dashboard in a real browser against the real service: signing in with a secret key,
// keys made, copied and revoked, a PDF uploaded and followed to `complete` live, a document's
// access policy, reparse and table downloads, collections changed and asked, a file published
// and its site opened, runs of workflows and agents, usage, signing out; axe on each page; the
// session cookie's flags, CSRF from another origin, an ended session and hostile file names
// shown as text.

/** What went wrong in a page, leaving out requests the page ended itself (a stream closed when its subscription ended, a reload). */
const real = (errors: string[]) => errors.filter((e) => !e.includes("net::ERR_ABORTED"));

const XSS_NAME = `<img src=x onerror=alert(1)>.pdf`;

let browser: Browser;
let textPdfSync: Uint8Array;
let server: TestServer;
let t: Tenant;

beforeAll(async () => {
  // Published sites answer at {namespace}.quire.localhost, which Chromium resolves to loopback.
  [browser, server] = await Promise.all([
    launchChromium(),
    startTestServer({ HOSTED_DOMAIN: "quire.localhost" }),
  ]);
  t = await createTenant(server.url, "dashboard");
  textPdfSync = await textPdf([
    ["Field notes", "The savanna in the dry season."],
    ["Migration", "Zebras migrate about 500 kilometres each year in search of grass and water."],
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedIn(key = t.secret): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${server.url}/dashboard`);
  await page.getByLabel("Secret key").fill(key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Documents" }).waitFor();
  return { context, page, errors };
}

describe("the dashboard", () => {
  it("leads a browser at / to the dashboard, and API clients still hear the envelope", async () => {
    const api = await call(server.url, "GET", "/");
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe("NOT_FOUND");
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await page.getByRole("heading", { name: "Sign in to Quire" }).waitFor();
    const res = await fetch(`${server.url}/dashboard`);
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    // The script is sent gzipped to whoever accepts it, and whole to whoever does not.
    const script = /src="(\/dashboard\/assets\/app\.js\?v=\w+)"/.exec(await res.text())?.[1];
    const zipped = await fetch(`${server.url}${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const whole = await fetch(`${server.url}${script}`, { headers: { "accept-encoding": "identity" } });
    expect(whole.headers.get("content-encoding")).toBeNull();
    expect(await zipped.text()).toBe(await whole.text());
    expect(zipped.headers.get("etag")).not.toBe(whole.headers.get("etag"));
    await expectAccessible(page);
    await screenshot(page, "dashboard", "sign-in");
    // A publishable key cannot sign in.
    const pk = await createKey(server.url, t, "publishable", "pk");
    await page.getByLabel("Secret key").fill(pk.secret);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => page.getByRole("alert").textContent()).toMatch(/Only a secret key/);
    expect(errors.filter((e) => !e.startsWith("403 /dashboard/session"))).toEqual([]);
    await page.close();
  });

  it("signs in with a session cookie that is HttpOnly and SameSite=Strict, and never keeps the key", async () => {
    const { context, page, errors } = await signedIn();
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: "quire_session", httpOnly: true, sameSite: "Strict", path: "/" });
    expect(cookie?.value).not.toContain(t.secret);
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
    );
    expect(stored).not.toContain("svc_sk_");
    // The sections are reached by keyboard: Tab to a link, Enter to follow it.
    let hops = 0;
    while ((await page.evaluate(() => document.activeElement?.textContent)) !== "Keys" && hops++ < 20)
      await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "API keys" }).waitFor();
    // A reload keeps the session.
    await page.reload();
    await page.getByRole("heading", { name: "API keys" }).waitFor();
    expect(real(errors)).toEqual([]);
    await context.close();
  });

  it("creates, copies and revokes a key, and the revoked key is refused over REST", async () => {
    const { context, page, errors } = await signedIn();
    await page.getByRole("link", { name: "Keys" }).click();
    await page.getByRole("heading", { name: "API keys" }).waitFor();
    await page.getByLabel("Name").fill("ci <b>bold</b>");
    await page.getByRole("button", { name: "Create key" }).click();
    const secret = (await page.getByTestId("new-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^svc_sk_/);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect((await call(server.url, "GET", "/v1/account", { key: secret })).status).toBe(200);
    // The name is shown as text, not markup.
    await page.getByRole("cell", { name: "ci <b>bold</b>" }).waitFor();
    expect(await page.locator("td b").count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, "dashboard", "keys");
    const row = page.locator("tr", { has: page.getByRole("cell", { name: "ci <b>bold</b>" }) });
    await row.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("button", { name: "Yes, revoke" }).click();
    await row.getByText(/^revoked/).waitFor();
    expect((await call(server.url, "GET", "/v1/account", { key: secret })).status).toBe(401);
    expect(real(errors)).toEqual([]);
    await context.close();
  });

  it("uploads a PDF and shows its phase reach complete live; a hostile file name is text", async () => {
    const { context, page, errors } = await signedIn();
    const pdf = Buffer.from(await textPdf([["Dashboard upload", "A page to read."], ["Second page"]]));
    await page.setInputFiles("#upload", { name: XSS_NAME, mimeType: "application/pdf", buffer: pdf });
    const row = page.locator("tr", { has: page.getByRole("cell", { name: XSS_NAME }) });
    await row.waitFor();
    await expect.poll(() => row.getByTestId("phase").textContent(), { timeout: 60_000 }).toBe("complete");
    expect(await page.locator("img").count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, "dashboard", "documents");
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, "dashboard", "documents-375");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Its own page: the page images beside their markdown, its table with downloads.
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.getByRole("link", { name: XSS_NAME }).click();
    await page.getByRole("heading", { name: XSS_NAME }).waitFor();
    await page.getByRole("img", { name: `Page 1 of ${XSS_NAME}` }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole("img", { name: `Page 1 of ${XSS_NAME}` })
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(100);
    expect(await page.locator("pre.markdown").first().textContent()).toContain("Dashboard upload");
    await expectAccessible(page);
    await screenshot(page, "dashboard", "document");
    await page.goBack();
    await page.getByRole("heading", { name: "Documents" }).waitFor();
    expect(real(errors)).toEqual([]);
    await context.close();
  }, 120_000);

  it("makes a collection, asks it, streams the answer and opens the cited page", async () => {
    await uploadAndWait(server.url, t.secret, textPdfSync, "zebras.pdf");
    const { context, page, errors } = await signedIn();
    await page.getByRole("link", { name: "Collections" }).click();
    await page.getByLabel("Name").fill("Savanna");
    await page.getByRole("checkbox", { name: "zebras.pdf" }).check();
    await page.getByRole("button", { name: "Create collection" }).click();
    await page.getByRole("heading", { name: /Savanna/ }).waitFor();
    await page.getByLabel("Ask Savanna").fill("How far do zebras migrate?");
    await page.getByRole("button", { name: "Ask" }).click();
    await expect
      .poll(() => page.getByTestId("answer").textContent(), { timeout: 30_000 })
      .toMatch(/kilomet/i);
    const citation = page.getByRole("link", { name: /zebras\.pdf, page 2/ });
    await citation.waitFor();
    await expectAccessible(page);
    await screenshot(page, "dashboard", "collections");
    await citation.click();
    await page.getByRole("heading", { name: "zebras.pdf" }).waitFor();
    expect(new URL(page.url()).hash).toBe("#page-2");
    await page.locator("#page-2").waitFor();
    expect(real(errors)).toEqual([]);
    await context.close();
  }, 120_000);

  it("lists workflow runs, follows one to its end and offers its results", async () => {
    const invoice = await textPdf([["INVOICE", "Invoice number: D-1", "Total: 10.00"]]);
    const doc = await call(server.url, "POST", "/v1/documents", {
      key: t.secret,
      body: (() => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(invoice)], { type: "application/pdf" }), "d-1.pdf");
        return form;
      })(),
    });
    const run = await call(server.url, "POST", "/v1/workflows/invoice-extraction/runs", {
      key: t.secret,
      json: { document_ids: [doc.body.id] },
    });
    expect(run.status, run.text).toBe(202);
    const { context, page, errors } = await signedIn();
    await page.getByRole("link", { name: "Runs" }).click();
    const row = page.locator(`tr[data-run-id="${run.body.id}"]`);
    await row.waitFor();
    await expect
      .poll(() => row.getByTestId("run-status").textContent(), { timeout: 60_000 })
      .toMatch(/succeeded|needs_review/);
    const csv = row.getByRole("link", { name: "CSV" });
    await csv.waitFor();
    const href = await csv.getAttribute("href");
    // The download answers with the session's cookie alone.
    const [cookie] = await context.cookies();
    const got = await fetch(`${server.url}${href}`, {
      headers: { cookie: `quire_session=${cookie?.value}` },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toMatch(/text\/csv/);
    await expectAccessible(page);
    await screenshot(page, "dashboard", "runs");
    expect(real(errors)).toEqual([]);
    await context.close();
  }, 120_000);

  it("edits a document's access policy, reparses it live and downloads its table as XLSX", async () => {
    const report = await uploadAndWait(server.url, t.secret, await reportPdf(), "regions.pdf");
    const anonymousRead = () => call(server.url, "GET", `/v1/documents/${report.id}/pages/1`);
    expect((await anonymousRead()).status).toBe(401);
    const { context, page, errors } = await signedIn();
    await page.goto(`${server.url}/dashboard/documents/${report.id}`);
    await page.getByRole("heading", { name: "regions.pdf" }).waitFor();
    // The table's XLSX download answers with the session's cookie alone.
    const xlsx = page.getByRole("link", { name: "XLSX" }).first();
    const [cookie] = await context.cookies();
    const got = await fetch(`${server.url}${await xlsx.getAttribute("href")}`, {
      headers: { cookie: `quire_session=${cookie?.value}` },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    // A public grant to read the content, made in the form, lets anyone read a page.
    const before = await call(server.url, "GET", `/v1/documents/${report.id}/config`, { key: t.secret });
    const kept = before.body.access.grants;
    await page.getByTestId("grant").first().waitFor();
    expect(await page.getByTestId("grant").count()).toBe(kept.length);
    const added = page.getByRole("group", { name: `Grant ${kept.length + 1}` });
    await page.getByRole("button", { name: "Add a grant" }).click();
    await added.getByLabel("Who").selectOption("public");
    await page.getByRole("button", { name: "Save access" }).click();
    await page.getByText("The access policy was saved.").waitFor();
    expect((await anonymousRead()).status).toBe(200);
    const config = await call(server.url, "GET", `/v1/documents/${report.id}/config`, { key: t.secret });
    expect(config.body.access.grants).toEqual([
      ...kept,
      { principal: { type: "public" }, actions: ["read_content"] },
    ]);
    // A key id that is not one is held back by the form itself, and nothing is sent.
    await added.getByLabel("Who").selectOption("publishable");
    const keyField = added.getByLabel("Only the key (optional)");
    await keyField.fill("key_NOT valid");
    await page.getByRole("button", { name: "Save access" }).click();
    expect(await keyField.evaluate((el) => (el as HTMLInputElement).validity.valid)).toBe(false);
    const unchanged = await call(server.url, "GET", `/v1/documents/${report.id}/config`, { key: t.secret });
    expect(unchanged.body.access.grants).toEqual(config.body.access.grants);
    await page.getByRole("button", { name: `Remove grant ${kept.length + 1}` }).click();
    await page.getByRole("button", { name: "Save access" }).click();
    await page.getByText("The access policy was saved.").waitFor();
    expect((await anonymousRead()).status).toBe(401);
    await expectAccessible(page);
    await screenshot(page, "dashboard", "document-access");
    // Reparse: the phase leaves complete and comes back to it live.
    await page.getByRole("button", { name: "Reparse" }).click();
    await expect.poll(() => page.getByTestId("phase").textContent()).not.toBe("complete");
    await expect.poll(() => page.getByTestId("phase").textContent(), { timeout: 60_000 }).toBe("complete");
    await page.getByRole("link", { name: "XLSX" }).first().waitFor();
    expect(real(errors)).toEqual([]);
    await context.close();
  }, 120_000);

  it("adds and removes a collection's documents", async () => {
    const a = await uploadAndWait(server.url, t.secret, await textPdf([["Alpha"]]), "alpha.pdf");
    const made = await call(server.url, "POST", "/v1/collections", {
      key: t.secret,
      json: { name: "Members" },
    });
    expect(made.status).toBe(201);
    const { context, page, errors } = await signedIn();
    await page.getByRole("link", { name: "Collections" }).click();
    const members = page.getByRole("article", { name: "Members" });
    await members.getByText("Documents of Members").click();
    await members.getByLabel("Add a document").selectOption(a.id);
    await members.getByRole("button", { name: "Add" }).click();
    await members.getByRole("button", { name: "Remove alpha.pdf from Members" }).waitFor();
    await members.getByText("(1 documents)").waitFor();
    const listed = await call(server.url, "GET", `/v1/collections/${made.body.id}`, { key: t.secret });
    expect(listed.body.document_count ?? listed.body.documentCount).toBe(1);
    await members.getByRole("button", { name: "Remove alpha.pdf from Members" }).click();
    await members.getByText("(0 documents)").waitFor();
    await expectAccessible(page);
    expect(real(errors)).toEqual([]);
    await context.close();
  }, 60_000);

  it("stores a file, publishes it, copies its address and opens the site; unpublishes it", async () => {
    const { context, page, errors } = await signedIn();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("link", { name: "Files" }).click();
    await page.getByRole("heading", { name: "Files and sites" }).waitFor();
    const pdf = Buffer.from(await textPdf([["Published from the dashboard", "A page for readers."]]));
    await page.setInputFiles("#file-input", {
      name: "handout.pdf",
      mimeType: "application/pdf",
      buffer: pdf,
    });
    await page.getByRole("button", { name: "Publish handout.pdf" }).click();
    const namespace = `dash-${Date.now().toString(36)}`;
    await page.getByLabel("Address (leave empty for a generated one)").fill(namespace);
    await page.getByLabel("Title").fill("Handout <i>one</i>");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const row = page.locator(`tr[data-namespace="${namespace}"]`);
    await row.waitFor();
    const link = row.getByRole("link", { name: "Handout <i>one</i>" });
    const url = (await link.getAttribute("href")) ?? "";
    expect(url).toBe(`http://${namespace}.quire.localhost:${new URL(server.url).port}`);
    await row.getByRole("button", { name: "Copy address" }).click();
    await row.getByText("Copied.").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectAccessible(page);
    await screenshot(page, "dashboard", "files");
    // The site, once its parse is done, opens with its title.
    await expect
      .poll(
        async () =>
          (
            await gql(server.url, "query($n: String!) { deployment(namespace: $n) { status } }", {
              key: t.secret,
              variables: { n: namespace },
            })
          ).body.data?.deployment?.status,
        { timeout: 60_000 },
      )
      .toBe("done");
    const site = await context.newPage();
    const opened = await site.goto(url);
    expect(opened?.status()).toBe(200);
    expect(await site.title()).toBe("Handout <i>one</i>");
    await site.close();
    await row.getByRole("button", { name: "Stats" }).click();
    await row.getByTestId("site-stats").waitFor();
    await row.getByRole("button", { name: "Disable" }).click();
    await row.getByRole("button", { name: "Enable" }).waitFor();
    expect(
      (
        await fetch(`${server.url}/v1/host/${namespace}`, {
          headers: { authorization: `Bearer ${t.secret}` },
        })
      ).status,
    ).toBe(200);
    await row.getByRole("button", { name: "Unpublish" }).click();
    await page.getByRole("button", { name: "Yes, unpublish" }).click();
    await row.waitFor({ state: "detached" });
    expect(real(errors)).toEqual([]);
    await context.close();
  }, 120_000);

  it("follows an agent run to its end, shows the keys' last use and the usage against the limits", async () => {
    const doc = await uploadAndWait(
      server.url,
      t.secret,
      await textPdf([["Memo", "Subject: fences"]]),
      "memo.pdf",
    );
    const agent = await call(server.url, "POST", "/v1/agents", {
      key: t.secret,
      json: {
        name: "Reader",
        output_schema: { type: "object", properties: { subject: { type: "string" } } },
      },
    });
    expect(agent.status, agent.text).toBe(201);
    const run = await call(server.url, "POST", `/v1/agents/${agent.body.id}/runs`, {
      key: t.secret,
      json: { input: "The subject.", document_ids: [doc.id] },
    });
    expect(run.status, run.text).toBe(202);
    const { context, page, errors } = await signedIn();
    await page.getByRole("link", { name: "Runs" }).click();
    const row = page.locator(`tr[data-run-id="${run.body.id}"]`);
    await row.waitFor();
    await expect
      .poll(() => row.getByTestId("run-status").textContent(), { timeout: 60_000 })
      .toBe("succeeded");
    await row.getByText("Output").click();
    await expectAccessible(page);
    await screenshot(page, "dashboard", "agent-runs");

    const unused = await createKey(server.url, t, "secret", "unused");
    await page.getByRole("link", { name: "Keys" }).click();
    await expect
      .poll(() => page.locator(`tr[data-key-id="${unused.id}"]`).getByTestId("last-used").textContent())
      .toBe("never");
    expect(
      await page.locator(`tr[data-key-id="${t.keyId}"]`).getByTestId("last-used").textContent(),
    ).not.toBe("never");

    await page.getByRole("link", { name: "Usage" }).click();
    const mine = page.locator(`section[data-key-id="${t.keyId}"]`);
    await mine.waitFor();
    const thisMinute = (await mine.getByTestId("this-minute").textContent())?.replace(/\s+/g, " ") ?? "";
    expect(thisMinute).toMatch(/^This minute: \d+ of 600 standard, \d+ of 30 expensive\.$/);
    expect(await mine.getByRole("img", { name: /Standard requests a minute/ }).count()).toBe(1);
    const total = await mine
      .locator("details table")
      .first()
      .evaluate((t) =>
        [...t.querySelectorAll("tbody tr td:nth-child(2)")].reduce((a, td) => a + Number(td.textContent), 0),
      );
    expect(total).toBeGreaterThan(0);
    await expectAccessible(page);
    await screenshot(page, "dashboard", "usage");
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(real(errors)).toEqual([]);
    await context.close();
  }, 120_000);

  it("refuses a change from another origin and one without the CSRF token", async () => {
    const { context } = await signedIn();
    const [cookie] = await context.cookies();
    const headers = { cookie: `quire_session=${cookie?.value}`, "content-type": "application/json" };
    const mutation = JSON.stringify({ query: 'mutation { createApiKey(name: "csrf") { secret } }' });
    const noToken = await fetch(`${server.url}/graphql`, { method: "POST", headers, body: mutation });
    // GraphQL answers 200 with the error in its own envelope.
    const refused = (await noToken.json()) as {
      data?: unknown;
      errors?: { extensions?: { code?: string } }[];
    };
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(refused.data ?? null).toBeNull();
    const rest = await fetch(`${server.url}/v1/keys`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "csrf" }),
    });
    expect(rest.status).toBe(403);
    const session = await fetch(`${server.url}/dashboard/session`, { headers });
    const csrf = ((await session.json()) as { csrf_token: string }).csrf_token;
    const withToken = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { ...headers, "x-csrf-token": csrf },
      body: mutation,
    });
    expect(withToken.status).toBe(200);
    // Signing in from another site's page is refused.
    const foreign = await fetch(`${server.url}/dashboard/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ key: t.secret }),
    });
    expect(foreign.status).toBe(403);
    await context.close();
  });

  it("signs out, after which the cookie no longer works; a revoked key ends its sessions", async () => {
    const { context, page } = await signedIn();
    const [cookie] = await context.cookies();
    const headers = { cookie: `quire_session=${cookie?.value}` };
    expect((await fetch(`${server.url}/v1/account`, { headers })).status).toBe(200);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in to Quire" }).waitFor();
    expect((await fetch(`${server.url}/v1/account`, { headers })).status).toBe(401);
    await context.close();

    const key = await createKey(server.url, t, "secret", "short-lived");
    const second = await signedIn(key.secret);
    const [c2] = await second.context.cookies();
    const h2 = { cookie: `quire_session=${c2?.value}` };
    expect((await fetch(`${server.url}/v1/account`, { headers: h2 })).status).toBe(200);
    expect((await call(server.url, "DELETE", `/v1/keys/${key.id}`, { key: t.secret })).status).toBe(200);
    expect((await fetch(`${server.url}/v1/account`, { headers: h2 })).status).toBe(401);
    await second.page.reload();
    await second.page.getByRole("heading", { name: "Sign in to Quire" }).waitFor();
    await second.context.close();
  });
});
