import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { UriTemplate } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";
import { ErrorCode, McpError, type ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import { charge } from "../core/auth/authenticate.ts";
import { AppError } from "../core/errors.ts";
import { getDocument } from "../resolvers/documents/get-document.ts";
import { listDocuments, MAX_PAGE_SIZE } from "../resolvers/documents/list-documents.ts";
import { getFullMarkdown, getPage } from "../resolvers/documents/read-pages.ts";
import type { AnyOperation } from "../resolvers/operation.ts";
import { toAppError } from "../web/error-response.ts";
import { cutText } from "./budget.ts";
import { documentJson } from "./records.ts";
import type { ToolCall } from "./tool.ts";

// A document's record, whole markdown and pages as resources a client can attach to a
// conversation. Listed per account: the newest MAX_PAGE_SIZE documents (a publishable key, which
// cannot list the account, lists none and reads what its grants allow).

export const resourceTemplates = {
  page: "quire://documents/{id}/pages/{n}",
  markdown: "quire://documents/{id}/full.md",
  record: "quire://documents/{id}",
} as const;

// Parsed once per process; each request's templates share them.
const uriTemplates = {
  page: new UriTemplate(resourceTemplates.page),
  markdown: new UriTemplate(resourceTemplates.markdown),
  record: new UriTemplate(resourceTemplates.record),
};

/** A failure as a JSON-RPC error a client can read: not found as the resources spec says (-32002). */
function rpcError(err: AppError): McpError {
  const code =
    err.code === "NOT_FOUND"
      ? -32002
      : err.code === "BAD_REQUEST" || err.code === "FORBIDDEN"
        ? ErrorCode.InvalidParams
        : ErrorCode.InternalError;
  return new McpError(code, `${err.code}: ${err.message}`);
}

type Call = Omit<ToolCall, "extra">;

export function registerResources(server: McpServer, call: Call, requestId: string) {
  const { ctx, services } = call;
  // One listing of the account's documents serves the record and markdown lists of one request.
  let listed: Promise<ReturnType<typeof documentJson>[]> | undefined;
  const documents = () => {
    listed ??= (async () => {
      const p = ctx.principal;
      if (p.kind === "key" && p.keyKind === "publishable") return [];
      const r = await listDocuments.invoke(ctx, { limit: MAX_PAGE_SIZE });
      return r.documents.map(documentJson);
    })();
    return listed;
  };
  const read =
    (op: AnyOperation, body: (vars: Record<string, string | string[]>) => Promise<ReadResourceResult>) =>
    async (_uri: URL, vars: Record<string, string | string[]>) => {
      try {
        await charge(services.db.pool, ctx.principal, op.rateClass, 1);
        return await body(vars);
      } catch (err) {
        throw rpcError(toAppError(err, services.log, requestId));
      }
    };
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? "") : (v ?? ""));

  server.registerResource(
    "document-page",
    new ResourceTemplate(uriTemplates.page, { list: undefined }),
    { title: "One page's markdown", mimeType: "text/markdown" },
    read(getPage, async (v) => {
      const n = Number(one(v.n));
      if (!Number.isSafeInteger(n)) throw new AppError("NOT_FOUND", `Page ${one(v.n)} does not exist.`);
      const r = await getPage.invoke(ctx, { ref: one(v.id), page: n });
      const cut = cutText(r.page.markdown, call.budget);
      return {
        contents: [
          {
            uri: `quire://documents/${one(v.id)}/pages/${n}`,
            mimeType: "text/markdown",
            text: cut.truncated
              ? `${cut.text}\n[truncated at the result budget of ${call.budget} characters: read_document with this page reads on]`
              : cut.text,
          },
        ],
      };
    }),
  );
  server.registerResource(
    "document-markdown",
    new ResourceTemplate(uriTemplates.markdown, {
      list: async () => ({
        resources: (await documents())
          .filter((d) => d.completed_at !== null)
          .map((d) => ({ uri: `quire://documents/${d.id}/full.md`, name: `${d.file_name} (markdown)` })),
      }),
    }),
    { title: "A document's whole markdown", mimeType: "text/markdown" },
    read(getFullMarkdown, async (v) => {
      const r = await getFullMarkdown.invoke(ctx, { ref: one(v.id) });
      const cut = cutText(r.markdown, call.budget);
      // The cut falls inside the page whose marker came last before it: read_document goes on there.
      const lastPage = [...cut.text.matchAll(/^<!-- page (\d+) -->$/gm)].pop()?.[1] ?? "1";
      return {
        contents: [
          {
            uri: `quire://documents/${one(v.id)}/full.md`,
            mimeType: "text/markdown",
            text: cut.truncated
              ? `${cut.text}\n[truncated at the result budget of ${call.budget} characters: call read_document with from_page ${lastPage} to read on]`
              : cut.text,
          },
        ],
      };
    }),
  );
  server.registerResource(
    "document",
    new ResourceTemplate(uriTemplates.record, {
      list: async () => ({
        resources: (await documents()).map((d) => ({
          uri: `quire://documents/${d.id}`,
          name: d.file_name,
          description: `${d.phase}, ${d.pages_completed} of ${d.pages_total ?? "?"} pages`,
        })),
      }),
    }),
    { title: "A document's record", mimeType: "application/json" },
    read(getDocument, async (v) => {
      const r = await getDocument.invoke(ctx, { ref: one(v.id) });
      return {
        contents: [
          {
            uri: `quire://documents/${one(v.id)}`,
            mimeType: "application/json",
            text: JSON.stringify(documentJson(r.document)),
          },
        ],
      };
    }),
  );
}
