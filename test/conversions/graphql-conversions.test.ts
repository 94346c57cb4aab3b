import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileBytes } from "../support/conversions.ts";
import { call, gql } from "../support/http.ts";
import { jpegBytes, pngBytes } from "../support/images.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Conversions over GraphQL: the same operations as /v1/conversions, uploads through the multipart
// request spec.

const FIELDS =
  "id kind status pageSize fileName fileId pages inputs { fileId fileName } error { code message input } createdAt updatedAt";

describe("conversions over GraphQL", () => {
  let server: TestServer;
  let t: Tenant;
  let other: Tenant;

  const convertUploads = (key: string, images: { bytes: Uint8Array; name: string }[], pageSize = "A4") => {
    const form = new FormData();
    form.append(
      "operations",
      JSON.stringify({
        query: `mutation($files: [File!]) { convertImages(kind: image_to_pdf, files: $files, pageSize: ${pageSize}) { ${FIELDS} } }`,
        variables: { files: images.map(() => null) },
      }),
    );
    form.append(
      "map",
      JSON.stringify(Object.fromEntries(images.map((_, i) => [i, [`variables.files.${i}`]]))),
    );
    for (const [i, img] of images.entries())
      form.append(String(i), new Blob([new Uint8Array(img.bytes)]), img.name);
    return call(server.url, "POST", "/graphql", { key, body: form });
  };

  const waitFor = async (key: string, id: string) => {
    for (let i = 0; i < 300; i++) {
      const r = await gql(server.url, `query($id: ID!) { conversion(id: $id) { ${FIELDS} } }`, {
        key,
        variables: { id },
      });
      expect(r.body.errors, r.text).toBeUndefined();
      const c = r.body.data.conversion;
      if (c.status === "succeeded" || c.status === "failed") return c;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error("conversion did not end");
  };

  beforeAll(async () => {
    server = await sharedTestServer();
    t = await createTenant(server.url, "g");
    other = await createTenant(server.url, "g-other");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("converts uploads, reads and lists the conversion as REST does", async () => {
    const up = await convertUploads(t.secret, [
      { bytes: await jpegBytes(300, 200), name: "one.jpg" },
      { bytes: await pngBytes(20, 40, { r: 0, g: 0, b: 0 }), name: "two.png" },
    ]);
    expect(up.body.errors, up.text).toBeUndefined();
    const c = up.body.data.convertImages;
    expect(c).toMatchObject({
      kind: "image_to_pdf",
      status: "queued",
      pageSize: "A4",
      fileName: "one.pdf",
      inputs: [
        { fileId: null, fileName: "one.jpg" },
        { fileId: null, fileName: "two.png" },
      ],
    });
    const done = await waitFor(t.secret, c.id);
    expect(done).toMatchObject({ status: "succeeded", pages: 2, error: null });
    const rest = await call(server.url, "GET", `/v1/conversions/${c.id}`, { key: t.secret });
    expect(rest.body.file_id).toBe(done.fileId);
    const pdf = await PDFDocument.load(await fileBytes(server.url, t.secret, done.fileId));
    expect(pdf.getPages().map((p) => Math.round(p.getWidth()))).toEqual([842, 595]);

    const list = await gql(
      server.url,
      "{ conversions(first: 5) { edges { node { id } } pageInfo { hasNextPage } } }",
      {
        key: t.secret,
      },
    );
    expect(list.body.data.conversions.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([c.id]);
    // Another account sees nothing of it.
    const theirs = await gql(server.url, `{ conversion(id: "${c.id}") { id } }`, { key: other.secret });
    expect(theirs.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("converts stored files by id, and refuses both forms at once or neither", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await pngBytes(10, 10, { r: 9, g: 9, b: 9 }))]), "s.png");
    const stored = (await call(server.url, "POST", "/v1/files", { key: t.secret, body: form })).body;
    const byId = await gql(
      server.url,
      `mutation($ids: [ID!]) { convertImages(kind: image_to_pdf, fileIds: $ids, fileName: "mine") { ${FIELDS} } }`,
      { key: t.secret, variables: { ids: [stored.id] } },
    );
    expect(byId.body.errors, byId.text).toBeUndefined();
    expect(byId.body.data.convertImages).toMatchObject({
      fileName: "mine.pdf",
      inputs: [{ fileId: stored.id }],
    });
    expect((await waitFor(t.secret, byId.body.data.convertImages.id)).status).toBe("succeeded");

    const neither = await gql(server.url, "mutation { convertImages(kind: image_to_pdf) { id } }", {
      key: t.secret,
    });
    expect(neither.body.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    const otherAccount = await gql(
      server.url,
      `mutation($ids: [ID!]) { convertImages(kind: image_to_pdf, fileIds: $ids) { id } }`,
      { key: other.secret, variables: { ids: [stored.id] } },
    );
    expect(otherAccount.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });

  it("publishes the PDF with `host`, and refuses a taken namespace before converting", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await pngBytes(12, 12, { r: 1, g: 1, b: 1 }))]), "h.png");
    const stored = (await call(server.url, "POST", "/v1/files", { key: t.secret, body: form })).body;
    const mutation = `mutation($ids: [ID!], $host: HostInput) { convertImages(kind: image_to_pdf, fileIds: $ids, host: $host) { id hostRequested hostError { code } deployment { namespace } } }`;
    const r = await gql(server.url, mutation, {
      key: t.secret,
      variables: { ids: [stored.id], host: { namespace: "gql-scans", access: { unlisted: true } } },
    });
    expect(r.body.errors, r.text).toBeUndefined();
    expect(r.body.data.convertImages).toMatchObject({ hostRequested: true, deployment: null });
    const id = r.body.data.convertImages.id;
    let c: Record<string, unknown> = {};
    for (let i = 0; i < 300 && c.status !== "succeeded"; i++) {
      await new Promise((res) => setTimeout(res, 100));
      const q = await gql(
        server.url,
        `query($id: ID!) { conversion(id: $id) { status fileId hostError { code } deployment { namespace access { unlisted } sourceFileId } } }`,
        { key: t.secret, variables: { id } },
      );
      expect(q.body.errors, q.text).toBeUndefined();
      c = q.body.data.conversion;
    }
    expect(c).toMatchObject({
      status: "succeeded",
      hostError: null,
      deployment: { namespace: "gql-scans", access: { unlisted: true }, sourceFileId: c.fileId },
    });
    const again = await gql(server.url, mutation, {
      key: t.secret,
      variables: { ids: [stored.id], host: { namespace: "gql-scans" } },
    });
    expect(again.body.errors?.[0]?.extensions?.code).toBe("CONFLICT");
  });
});
