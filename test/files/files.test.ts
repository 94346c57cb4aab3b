import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeFileName } from "../../src/core/files/safe-file-name.ts";
import { waitForTerminal } from "../support/documents.ts";
import { call } from "../support/http.ts";
import { pngBytes, reportPdf } from "../support/pdfs.ts";
import { expectError, expectSecured, type Keys, securityFixture } from "../support/security.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

function send(base: string, key: string | undefined, bytes: Uint8Array, fileName = "report.pdf") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), fileName);
  return call(base, "POST", "/v1/files", { key, body: form });
}

/** Files in the local store under files/ (what a refused upload must not leave). */
function storedFiles(server: TestServer): string[] {
  try {
    return readdirSync(path.join(server.blobDir, "files"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(path.join(server.blobDir, "files"), path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

describe("files", () => {
  let server: TestServer;
  let keys: Keys;
  let pdf: Uint8Array;

  beforeAll(async () => {
    server = await startTestServer({ MAX_UPLOAD_BYTES: String(2 * 1024 * 1024) });
    keys = await securityFixture(server.url);
    pdf = await reportPdf();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("stores a PDF without parsing it, and lists, reads and deletes it", async () => {
    const r = await send(server.url, keys.owner.secret, pdf, "Q3 report.pdf");
    expect(r.status, r.text).toBe(201);
    expect(r.body).toMatchObject({
      fileName: "Q3 report.pdf",
      size: pdf.byteLength,
      sha256: sha256(pdf),
      contentType: "application/pdf",
      status: "ready",
      expires_at: null,
    });
    expect(r.body.id).toMatch(/^file_[a-z0-9]{16}$/);
    expect(r.headers.get("location")).toBe(`/v1/files/${r.body.id}`);
    // Storing is not parsing: no document appeared.
    expect((await call(server.url, "GET", "/v1/documents", { key: keys.owner.secret })).body.data).toEqual(
      [],
    );

    const second = await send(server.url, keys.owner.secret, pdf, "second.pdf");
    const page1 = await call(server.url, "GET", "/v1/files?limit=1", { key: keys.owner.secret });
    expect(page1.body.data.map((f: { id: string }) => f.id)).toEqual([second.body.id]);
    const page2 = await call(server.url, "GET", `/v1/files?limit=1&cursor=${page1.body.next_cursor}`, {
      key: keys.owner.secret,
    });
    expect(page2.body.data.map((f: { id: string }) => f.id)).toEqual([r.body.id]);

    // A worker counts the pages just after: the report has one.
    let one = await call(server.url, "GET", `/v1/files/${r.body.id}`, { key: keys.owner.secret });
    for (let i = 0; i < 100 && one.body.pages === null; i++) {
      await new Promise((res) => setTimeout(res, 100));
      one = await call(server.url, "GET", `/v1/files/${r.body.id}`, { key: keys.owner.secret });
    }
    expect(one.body).toEqual({ ...r.body, pages: 1 });

    const del = await call(server.url, "DELETE", `/v1/files/${second.body.id}`, { key: keys.owner.secret });
    expect(del.body).toEqual({ id: second.body.id, deleted: true });
    expectError(
      await call(server.url, "GET", `/v1/files/${second.body.id}`, { key: keys.owner.secret }),
      404,
      "NOT_FOUND",
    );
    expect(storedFiles(server).some((f) => f.startsWith(second.body.id))).toBe(false);
  });

  it("serves the bytes whole, by range, and not again when the ETag matches", async () => {
    const f = (await send(server.url, keys.owner.secret, pdf, "r.pdf")).body;
    const url = `${server.url}/v1/files/${f.id}/content`;
    const auth = { authorization: `Bearer ${keys.owner.secret}` };
    const whole = await fetch(url, { headers: auth });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("application/pdf");
    expect(whole.headers.get("content-disposition")).toContain('filename="r.pdf"');
    expect(whole.headers.get("etag")).toBe(`"${sha256(pdf)}"`);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(sha256(pdf));

    const part = await fetch(url, { headers: { ...auth, range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 10-19/${pdf.byteLength}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(Buffer.from(pdf.subarray(10, 20)));
    const suffix = await fetch(url, { headers: { ...auth, range: "bytes=-5" } });
    expect(Buffer.from(await suffix.arrayBuffer())).toEqual(Buffer.from(pdf.subarray(pdf.byteLength - 5)));
    const open = await fetch(url, { headers: { ...auth, range: `bytes=${pdf.byteLength - 3}-` } });
    expect(open.headers.get("content-range")).toBe(
      `bytes ${pdf.byteLength - 3}-${pdf.byteLength - 1}/${pdf.byteLength}`,
    );

    const outside = await fetch(url, { headers: { ...auth, range: `bytes=${pdf.byteLength}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${pdf.byteLength}`);
    expect((await outside.json()).error.code).toBe("RANGE_NOT_SATISFIABLE");

    const same = await fetch(url, { headers: { ...auth, "if-none-match": `"${sha256(pdf)}"` } });
    expect(same.status).toBe(304);
  });

  it("refuses an empty file, a file that is not a PDF and one over the limit, keeping nothing", async () => {
    const before = storedFiles(server).length;
    expectError(await send(server.url, keys.owner.secret, new Uint8Array()), 400, "BAD_REQUEST");
    const png = await send(server.url, keys.owner.secret, pngBytes(), "x.pdf");
    expectError(png, 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(png.body.error.message).toContain("PNG");
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(Buffer.from("%PDF-1.7\n"));
    const over = await send(server.url, keys.owner.secret, big);
    expect(over.status).toBe(413);
    expect(over.body.error.code).toBe("PAYLOAD_TOO_LARGE");
    const noPart = await call(server.url, "POST", "/v1/files", {
      key: keys.owner.secret,
      body: new FormData(),
    });
    expect(noPart.status).toBe(400);
    expect(storedFiles(server).length).toBe(before);
  });

  it("keeps nothing of an upload that breaks off half-way", async () => {
    const list = async () =>
      (await call(server.url, "GET", "/v1/files?limit=100", { key: keys.owner.secret })).body.data.length;
    const count = await list();
    const before = storedFiles(server).length;
    const { hostname, port } = new URL(server.url);
    const boundary = "----quire-test-boundary";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          `POST /v1/files HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${keys.owner.secret}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n${head}%PDF-1.7\n${"x".repeat(200_000)}`,
        );
        setTimeout(() => socket.destroy(), 300);
      });
      socket.on("close", () => resolve());
      socket.on("error", () => undefined);
    });
    // The server notices the closed connection and removes what it had begun.
    await new Promise((r) => setTimeout(r, 500));
    expect(await list()).toBe(count);
    expect(storedFiles(server).filter((f) => f.endsWith(".tmp")).length).toBe(0);
    expect(storedFiles(server).length).toBe(before);
  });

  it("keeps a file name as a label only: no directories, no control characters", async () => {
    const r = await send(server.url, keys.owner.secret, pdf, "../../etc/passwd.pdf");
    expect(r.status, r.text).toBe(201);
    expect(r.body.fileName).toBe("passwd.pdf");
    const windows = await send(server.url, keys.owner.secret, pdf, "C:\\Users\\me\\q3.pdf");
    expect(windows.body.fileName).toBe("q3.pdf");
    const blank = await send(server.url, keys.owner.secret, pdf, "..");
    expect(blank.body.fileName).toBe("file.pdf");
    // A control character makes the part's header unreadable: refused, naming the problem.
    const bell = await send(server.url, keys.owner.secret, pdf, "pass\u0007wd.pdf");
    expectError(bell, 400, "BAD_REQUEST");
    expect(bell.body.error.message).toContain("cannot be read");
    // What survives the header is still cleaned: format characters (a right-to-left override) go.
    expect(safeFileName("inv\u202Egpj.pdf", "file.pdf")).toBe("invgpj.pdf");
    expect(safeFileName("x".repeat(300), "file.pdf")).toHaveLength(255);
  });

  it("parses a stored file without sending it again; the document keeps its own copy", async () => {
    const f = (await send(server.url, keys.owner.secret, pdf, "stored.pdf")).body;
    const r = await call(server.url, "POST", "/v1/documents", {
      key: keys.owner.secret,
      json: { file_id: f.id },
    });
    expect(r.status, r.text).toBe(202);
    expect(r.body.fileName).toBe("stored.pdf");
    const done = await waitForTerminal(server.url, keys.owner.secret, r.body.id);
    expect(done).toMatchObject({ phase: "complete", sha256: f.sha256 });
    const row = await server.services.db.prisma.document.findUnique({ where: { id: r.body.id } });
    expect(row?.sourceFileId).toBe(f.id);
    // Deleting the file leaves the document whole.
    await call(server.url, "DELETE", `/v1/files/${f.id}`, { key: keys.owner.secret });
    const page = await call(server.url, "GET", `/v1/documents/${r.body.id}/pages/1`, {
      key: keys.owner.secret,
    });
    expect(page.status).toBe(200);
    expect(
      (await server.services.db.prisma.document.findUnique({ where: { id: r.body.id } }))?.sourceFileId,
    ).toBeNull();

    expectError(
      await call(server.url, "POST", "/v1/documents", { key: keys.other.secret, json: { file_id: f.id } }),
      404,
      "NOT_FOUND",
    );
    const pending = await call(server.url, "POST", "/v1/files/presign", {
      key: keys.owner.secret,
      json: { fileName: "p.pdf", fileSize: 10, sha256: "a".repeat(64) },
    });
    expectError(
      await call(server.url, "POST", "/v1/documents", {
        key: keys.owner.secret,
        json: { file_id: pending.body.file_id },
      }),
      409,
      "CONFLICT",
    );
  });

  it("is secured on every route: no key, bad keys, another account, a publishable key", async () => {
    const f = (await send(server.url, keys.owner.secret, pdf)).body;
    for (const ep of [
      { method: "GET", path: () => "/v1/files" },
      { method: "GET", path: () => `/v1/files/${f.id}`, ownedResource: true },
      { method: "GET", path: () => `/v1/files/${f.id}/content`, ownedResource: true },
      { method: "DELETE", path: () => `/v1/files/${f.id}`, ownedResource: true },
    ])
      await expectSecured(server.url, keys, { ...ep, needs: "secret" });
    const anonymous = await send(server.url, undefined, pdf);
    expectError(anonymous, 401, "UNAUTHORIZED");
    expectError(await send(server.url, keys.publishable, pdf), 403, "FORBIDDEN");
    // Still there after all that.
    expect((await call(server.url, "GET", `/v1/files/${f.id}`, { key: keys.owner.secret })).status).toBe(200);
  });
});
