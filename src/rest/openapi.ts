import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { rateLimits } from "../core/auth/rate-limit.ts";
import { errorCodes, errorStatus } from "../core/errors.ts";
import type { Services } from "../core/services.ts";
import type { AppEnv } from "../web/env.ts";
import { authenticateAs } from "../web/middleware.ts";
import { securityOf, securitySchemes } from "./bind-route.ts";
import { errorResponses, jsonResponse } from "./shared-schemas.ts";

export const API_VERSION = "1.15.0";

/** Every tag a route names, in the order a reader meets them. */
const tags = [
  {
    name: "Accounts",
    description: "Accounts and the account a key belongs to. Creating one is an operator task.",
  },
  {
    name: "Keys",
    description: "The account's secret and publishable API keys: create, list, rotate, revoke.",
  },
  {
    name: "Documents",
    description:
      "Upload PDFs, follow their extraction, reparse, configure access, append vendor ingest records, delete.",
  },
  {
    name: "Document content",
    description:
      "What extraction produced: markdown of the whole document or a page, page images and tables.",
  },
  {
    name: "Collections",
    description: "Named groups of an account's documents, queried and exported together. Secret keys only.",
  },
  {
    name: "Answering",
    description: "Questions and structured extraction over a document, OpenAI-compatible, with citations.",
  },
  {
    name: "Files",
    description:
      "PDFs and images kept for later parsing, conversion, hosting or workflows: streamed uploads, presigned direct uploads, byte ranges. Storing starts no parsing. Secret keys only.",
  },
  {
    name: "Conversions",
    description:
      "One-call conversions run by a worker: images (uploaded with the request, or stored files) into one PDF, kept as a new stored file. Secret keys only.",
  },
  {
    name: "Host",
    description:
      "Publish a file or a parsed document at https://{namespace}.{hosted_domain}: a viewer page, access settings (disabled, unlisted, expiry, password, downloads, indexing) and counts of what it served. Secret keys only.",
  },
  {
    name: "Agents",
    description:
      "JSON-configured document agents (versioned) and their runs: with a model, a tool-calling loop over doc_sql and table_sql; without one, a built-in plan that fills the bound table. Secret keys only.",
  },
  {
    name: "Runs",
    description: "The runs of workflows and agents: read, followed live, cancelled. Secret keys only.",
  },
  {
    name: "SQL",
    description:
      "doc_sql for people and scripts: one read-only statement over views of the account's documents, run in the sandbox agents use (see docs/sql.md). Secret keys only.",
  },
  {
    name: "Tables",
    description:
      "Typed tables: real PostgreSQL tables of declared columns that agents fill, read and written with table_sql, listed, exported as CSV, XLSX or JSON. Secret keys only.",
  },
  {
    name: "Workflows",
    description:
      "Built-in document workflows (invoice-extraction: invoices read into fields with their sources, checked, and given back as JSON, CSV, XLSX or UBL XML) and their runs. Secret keys only.",
  },
  { name: "Service", description: "The API's own description." },
];

/**
 * The project grants no licence (package.json is private and names none); SPDX spells a licence
 * of one's own LicenseRef-…. A constant, since @hono/zod-openapi types the 3.1 document's info
 * with OpenAPI 3.0's, which has no `identifier`.
 */
const license = { name: "Proprietary", identifier: "LicenseRef-Proprietary" };

const describeErrors = () =>
  ["| Status | Code |", "|---|---|", ...errorCodes.map((code) => `| ${errorStatus[code]} | ${code} |`)].join(
    "\n",
  );

const documentRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  operationId: "getOpenApiDocument",
  tags: ["Service"],
  summary: "This OpenAPI 3.1 description of the API",
  description: "Public and cacheable; a key, if sent, is checked and counted like any other request.",
  security: securityOf("anyone"),
  responses: {
    200: jsonResponse(
      z.object({}).passthrough().openapi({ description: "An OpenAPI 3.1 document." }),
      "The description.",
    ),
    ...errorResponses(),
  },
});

/** /openapi.json, generated from the route definitions registered on the app, itself included. */
export function registerOpenApiDocument(app: OpenAPIHono<AppEnv>, services: Services) {
  for (const [name, scheme] of Object.entries(securitySchemes))
    app.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  const { authenticated: withKey, unauthenticated: withoutKey } = rateLimits;
  let cached: object | undefined;
  app.openapi({ ...documentRoute, middleware: [authenticateAs(services, "standard")] }, (c) => {
    cached ??= app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Quire document-processing API",
        version: API_VERSION,
        license,
        description: [
          "REST face of Quire. Errors use one envelope `{error: {code, message}}`; each code has one status:",
          "",
          describeErrors(),
          "",
          `Rate limits (fixed one-minute windows, per key, or per client address without a key): ${withKey.standard} standard and`,
          `${withKey.expensive} expensive requests a minute with a key, ${withoutKey.standard} and ${withoutKey.expensive} without. Every response carries X-RateLimit-Limit,`,
          "X-RateLimit-Remaining and X-RateLimit-Reset for the class it was counted in; a 429 also carries Retry-After.",
          "",
          "Publishable keys (svc_pk_) are for browsers: they may read the account record and read or query the",
          "documents whose access policy grants the `publishable` principal; they never mutate or configure.",
        ].join("\n"),
      },
      servers: [{ url: "/" }],
      tags,
    });
    c.header("Cache-Control", "public, max-age=300");
    return c.json(cached, 200);
  });
}
