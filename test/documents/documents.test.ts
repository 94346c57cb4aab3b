import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upload, uploadAndWait, waitForTerminal } from "../support/documents.ts";
import { call } from "../support/http.ts";
import { blankPdf, pngBytes, reportPdf, textPdf } from "../support/pdfs.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

let server: TestServer;
let t: Tenant;
const corpus = path.resolve(import.meta.dirname, "../../../shared/corpus/tables");

beforeAll(async () => {
  server = await sharedTestServer();
  t = await createTenant(server.url);
});
afterAll(async () => {
  await server?.close();
});

describe("document lifecycle", () => {
  it("uploads, extracts in the background and serves every read path", async () => {
    const bytes = await reportPdf();
    const r = await upload(server.url, t.secret, bytes, { fileName: "report.pdf" });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ status: "queued", phase: "queued", fileName: "report.pdf" });
    expect(r.body.id).toMatch(/^doc-[a-z0-9]{16}$/);
    expect(r.headers.get("location")).toBe(`/v1/documents/${r.body.id}`);
    expect(r.headers.get("x-ratelimit-limit")).toBe("30");
    const id = r.body.id as string;

    const done = await waitForTerminal(server.url, t.secret, id);
    expect(done).toMatchObject({
      id,
      phase: "complete",
      status: "done",
      pagesTotal: 1,
      pagesCompleted: 1,
      error: null,
    });
    expect(done.sizeBytes).toBe(bytes.byteLength);
    expect(done.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(done.shortHash).toBe(id.slice(4, 10));

    const page = await call(server.url, "GET", `/v1/documents/${id}/pages/1`, { key: t.secret });
    expect(page.status).toBe(200);
    expect(page.body.page).toBe(1);
    expect(page.body.content).toMatch(/^# Quarterly Report/);
    expect(page.body.content).toContain("Revenue grew in every region this quarter.");
    expect(page.headers.get("cache-control")).toMatch(/private|no-store/);

    const md = await call(server.url, "GET", `/v1/documents/${id}/pages/1/markdown`, { key: t.secret });
    expect(md.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(md.text).toBe(page.body.content);

    const full = await call(server.url, "GET", `/v1/documents/${id}/full.md`, { key: t.secret });
    expect(full.status).toBe(200);
    expect(full.text).toContain("<!-- page 1 -->");
    expect(full.text).toContain(page.body.content);

    // The short hash works in place of the id.
    const short = await call(server.url, "GET", `/v1/documents/${done.shortHash}`, { key: t.secret });
    expect(short.body.id).toBe(id);

    const tables = await call(server.url, "GET", `/v1/documents/${id}/entities/tables`, { key: t.secret });
    expect(tables.status).toBe(200);
    expect(tables.body.total).toBe(1);
    expect(tables.body.nodes[0].type).toBe("table");
    expect(tables.body.nodes[0].value).toContain("| Region | Revenue | Growth |");

    const json = await call(server.url, "GET", `/v1/documents/${id}/entities/tables/0`, { key: t.secret });
    expect(json.headers.get("content-type")).toMatch(/^application\/json/);
    expect(json.body.rows).toEqual([
      ["Region", "Revenue", "Growth"],
      ["North", "1,200", "4%"],
      ["South", "950", "7%"],
      ["West, Coast", "2,310", "12%"],
    ]);
    expect(json.body.page).toBe(1);
    const csv = await call(server.url, "GET", `/v1/documents/${id}/entities/tables/0?format=csv`, {
      key: t.secret,
    });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.text).toBe(
      'Region,Revenue,Growth\r\nNorth,"1,200",4%\r\nSouth,950,7%\r\n"West, Coast","2,310",12%\r\n',
    );
    const html = await call(server.url, "GET", `/v1/documents/${id}/entities/tables/0?format=html`, {
      key: t.secret,
    });
    expect(html.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html.text).toContain("<th>Region</th>");
    expect(html.text).toContain("<td>West, Coast</td>");
    const mdt = await call(server.url, "GET", `/v1/documents/${id}/entities/tables/0?format=markdown`, {
      key: t.secret,
    });
    expect(mdt.text).toBe(json.body.value);

    const img = await fetch(`${server.url}/v1/documents/${id}/pages/1/image.png?scale=0.5`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await img.arrayBuffer());
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    // 612 x 792 points at scale 0.5: the IHDR width and height.
    expect(png.readUInt32BE(16)).toBe(306);
    expect(png.readUInt32BE(20)).toBe(396);
    const cached = await server.services.blobs.list(`documents/${id}/images/`);
    expect(cached).toHaveLength(1);

    // Delete: every path of the id is 404 afterwards and the blob store holds none of its bytes.
    expect((await server.services.blobs.list(`documents/${id}/`)).length).toBeGreaterThanOrEqual(2);
    const del = await call(server.url, "DELETE", `/v1/documents/${id}`, { key: t.secret });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deleted: true, id });
    for (const p of [
      "",
      "/full.md",
      "/pages/1",
      "/pages/1/markdown",
      "/pages/1/image.png",
      "/entities/tables",
      "/entities/tables/0",
      "/config",
    ]) {
      const after = await call(server.url, "GET", `/v1/documents/${id}${p}`, { key: t.secret });
      expect(after.status, p).toBe(404);
      expect(after.body.error.code).toBe("NOT_FOUND");
    }
    expect((await call(server.url, "GET", `/v1/documents/${done.shortHash}`, { key: t.secret })).status).toBe(
      404,
    );
    expect(await server.services.blobs.list(`documents/${id}/`)).toEqual([]);
    const rows = await server.services.db.pool.query(
      "SELECT (SELECT count(*) FROM pages WHERE document_id = $1) + (SELECT count(*) FROM document_tables WHERE document_id = $1) AS n",
      [id],
    );
    expect(Number(rows.rows[0].n)).toBe(0);
  });

  it("lists documents newest first with a cursor", async () => {
    const tenant = await createTenant(server.url);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await upload(server.url, tenant.secret, await textPdf([[`document ${i}`]]), {
        fileName: `d${i}.pdf`,
      });
      ids.push(r.body.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `?limit=2&cursor=${cursor}` : "?limit=2";
      const page = await call(server.url, "GET", `/v1/documents${q}`, { key: tenant.secret });
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((d: { id: string }) => d.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const bad = await call(server.url, "GET", "/v1/documents?cursor=garbage", { key: tenant.secret });
    expect(bad.status).toBe(400);
    // Another account's list does not show them.
    const other = await call(server.url, "GET", "/v1/documents", { key: t.secret });
    expect(other.body.data.map((d: { id: string }) => d.id)).not.toContain(ids[0]);
  });

  it("reads a real corpus PDF", async () => {
    const done = await uploadAndWait(
      server.url,
      t.secret,
      readFileSync(path.join(corpus, "twotables.pdf")),
      "twotables.pdf",
    );
    expect(done.phase).toBe("complete");
    const page = await call(server.url, "GET", `/v1/documents/${done.id}/pages/1`, { key: t.secret });
    expect(page.body.content).toContain("連結株主資本等変動計算書");
  });
});

describe("bad uploads", () => {
  it("refuses an empty file, a PNG renamed .pdf, a missing or misnamed part, and a raw body", async () => {
    const empty = await upload(server.url, t.secret, new Uint8Array(0));
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/empty/);

    const png = await upload(server.url, t.secret, pngBytes(), { fileName: "photo.pdf" });
    expect(png.status).toBe(415);
    expect(png.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(png.body.error.message).toMatch(/PNG/);

    const wrongPart = await upload(server.url, t.secret, await textPdf([["x"]]), { part: "document" });
    expect(wrongPart.status).toBe(400);
    expect(wrongPart.body.error.message).toMatch(/'file'/);

    const noPart = await call(server.url, "POST", "/v1/documents", { key: t.secret, body: new FormData() });
    expect(noPart.status).toBe(400);

    const raw = await call(server.url, "POST", "/v1/documents", {
      key: t.secret,
      body: new Uint8Array(await textPdf([["x"]])),
      headers: { "content-type": "application/pdf" },
    });
    expect(raw.status).toBe(415);
    expect(raw.body.error.message).toMatch(/multipart/);
  });

  it("ends a truncated PDF, an encrypted PDF and a PDF with no text in the right phase, with a reason", async () => {
    const whole = await reportPdf();
    const truncated = await uploadAndWait(
      server.url,
      t.secret,
      whole.subarray(0, Math.floor(whole.length / 3)),
      "cut.pdf",
    );
    expect(truncated.phase).toBe("error");
    expect(truncated.status).toBe("failed");
    expect(truncated.error).toMatch(/not a readable PDF|could not be opened/);

    const encrypted = await uploadAndWait(
      server.url,
      t.secret,
      readFileSync(path.resolve(import.meta.dirname, "../fixtures/encrypted.pdf")),
      "locked.pdf",
    );
    expect(encrypted.phase).toBe("error");
    expect(encrypted.error).toMatch(/encrypted with a password/);
    const unreadable = await call(server.url, "GET", `/v1/documents/${encrypted.id}/pages/1`, {
      key: t.secret,
    });
    expect(unreadable.status).toBe(409);
    expect(
      (await call(server.url, "GET", `/v1/documents/${encrypted.id}/full.md`, { key: t.secret })).status,
    ).toBe(409);

    const blank = await uploadAndWait(server.url, t.secret, await blankPdf(2), "blank.pdf");
    expect(blank.phase).toBe("awaiting_review");
    expect(blank.error).toMatch(/no text found.*1, 2/);
    // Approving moves it to complete; approving again is a conflict.
    const ok = await call(server.url, "POST", `/v1/documents/${blank.id}/review/approve`, { key: t.secret });
    expect(ok.status).toBe(200);
    expect(ok.body.phase).toBe("complete");
    expect(
      (await call(server.url, "POST", `/v1/documents/${blank.id}/review/approve`, { key: t.secret })).status,
    ).toBe(409);
  });
});

describe("reads out of range", () => {
  let id: string;
  beforeAll(async () => {
    id = (await uploadAndWait(server.url, t.secret, await textPdf([["one"], ["two"]]))).id;
  });

  it("answers 404 for page 0 and past the end, 400 for a non-number", async () => {
    for (const p of ["0", "3", "-1"]) {
      const r = await call(server.url, "GET", `/v1/documents/${id}/pages/${p}`, { key: t.secret });
      expect(r.status, p).toBe(404);
    }
    for (const p of ["abc", "1.5"]) {
      const r = await call(server.url, "GET", `/v1/documents/${id}/pages/${p}`, { key: t.secret });
      expect(r.status, p).toBe(400);
      expect(r.body.error.message).toMatch(/page_number/);
    }
    expect(
      (await call(server.url, "GET", `/v1/documents/${id}/pages/2`, { key: t.secret })).body.content,
    ).toBe("two");
    expect(
      (await call(server.url, "GET", `/v1/documents/${id}/pages/9/image.png`, { key: t.secret })).status,
    ).toBe(404);
    expect(
      (await call(server.url, "GET", `/v1/documents/${id}/pages/1/image.png?scale=50`, { key: t.secret }))
        .status,
    ).toBe(400);
  });

  it("answers 404 for a table index past the end, 400 for a bad index or format", async () => {
    expect(
      (await call(server.url, "GET", `/v1/documents/${id}/entities/tables/0`, { key: t.secret })).status,
    ).toBe(404);
    expect(
      (await call(server.url, "GET", `/v1/documents/${id}/entities/tables/x`, { key: t.secret })).status,
    ).toBe(400);
    expect(
      (await call(server.url, "GET", `/v1/documents/${id}/entities/tables/0?format=pdf`, { key: t.secret }))
        .status,
    ).toBe(400);
    const list = await call(server.url, "GET", `/v1/documents/${id}/entities/tables?limit=5&offset=0`, {
      key: t.secret,
    });
    expect(list.body).toEqual({ nodes: [], total: 0 });
    expect(
      (await call(server.url, "GET", `/v1/documents/${id}/entities/tables?limit=-1`, { key: t.secret }))
        .status,
    ).toBe(400);
  });

  it("answers 404 for an unknown id and for another account's document", async () => {
    expect(
      (await call(server.url, "GET", "/v1/documents/doc-0000000000000000", { key: t.secret })).status,
    ).toBe(404);
    expect((await call(server.url, "GET", "/v1/documents/zzzzzz", { key: t.secret })).status).toBe(404);
    const other = await createTenant(server.url);
    const r = await call(server.url, "GET", `/v1/documents/${id}`, { key: other.secret });
    expect(r.status).toBe(404);
    expect((await call(server.url, "DELETE", `/v1/documents/${id}`, { key: other.secret })).status).toBe(404);
  });
});
