import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";

// The official MCP client against the real server, and raw JSON-RPC posts for what a well-behaved
// client never sends.

export async function mcpClient(
  base: string,
  key: string,
  opts: { fetch?: typeof fetch; headers?: Record<string, string> } = {},
): Promise<Client> {
  const client = new Client({ name: "quire-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("/mcp", base), {
    requestInit: { headers: { authorization: `Bearer ${key}`, ...opts.headers } },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  await client.connect(transport);
  return client;
}

/** A tool call's result, typed; `ok` fails the test on a tool error (with its text). */
export async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

export async function callOk(client: Client, name: string, args: Record<string, unknown>) {
  const r = await callTool(client, name, args);
  expect(r.isError, `${name}: ${textOf(r)}`).toBeFalsy();
  return r;
}

export const textOf = (r: CallToolResult) =>
  r.content
    .filter((c) => c.type === "text")
    .map((c) => (c as { text: string }).text)
    .join("\n");

export const data = (r: CallToolResult): any => r.structuredContent;

export type RawReply = { status: number; headers: Headers; body: any; text: string };

/** One JSON-RPC post to /mcp as a client library would send it, or as a broken one would. */
export async function rpc(
  base: string,
  body: unknown,
  opts: { key?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<RawReply> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-protocol-version": "2025-11-25",
    ...opts.headers,
  };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  const res = await fetch(`${base}/mcp`, {
    method: "POST",
    headers,
    body: opts.raw ?? JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export const toolCallBody = (name: string, args: Record<string, unknown>, id: number | string = 1) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});
