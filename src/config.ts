import path from "node:path";
import { z } from "zod";
import type { S3Settings } from "./core/blobs/s3-blob-store.ts";

// The environment, parsed once. Nothing else in the code reads process.env: every module gets
// the values it needs from this object, which keeps tests free to run several configurations
// side by side in one process.

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const positiveInt = z.coerce.number().int().positive();

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default("0.0.0.0"),
    BASE_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// connection string")
      .optional(),
    DATA_DIR: z.string().min(1).default(".data"),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
    BLOB_DIR: z.string().min(1).optional(),
    BLOB_STORE: z.enum(["local", "s3"]).default("local"),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    // S3's bucket naming rules: 3-63 of a-z, 0-9, '.' and '-', starting and ending alphanumeric.
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name (3-63 of a-z, 0-9, '.', '-')")
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    ROLE: z.enum(["api", "worker", "both"]).default("both"),
    MAX_UPLOAD_BYTES: positiveInt.default(100 * 1024 * 1024),
    PRESIGN_URL_SECONDS: positiveInt
      .min(60)
      .max(7 * 24 * 3600)
      .default(900),
    MAX_PAGES: positiveInt.default(5000),
    MAX_JSON_BODY_BYTES: positiveInt.default(1024 * 1024),
    GRAPHQL_MAX_RESPONSE_BYTES: positiveInt.default(16 * 1024 * 1024),
    WORKER_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    // How many proxies of the operator's stand in front: true means one, false none.
    TRUST_PROXY: z
      .union([bool.transform((b) => (b ? 1 : 0)), z.coerce.number().int().min(0).max(10)])
      .default(0),
    AUTH_FAILURES_PER_MINUTE: positiveInt.default(20),
    CORS_ORIGINS: z
      .string()
      .regex(
        /^\*$|^https?:\/\/[^\s,/]+(\s*,\s*https?:\/\/[^\s,/]+)*$/,
        "must be * or a comma-separated list of origins such as https://app.example.com",
      )
      .default("*"),
    DB_POOL_SIZE: positiveInt.max(200).default(10),
    SQL_POOL_SIZE: positiveInt.max(100).default(4),
    // Hosted sites live at {namespace}.HOSTED_DOMAIN; *.localhost resolves to loopback in browsers.
    HOSTED_DOMAIN: z
      .string()
      .toLowerCase()
      .regex(
        /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/,
        "must be a domain name of two labels or more, such as docs.example.com",
      )
      .default("quire.localhost"),
    HOST_COOKIE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    HOST_ACCESS_HOURS: positiveInt.max(24 * 365).default(24),
    HOST_NAMESPACE_HOLD_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 365)
      .default(72),
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    WORKER_CONCURRENCY: positiveInt.max(64).default(2),
    JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(3),
    JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
    JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    EXTRACTION_TIMEOUT_SECONDS: positiveInt.max(86_400).default(3600),
    PAGE_MAX_OPS: positiveInt.default(2_000_000),
    PAGE_TIME_BUDGET_SECONDS: positiveInt.max(3600).default(60),
    EXTRACTION_MEMORY_MB: positiveInt.min(256).max(65_536).default(1024),
    PRERENDER_PAGES: z.coerce.number().int().min(0).optional(),
    PAGE_IMAGE_TIME_BUDGET_SECONDS: positiveInt.max(600).default(30),
    CONVERSION_MAX_MEGAPIXELS: z.coerce.number().positive().max(1000).default(100),
    CONVERSION_IMAGE_SECONDS: positiveInt.max(3600).default(30),
    ANSWER_PROVIDER: z.enum(["builtin", "openai"]).default("builtin"),
    OPENAI_BASE_URL: z.url().default("https://api.openai.com/v1"),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_MODELS: z
      .string()
      .regex(
        /^\s*[A-Za-z0-9._-]+\s*=\s*[^,=\s][^,=]*(,\s*[A-Za-z0-9._-]+\s*=\s*[^,=\s][^,=]*)*$/,
        "must be a comma-separated list of ours=theirs pairs, e.g. default=gpt-4o-mini,large=gpt-4o",
      )
      .default("default=gpt-4o-mini"),
    PROVIDER_TIMEOUT_SECONDS: positiveInt.max(3600).default(60),
    PROVIDER_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
    // Dynamic workflows (POST /v1/workflows) are a private beta: off unless the operator turns them on.
    WORKFLOWS_BETA: bool.default(false),
    MCP_MAX_RESULT_CHARS: positiveInt.min(1000).max(1_000_000).default(20_000),
    MCP_MAX_INLINE_UPLOAD_BYTES: positiveInt.max(100 * 1024 * 1024).default(5 * 1024 * 1024),
    MCP_ALLOWED_ORIGINS: z
      .string()
      .regex(
        /^https?:\/\/[^\s,/]+(\s*,\s*https?:\/\/[^\s,/]+)*$/,
        "must be a comma-separated list of origins such as http://localhost:6274",
      )
      .optional(),
  })
  .superRefine((e, ctx) => {
    if (e.BLOB_STORE !== "s3") return;
    if (!e.S3_BUCKET)
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when BLOB_STORE=s3" });
    // Both or neither: with neither, the AWS SDK's own chain (environment, profile, instance role) is used.
    if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined))
      ctx.addIssue({
        code: "custom",
        path: [e.S3_ACCESS_KEY_ID === undefined ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither",
      });
  });

export type Config = {
  port: number;
  host: string;
  baseUrl: string;
  /** BASE_URL was given: links this service hands out use it instead of the request's own address. */
  baseUrlSet: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  blobDir: string;
  /** Where bytes live: the local directory (blobDir), or an S3-compatible bucket. */
  blobStore: { kind: "local" } | ({ kind: "s3" } & S3Settings);
  role: "api" | "worker" | "both";
  maxUploadBytes: number;
  maxPages: number;
  maxJsonBodyBytes: number;
  /** How long a presigned upload URL (and its upload session) lasts. */
  presignUrlSeconds: number;
  /** The largest GraphQL result sent; a larger one is replaced by an error (queries are limited by cost first). */
  graphqlMaxResponseBytes: number;
  operatorSecret: string | undefined;
  /** Proxies of the operator's in front of the service, each appending to X-Forwarded-For; 0 = none. */
  trustProxy: number;
  /** Origins whose pages may call the API from a browser; ["*"] for any. */
  corsOrigins: string[];
  /** Credentials that may fail to authenticate from one client address a minute; past it, 429. */
  authFailuresPerMinute: number;
  dbPoolSize: number;
  /** Connections for doc_sql and table_sql statements, apart from the service's own pool. */
  sqlPoolSize: number;
  hosting: {
    /** Sites answer at {namespace}.{domain}. */
    domain: string;
    /** Signs access cookies and form tokens; from HOST_COOKIE_SECRET, or generated into the data directory. */
    cookieSecret: string | undefined;
    /** How long a password once given keeps a browser in. */
    accessHours: number;
    /** How long an unpublished namespace stays held before anyone may claim it. */
    namespaceHoldHours: number;
  };
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  workerConcurrency: number;
  jobRetryLimit: number;
  jobHeartbeatSeconds: number;
  jobSuperviseSeconds: number;
  extractionTimeoutSeconds: number;
  pageMaxOps: number;
  pageTimeBudgetSeconds: number;
  /** Resident memory one document's extraction process may reach; past it the page fails. */
  extractionMemoryBytes: number;
  /** Pages per document whose images are made in the background after extraction; 0 = on request only. */
  prerenderPages: number;
  /** Longest a page image may take to draw; over it the request fails (422) and the page is not drawn again. */
  pageImageTimeBudgetSeconds: number;
  /** Pixels one image (one TIFF page) of a conversion may have, read from its header before decoding. */
  conversionMaxPixels: number;
  /** Longest one image (one TIFF page) of a conversion may take to read and add; over it the conversion fails. */
  conversionImageSeconds: number;
  answerProvider: "builtin" | "openai";
  openai: {
    baseUrl: string;
    /** Sent as the bearer token; local servers (vLLM, Ollama, llama.cpp) often need none. */
    apiKey: string | undefined;
    /** Our model names (always including `default`) to the provider's. */
    models: Record<string, string>;
    timeoutSeconds: number;
    maxRetries: number;
  };
  /** Dynamic workflows (an account's own steps) may be written and run. */
  workflowsBeta: boolean;
  mcp: {
    /** The longest text a tool result carries; longer text is cut, saying so and where to read on. */
    maxResultChars: number;
    /** The largest PDF upload_document and upload_file take inline (base64 in the arguments). */
    maxInlineUploadBytes: number;
    /** Browser origins, besides BASE_URL's own, whose pages may call /mcp. */
    allowedOrigins: string[];
  };
};

export class ConfigError extends Error {}

/** "default=gpt-4o-mini, large=gpt-4o" as a map; `default` falls back to the first model named. */
function modelMap(spec: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const pair of spec.split(",")) {
    const [ours, theirs] = pair.split("=").map((s) => s.trim());
    if (ours && theirs) map[ours] = theirs;
  }
  if (!map.default) {
    const first = Object.values(map)[0];
    if (first) map.default = first;
  }
  return map;
}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as most shells and .env files intend it.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    baseUrlSet: e.BASE_URL !== undefined,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    blobDir: path.resolve(e.BLOB_DIR ?? path.join(dataDir, "blobs")),
    blobStore:
      e.BLOB_STORE === "s3"
        ? {
            kind: "s3",
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET as string,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: "local" },
    role: e.ROLE,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    presignUrlSeconds: e.PRESIGN_URL_SECONDS,
    maxPages: e.MAX_PAGES,
    maxJsonBodyBytes: e.MAX_JSON_BODY_BYTES,
    graphqlMaxResponseBytes: e.GRAPHQL_MAX_RESPONSE_BYTES,
    operatorSecret: e.WORKER_SECRET,
    trustProxy: e.TRUST_PROXY,
    authFailuresPerMinute: e.AUTH_FAILURES_PER_MINUTE,
    corsOrigins: e.CORS_ORIGINS.split(",").map((o) => o.trim()),
    dbPoolSize: e.DB_POOL_SIZE,
    sqlPoolSize: e.SQL_POOL_SIZE,
    hosting: {
      domain: e.HOSTED_DOMAIN,
      cookieSecret: e.HOST_COOKIE_SECRET,
      accessHours: e.HOST_ACCESS_HOURS,
      namespaceHoldHours: e.HOST_NAMESPACE_HOLD_HOURS,
    },
    logLevel: e.LOG_LEVEL,
    workerConcurrency: e.WORKER_CONCURRENCY,
    jobRetryLimit: e.JOB_RETRY_LIMIT,
    jobHeartbeatSeconds: e.JOB_HEARTBEAT_SECONDS,
    jobSuperviseSeconds: e.JOB_SUPERVISE_SECONDS,
    extractionTimeoutSeconds: e.EXTRACTION_TIMEOUT_SECONDS,
    pageMaxOps: e.PAGE_MAX_OPS,
    pageTimeBudgetSeconds: e.PAGE_TIME_BUDGET_SECONDS,
    extractionMemoryBytes: e.EXTRACTION_MEMORY_MB * 2 ** 20,
    // Every page of every document by default (the SPEC: processed documents keep page images).
    prerenderPages: e.PRERENDER_PAGES ?? e.MAX_PAGES,
    pageImageTimeBudgetSeconds: e.PAGE_IMAGE_TIME_BUDGET_SECONDS,
    conversionMaxPixels: Math.round(e.CONVERSION_MAX_MEGAPIXELS * 1_000_000),
    conversionImageSeconds: e.CONVERSION_IMAGE_SECONDS,
    answerProvider: e.ANSWER_PROVIDER,
    openai: {
      baseUrl: e.OPENAI_BASE_URL.replace(/\/+$/, ""),
      apiKey: e.OPENAI_API_KEY,
      models: modelMap(e.OPENAI_MODELS),
      timeoutSeconds: e.PROVIDER_TIMEOUT_SECONDS,
      maxRetries: e.PROVIDER_MAX_RETRIES,
    },
    workflowsBeta: e.WORKFLOWS_BETA,
    mcp: {
      maxResultChars: e.MCP_MAX_RESULT_CHARS,
      maxInlineUploadBytes: e.MCP_MAX_INLINE_UPLOAD_BYTES,
      allowedOrigins: (e.MCP_ALLOWED_ORIGINS ?? "")
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    },
  };
}
