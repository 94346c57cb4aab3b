import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, type BlobStore, DISK_WRITE_BUFFER } from "./blob-store.ts";
import { metered } from "./metered.ts";

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

/** Blobs as files under one directory. Writes go to a temporary name first, so a reader never sees half a file. */
export function createLocalBlobStore(root: string): BlobStore {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/").filter(Boolean));
  };
  /** A temporary name beside the target: renamed over it once complete. */
  const temporary = async (key: string) => {
    const target = file(key);
    await mkdir(path.dirname(target), { recursive: true });
    return { target, tmp: `${target}.${randomBytes(6).toString("hex")}.tmp` };
  };
  const size = async (key: string) => {
    try {
      const s = await stat(file(key));
      return s.isFile() ? s.size : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  return {
    kind: "local",
    async put(key, bytes) {
      const { target, tmp } = await temporary(key);
      await writeFile(tmp, bytes);
      await rename(tmp, target);
    },
    async putStream(key, body, { maxBytes }) {
      const { target, tmp } = await temporary(key);
      const meter = metered(body, maxBytes);
      try {
        await pipeline(
          Readable.from(meter.chunks),
          createWriteStream(tmp, { highWaterMark: DISK_WRITE_BUFFER }),
        );
        await rename(tmp, target);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return meter.result();
    },
    async getStream(key, range) {
      const whole = await size(key);
      if (whole === null) return null;
      return {
        body: createReadStream(file(key), range ? { start: range.start, end: range.end } : {}),
        size: whole,
      };
    },
    stat: async (key) => {
      const s = await size(key);
      return s === null ? null : { size: s };
    },
    presignPut: async () => null,
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async has(key) {
      try {
        return (await stat(file(key))).isFile();
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async list(prefix) {
      const dir = file(prefix);
      try {
        const entries = await readdir(dir, { recursive: true, withFileTypes: true });
        return entries
          .filter((e) => e.isFile())
          .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
          .sort();
      } catch (err) {
        if (missing(err)) return [];
        throw err;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(file(prefix), { recursive: true, force: true });
    },
  };
}
