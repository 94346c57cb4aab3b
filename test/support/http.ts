// Small helpers over fetch, so tests read as requests and expectations.

export type Reply = { status: number; headers: Headers; body: any; text: string };

export async function call(
  base: string,
  method: string,
  path: string,
  opts: { key?: string; headers?: Record<string, string>; json?: unknown; body?: BodyInit } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body = opts.body;
  if (opts.json !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(opts.json);
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export async function gql(
  base: string,
  query: string,
  opts: { key?: string; variables?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<Reply> {
  return call(base, "POST", "/graphql", {
    key: opts.key,
    headers: opts.headers,
    json: { query, variables: opts.variables ?? {} },
  });
}
