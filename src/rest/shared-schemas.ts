import { z } from "@hono/zod-openapi";
import { cursorInput } from "../core/db/cursor.ts";
import { type ErrorCode, errorCodes, errorStatus } from "../core/errors.ts";

export const ErrorEnvelope = z
  .object({
    error: z.object({
      code: z
        .enum(errorCodes as [ErrorCode, ...ErrorCode[]])
        .openapi({ description: "One of the service's error codes; each has one HTTP status." }),
      message: z.string().openapi({ description: "What went wrong, for a person to act on." }),
      type: z.string().optional().openapi({
        description:
          "On the OpenAI-compatible chat routes only: OpenAI's error type (invalid_request_error, authentication_error, permission_error, rate_limit_error or server_error), which its SDKs expose.",
      }),
      param: z.string().nullable().optional().openapi({
        description:
          'On the OpenAI-compatible chat routes only: the request field at fault as sent ("max_tokens", "messages[2].role"), or null.',
      }),
    }),
  })
  .openapi("Error");

const describe: Record<ErrorCode, string> = {
  BAD_REQUEST: "The request is malformed: bad JSON, a missing or unknown field, a value out of range.",
  UNAUTHORIZED: "The API key is missing, malformed, revoked or rotated away.",
  FORBIDDEN:
    "The caller may see the resource but not do this to it (for example a publishable key asked to mutate).",
  NOT_FOUND: "No such resource, or one the caller may not see.",
  CONFLICT: "The request conflicts with the resource's current state.",
  GONE: "The resource existed but is over: an upload session past its expiry. Start again.",
  PAYLOAD_TOO_LARGE: "The body is larger than the configured limit.",
  UNSUPPORTED_MEDIA_TYPE: "The body's content type is not one this route accepts.",
  RANGE_NOT_SATISFIABLE:
    "The Range asked for lies outside the file; Content-Range (bytes */size) gives its size.",
  UNPROCESSABLE:
    "The request is well formed but the document cannot serve it; for a page image, the page took longer than PAGE_IMAGE_TIME_BUDGET_SECONDS to draw.",
  RATE_LIMITED: "Too many requests in this minute; wait for Retry-After seconds.",
  INTERNAL: "A failure on the service's side; the message carries a request id.",
  PROVIDER_ERROR:
    "The configured answer provider (an OpenAI-compatible API) failed or refused the request; the message gives its status and reason.",
  PROVIDER_TIMEOUT:
    "The configured answer provider did not answer within PROVIDER_TIMEOUT_SECONDS, retries included.",
  STORAGE_UNAVAILABLE:
    "The blob store (local disk or the S3-compatible store) failed or did not answer in time; nothing was half-written. Retry later.",
};

const rateHeaders = {
  "X-RateLimit-Limit": {
    schema: { type: "integer" as const },
    description: "Requests allowed in the window.",
  },
  "X-RateLimit-Remaining": {
    schema: { type: "integer" as const },
    description: "Requests left in the window.",
  },
  "X-RateLimit-Reset": {
    schema: { type: "integer" as const },
    description: "Unix time at which the window resets.",
  },
};

/** Error responses for a route: the ones it names plus those every route can give. */
export function errorResponses(...codes: ErrorCode[]) {
  const all = new Set<ErrorCode>([...codes, "BAD_REQUEST", "UNAUTHORIZED", "RATE_LIMITED", "INTERNAL"]);
  const out: Record<
    string,
    {
      description: string;
      content: { "application/json": { schema: typeof ErrorEnvelope } };
      headers?: object;
    }
  > = {};
  for (const code of all) {
    const status = String(errorStatus[code]);
    const prev = out[status];
    out[status] = {
      description: prev ? `${prev.description} / ${code}: ${describe[code]}` : `${code}: ${describe[code]}`,
      content: { "application/json": { schema: ErrorEnvelope } },
      headers:
        code === "RATE_LIMITED"
          ? {
              ...rateHeaders,
              "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." },
            }
          : rateHeaders,
    };
  }
  return out;
}

export function jsonResponse<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } }, headers: rateHeaders };
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { "application/json": { schema } }, required: true } };
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A response in another media type than JSON (markdown, PNG, CSV, HTML). */
export function mediaResponse(types: Record<string, { schema: object }>, description: string) {
  return { description, content: types, headers: rateHeaders };
}

/**
 * SPEC 5 rule 7: a response served through a `public` grant may be cached by anyone for a short
 * while; everything else stays private. Content changes on reparse, so the window is short.
 */
export function setCacheControl(
  c: { header: (k: string, v: string) => void },
  viaPublic: boolean,
  maxAgeSeconds = 60,
) {
  c.header("Cache-Control", viaPublic ? `public, max-age=${maxAgeSeconds}` : "private, no-cache");
  // The same address answers a key and its absence differently: a shared cache keeps them apart.
  if (viaPublic) c.header("Vary", "Authorization, X-Api-Key");
}

/**
 * A whole number in a path or query string, written plainly: digits only, no sign, spaces, hex
 * or leading zeros ("0x1", "+1", " 1", "00001" and "" are 400, not page 1 or 0), then bounded.
 * The bounds' messages are the caller's.
 */
function wholeNumber(bounds: { min: number; max: number; minMessage?: string }) {
  // A minus sign is read where negative numbers pass the bounds (a page that cannot exist is
  // then 404, as page 0 is), never a plus sign.
  const written = bounds.min < 0 ? /^(0|-?[1-9][0-9]*)$/ : /^(0|[1-9][0-9]*)$/;
  return z
    .string()
    .regex(written, "must be a whole number written with digits only (no plus sign, spaces or leading zeros)")
    .transform(Number)
    .pipe(z.number().int().min(bounds.min, bounds.minMessage).max(bounds.max));
}

/** A decimal number in a query string, written plainly ("1.5", "2"): no sign, exponent or hex. */
function decimalNumber(bounds: { min: number; max: number }) {
  return z
    .string()
    .regex(/^[0-9]+(\.[0-9]+)?$/, "must be a number written with digits and at most one decimal point")
    .transform(Number)
    .pipe(z.number().min(bounds.min).max(bounds.max));
}

type NumberField = { number: z.ZodNumber; fallback: number | undefined };

/** The number schema inside an operation's input field, and its default (if it has one). */
function numberFieldOf(field: z.ZodType): NumberField {
  let inner: z.ZodType = field;
  let fallback: number | undefined;
  for (;;) {
    if (inner instanceof z.ZodDefault) {
      fallback = inner.def.defaultValue as number;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
    else break;
  }
  if (!(inner instanceof z.ZodNumber)) throw new Error("a numeric parameter must come from a number field");
  return { number: inner, fallback };
}

/** The bounds of a number field, narrowed where the route is stricter; both must be known. */
function boundsOf(n: z.ZodNumber, narrower: { min?: number; max?: number }) {
  const min = Math.max(n.minValue ?? -Infinity, narrower.min ?? -Infinity);
  const max = Math.min(n.maxValue ?? Infinity, narrower.max ?? Infinity);
  if (!Number.isFinite(min) || !Number.isFinite(max))
    throw new Error("a numeric parameter needs a minimum and a maximum in its operation's input");
  return { min, max };
}

/**
 * A whole-number path or query parameter for an operation's input field (`op.input.shape.x`):
 * its bounds and default are the field's, so the document states the limits the operation
 * enforces. `narrower` is for a route stricter than its operation (tables numbered from 0).
 * A field with a default, or optional, is an optional parameter the operation then fills in.
 */
export function integerParameter<F extends z.ZodType>(
  field: F,
  narrower: { min?: number; max?: number; minMessage?: string } = {},
): Parameter<F> {
  const { number, fallback } = numberFieldOf(field);
  const { min, max } = boundsOf(number, narrower);
  const parsed = wholeNumber({ min, max, minMessage: narrower.minMessage });
  return parameter(field, parsed, { type: "integer", minimum: min, maximum: max, default: fallback });
}

/** A decimal query parameter for an operation's number field, as integerParameter. */
export function decimalParameter<F extends z.ZodType>(field: F): Parameter<F> {
  const { number, fallback } = numberFieldOf(field);
  const { min, max } = boundsOf(number, {});
  const parsed = decimalNumber({ min, max });
  return parameter(field, parsed, { type: "number", minimum: min, maximum: max, default: fallback });
}

type Parsed = ReturnType<typeof wholeNumber>;
/** Optional exactly when the operation's field may be left out. */
type Parameter<F extends z.ZodType> = undefined extends z.input<F> ? z.ZodOptional<Parsed> : Parsed;

function parameter<F extends z.ZodType>(
  field: F,
  parsed: Parsed,
  doc: { type: "integer" | "number"; minimum: number; maximum: number; default: number | undefined },
): Parameter<F> {
  return (field.isOptional() ? parsed.optional().openapi(doc) : parsed.openapi(doc)) as Parameter<F>;
}

/** The query of a cursor-paged list: the operation's `limit` field, described, and `cursor`. */
export function pageQuery<F extends z.ZodType>(limit: F, description: string) {
  return {
    limit: integerParameter(limit).openapi({ description }),
    cursor: cursorInput.optional().openapi({ description: "next_cursor of the previous page." }),
  };
}

/** A page of a list, as every list answers it: its `data` and the `next_cursor` of the next page. */
export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z.object({ data: z.array(item), next_cursor: z.string().nullable() }).openapi(name);
}
