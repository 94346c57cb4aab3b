import { MAX_PASSWORD_LENGTH } from "../../core/hosting/access-input.ts";
import { hostedUrl } from "../../core/hosting/hosted-url.ts";
import type { Services } from "../../core/services.ts";
import { z } from "../../core/zod.ts";
import { listSites } from "../../resolvers/hosting/list-sites.ts";
import { publishSite } from "../../resolvers/hosting/publish-site.ts";
import type { SiteRecord } from "../../resolvers/hosting/site-record.ts";
import { boundedList, listInput } from "../list.ts";
import { siteJson } from "../records.ts";
import { badArgument, defineTool, hints, structured, type ToolCall, type ToolDefinition } from "../tool.ts";

const siteOut = z.looseObject({ namespace: z.string(), url: z.string() });

export const accessArg = z
  .strictObject({
    disabled: z.boolean().optional().describe("The address answers 404 while true."),
    unlisted: z.boolean().optional().describe("Kept out of the sitemap; reachable by its address only."),
    expires_at: z.iso
      .datetime({ offset: true })
      .optional()
      .describe("ISO 8601; after it the address answers 410."),
    password: z.string().min(1).max(MAX_PASSWORD_LENGTH).optional().describe("Viewers must give it first."),
    allow_download: z.boolean().optional().describe("The PDF itself may be downloaded (default true)."),
    indexing: z
      .boolean()
      .optional()
      .describe("Search engines may index it (listed sites only; default false)."),
  })
  .describe("Who may see the site and how; anything left out takes its default.");

/** The access settings as the operations take them. */
export const accessIn = (access: z.output<typeof accessArg> | undefined) =>
  access && {
    disabled: access.disabled,
    unlisted: access.unlisted,
    expiresAt: access.expires_at,
    password: access.password,
    allowDownload: access.allow_download,
    indexing: access.indexing,
  };

export function hostingTools(services: Services): ToolDefinition[] {
  const json = (call: ToolCall) => (s: SiteRecord) =>
    siteJson(s, hostedUrl(s.namespace, services.config, call.requestOrigin));
  return [
    defineTool({
      name: "publish",
      title: "Publish a PDF at its own address",
      description: `Publishes a stored file (file_id, parsed in the background) or a parsed document (document_id) as a site at https://{namespace}.${services.config.hosting.domain} with a viewer, with access settings (password, expiry, unlisted, download, indexing). Returns the site's url.`,
      operation: publishSite,
      input: z.object({
        file_id: z.string().min(1).max(100).optional().describe("A stored file (file_…) to publish."),
        document_id: z.string().min(1).max(100).optional().describe("A parsed document (doc-…) to publish."),
        namespace: publishSite.input.shape.namespace.describe(
          "The address's first label (3-63 of a-z, 0-9, '-'); generated when left out.",
        ),
        title: publishSite.input.shape.title.describe("The site's title; the file name by default."),
        access: accessArg.optional(),
      }),
      output: siteOut,
      annotations: hints.create,
      run: async (call, a) => {
        if ((a.file_id === undefined) === (a.document_id === undefined))
          throw badArgument("file_id", "give file_id or document_id, exactly one of the two.");
        const site = await publishSite.invoke(call.ctx, {
          source: a.file_id !== undefined ? { fileId: a.file_id } : { documentId: a.document_id as string },
          namespace: a.namespace,
          title: a.title,
          access: accessIn(a.access),
        });
        return structured(json(call)(site));
      },
    }),
    defineTool({
      name: "list_deployments",
      title: "The account's published sites",
      description: "The account's published sites with their addresses and access settings, newest first.",
      operation: listSites,
      input: listInput(listSites.input.shape.limit),
      output: z.looseObject({ sites: z.array(siteOut), next_cursor: z.string().nullable() }),
      annotations: hints.read,
      run: async (call, a) => {
        const r = await listSites.invoke(call.ctx, { limit: a.limit, cursor: a.cursor });
        return boundedList("sites", r.sites, r.nextCursor, json(call), call.budget);
      },
    }),
  ];
}
