import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { AppError, clientErrorOfDatabase, type ErrorCode } from "../core/errors.ts";
import type { Logger } from "../core/log.ts";

/** Turns anything thrown into an AppError a client may see; unknown errors become INTERNAL and are logged. */
export function toAppError(err: unknown, log: Logger, requestId: string): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException && err.status < 500) {
    // Hono's own validators throw these, for malformed JSON for instance.
    if (err.status === 413)
      return new AppError("PAYLOAD_TOO_LARGE", "The request body is too large.", { Connection: "close" });
    // The route validators refuse a body whose media type the route does not declare.
    if (err.status === 415)
      return new AppError("UNSUPPORTED_MEDIA_TYPE", "The body's content type is not one this route accepts.");
    return new AppError("BAD_REQUEST", err.message || "The request is malformed.");
  }
  const fromDatabase = clientErrorOfDatabase(err);
  if (fromDatabase) return fromDatabase;
  log.error("unhandled error", {
    requestId,
    error: err instanceof Error ? err.message : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  return new AppError(
    "INTERNAL",
    `Something went wrong on our side. Quote request id ${requestId} when reporting it.`,
  );
}

/** OpenAI's error `type` for each of our codes, which its SDKs expose as `err.type`. */
const openAIErrorType = (code: ErrorCode): string => {
  switch (code) {
    case "UNAUTHORIZED":
      return "authentication_error";
    case "FORBIDDEN":
      return "permission_error";
    case "RATE_LIMITED":
      return "rate_limit_error";
    case "INTERNAL":
    case "PROVIDER_ERROR":
    case "PROVIDER_TIMEOUT":
      return "server_error";
    default:
      return "invalid_request_error";
  }
};

/**
 * The `error` object of SPEC 7's envelope: code and message; in the OpenAI dialect also OpenAI's
 * `type` and `param` (null when no one field is at fault), which its SDKs read.
 */
export function errorBody(err: AppError, dialect: "openai" | undefined) {
  const base = { code: err.code, message: err.message };
  return dialect === "openai" ? { ...base, type: openAIErrorType(err.code), param: err.param ?? null } : base;
}

/** The one error envelope of SPEC 7, with the error's own headers and never a cacheable response. */
export function errorResponse(c: Context, err: AppError): Response {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  c.header("Cache-Control", "no-store");
  return c.json({ error: errorBody(err, c.get("errorDialect")) }, err.status as 400);
}
