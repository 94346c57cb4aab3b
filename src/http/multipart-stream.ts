import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { AppError } from "../core/errors.ts";

// A multipart/form-data upload read as it arrives: the file part is handed on as a stream as soon
// as it starts, so an upload is never held whole in memory. Small fields that come before the
// file part come with it; fields after it are not read.

export type StreamedUpload = {
  fileName: string;
  contentType: string;
  body: AsyncIterable<Uint8Array>;
  /** The text fields sent before the file part. */
  fields: Record<string, string>;
};

/** Text fields: a few, short (names, options); never the file. */
const FIELD_LIMITS = { fields: 20, fieldSize: 64 * 1024, parts: 25, headerPairs: 50 };

const brokenOff = (err: unknown) =>
  err instanceof AppError
    ? err
    : new AppError("BAD_REQUEST", `The multipart body broke off or is malformed: ${(err as Error).message}.`);

/**
 * The file part's bytes; the parser's own failures (a body cut short) are the client's, 400. The
 * part ends only once the whole body is read, so a second file part is refused too.
 */
async function* readable(stream: Readable, rest: Promise<void>): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
    await rest;
  } catch (err) {
    throw brokenOff(err);
  }
}

/** The part named `part` of the request's multipart body, streamed. */
export function streamUpload(request: Request, part: string): Promise<StreamedUpload> {
  const source = request.body;
  if (!source)
    return Promise.reject(
      new AppError("BAD_REQUEST", `The body is empty: send the file as the part '${part}'.`),
    );
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: { ...FIELD_LIMITS, files: 1 },
    });
  } catch (err) {
    return Promise.reject(
      new AppError("BAD_REQUEST", `The multipart body cannot be read: ${(err as Error).message}.`),
    );
  }
  let bodyRead: () => void = () => undefined;
  let bodyFailed: (err: unknown) => void = () => undefined;
  const rest = new Promise<void>((ok, fail) => {
    bodyRead = ok;
    bodyFailed = fail;
  });
  // Nobody may be waiting on it (a refusal before the file part): its failure is not unhandled.
  rest.catch(() => undefined);
  parser.on("filesLimit", () =>
    bodyFailed(
      new AppError(
        "BAD_REQUEST",
        `The multipart body has more than one file part: send one, named '${part}'.`,
      ),
    ),
  );
  parser.on("close", () => bodyRead());
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: Readable | null = null;
    parser.on("field", (name, value) => {
      // The file part arrived as a text field: its Content-Disposition has no readable filename.
      if (name === part && !file)
        reject(
          new AppError(
            "BAD_REQUEST",
            `The part '${part}' is not a file: its Content-Disposition needs a filename (one without control characters).`,
          ),
        );
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      if (name !== part || file) {
        stream.resume();
        return;
      }
      file = stream;
      resolve({
        fileName: info.filename ?? "",
        contentType: info.mimeType,
        body: readable(stream, rest),
        fields,
      });
    });
    parser.on("close", () => {
      if (!file)
        reject(
          new AppError(
            "BAD_REQUEST",
            `The multipart body has no file part named '${part}': send the file as the part '${part}' (a part whose Content-Disposition cannot be read, with a control character in its filename say, is skipped).`,
          ),
        );
    });
    // A body that breaks off (the client went away) or is malformed fails the file stream too,
    // so whatever was storing it stops and keeps nothing.
    pipeline(Readable.fromWeb(source as import("node:stream/web").ReadableStream), parser).catch(
      (err: Error) => {
        if (file) file.destroy(brokenOff(err));
        else reject(brokenOff(err));
      },
    );
  });
}
