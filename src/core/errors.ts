// One error type for the whole service. Every failure a client can see is an AppError with a
// code from this enum; each code has exactly one HTTP status. REST renders it as
// {error: {code, message}}, GraphQL as extensions.code on the error. `param` names the request
// field at fault, as the client spelt it, when there is one; the OpenAI-compatible routes send it.

export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Something that existed for a while and is over: an upload session past its expiry. */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A Range header outside the file (the answer's Content-Range gives the file's size). */
  RANGE_NOT_SATISFIABLE: 416,
  /** The request is well formed but the document cannot serve it (a page too complex to draw in the time budget). */
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The configured answer provider (an OpenAI-compatible API) failed or refused the request. */
  PROVIDER_ERROR: 502,
  /** The configured answer provider did not answer within PROVIDER_TIMEOUT_SECONDS (retries included). */
  PROVIDER_TIMEOUT: 504,
  /** The blob store (local disk or S3-compatible) failed or did not answer in time; nothing was half-written. */
  STORAGE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Extra response headers this error calls for (Retry-After on RATE_LIMITED). */
  readonly headers: Record<string, string>;
  /** The request field at fault ("max_tokens", "messages[2].role"), when one is. */
  readonly param: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
    param: string | undefined = undefined,
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.headers = headers;
    this.param = param;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** The same error with its message prefixed by the input it is about ("file_ids[2]: …"); other errors as they are. */
export const aboutInput = (err: unknown, what: string) =>
  err instanceof AppError ? new AppError(err.code, `${what}: ${err.message}`, err.headers, err.param) : err;

/** A BAD_REQUEST about one field of the request. */
export const invalidParam = (param: string, message: string) =>
  new AppError("BAD_REQUEST", message, {}, param);

// PostgreSQL cannot store some text a client may send: a NUL character in a text column (SQLSTATE
// 22021) or \u0000 in a jsonb value (22P05), or an unpaired UTF-16 surrogate in a jsonb value
// (22P02 on JSON input: what we send is JSON.stringify's, valid but for that). That is a malformed
// request, not a failure of ours, whichever face (REST or GraphQL) it came through.
const unstorableText = new Set(["22021", "22P05"]);

/** The client's mistake behind a database error (pg's own error, or Prisma's wrapping of it), if it is one. */
export function clientErrorOfDatabase(err: unknown): AppError | undefined {
  const e = err as {
    code?: unknown;
    message?: unknown;
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; originalMessage?: unknown } } };
  };
  const cause = e?.meta?.driverAdapterError?.cause;
  const sqlState = cause?.originalCode ?? e?.code;
  const message = cause?.originalMessage ?? e?.message;
  const badJsonText =
    sqlState === "22P02" &&
    typeof message === "string" &&
    message.startsWith("invalid input syntax for type json");
  if ((typeof sqlState === "string" && unstorableText.has(sqlState)) || badJsonText)
    return new AppError(
      "BAD_REQUEST",
      "The request contains text that cannot be stored, such as the NUL character (U+0000) or an unpaired UTF-16 surrogate.",
    );
  return undefined;
}
