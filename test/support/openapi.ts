import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";
import type { Reply } from "./http.ts";

// Checks real responses against the service's own /openapi.json: the status must be one the
// operation documents, the content type one it declares, the body valid against its schema, and
// every header it declares present. Objects are checked closed: a property the document does not
// name is reported, so a field added to a response without documenting it fails a test. A body in
// another media type than JSON (markdown, CSV, HTML, PNG) is checked as the text it is against the
// schema declared for that type, typically {type: "string"}.

type Schema = Record<string, unknown>;
type ResponseObject = {
  description?: string;
  headers?: Record<string, { schema?: Schema; required?: boolean }>;
  content?: Record<string, { schema?: Schema }>;
};
export type OperationObject = {
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses: Record<string, ResponseObject>;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, Schema> };
};

const httpMethods = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** Every operation of the document as "METHOD /path/{template}", with the operation itself. */
export function operationsOf(
  doc: OpenApiDocument,
): { key: string; method: string; path: string; op: OperationObject }[] {
  const out = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (httpMethods.includes(method))
        out.push({ key: `${method.toUpperCase()} ${path}`, method, path, op });
    }
  }
  return out;
}

/** The operation for a method and path template, or a readable failure. */
export function operationOf(doc: OpenApiDocument, method: string, pathTemplate: string): OperationObject {
  const op = doc.paths?.[pathTemplate]?.[method.toLowerCase()];
  if (!op) {
    const known = operationsOf(doc).map((o) => o.key);
    throw new Error(
      `The OpenAPI document has no operation ${method.toUpperCase()} ${pathTemplate}; it has: ${known.join(", ")}`,
    );
  }
  return op;
}

/** Resolves a local reference such as "#/components/schemas/Error" (or a JSON pointer into the document). */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) throw new Error(`only local references are supported, got ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const part = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (node === null || typeof node !== "object" || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const pointerPart = (s: string) => s.replaceAll("~", "~0").replaceAll("/", "~1");

// RFC 3339 date-time, as JSON Schema's "date-time" format means it.
const dateTime = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const formats: Record<string, (s: string) => boolean> = {
  "date-time": (s) => dateTime.test(s) && !Number.isNaN(Date.parse(s)),
  date: (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)),
  uri: (s) => URL.canParse(s),
  email: (s) => /^[^\s@]+@[^\s@]+$/.test(s),
  uuid: (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s),
  // OpenAPI's "binary" says only that the string is raw bytes (an image, a file).
  binary: () => true,
};

/** application/json and its +json relatives. */
export const isJsonMediaType = (type: string) => /^application\/([\w.-]+\+)?json$/i.test(type);

const compositions = ["allOf", "anyOf", "oneOf"];

/** The subschemas of a schema, each with whether it is a member of an allOf/anyOf/oneOf. */
function subschemas(s: Schema): [unknown, boolean][] {
  const out: [unknown, boolean][] = [];
  for (const sub of Object.values((s.properties as Record<string, unknown>) ?? {})) out.push([sub, false]);
  for (const k of ["items", "additionalProperties", "not", "if", "then", "else", "contains"])
    out.push([s[k], false]);
  if (Array.isArray(s.prefixItems)) for (const sub of s.prefixItems) out.push([sub, false]);
  for (const sub of Object.values((s.$defs as Record<string, unknown>) ?? {})) out.push([sub, false]);
  for (const k of compositions)
    if (Array.isArray(s[k])) for (const sub of s[k] as unknown[]) out.push([sub, true]);
  return out;
}

/**
 * A copy of the document in which every object schema that says nothing about further
 * properties is closed (unevaluatedProperties: false). Schemas are walked structurally, from
 * components and from the operations' responses, so a property that happens to be named
 * "properties" is never mistaken for a keyword. Members of an allOf/anyOf/oneOf (and components
 * used as such members) stay open and their composing schema is closed instead, since a closed
 * member would refuse the properties its siblings add.
 */
function closedCopy(doc: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(doc);
  const roots: unknown[] = [...Object.values(copy.components?.schemas ?? {})];
  for (const { op } of operationsOf(copy))
    for (const r of Object.values(op.responses ?? {}))
      for (const c of Object.values(r.content ?? {})) roots.push(c.schema);

  const members = new Set<unknown>();
  const memberRefs = new Set<string>();
  const walk = (schema: unknown, visit: (s: Schema) => void, seen = new Set<unknown>()) => {
    if (!schema || typeof schema !== "object" || seen.has(schema)) return;
    seen.add(schema);
    visit(schema as Schema);
    for (const [sub] of subschemas(schema as Schema)) walk(sub, visit, seen);
  };
  const seenForMarks = new Set<unknown>();
  for (const root of roots)
    walk(
      root,
      (s) => {
        for (const [sub, isMember] of subschemas(s)) {
          if (!isMember) continue;
          members.add(sub);
          const ref = (sub as Schema | undefined)?.$ref;
          if (typeof ref === "string") memberRefs.add(ref);
        }
      },
      seenForMarks,
    );
  const componentOf = new Map<unknown, string>(
    Object.entries(copy.components?.schemas ?? {}).map(([name, s]) => [s, `#/components/schemas/${name}`]),
  );
  const seenForClosing = new Set<unknown>();
  for (const root of roots)
    walk(
      root,
      (s) => {
        const ref = componentOf.get(s);
        if (members.has(s) || (ref !== undefined && memberRefs.has(ref))) return;
        const describesObject = s.properties !== undefined || compositions.some((k) => Array.isArray(s[k]));
        if (describesObject && s.additionalProperties === undefined && s.unevaluatedProperties === undefined)
          s.unevaluatedProperties = false;
      },
      seenForClosing,
    );
  return copy;
}

const DOC_ID = "https://quire.test/openapi.json";
const compiled = new WeakMap<OpenApiDocument, Ajv2020>();

function ajvFor(doc: OpenApiDocument): Ajv2020 {
  let ajv = compiled.get(doc);
  if (!ajv) {
    // strict: false, since the document carries OpenAPI keywords (example, openapi, paths…) that
    // are not JSON Schema. Its own "#/components/…" references resolve against DOC_ID.
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    for (const [name, check] of Object.entries(formats)) ajv.addFormat(name, check);
    ajv.addSchema(closedCopy(doc) as object, DOC_ID);
    compiled.set(doc, ajv);
  }
  return ajv;
}

function describeError(e: ErrorObject): string {
  const at = e.instancePath || "(root)";
  if (e.keyword === "unevaluatedProperties")
    return `${at}: has undocumented property '${(e.params as { unevaluatedProperty: string }).unevaluatedProperty}'`;
  if (e.keyword === "enum")
    return `${at}: ${e.message} ${JSON.stringify((e.params as { allowedValues: unknown }).allowedValues)}`;
  return `${at}: ${e.message}`;
}

function responseFor(op: OperationObject, status: number): [string, ResponseObject] | undefined {
  for (const key of [String(status), `${String(status)[0]}XX`, "default"]) {
    const r = op.responses?.[key];
    if (r) return [key, r];
  }
  return undefined;
}

/**
 * What is wrong with a response, measured against the document (empty when it matches). Pass
 * the headers to check the content type and the headers the document declares.
 */
export function openApiMismatches(
  doc: OpenApiDocument,
  method: string,
  pathTemplate: string,
  status: number,
  body: unknown,
  headers?: Headers,
): string[] {
  const op = operationOf(doc, method, pathTemplate);
  const found = responseFor(op, status);
  if (!found) {
    return [
      `status ${status} is not documented; the operation documents ${Object.keys(op.responses).join(", ")}`,
    ];
  }
  const [statusKey, response] = found;
  const problems: string[] = [];
  const content = response.content ?? {};
  const contentType = headers?.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  const declared = Object.keys(content);
  // Without headers the body is taken as JSON, or as the one type the response declares.
  let mediaType =
    declared.length === 1 && !("application/json" in content) ? declared[0]! : "application/json";
  if (headers) {
    if (!contentType) {
      if (Object.keys(content).length > 0) problems.push("the response has no Content-Type");
    } else if (!(contentType in content)) {
      problems.push(
        `Content-Type ${contentType} is not documented for ${status} (documented: ${Object.keys(content).join(", ") || "no body"})`,
      );
    } else mediaType = contentType;
    for (const [name, h] of Object.entries(response.headers ?? {})) {
      const value = headers.get(name);
      if (value === null) {
        problems.push(`documented header ${name} is missing`);
        continue;
      }
      if (h.schema?.type === "integer" && !/^-?\d+$/.test(value))
        problems.push(`header ${name} should be an integer, got ${JSON.stringify(value)}`);
    }
  }
  const media = content[mediaType];
  if (!media?.schema) {
    if (Object.keys(content).length === 0 && body !== null && body !== undefined && body !== "")
      problems.push(`a body was sent but ${status} documents none`);
    return problems;
  }
  const ref = `${DOC_ID}#/paths/${pointerPart(pathTemplate)}/${method.toLowerCase()}/responses/${statusKey}/content/${pointerPart(mediaType)}/schema`;
  const validate = ajvFor(doc).getSchema(ref);
  if (!validate) return [...problems, `no schema compiled at ${ref}`];
  let value = body;
  if (!isJsonMediaType(mediaType)) {
    // Raw bytes are a (binary) string to the schema; anything else must have arrived as text.
    if (body instanceof Uint8Array || body instanceof ArrayBuffer) value = `<${mediaType} bytes>`;
    else if (typeof body !== "string")
      problems.push(`a ${mediaType} body should be text, got ${typeof body}`);
  }
  if (!validate(value)) problems.push(...(validate.errors ?? []).map(describeError));
  return problems;
}

/** Fails, with every mismatch listed and the body shown, unless the response matches the document. */
export function expectMatchesOpenApi(
  doc: OpenApiDocument,
  method: string,
  pathTemplate: string,
  status: number,
  body: unknown,
  headers?: Headers,
): void {
  const problems = openApiMismatches(doc, method, pathTemplate, status, body, headers);
  if (problems.length === 0) return;
  const shown = JSON.stringify(body, null, 2) ?? String(body);
  throw new Error(
    [
      `${method.toUpperCase()} ${pathTemplate} answered ${status}, which does not match the OpenAPI document:`,
      ...problems.map((p) => `  - ${p}`),
      `body: ${shown.length > 2000 ? `${shown.slice(0, 2000)}…` : shown}`,
    ].join("\n"),
  );
}

/**
 * expectMatchesOpenApi for a Reply of test/support/http.ts, headers included. A body that is not
 * JSON by its Content-Type is checked as the text the reply carries.
 */
export function expectReplyMatchesOpenApi(
  doc: OpenApiDocument,
  method: string,
  pathTemplate: string,
  reply: Reply,
): void {
  const type = reply.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
  const body = type && !isJsonMediaType(type) ? reply.text : reply.body;
  expectMatchesOpenApi(doc, method, pathTemplate, reply.status, body, reply.headers);
}
