import { Readable } from "node:stream";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { MAX_READ_AHEAD_SCALE, READ_AHEAD } from "../core/documents/page-images.ts";
import type { ErrorCode } from "../core/errors.ts";
import { tableToCsv, tableToHtml, tableToMarkdown } from "../core/exports/table-formats.ts";
import { xlsxStream } from "../core/exports/xlsx.ts";
import { DEFAULT_IMAGE_SCALE, MAX_SCALE, MIN_SCALE } from "../core/extraction/render-page.ts";
import type { TableGrid } from "../core/extraction/table-model.ts";
import { textRows } from "../core/extraction/table-model.ts";
import { getFigureImage } from "../resolvers/documents/figure-image.ts";
import { getPageElements } from "../resolvers/documents/page-elements.ts";
import { getPageImage } from "../resolvers/documents/page-image.ts";
import { getFullMarkdown, getPage } from "../resolvers/documents/read-pages.ts";
import { getTable, listTables } from "../resolvers/documents/tables.ts";
import type { AppEnv } from "../web/env.ts";
import type { RestFace } from "./bind-route.ts";
import { DocRefParam, PageParams } from "./documents-schemas.ts";
import { download, XLSX_TYPE } from "./downloads.ts";
import {
  decimalParameter,
  errorResponses,
  integerParameter,
  jsonResponse,
  mediaResponse,
  setCacheControl,
} from "./shared-schemas.ts";

const readErrors = (...more: ErrorCode[]) => errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", ...more);
const text = { schema: { type: "string" } };

const fullMd = createRoute({
  method: "get",
  path: "/v1/documents/{id}/full.md",
  tags: ["Document content"],
  summary: "The whole document as markdown",
  description:
    "Each page is preceded by `<!-- page N -->`. 409 CONFLICT until a first extraction has completed.",
  request: { params: DocRefParam },
  responses: { 200: mediaResponse({ "text/markdown": text }, "The markdown."), ...readErrors() },
});

const page = createRoute({
  method: "get",
  path: "/v1/documents/{id}/pages/{page_number}",
  tags: ["Document content"],
  summary: "One page's markdown as JSON",
  description: "404 for a page outside 1..pagesTotal; 409 CONFLICT for a page not extracted yet.",
  request: { params: PageParams },
  responses: {
    200: jsonResponse(
      z
        .object({
          page: z.number().int(),
          content: z.string().openapi({ description: "Markdown." }),
          method: z.string().openapi({ description: "text (the PDF's text layer), ocr, or failed." }),
        })
        .openapi("PageContent"),
      "The page.",
    ),
    ...readErrors(),
  },
});

const ElementSchema = z
  .object({
    type: z
      .enum(["heading", "paragraph", "list_item", "table", "figure", "code", "header", "footer"])
      .openapi({
        description:
          "header and footer: running heads, feet and page numbers, which the markdown leaves out. figure: an image with no text over it.",
      }),
    level: z.number().int().min(1).max(6).optional().openapi({ description: "A heading's level." }),
    text: z.string().openapi({ description: "Plain text; a table's rows with tab-separated cells." }),
    bbox: z
      .array(z.number())
      .length(4)
      .openapi({ description: "[x0, y0, x1, y1] in PDF points from the page's top-left corner." }),
    table: z.number().int().optional().openapi({
      description: "A table's index, as GET /v1/documents/{id}/entities/tables/{index} takes it.",
    }),
    figure: z.number().int().optional().openapi({
      description:
        "A figure's index on its page: its image is GET /v1/documents/{id}/pages/{n}/figures/{index}.",
    }),
    order: z.number().int().min(0).optional().openapi({
      description:
        "Its place in the page's reading order, which the page's markdown follows (0 first). Running heads and feet and figures, which the markdown leaves out, have none.",
    }),
  })
  .openapi("PageElement");

const pageElements = createRoute({
  method: "get",
  path: "/v1/documents/{id}/pages/{page_number}/elements",
  tags: ["Document content"],
  summary: "One page's elements in reading order, with their bounding boxes",
  description:
    "Headings (with their level), paragraphs, list items, tables (with their index), code, and the running headers and footers, each with its box in PDF points from the page's top-left corner (the page's width and height are given in the same units, so a box scales onto a page image of any size). 404 for a page outside 1..pagesTotal; 409 CONFLICT for a page not extracted yet, or extracted before elements were recorded (reparse the document).",
  request: { params: PageParams },
  responses: {
    200: jsonResponse(
      z
        .object({
          page: z.number().int(),
          width: z.number().openapi({ description: "Points." }),
          height: z.number().openapi({ description: "Points." }),
          elements: z.array(ElementSchema),
        })
        .openapi("PageElements"),
      "The page's elements.",
    ),
    ...readErrors(),
  },
});

const pageMd = createRoute({
  method: "get",
  path: "/v1/documents/{id}/pages/{page_number}/markdown",
  operationId: "getPageMarkdown",
  tags: ["Document content"],
  summary: "One page as markdown",
  request: { params: PageParams },
  responses: { 200: mediaResponse({ "text/markdown": text }, "The markdown."), ...readErrors() },
});

const pageImage = createRoute({
  method: "get",
  path: "/v1/documents/{id}/pages/{page_number}/image.png",
  tags: ["Document content"],
  summary: "One page rendered as PNG",
  description: `At the default scale, made in the background after extraction (PRERENDER_PAGES, every page unless configured), so a stored file; otherwise rendered on first request and cached. scale ${MIN_SCALE}..${MAX_SCALE} (1 = 72 dpi, default ${DEFAULT_IMAGE_SCALE}); the image is capped at 8000 px a side. Requests for an image being rendered share that render, and serving page n renders the next ${READ_AHEAD} pages in the background (scales up to ${MAX_READ_AHEAD_SCALE}), so a reader turning pages finds them cached. A page that takes longer than PAGE_IMAGE_TIME_BUDGET_SECONDS (default 30) to draw is refused with 422 UNPROCESSABLE, and at once when asked for again; so is a page the drawing engine cannot open or draw (a damaged file whose text could still be read), with the reason.`,
  request: {
    params: PageParams,
    query: z.object({
      scale: decimalParameter(getPageImage.input.shape.scale).openapi({ description: "1 = 72 dpi." }),
    }),
  },
  responses: {
    200: mediaResponse({ "image/png": { schema: { type: "string", format: "binary" } } }, "The PNG."),
    ...readErrors("UNPROCESSABLE"),
  },
});

const figureImage = createRoute({
  method: "get",
  path: "/v1/documents/{id}/pages/{page_number}/figures/{figure}",
  tags: ["Document content"],
  summary: "One figure of a page, cut from the page image, as PNG",
  description: `The figure's box (its element in GET /v1/documents/{id}/pages/{n}/elements) cut from the page image at \`scale\` (${MIN_SCALE}..${MAX_SCALE}, default ${DEFAULT_IMAGE_SCALE}; the same image /image.png serves). 404 for a figure the page does not have.`,
  request: {
    params: PageParams.extend({
      figure: integerParameter(getFigureImage.input.shape.figure).openapi({
        param: { name: "figure", in: "path", required: true },
        description: "The figure's index on its page, from 0 (the element's `figure`).",
      }),
    }),
    query: z.object({
      scale: decimalParameter(getFigureImage.input.shape.scale).openapi({ description: "1 = 72 dpi." }),
    }),
  },
  responses: {
    200: mediaResponse({ "image/png": { schema: { type: "string", format: "binary" } } }, "The PNG."),
    ...readErrors("UNPROCESSABLE"),
  },
});

const TableNode = z.object({
  type: z.literal("table"),
  value: z.string().openapi({ description: "The table as markdown." }),
});

const tables = createRoute({
  method: "get",
  path: "/v1/documents/{id}/entities/tables",
  tags: ["Document content"],
  summary: "The document's tables, in reading order",
  request: {
    params: DocRefParam,
    query: z.object({
      limit: integerParameter(listTables.input.shape.limit).openapi({
        description: "Most tables to return.",
      }),
      offset: integerParameter(listTables.input.shape.offset).openapi({ description: "Tables to skip." }),
    }),
  },
  responses: {
    200: jsonResponse(
      z
        .object({
          nodes: z.array(TableNode.extend({ index: z.number().int(), page: z.number().int() })),
          total: z.number().int(),
        })
        .openapi("TableList"),
      "The tables.",
    ),
    ...readErrors(),
  },
});

const TableParams = DocRefParam.extend({
  index: integerParameter(getTable.input.shape.index, {
    min: 0,
    minMessage: "tables are numbered from 0",
  }).openapi({
    param: { name: "index", in: "path", required: true },
    description: "0-based table index.",
  }),
});

const TableSchema = TableNode.extend({
  index: z.number().int(),
  page: z.number().int().openapi({ description: "The page the table starts on." }),
  pages: z.array(z.number().int()).openapi({ description: "Every page the table spans." }),
  bbox: z.array(z.number()).openapi({ description: "[x0, y0, x1, y1] on its first page, in PDF points." }),
  rows: z.array(z.array(z.string())).openapi({ description: "The cells' text, row by row." }),
}).openapi("Table");

/**
 * One table in each media type. The SPEC's route answers them all, chosen by `format`; a
 * generated client cannot type a reply whose media type a query value picks, so each text form
 * also has its own path with one media type, served by the same operation.
 */
const tableFormats = {
  csv: {
    type: "text/csv",
    header: "text/csv; charset=utf-8; header=present",
    render: tableToCsv,
    name: "CSV (RFC 4180, CRLF, header row first)",
  },
  html: {
    type: "text/html",
    header: "text/html; charset=utf-8",
    render: tableToHtml,
    name: "an HTML table (spanning cells as colspan/rowspan)",
  },
  markdown: {
    type: "text/markdown",
    header: "text/markdown; charset=utf-8",
    render: tableToMarkdown,
    name: "markdown",
  },
} as const;
type TableFormat = keyof typeof tableFormats;
const formatNames = Object.keys(tableFormats) as TableFormat[];

const table = createRoute({
  method: "get",
  path: "/v1/documents/{id}/entities/tables/{index}",
  tags: ["Document content"],
  summary: "One table as JSON, CSV (RFC 4180), HTML (with spans) or markdown",
  description: `\`format\` picks the media type of the reply: application/json (the default), ${formatNames.map((f) => tableFormats[f].type).join(", ")}. Clients generated from this description should use this route for JSON and the per-format routes (${formatNames.map((f) => `/v1/documents/{id}/entities/tables/{index}/${f}`).join(", ")}), which give the same bodies with one media type each.`,
  request: {
    params: TableParams,
    query: z.object({ format: z.enum(["json", ...formatNames]).default("json") }),
  },
  responses: {
    200: mediaResponse(
      {
        "application/json": { schema: TableSchema },
        ...Object.fromEntries(formatNames.map((f) => [tableFormats[f].type, text])),
      },
      "The table in the asked format.",
    ),
    ...readErrors(),
  },
});

const capitalized = (s: string) => s[0]?.toUpperCase() + s.slice(1);

const tableAs = (format: TableFormat) =>
  createRoute({
    method: "get",
    path: `/v1/documents/{id}/entities/tables/{index}/${format}`,
    operationId: `getTable${capitalized(format)}`,
    tags: ["Document content"],
    summary: `One table as ${tableFormats[format].name}`,
    description: `The body of GET /v1/documents/{id}/entities/tables/{index}?format=${format}, at a path of its own so that its one media type is known in advance.`,
    request: { params: TableParams },
    responses: {
      200: mediaResponse({ [tableFormats[format].type]: text }, `The table as ${tableFormats[format].name}.`),
      ...readErrors(),
    },
  });

const tableXlsx = createRoute({
  method: "get",
  path: "/v1/documents/{id}/entities/tables/{index}/xlsx",
  operationId: "getTableXlsx",
  tags: ["Document content"],
  summary: "One table as an XLSX workbook",
  description:
    "One worksheet: the table's first row, then the others, each cell's text as text (a spanning cell's text in its first cell). Sent as an attachment named `table-{index}.xlsx`.",
  request: { params: TableParams },
  responses: {
    200: mediaResponse({ [XLSX_TYPE]: { schema: { type: "string", format: "binary" } } }, "The workbook."),
    ...readErrors(),
  },
});

export function registerDocumentContentRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind }: RestFace) {
  app.openapi(bind(fullMd, getFullMarkdown), async (c) => {
    const r = await getFullMarkdown.invoke(ctxOf(c), { ref: c.req.valid("param").id });
    setCacheControl(c, r.viaPublic);
    return c.body(r.markdown, 200, { "Content-Type": "text/markdown; charset=utf-8" });
  });
  app.openapi(bind(page, getPage), async (c) => {
    const p = c.req.valid("param");
    const r = await getPage.invoke(ctxOf(c), { ref: p.id, page: p.page_number });
    setCacheControl(c, r.viaPublic);
    return c.json({ page: r.page.number, content: r.page.markdown, method: r.page.method }, 200);
  });
  app.openapi(bind(pageElements, getPageElements), async (c) => {
    const p = c.req.valid("param");
    const r = await getPageElements.invoke(ctxOf(c), { ref: p.id, page: p.page_number });
    setCacheControl(c, r.viaPublic);
    return c.json(
      { page: r.page.number, width: r.page.width, height: r.page.height, elements: r.page.elements },
      200,
    );
  });
  app.openapi(bind(pageMd, getPage), async (c) => {
    const p = c.req.valid("param");
    const r = await getPage.invoke(ctxOf(c), { ref: p.id, page: p.page_number });
    setCacheControl(c, r.viaPublic);
    return c.body(r.page.markdown, 200, { "Content-Type": "text/markdown; charset=utf-8" });
  });
  app.openapi(bind(figureImage, getFigureImage), async (c) => {
    const p = c.req.valid("param");
    const r = await getFigureImage.invoke(ctxOf(c), {
      ref: p.id,
      page: p.page_number,
      figure: p.figure,
      scale: c.req.valid("query").scale,
    });
    setCacheControl(c, r.viaPublic);
    return c.body(new Uint8Array(r.png), 200, { "Content-Type": "image/png" });
  });
  app.openapi(bind(pageImage, getPageImage), async (c) => {
    const p = c.req.valid("param");
    const r = await getPageImage.invoke(ctxOf(c), {
      ref: p.id,
      page: p.page_number,
      scale: c.req.valid("query").scale,
    });
    setCacheControl(c, r.viaPublic);
    return c.body(new Uint8Array(r.png), 200, { "Content-Type": "image/png" });
  });
  app.openapi(bind(tables, listTables), async (c) => {
    const q = c.req.valid("query");
    const r = await listTables.invoke(ctxOf(c), {
      ref: c.req.valid("param").id,
      limit: q.limit,
      offset: q.offset,
    });
    setCacheControl(c, r.viaPublic);
    return c.json(
      {
        nodes: r.tables.map((t) => ({
          type: "table" as const,
          value: t.markdown,
          index: t.index,
          page: t.page,
        })),
        total: r.total,
      },
      200,
    );
  });
  app.openapi(bind(table, getTable), async (c) => {
    const p = c.req.valid("param");
    const { table: t, viaPublic } = await getTable.invoke(ctxOf(c), { ref: p.id, index: p.index });
    setCacheControl(c, viaPublic);
    const format = c.req.valid("query").format;
    if (format !== "json") return tableBody(c, t.grid, format) as never;
    return c.json(
      {
        type: "table" as const,
        value: tableToMarkdown(t.grid),
        index: t.index,
        page: t.page,
        pages: t.pages,
        bbox: t.bbox,
        rows: textRows(t.grid),
      },
      200,
    );
  });
  app.openapi(bind(tableXlsx, getTable), async (c) => {
    const p = c.req.valid("param");
    const { table: t } = await getTable.invoke(ctxOf(c), { ref: p.id, index: p.index });
    const [header = [], ...rows] = textRows(t.grid);
    const stream = xlsxStream(
      `Table ${t.index}`,
      header,
      (async function* () {
        yield rows;
      })(),
    );
    const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
    return download(c, body, XLSX_TYPE, `table-${t.index}.xlsx`) as never;
  });
  for (const format of formatNames)
    app.openapi(bind(tableAs(format), getTable), async (c) => {
      const p = c.req.valid("param");
      const { table: t, viaPublic } = await getTable.invoke(ctxOf(c), { ref: p.id, index: p.index });
      setCacheControl(c, viaPublic);
      return tableBody(c, t.grid, format) as never;
    });
}

/** A table in one of its text forms. */
function tableBody(c: Context<AppEnv>, grid: TableGrid, format: TableFormat): Response {
  const f = tableFormats[format];
  return c.body(f.render(grid), 200, { "Content-Type": f.header });
}
