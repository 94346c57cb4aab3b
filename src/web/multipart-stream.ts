import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { AppError } from "../core/errors.ts";

// A multipart/form-data upload read as it arrives: each file part is handed on as a stream as soon
// as it starts, so an upload is never held whole in memory. Small text fields that come before
// the first file part come with it; fields after it are not read. One reader serves both shapes:
// one file (streamUpload) and several in order (streamUploads).

export type StreamedPart = {
  fileName: string;
  contentType: string;
  body: AsyncIterable<Uint8Array>;
};

export type StreamedUpload = StreamedPart & {
  /** The text fields sent before the file part. */
  fields: Record<string, string>;
};

export type StreamedUploads = {
  /** The text fields sent before the first file part. */
  fields: Record<string, string>;
  /**
   * The file parts in the order sent. Each must be read to its end (or the request abandoned)
   * before the next one arrives; past `maxFiles`, or when the body breaks off, iterating throws 400.
   */
  files: AsyncIterable<StreamedPart>;
};

/** Text fields: a few, short (names, options); never the files. */
const FIELD_LIMITS = { fields: 20, fieldSize: 64 * 1024, headerPairs: 50 };

const brokenOff = (err: unknown) =>
  err instanceof AppError
    ? err
    : new AppError("BAD_REQUEST", `The multipart body broke off or is malformed: ${(err as Error).message}.`);

/** A file part's bytes; the parser's own failures (a body cut short) are the client's, 400. */
async function* readable(stream: Readable): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } catch (err) {
    throw brokenOff(err);
  }
}

const tooMany = (part: string, maxFiles: number) =>
  new AppError(
    "BAD_REQUEST",
    maxFiles === 1
      ? `The multipart body has more than one file part: send one, named '${part}'.`
      : `The multipart body has more than ${maxFiles} file parts named '${part}': send at most ${maxFiles}.`,
  );

/**
 * The parts named `part` of the request's multipart body, streamed one after the other. Resolves
 * when the first of them starts, or when the body ends without one (then `files` is empty).
 */
export function streamUploads(
  request: Request,
  part: string,
  opts: { maxFiles: number },
): Promise<StreamedUploads> {
  const source = request.body;
  if (!source)
    return Promise.reject(
      new AppError("BAD_REQUEST", `The body is empty: send the file as the part '${part}'.`),
    );
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: { ...FIELD_LIMITS, files: opts.maxFiles, parts: FIELD_LIMITS.fields + opts.maxFiles + 5 },
    });
  } catch (err) {
    return Promise.reject(
      new AppError("BAD_REQUEST", `The multipart body cannot be read: ${(err as Error).message}.`),
    );
  }

  // What the parser found, in order, for the iterator to hand on: a part, a failure, or the end.
  const found: (StreamedPart | AppError | null)[] = [];
  let wake: (() => void) | null = null;
  const push = (x: StreamedPart | AppError | null) => {
    found.push(x);
    wake?.();
    wake = null;
  };
  async function* files(): AsyncGenerator<StreamedPart> {
    for (;;) {
      while (!found.length) await new Promise<void>((r) => (wake = r));
      const next = found.shift();
      if (next === null || next === undefined) return;
      if (next instanceof AppError) throw next;
      yield next;
    }
  }

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let current: Readable | null = null;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      resolve({ fields, files: files() });
    };
    parser.on("field", (name, value) => {
      // A file part arrived as a text field: its Content-Disposition has no readable filename.
      if (name === part) {
        const err = new AppError(
          "BAD_REQUEST",
          `The part '${part}' is not a file: its Content-Disposition needs a filename (one without control characters).`,
        );
        if (started) push(err);
        else reject(err);
      }
      if (!started) fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== part) {
        stream.resume();
        return;
      }
      current = stream;
      push({ fileName: info.filename ?? "", contentType: info.mimeType, body: readable(stream) });
      start();
    });
    parser.on("filesLimit", () => {
      push(tooMany(part, opts.maxFiles));
      start();
    });
    parser.on("close", () => {
      push(null);
      start();
    });
    // A body that breaks off (the client went away) or is malformed fails the file being read
    // too, so whatever was storing it stops and keeps nothing.
    pipeline(Readable.fromWeb(source as import("node:stream/web").ReadableStream), parser).catch(
      (err: Error) => {
        const failure = brokenOff(err);
        current?.destroy(failure);
        push(failure);
        if (!started) {
          started = true;
          reject(failure);
        }
      },
    );
  });
}

/**
 * The one part named `part` of the request's multipart body, streamed. Its bytes end only once
 * the whole body is read, so a second file part is refused too (400).
 */
export async function streamUpload(request: Request, part: string): Promise<StreamedUpload> {
  const { fields, files } = await streamUploads(request, part, { maxFiles: 1 });
  const it = files[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done)
    throw new AppError(
      "BAD_REQUEST",
      `The multipart body has no file part named '${part}': send the file as the part '${part}' (a part whose Content-Disposition cannot be read, with a control character in its filename say, is skipped).`,
    );
  const file = first.value;
  async function* whole(): AsyncGenerator<Uint8Array> {
    yield* file.body;
    // The rest of the body: nothing more may come (a second file part fails here).
    const after = await it.next();
    if (!after.done) throw tooMany(part, 1);
  }
  return { ...file, fields, body: whole() };
}
