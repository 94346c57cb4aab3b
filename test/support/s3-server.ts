import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
// @ts-expect-error: s3rver ships no types
import S3rver from "s3rver";

// A real S3-protocol server on loopback (s3rver, from npm), with a fresh bucket: the S3 store is
// tested over real HTTP against it. It checks neither signatures nor checksums, as STACK.md says,
// so what the service must verify itself is tested as such.

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  /** The environment that points the service at it. */
  env: Record<string, string>;
  client: S3Client;
  close: () => Promise<void>;
};

export async function startS3Server(bucket = "quire-test"): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "quire-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", directory, silent: true });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    env: {
      BLOB_STORE: "s3",
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    client,
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
