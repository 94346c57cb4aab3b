import { AppError } from "../../core/errors.ts";
import { csvRecord } from "../../core/exports/csv.ts";
import { tableToMarkdown } from "../../core/exports/table-formats.ts";
import { MIN_SCALE } from "../../core/extraction/render-page.ts";
import { cell, textRows } from "../../core/extraction/table-model.ts";
import type { Services } from "../../core/services.ts";
import { z } from "../../core/zod.ts";
import { getPageImage } from "../../resolvers/documents/page-image.ts";
import { pageBlock } from "../../resolvers/documents/page-record.ts";
import { MAX_PAGES_PER_READ } from "../../resolvers/documents/pages-of-documents.ts";
import { readPageRange } from "../../resolvers/documents/read-page-range.ts";
import { getTable, listTables } from "../../resolvers/documents/tables.ts";
import { cutText } from "../budget.ts";
import { badArgument, defineTool, hints, structured, type ToolDefinition } from "../tool.ts";
import { documentId } from "./documents.ts";

/** The largest page image a tool returns: 144 dpi, enough to read a page, small enough for a model's context. */
export const MAX_TOOL_IMAGE_SCALE = 2;

/** Where a cut read goes on: the page, the character of its block to start at, the range's last page. */
type ReadPosition = { page: number; offset: number; to: number };

const encodePosition = (p: ReadPosition) =>
  Buffer.from(JSON.stringify([p.page, p.offset, p.to])).toString("base64url");

function decodePosition(cursor: string): ReadPosition {
  try {
    const v = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(v) && v.length === 3 && v.every((n) => Number.isSafeInteger(n) && n >= 0)) {
      const [page, offset, to] = v as [number, number, number];
      if (page >= 1 && to >= page && to - page < MAX_PAGES_PER_READ) return { page, offset, to };
    }
  } catch {
    // Not ours: refused below.
  }
  throw badArgument(
    "cursor",
    "is not a cursor this server returned; read from a page with from_page instead.",
  );
}

const pageArg = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

const readInput = z.object({
  document_id: documentId,
  from_page: pageArg.default(1).describe("First page to read (from 1)."),
  to_page: pageArg
    .optional()
    .describe(`Last page to read; at most ${MAX_PAGES_PER_READ - 1} after from_page (the default).`),
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe(
      "next_cursor of a truncated read: continues exactly where it was cut (from_page and to_page are then ignored).",
    ),
});

const tableFormats = ["markdown", "csv", "json"] as const;

export function readingTools(_services: Services): ToolDefinition[] {
  return [
    defineTool({
      name: "read_document",
      title: "Read a document's pages as markdown",
      description: `The markdown of a range of pages, each after a '<!-- page N -->' line. Long results are cut at the result budget with truncated: true and a next_cursor that continues exactly there; next_page says where the document goes on after the range. Pages not parsed yet are listed in pages_pending.`,
      operation: readPageRange,
      input: readInput,
      output: z.looseObject({
        document_id: z.string(),
        markdown: z.string(),
        truncated: z.boolean(),
        next_cursor: z.string().nullable(),
        next_page: z.number().nullable(),
      }),
      annotations: hints.read,
      run: async (call, a) => {
        let at: ReadPosition;
        if (a.cursor !== undefined) at = decodePosition(a.cursor);
        else {
          const to = a.to_page ?? a.from_page + MAX_PAGES_PER_READ - 1;
          if (to < a.from_page) throw badArgument("to_page", "must be at least from_page.");
          if (to - a.from_page >= MAX_PAGES_PER_READ)
            throw badArgument("to_page", `reads at most ${MAX_PAGES_PER_READ} pages at a time.`);
          at = { page: a.from_page, offset: 0, to };
        }
        const r = await readPageRange.invoke(call.ctx, {
          ref: a.document_id,
          range: { from: at.page, to: at.to },
        });
        const total = r.document.pagesTotal;
        const last = Math.min(at.to, total ?? at.to);
        if (total !== null && at.page > total)
          throw new AppError("NOT_FOUND", `Page ${at.page} does not exist: the document has ${total} pages.`);
        // Room for the note that ends a cut text.
        let room = call.budget - 400;
        const parts: string[] = [];
        let cut: ReadPosition | null = null;
        let lastShown = at.page - 1;
        for (const p of r.pages) {
          const start = p.number === at.page ? at.offset : 0;
          const block = `${pageBlock(p).slice(start)}\n\n`;
          if (block.length <= room) {
            parts.push(block);
            room -= block.length;
            lastShown = p.number;
            continue;
          }
          // A page that does not fit is cut where the budget ends; when little is left, the next
          // read starts with it whole instead.
          if (room > 2_000 || parts.length === 0) {
            const piece = cutText(block, room).text;
            parts.push(piece);
            cut = { page: p.number, offset: start + piece.length, to: at.to };
            lastShown = p.number;
          } else cut = { page: p.number, offset: 0, to: at.to };
          break;
        }
        const present = new Set(r.pages.map((p) => p.number));
        const pending: number[] = [];
        for (let n = at.page; n <= last && pending.length < 20; n++) if (!present.has(n)) pending.push(n);
        const nextPage = cut === null && total !== null && last < total ? last + 1 : null;
        let markdown = parts.join("");
        if (cut)
          markdown += `\n[truncated at the result budget: call read_document again with cursor "${encodePosition(cut)}" to read on]`;
        else if (nextPage !== null)
          markdown += `\n[pages ${at.page}-${last} of ${total}: read on with from_page ${nextPage}]`;
        const value = {
          document_id: r.document.id,
          phase: r.document.phase,
          pages_total: total,
          pages_completed: r.document.pagesCompleted,
          from_page: at.page,
          to_page: lastShown,
          markdown: parts.join(""),
          truncated: cut !== null,
          next_cursor: cut ? encodePosition(cut) : null,
          next_page: nextPage,
          pages_pending: pending,
        };
        // The text is the markdown itself (read better than escaped JSON), with the note on how to go on.
        return structured(value, markdown);
      },
    }),
    defineTool({
      name: "get_page_image",
      title: "A page as a PNG image",
      description: `One page drawn as a PNG image, for what the text does not carry (figures, layout, handwriting, charts). scale ${MIN_SCALE} to ${MAX_TOOL_IMAGE_SCALE} (1 = 72 dpi).`,
      operation: getPageImage,
      input: z.object({
        document_id: documentId,
        page: pageArg.describe("The page, from 1."),
        scale: getPageImage.input.shape.scale
          .unwrap()
          .max(MAX_TOOL_IMAGE_SCALE)
          .default(1)
          .describe("1 = 72 dpi."),
      }),
      annotations: hints.read,
      run: async (call, a) => {
        const r = await getPageImage.invoke(call.ctx, { ref: a.document_id, page: a.page, scale: a.scale });
        return {
          content: [
            { type: "image", data: r.png.toString("base64"), mimeType: "image/png" },
            { type: "text", text: `Page ${a.page} of ${a.document_id} at scale ${a.scale}.` },
          ],
        };
      },
    }),
    defineTool({
      name: "list_tables",
      title: "The tables found in a document",
      description:
        "The document's tables in reading order: index (for get_table), the pages each spans, its size and its header row.",
      operation: listTables,
      input: z.object({
        document_id: documentId,
        limit: listTables.input.shape.limit.describe("Most tables to return."),
        offset: listTables.input.shape.offset.describe("Tables to skip."),
      }),
      output: z.looseObject({ tables: z.array(z.looseObject({ index: z.number() })), total: z.number() }),
      annotations: hints.read,
      run: async (call, a) => {
        const r = await listTables.invoke(call.ctx, { ref: a.document_id, limit: a.limit, offset: a.offset });
        const tables = r.tables.map((t) => {
          const rows = textRows(t.grid);
          return {
            index: t.index,
            page: t.page,
            pages: t.pages,
            rows: rows.length,
            columns: rows[0]?.length ?? 0,
            header: (rows[0] ?? []).map((h) => h.slice(0, 100)),
          };
        });
        let kept = tables.length;
        let size = 0;
        for (const [i, t] of tables.entries()) {
          size += JSON.stringify(t).length + 1;
          if (size > call.budget - 200) {
            kept = Math.max(1, i);
            break;
          }
        }
        return structured({
          tables: tables.slice(0, kept),
          total: r.total,
          truncated: kept < tables.length,
          next_offset: a.offset + kept < r.total ? a.offset + kept : null,
        });
      },
    }),
    defineTool({
      name: "get_table",
      title: "One table as markdown, CSV or JSON",
      description:
        "One table of the document (index from list_tables) as markdown, CSV (RFC 4180) or JSON rows. The header row always comes first; a long table is cut at the result budget at a row's end, with truncated: true and next_row_offset to read on.",
      operation: getTable,
      input: z.object({
        document_id: documentId,
        index: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1)
          .describe("The table's index, from 0."),
        format: z.enum(tableFormats).default("markdown"),
        row_offset: z
          .number()
          .int()
          .min(0)
          .default(0)
          .describe("Body rows to skip (the header row is not counted)."),
      }),
      output: z.looseObject({
        index: z.number(),
        truncated: z.boolean(),
        next_row_offset: z.number().nullable(),
      }),
      annotations: hints.read,
      run: async (call, a) => {
        const { table } = await getTable.invoke(call.ctx, { ref: a.document_id, index: a.index });
        const [header = [], ...body] = textRows(table.grid);
        const line = (row: string[]) =>
          a.format === "csv"
            ? csvRecord(row)
            : a.format === "json"
              ? JSON.stringify(row)
              : (tableToMarkdown([header.map((h) => cell(h)), row.map((v) => cell(v))]).split("\n")[2] ?? "");
        const head = a.format === "markdown" ? tableToMarkdown([header.map((h) => cell(h))]) : line(header);
        let room = call.budget - head.length - 400;
        const lines: string[] = [];
        let end = a.row_offset;
        for (; end < body.length; end++) {
          const text = line(body[end] as string[]);
          if (text.length + 1 > room && lines.length > 0) break;
          lines.push(text);
          room -= text.length + 1;
        }
        const truncated = end < body.length;
        const text =
          a.format === "json"
            ? `[${[head, ...lines].join(",\n")}]`
            : a.format === "csv"
              ? head + lines.join("")
              : [head, ...lines].join("\n");
        const value = {
          index: table.index,
          page: table.page,
          pages: table.pages,
          format: a.format,
          total_rows: body.length,
          row_offset: a.row_offset,
          table: text,
          truncated,
          next_row_offset: truncated ? end : null,
        };
        const note = truncated
          ? `\n[truncated at the result budget: rows ${a.row_offset}-${end - 1} of ${body.length}; call get_table again with row_offset ${end}]`
          : "";
        return structured(value, text + note);
      },
    }),
  ];
}
