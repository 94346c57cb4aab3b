import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForTerminal } from "../support/documents.ts";
import { call, gql } from "../support/http.ts";
import { reportPdf } from "../support/pdfs.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Files over GraphQL: the same operations as /v1/files, through the multipart request spec.

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const FILE_FIELDS = "id fileName size sha256 contentType pages status createdAt expiresAt";

describe("files over GraphQL", () => {
  let server: TestServer;
  let t: Tenant;
  let other: Tenant;
  let pdf: Uint8Array;

  const uploadFile = (key: string, bytes: Uint8Array, fileName: string) => {
    const form = new FormData();
    form.append(
      "operations",
      JSON.stringify({
        query: `mutation($file: File!) { uploadFile(file: $file) { ${FILE_FIELDS} } }`,
        variables: { file: null },
      }),
    );
    form.append("map", JSON.stringify({ 0: ["variables.file"] }));
    form.append("0", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), fileName);
    return call(server.url, "POST", "/graphql", { key, body: form });
  };

  beforeAll(async () => {
    server = await sharedTestServer();
    t = await createTenant(server.url, "g");
    other = await createTenant(server.url, "g-other");
    pdf = await reportPdf();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("stores, lists, reads, parses and deletes a file", async () => {
    const up = await uploadFile(t.secret, pdf, "g.pdf");
    expect(up.body.errors, up.text).toBeUndefined();
    const f = up.body.data.uploadFile;
    expect(f).toMatchObject({
      fileName: "g.pdf",
      size: pdf.byteLength,
      sha256: sha256(pdf),
      status: "ready",
    });
    // The same record as REST.
    const rest = await call(server.url, "GET", `/v1/files/${f.id}`, { key: t.secret });
    expect(rest.body.sha256).toBe(f.sha256);

    const list = await gql(
      server.url,
      `{ files(first: 5) { edges { node { id } } pageInfo { hasNextPage } } }`,
      {
        key: t.secret,
      },
    );
    expect(list.body.data.files.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([f.id]);
    const hidden = await gql(server.url, `query($id: ID!) { file(id: $id) { id } }`, {
      key: other.secret,
      variables: { id: f.id },
    });
    expect(hidden.body.errors[0].extensions.code).toBe("NOT_FOUND");

    const parsed = await gql(
      server.url,
      `mutation($id: ID!) { uploadDocument(fileId: $id) { id fileName } }`,
      {
        key: t.secret,
        variables: { id: f.id },
      },
    );
    expect(parsed.body.errors, parsed.text).toBeUndefined();
    expect(parsed.body.data.uploadDocument.fileName).toBe("g.pdf");
    expect((await waitForTerminal(server.url, t.secret, parsed.body.data.uploadDocument.id)).phase).toBe(
      "complete",
    );
    const both = await gql(server.url, `mutation($id: ID!) { uploadDocument(fileId: $id) { id } }`, {
      key: t.secret,
      variables: { id: "not-a-file" },
    });
    expect(both.body.errors[0].extensions.code).toBe("NOT_FOUND");

    const del = await gql(server.url, `mutation($id: ID!) { deleteFile(id: $id) { deleted id } }`, {
      key: t.secret,
      variables: { id: f.id },
    });
    expect(del.body.data.deleteFile).toEqual({ deleted: true, id: f.id });
  });

  it("presigns, receives and finalizes a direct upload", async () => {
    const p = await gql(
      server.url,
      `mutation($n: String!, $s: Float!, $h: String!) { presignFileUpload(fileName: $n, fileSize: $s, sha256: $h) { uploadId fileId url method headers expiresAt } }`,
      { key: t.secret, variables: { n: "direct.pdf", s: pdf.byteLength, h: sha256(pdf) } },
    );
    expect(p.body.errors, p.text).toBeUndefined();
    const session = p.body.data.presignFileUpload;
    expect(session.url.startsWith(`${server.url}/v1/uploads/`)).toBe(true);
    expect(session.method).toBe("PUT");
    const put = await fetch(session.url, {
      method: "PUT",
      headers: session.headers,
      body: new Uint8Array(pdf),
    });
    expect(put.status).toBe(200);
    const done = await gql(
      server.url,
      `mutation($u: ID!) { finalizeFileUpload(uploadId: $u) { ${FILE_FIELDS} } }`,
      { key: t.secret, variables: { u: session.uploadId } },
    );
    expect(done.body.errors, done.text).toBeUndefined();
    expect(done.body.data.finalizeFileUpload).toMatchObject({
      id: session.fileId,
      status: "ready",
      expiresAt: null,
    });
    const bad = await gql(
      server.url,
      `mutation { presignFileUpload(fileName: "x.pdf", fileSize: 0, sha256: "abc") { uploadId } }`,
      { key: t.secret },
    );
    expect(bad.body.errors[0].extensions.code).toBe("BAD_REQUEST");
  });
});
