import { PDFDocument, PDFName, PDFRawStream, type PDFRef } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convert, fileBytes, waitForConversion } from "./support/conversions.ts";
import { call } from "./support/http.ts";
import { gifBytes, jpegBytes, pngBytes, tiffBytes, webpBytes } from "./support/images.ts";
import { startTestServer, type TestServer } from "./support/server.ts";
import { createTenant, type Tenant } from "./support/tenant.ts";

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
    expect(file).toMatchObject({ status: "ready", contentType: "application/pdf", pages: 6, fileName: "photo.pdf" });
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
});
