import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "../core/zod.ts";
import { documentRef } from "../resolvers/documents/document-record.ts";

// Prompts a user picks in their client to start common work; each says which tools to use, so the
// model reads within the result budget instead of asking for everything at once.

const user = (text: string) => ({
  messages: [{ role: "user" as const, content: { type: "text" as const, text } }],
});

const documentArg = documentRef.describe("The document's id (doc-…) or short hash.");

export function registerPrompts(server: McpServer) {
  server.registerPrompt(
    "summarize_document",
    {
      title: "Summarize a document",
      description: "A summary of one document, with the pages each point comes from.",
      argsSchema: {
        document_id: documentArg,
        focus: z.string().max(500).optional().describe("What the summary should dwell on."),
      },
    },
    ({ document_id, focus }) =>
      user(
        `Summarize the document ${document_id}${focus ? `, dwelling on ${focus}` : ""}. First call get_document to learn its length (wait_for_document if it is still being parsed). Read it with read_document, following next_cursor or next_page until it is read whole. Give a short overview, then the main points, each with the page it comes from ("p. 4"). Mention tables that matter (list_tables, get_table) and say plainly what the document does not cover.`,
      ),
  );
  server.registerPrompt(
    "extract_with_schema",
    {
      title: "Extract data with a JSON Schema",
      description:
        "Structured data from a document, checked against a JSON Schema, with the page of each value.",
      argsSchema: {
        document_id: documentArg,
        schema: z.string().max(100_000).describe("The JSON Schema, as JSON text."),
        instructions: z.string().max(2000).optional().describe("What to extract, in words."),
      },
    },
    ({ document_id, schema, instructions }) =>
      user(
        `Extract data from the document ${document_id} with the extract_structured tool, passing this JSON Schema as its schema argument${instructions ? ` and "${instructions}" as its prompt` : ""}:\n\n${schema}\n\nThen report the data, whether it is valid against the schema, the page each value came from, and the fields that could not be filled with the reason. For a field you doubt, check its page with read_document or get_page_image.`,
      ),
  );
  server.registerPrompt(
    "compare_documents",
    {
      title: "Compare two documents",
      description: "Where two documents agree and differ, with pages cited on both sides.",
      argsSchema: {
        first_document_id: documentArg,
        second_document_id: documentArg,
        aspects: z.string().max(1000).optional().describe("What to compare (terms, figures, dates…)."),
      },
    },
    ({ first_document_id, second_document_id, aspects }) =>
      user(
        `Compare the documents ${first_document_id} and ${second_document_id}${aspects ? ` on ${aspects}` : ""}. For each aspect, ask both with ask_document (or read the relevant pages with read_document), then give a table: aspect, what the first says (page), what the second says (page), and whether they agree. End with the differences that matter most.`,
      ),
  );
}
