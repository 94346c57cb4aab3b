import { inflateSync } from "node:zlib";
import { PDFDocument, PDFName, type PDFRawStream, type PDFRef } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convert, fileBytes, waitForConversion } from "../support/conversions.ts";
import { waitForTerminal } from "../support/documents.ts";
import { call } from "../support/http.ts";
import {
  bombPng,
  gifBytes,
  heicBytes,
  jpegBytes,
  pngBytes,
  tiffBytes,
  truncatedPng,
  webpBytes,
} from "../support/images.ts";
import { reportPdf } from "../support/pdfs.ts";
import { expectError, expectSecured, type Keys, securityFixture } from "../support/security.ts";
import { resetRateBudgets, startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

/** Stores an image with POST /v1/files; returns its record. */
async function storeImage(server: TestServer, key: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), name);
  const r = await call(server.url, "POST", "/v1/files", { key, body: form });
  expect(r.status, r.text).toBe(201);
  return r.body;
}

/** The PDF of a succeeded conversion, opened. */
async function resultPdf(server: TestServer, t: Tenant, conv: { file_id: string }) {
  return PDFDocument.load(await fileBytes(server.url, t.secret, conv.file_id));
}

const sizeOf = (doc: PDFDocument, i: number) => {
  const { width, height } = doc.getPage(i).getSize();
  return [Math.round(width * 100) / 100, Math.round(height * 100) / 100];
};

/** The image XObjects a page draws. */
function imagesOf(doc: PDFDocument, i: number): PDFRawStream[] {
  const xobjects = doc.getPage(i).node.Resources()?.lookup(PDFName.of("XObject"));
  if (!xobjects || !("entries" in xobjects)) return [];
  return (xobjects as unknown as { entries: () => [PDFName, PDFRef][] })
    .entries()
    .map(([, ref]) => doc.context.lookup(ref) as PDFRawStream);
}

describe("conversions", () => {
  let server: TestServer;
  let t: Tenant;
  beforeAll(async () => {
    server = await startTestServer();
    t = await createTenant(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("converts each image type, one page each in order, the JPEG's bytes embedded as they are", async () => {
    const jpeg = await jpegBytes(200, 100);
    const r = await convert(server.url, t.secret, [
      { bytes: jpeg, name: "photo.jpg" },
      { bytes: await pngBytes(30, 20, { r: 0, g: 255, b: 0 }), name: "a.png" },
      { bytes: await webpBytes(40, 10, { r: 0, g: 0, b: 255 }), name: "b.webp" },
      { bytes: await gifBytes(10, 40, { r: 255, g: 255, b: 0 }), name: "c.gif" },
      {
        bytes: await tiffBytes([
          { width: 50, height: 60, colour: { r: 1, g: 2, b: 3 } },
          { width: 50, height: 60, colour: { r: 4, g: 5, b: 6 } },
        ]),
        name: "d.tiff",
      },
    ]);
    expect(r.status, r.text).toBe(202);
    expect(r.body).toMatchObject({
      kind: "image_to_pdf",
      status: "queued",
      page_size: "auto",
      file_name: "photo.pdf",
      file_id: null,
      error: null,
      inputs: [
        { file_id: null, file_name: "photo.jpg" },
        { file_id: null, file_name: "a.png" },
        { file_id: null, file_name: "b.webp" },
        { file_id: null, file_name: "c.gif" },
        { file_id: null, file_name: "d.tiff" },
      ],
    });
    expect(r.body.id).toMatch(/^conv_[a-z0-9]{16}$/);
    expect(r.headers.get("location")).toBe(`/v1/conversions/${r.body.id}`);
    const done = await waitForConversion(server.url, t.secret, r.body.id);
    expect(done, JSON.stringify(done.error)).toMatchObject({ status: "succeeded", pages: 6 });
    const file = (await call(server.url, "GET", `/v1/files/${done.file_id}`, { key: t.secret })).body;
    expect(file).toMatchObject({
      status: "ready",
      contentType: "application/pdf",
      pages: 6,
      fileName: "photo.pdf",
    });
    const doc = await resultPdf(server, t, done);
    expect(doc.getPageCount()).toBe(6);
    expect([0, 1, 2, 3, 4, 5].map((i) => sizeOf(doc, i))).toEqual([
      [200, 100],
      [30, 20],
      [40, 10],
      [10, 40],
      [50, 60],
      [50, 60],
    ]);
    const [embedded] = imagesOf(doc, 0);
    expect(embedded?.dict.get(PDFName.of("Filter"))?.toString()).toBe("/DCTDecode");
    expect(Buffer.from(embedded?.contents ?? []).equals(Buffer.from(jpeg))).toBe(true);
  });

  it("sizes pages: auto from the image's resolution (72 dpi when none), A4 and Letter turned to the image", async () => {
    const wide = await pngBytes(300, 150, { r: 9, g: 9, b: 9 }, { dpi: 150 });
    const tall = await pngBytes(100, 200, { r: 9, g: 9, b: 9 });
    const sizes: Record<string, number[][]> = {};
    for (const page_size of ["auto", "A4", "Letter"]) {
      const r = await convert(
        server.url,
        t.secret,
        [
          { bytes: wide, name: "wide.png" },
          { bytes: tall, name: "tall.png" },
        ],
        { page_size },
      );
      expect(r.status, r.text).toBe(202);
      const done = await waitForConversion(server.url, t.secret, r.body.id);
      expect(done.page_size).toBe(page_size);
      const doc = await resultPdf(server, t, done);
      sizes[page_size] = [sizeOf(doc, 0), sizeOf(doc, 1)];
    }
    expect(sizes).toEqual({
      auto: [
        [144, 72],
        [100, 200],
      ],
      A4: [
        [841.89, 595.28],
        [595.28, 841.89],
      ],
      Letter: [
        [792, 612],
        [612, 792],
      ],
    });
  });

  it("turns a JPEG by its EXIF orientation without touching its bytes: 200x100 with orientation 6 is a portrait page, its left half on top", async () => {
    const jpeg = await jpegBytes(200, 100, { orientation: 6 });
    const r = await convert(server.url, t.secret, [{ bytes: jpeg, name: "turned.jpg" }]);
    const done = await waitForConversion(server.url, t.secret, r.body.id);
    expect(done.status).toBe("succeeded");
    const doc = await resultPdf(server, t, done);
    expect(sizeOf(doc, 0)).toEqual([100, 200]);
    expect(Buffer.from(imagesOf(doc, 0)[0]?.contents ?? []).equals(Buffer.from(jpeg))).toBe(true);
    // Drawn by the service's own page renderer: the stored image's left (red) half is on top.
    const parsed = await call(server.url, "POST", "/v1/documents", {
      key: t.secret,
      json: { file_id: done.file_id },
    });
    expect(parsed.status, parsed.text).toBe(202);
    await waitForTerminal(server.url, t.secret, parsed.body.id);
    const png = await fetch(`${server.url}/v1/documents/${parsed.body.id}/pages/1/image.png?scale=1`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(png.status).toBe(200);
    const { data, info } = await sharp(Buffer.from(await png.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const i = (Math.floor(y * info.height) * info.width + Math.floor(x * info.width)) * 3;
      return [data[i], data[i + 1], data[i + 2]] as number[];
    };
    expect(info.width).toBeLessThan(info.height);
    const [topR, , topB] = at(0.5, 0.25);
    const [bottomR, , bottomB] = at(0.5, 0.75);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it("keeps a PNG's transparency as a soft mask, and adds none for an opaque one", async () => {
    const r = await convert(server.url, t.secret, [
      { bytes: await pngBytes(20, 10, { r: 255, g: 0, b: 0, alpha: 0.5 }), name: "glass.png" },
      { bytes: await pngBytes(20, 10, { r: 255, g: 0, b: 0, alpha: 1 }), name: "opaque.png" },
    ]);
    const done = await waitForConversion(server.url, t.secret, r.body.id);
    const doc = await resultPdf(server, t, done);
    const [glass] = imagesOf(doc, 0);
    const smask = glass?.dict.lookup(PDFName.of("SMask")) as PDFRawStream | undefined;
    expect(smask).toBeDefined();
    expect(Math.abs(firstAlpha(smask as PDFRawStream) - 128)).toBeLessThanOrEqual(1);
    expect(imagesOf(doc, 1)[0]?.dict.get(PDFName.of("SMask"))).toBeUndefined();
  });

  it("names the input at fault: a truncated PNG and a decompression bomb fail fast, the worker unharmed", async () => {
    const good = await pngBytes(10, 10, { r: 1, g: 1, b: 1 });
    const started = Date.now();
    const cut = await convert(server.url, t.secret, [
      { bytes: good, name: "fine.png" },
      { bytes: await truncatedPng(), name: "cut.png" },
    ]);
    const bomb = await convert(server.url, t.secret, [{ bytes: bombPng(), name: "bomb.png" }]);
    const cutDone = await waitForConversion(server.url, t.secret, cut.body.id, 20_000);
    const bombDone = await waitForConversion(server.url, t.secret, bomb.body.id, 20_000);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(cutDone).toMatchObject({
      status: "failed",
      file_id: null,
      error: { code: "IMAGE_UNREADABLE", input: 1 },
    });
    expect(cutDone.error.message).toContain("cut.png");
    expect(bombDone).toMatchObject({ status: "failed", error: { code: "IMAGE_TOO_LARGE", input: 0 } });
    expect(bombDone.error.message).toMatch(/100000x100000.*CONVERSION_MAX_MEGAPIXELS/);
    // Nothing of a failed conversion's uploads is kept.
    expect(await server.services.blobs.list(`conversions/${cut.body.id}/`)).toEqual([]);
    // The next conversion runs as usual.
    const after = await convert(server.url, t.secret, [{ bytes: good, name: "after.png" }]);
    expect((await waitForConversion(server.url, t.secret, after.body.id)).status).toBe("succeeded");
  });

  it("refuses what it cannot convert before storing anything: HEIC, a PDF, no image, 51 images, bad options", async () => {
    const png = await pngBytes(2, 2, { r: 0, g: 0, b: 0 });
    const heic = await convert(server.url, t.secret, [{ bytes: heicBytes(), name: "IMG_0001.HEIC" }]);
    expectError(heic, 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(heic.body.error.message).toMatch(/IMG_0001\.HEIC.*HEIC.*JPEG/);
    expect(heic.body.error.message.match(/Image 1/g)).toHaveLength(1);
    const pdf = await convert(server.url, t.secret, [{ bytes: await reportPdf(), name: "r.pdf" }]);
    expectError(pdf, 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(pdf.body.error.message).toMatch(/^Image 1 \(r\.pdf\): It is a PDF, not an image/);
    expectError(await convert(server.url, t.secret, []), 400, "BAD_REQUEST");
    const many = Array.from({ length: 51 }, (_, i) => ({ bytes: png, name: `p${i}.png` }));
    const tooMany = await convert(server.url, t.secret, many);
    expectError(tooMany, 400, "BAD_REQUEST");
    expect(tooMany.body.error.message).toContain("50");
    await resetRateBudgets(server);
    const badKind = await convert(server.url, t.secret, [{ bytes: png, name: "p.png" }], {
      kind: "pdf_to_png",
    });
    expectError(badKind, 400, "BAD_REQUEST");
    expect(badKind.body.error.message).toContain("kind");
    const badSize = await convert(server.url, t.secret, [{ bytes: png, name: "p.png" }], { page_size: "A3" });
    expectError(badSize, 400, "BAD_REQUEST");
    expect(badSize.body.error.message).toContain("page_size");
    const noKind = new FormData();
    noKind.append("file", new Blob([png]), "p.png");
    expectError(
      await call(server.url, "POST", "/v1/conversions", { key: t.secret, body: noKind }),
      400,
      "BAD_REQUEST",
    );
    expect(await server.services.blobs.list("conversions/")).toEqual([]);
    // 50 is the most, and it is served.
    const fifty = await convert(server.url, t.secret, many.slice(0, 50));
    expect(fifty.status, fifty.text).toBe(202);
    expect((await waitForConversion(server.url, t.secret, fifty.body.id)).pages).toBe(50);
  });

  it("converts stored image files named by id; once it ended, a file may be deleted and is forgotten", async () => {
    const a = await storeImage(server, t.secret, await jpegBytes(40, 20), "a.jpg");
    const b = await storeImage(
      server,
      t.secret,
      await tiffBytes([
        { width: 8, height: 8, colour: { r: 1, g: 1, b: 1 } },
        { width: 8, height: 8, colour: { r: 2, g: 2, b: 2 } },
        { width: 8, height: 8, colour: { r: 3, g: 3, b: 3 } },
      ]),
      "b.tif",
    );
    expect(a).toMatchObject({ contentType: "image/jpeg", pages: 1 });
    expect(b.contentType).toBe("image/tiff");
    const r = await call(server.url, "POST", "/v1/conversions", {
      key: t.secret,
      json: { kind: "image_to_pdf", file_ids: [a.id, b.id, a.id], page_size: "Letter", fileName: "bundle" },
    });
    expect(r.status, r.text).toBe(202);
    expect(r.body).toMatchObject({
      file_name: "bundle.pdf",
      inputs: [
        { file_id: a.id, file_name: "a.jpg" },
        { file_id: b.id, file_name: "b.tif" },
        { file_id: a.id, file_name: "a.jpg" },
      ],
    });
    // Queued (or running): its inputs cannot be deleted.
    await server.services.db.prisma.conversion.update({
      where: { id: r.body.id },
      data: { status: "queued" },
    });
    const refused = await call(server.url, "DELETE", `/v1/files/${a.id}`, { key: t.secret });
    if (refused.status === 409) expect(refused.body.error.message).toContain(r.body.id);
    const done = await waitForConversion(server.url, t.secret, r.body.id);
    expect(done).toMatchObject({ status: "succeeded", pages: 5 });
    // Ended: the file may go, and the conversion forgets it.
    expect((await call(server.url, "DELETE", `/v1/files/${a.id}`, { key: t.secret })).status).toBe(200);
    const later = (await call(server.url, "GET", `/v1/conversions/${r.body.id}`, { key: t.secret })).body;
    expect(later.inputs[0]).toEqual({ file_id: null, file_name: "a.jpg" });

    // The TIFF's pages were counted by a worker.
    let counted = (await call(server.url, "GET", `/v1/files/${b.id}`, { key: t.secret })).body;
    for (let i = 0; i < 100 && counted.pages === null; i++) {
      await new Promise((res) => setTimeout(res, 100));
      counted = (await call(server.url, "GET", `/v1/files/${b.id}`, { key: t.secret })).body;
    }
    expect(counted.pages).toBe(3);

    // An image file is not parsed as a document: it is pointed to conversions.
    const doc = await call(server.url, "POST", "/v1/documents", { key: t.secret, json: { file_id: b.id } });
    expectError(doc, 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(doc.body.error.message).toContain("/v1/conversions");
  });

  it("answers 409 naming the conversion when a file in a live conversion is deleted", async () => {
    const f = await storeImage(server, t.secret, await pngBytes(4, 4, { r: 0, g: 0, b: 0 }), "held.png");
    // A conversion a worker is running (recorded directly, so no worker finishes it first).
    await server.services.db.prisma.conversion.create({
      data: {
        id: "conv_heldheldheldheld",
        accountId: t.accountId,
        kind: "image_to_pdf",
        status: "running",
        pageSize: "auto",
        fileName: "held.pdf",
        resultFileId: "file_heldheldheldheld",
        inputs: {
          create: [
            { position: 0, fileId: f.id, fileName: "held.png", contentType: "image/png", blobKey: "x" },
          ],
        },
      },
    });
    const refused = await call(server.url, "DELETE", `/v1/files/${f.id}`, { key: t.secret });
    expectError(refused, 409, "CONFLICT");
    expect(refused.body.error.message).toContain("conv_heldheldheldheld");
    expect((await call(server.url, "GET", `/v1/files/${f.id}`, { key: t.secret })).status).toBe(200);
  });

  it("lists conversions newest first with a cursor", async () => {
    const u = await createTenant(server.url, "lister");
    const png = await pngBytes(2, 2, { r: 0, g: 0, b: 0 });
    const first = (await convert(server.url, u.secret, [{ bytes: png, name: "1.png" }])).body;
    const second = (await convert(server.url, u.secret, [{ bytes: png, name: "2.png" }])).body;
    const page1 = await call(server.url, "GET", "/v1/conversions?limit=1", { key: u.secret });
    expect(page1.body.data.map((c: { id: string }) => c.id)).toEqual([second.id]);
    const page2 = await call(server.url, "GET", `/v1/conversions?limit=1&cursor=${page1.body.next_cursor}`, {
      key: u.secret,
    });
    expect(page2.body.data.map((c: { id: string }) => c.id)).toEqual([first.id]);
    expect(page2.body.next_cursor).toBeNull();
  });
});

/**
 * The first alpha value of a soft mask: its stream is PNG rows behind Flate, and whatever a first
 * row's filter, its first byte after the filter type is the first pixel as it is.
 */
function firstAlpha(mask: PDFRawStream): number {
  return inflateSync(mask.contents)[1] ?? -1;
}

describe("conversions security", () => {
  let server: TestServer;
  let keys: Keys;
  let conversionId: string;
  let otherFile: string;
  beforeAll(async () => {
    server = await startTestServer();
    keys = await securityFixture(server.url);
    const png = await pngBytes(2, 2, { r: 0, g: 0, b: 0 });
    conversionId = (await convert(server.url, keys.owner.secret, [{ bytes: png, name: "x.png" }])).body.id;
    otherFile = (await storeImage(server, keys.other.secret, png, "theirs.png")).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("every route needs a secret key and shows no other account's conversions or files", async () => {
    await expectSecured(server.url, keys, {
      method: "GET",
      path: () => `/v1/conversions/${conversionId}`,
      needs: "secret",
      ownedResource: true,
    });
    await expectSecured(server.url, keys, { method: "GET", path: () => "/v1/conversions", needs: "secret" });
    await expectSecured(server.url, keys, {
      method: "POST",
      path: () => "/v1/conversions",
      json: { kind: "image_to_pdf", file_ids: [otherFile] },
      needs: "secret",
    });
    // Another account's file id is not found, whoever asks but its owner.
    const theirs = await call(server.url, "POST", "/v1/conversions", {
      key: keys.owner.secret,
      json: { kind: "image_to_pdf", file_ids: [otherFile] },
    });
    expectError(theirs, 404, "NOT_FOUND");
    const mine = await call(server.url, "GET", "/v1/conversions", { key: keys.other.secret });
    expect(mine.body.data).toEqual([]);
    expect(mine.headers.get("x-ratelimit-limit")).toBe("600");
    // Creating counts as an expensive operation.
    const counted = await call(server.url, "POST", "/v1/conversions", {
      key: keys.other.secret,
      json: { kind: "image_to_pdf", file_ids: [otherFile] },
    });
    expect(counted.status, counted.text).toBe(202);
    expect(counted.headers.get("x-ratelimit-limit")).toBe("30");
  });
});
