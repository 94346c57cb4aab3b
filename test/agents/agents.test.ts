import { createClient } from "graphql-sse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadAndWait } from "../support/documents.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai-server.ts";
import { call, gql, type Reply } from "../support/http.ts";
import { reportPdf, textPdf } from "../support/pdfs.ts";
import { expectError, expectSecured, type Keys, securityFixture } from "../support/security.ts";
import {
  resetAnonymousBudget,
  resetRateBudgets,
  startTestServer,
  type TestServer,
} from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Agents through the real server and worker: versions, runs by the built-in engine filling a typed
// table from invoices, and runs by a model (a loopback OpenAI-compatible server scripting tool
// calls, hostile SQL among them) whose steps, output and budget are checked.

const invoice = (number: string, vendor: string, total: string) =>
  textPdf([
    [
      `INVOICE`,
      `Invoice number: ${number}`,
      `Vendor: ${vendor}`,
      `Invoice date: 2026-03-0${number.slice(-1)}`,
      `Total: ${total}`,
    ],
  ]);

async function waitForAgentRun(base: string, key: string, id: string, ms = 60_000): Promise<Reply> {
  const until = Date.now() + ms;
  for (;;) {
    const r = await call(base, "GET", `/v1/runs/${id}`, { key });
    if (["succeeded", "failed", "cancelled"].includes(r.body?.status) || Date.now() > until) return r;
    await new Promise((res) => setTimeout(res, 200));
  }
}

describe("agents with the built-in engine", () => {
  let server: TestServer;
  let t: Tenant;
  let keys: Keys;
  const docs: string[] = [];
  beforeAll(async () => {
    server = await sharedTestServer();
    t = await createTenant(server.url, "agents");
    keys = await securityFixture(server.url);
    docs.push(
      (await uploadAndWait(server.url, t.secret, await invoice("INV-1", "Contoso Ltd", "120.50"), "inv1.pdf"))
        .id,
    );
    docs.push(
      (await uploadAndWait(server.url, t.secret, await invoice("INV-2", "Fabrikam Inc", "99.00"), "inv2.pdf"))
        .id,
    );
  });
  afterAll(async () => {
    await server?.close();
  });
  const post = (path: string, json: unknown, key = t.secret) => call(server.url, "POST", path, { key, json });

  it("keeps versions: PATCH makes the next, the old stays readable, bad fields are refused", async () => {
    const made = await post("/v1/agents", { name: "Reader", system: "Read invoices." });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({
      name: "Reader",
      model: "default",
      system: "Read invoices.",
      table_id: null,
      output_schema: null,
      version: 1,
    });
    expect(made.body.id).toMatch(/^agent_[a-z0-9]{16}$/);
    const id = made.body.id as string;
    const patched = await call(server.url, "PATCH", `/v1/agents/${id}`, {
      key: t.secret,
      json: {
        system: "Read invoices carefully.",
        output_schema: { type: "object", properties: { total: { type: "number" } } },
      },
    });
    expect(patched.body).toMatchObject({ version: 2, system: "Read invoices carefully.", name: "Reader" });
    const v1 = await call(server.url, "GET", `/v1/agents/${id}/versions/1`, { key: t.secret });
    expect(v1.body).toMatchObject({ version: 1, system: "Read invoices.", output_schema: null });
    expectError(
      await call(server.url, "GET", `/v1/agents/${id}/versions/3`, { key: t.secret }),
      404,
      "NOT_FOUND",
    );
    const cleared = await call(server.url, "PATCH", `/v1/agents/${id}`, {
      key: t.secret,
      json: { output_schema: null },
    });
    expect(cleared.body).toMatchObject({ version: 3, output_schema: null });

    const badSchema = await post("/v1/agents", {
      name: "x",
      output_schema: { type: "object", properties: { a: { type: "nope" } } },
    });
    expectError(badSchema, 400, "BAD_REQUEST");
    expect(badSchema.body.error.message).toMatch(/output_schema.*not a valid JSON Schema/);
    const badModel = await post("/v1/agents", { name: "x", model: "gpt-9" });
    expectError(badModel, 400, "BAD_REQUEST");
    expect(badModel.body.error.message).toMatch(/gpt-9 is not a model.*default/);
    const otherTable = await post(
      "/v1/tables",
      { name: "theirs", columns: [{ name: "a", type: "text" }] },
      keys.other.secret,
    );
    expectError(await post("/v1/agents", { name: "x", table_id: otherTable.body.id }), 404, "NOT_FOUND");
    expectError(await post("/v1/agents", { name: "" }), 400, "BAD_REQUEST");
    const listed = await call(server.url, "GET", "/v1/agents", { key: t.secret });
    expect(listed.body.data.map((a: { id: string }) => a.id)).toContain(id);
    expect((await call(server.url, "DELETE", `/v1/agents/${id}`, { key: t.secret })).body).toEqual({
      id,
      deleted: true,
    });
    expectError(await call(server.url, "GET", `/v1/agents/${id}`, { key: t.secret }), 404, "NOT_FOUND");
  });

  it("fills a typed table from invoices, a row per document, and records its steps", async () => {
    const table = await post("/v1/tables", {
      name: "invoices",
      columns: [
        { name: "document_id", type: "text" },
        { name: "invoice_number", type: "text", description: "The invoice number" },
        { name: "vendor", type: "text", description: "Who sent the invoice" },
        { name: "invoice_date", type: "date" },
        { name: "total", type: "numeric", description: "The invoice total" },
      ],
    });
    const agent = await post("/v1/agents", { name: "Invoice filer", table_id: table.body.id });
    expect(agent.body.table_id).toBe(table.body.id);
    // A bound table cannot be deleted while the agent names it.
    expectError(
      await call(server.url, "DELETE", `/v1/tables/${table.body.id}`, { key: t.secret }),
      409,
      "CONFLICT",
    );
    const started = await post(`/v1/agents/${agent.body.id}/runs`, {
      input: "File every invoice.",
      document_ids: docs,
    });
    expect(started.status, started.text).toBe(202);
    expect(started.headers.get("location")).toBe(`/v1/runs/${started.body.id}`);
    expect(started.body).toMatchObject({
      kind: "agent",
      agent_id: agent.body.id,
      agent_version: 1,
      status: "queued",
    });
    const done = await waitForAgentRun(server.url, t.secret, started.body.id);
    expect(done.body.status, done.text).toBe("succeeded");
    expect(done.body.output.rows_inserted).toBe(2);
    const kinds = done.body.steps.map(
      (s: { kind: string; tool: string | null }) => `${s.kind}:${s.tool ?? ""}`,
    );
    expect(kinds).toEqual(["tool:doc_sql", "extract:", "tool:table_sql", "extract:", "tool:table_sql"]);
    expect(done.body.steps[0].rows).toHaveLength(2);
    expect(done.body.steps[2].sql).toMatch(/^INSERT INTO "invoices"/);
    const rows = await call(server.url, "GET", `/v1/tables/${table.body.id}/rows`, { key: t.secret });
    const got = rows.body.data
      .map((r: Record<string, unknown>) => [
        r.document_id,
        r.invoice_number,
        r.vendor,
        r.invoice_date,
        r.total,
      ])
      .sort((a: string[], b: string[]) => String(a[1]).localeCompare(String(b[1])));
    expect(got).toEqual([
      [docs[0], "INV-1", "Contoso Ltd", "2026-03-01", 120.5],
      [docs[1], "INV-2", "Fabrikam Inc", "2026-03-02", 99],
    ]);
    // The run is listed with the workflow runs, as an agent's.
    const listed = await call(server.url, "GET", "/v1/runs", { key: t.secret });
    expect(listed.body.data.find((r: { id: string }) => r.id === started.body.id)?.kind).toBe("agent");
    // Asked for one kind, only that kind; GraphQL lists the agent runs alone.
    const agentsOnly = await call(server.url, "GET", "/v1/runs?kind=agent", { key: t.secret });
    expect(agentsOnly.body.data.map((r: { id: string }) => r.id)).toContain(started.body.id);
    expect(new Set(agentsOnly.body.data.map((r: { kind: string }) => r.kind))).toEqual(new Set(["agent"]));
    const workflowsOnly = await call(server.url, "GET", "/v1/runs?kind=workflow", { key: t.secret });
    expect(workflowsOnly.body.data.map((r: { id: string }) => r.id)).not.toContain(started.body.id);
    expectError(await call(server.url, "GET", "/v1/runs?kind=other", { key: t.secret }), 400, "BAD_REQUEST");
    const viaGraphQL = await gql(
      server.url,
      "{ agentRuns(first: 5) { edges { node { id status agentId } } } }",
      {
        key: t.secret,
      },
    );
    expect(viaGraphQL.body.data.agentRuns.edges.map((e: { node: { id: string } }) => e.node.id)).toContain(
      started.body.id,
    );
    expectError(await post(`/v1/runs/${started.body.id}/cancel`, undefined), 409, "CONFLICT");
  });

  it("writes a row per item when what it reads holds an array of objects", async () => {
    const report = (await uploadAndWait(server.url, t.secret, await reportPdf(), "report.pdf")).id;
    const table = await post("/v1/tables", {
      name: "regions",
      columns: [
        { name: "file_name", type: "text" },
        { name: "region", type: "text" },
        { name: "revenue", type: "numeric" },
      ],
    });
    const agent = await post("/v1/agents", {
      name: "Regions",
      table_id: table.body.id,
      output_schema: {
        type: "object",
        properties: {
          regions: {
            type: "array",
            items: {
              type: "object",
              properties: { region: { type: "string" }, revenue: { type: "number" } },
            },
          },
        },
      },
    });
    const started = await post(`/v1/agents/${agent.body.id}/runs`, {
      input: "Each region's revenue.",
      document_ids: [report],
    });
    const done = await waitForAgentRun(server.url, t.secret, started.body.id);
    expect(done.body.status, done.text).toBe("succeeded");
    const rows = await call(server.url, "GET", `/v1/tables/${table.body.id}/rows`, { key: t.secret });
    expect(rows.body.data.map((r: Record<string, unknown>) => [r.file_name, r.region, r.revenue])).toEqual([
      ["report.pdf", "North", 1200],
      ["report.pdf", "South", 950],
      ["report.pdf", "West, Coast", 2310],
    ]);
  });

  it("has GraphQL twins: createAgent, updateAgent, agent(version), startAgentRun, agentRun, deleteAgent", async () => {
    const made = await gql(
      server.url,
      `mutation { createAgent(name: "Gql", system: "One.") { id version system } }`,
      { key: t.secret },
    );
    expect(made.body.errors, made.text).toBeUndefined();
    const id = made.body.data.createAgent.id as string;
    const updated = await gql(
      server.url,
      `mutation($id: ID!) { updateAgent(id: $id, system: "Two.") { version system } }`,
      { key: t.secret, variables: { id } },
    );
    expect(updated.body.data.updateAgent).toEqual({ version: 2, system: "Two." });
    const v1 = await gql(server.url, `query($id: ID!) { agent(id: $id, version: 1) { version system } }`, {
      key: t.secret,
      variables: { id },
    });
    expect(v1.body.data.agent).toEqual({ version: 1, system: "One." });
    const started = await gql(
      server.url,
      `mutation($id: ID!, $docs: [ID!]) { startAgentRun(agent: $id, input: "List.", documentIds: $docs) { id status agentVersion } }`,
      { key: t.secret, variables: { id, docs: [docs[0]] } },
    );
    expect(started.body.data.startAgentRun).toMatchObject({ status: "queued", agentVersion: 2 });
    const done = await waitForAgentRun(server.url, t.secret, started.body.data.startAgentRun.id);
    expect(done.body.status).toBe("succeeded");
    const read = await gql(
      server.url,
      `query($id: ID!) { agentRun(id: $id) { status steps { kind tool sql result } usage { steps } } }`,
      { key: t.secret, variables: { id: started.body.data.startAgentRun.id } },
    );
    expect(read.body.data.agentRun.status).toBe("succeeded");
    expect(read.body.data.agentRun.steps[0]).toMatchObject({ kind: "tool", tool: "doc_sql" });
    // The run named one document: doc_sql saw that one, of the account's several.
    expect(read.body.data.agentRun.steps[0].result.rowCount).toBe(1);
    const theirs = await gql(server.url, `query($id: ID!) { agent(id: $id) { id } }`, {
      key: keys.other.secret,
      variables: { id },
    });
    expect(theirs.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const gone = await gql(server.url, `mutation($id: ID!) { deleteAgent(id: $id) { id deleted } }`, {
      key: t.secret,
      variables: { id },
    });
    expect(gone.body.data.deleteAgent).toEqual({ id, deleted: true });
  });

  it("secures every agent and run route", async () => {
    const agent = await post("/v1/agents", { name: "Owned" }, keys.owner.secret);
    const run = await post(`/v1/agents/${agent.body.id}/runs`, { input: "List them." }, keys.owner.secret);
    await waitForAgentRun(server.url, keys.owner.secret, run.body.id);
    const owned: [string, string, unknown?][] = [
      ["GET", `/v1/agents/${agent.body.id}`],
      ["PATCH", `/v1/agents/${agent.body.id}`, { name: "Renamed" }],
      ["GET", `/v1/agents/${agent.body.id}/versions/1`],
      ["POST", `/v1/agents/${agent.body.id}/runs`, { input: "Again." }],
      ["GET", `/v1/runs/${run.body.id}`],
      ["GET", `/v1/runs/${run.body.id}/events`],
      ["POST", `/v1/runs/${run.body.id}/cancel`],
      ["DELETE", `/v1/agents/${agent.body.id}`],
    ];
    for (const [method, path, json] of owned) {
      await resetAnonymousBudget(server);
      await resetRateBudgets(server);
      await expectSecured(server.url, keys, {
        method,
        path: () => path,
        json,
        needs: "secret",
        ownedResource: true,
      });
    }
    await resetAnonymousBudget(server);
    await expectSecured(server.url, keys, { method: "GET", path: () => "/v1/agents", needs: "secret" });
    await expectSecured(server.url, keys, {
      method: "POST",
      path: () => "/v1/agents",
      json: { name: "x" },
      needs: "secret",
    });
    await expectSecured(server.url, keys, { method: "GET", path: () => "/v1/runs", needs: "secret" });
    expect(
      (await call(server.url, "GET", `/v1/agents/${agent.body.id}`, { key: keys.owner.secret })).body.name,
    ).toBe("Owned");
  });
});

describe("agents with a model", () => {
  let server: TestServer;
  let fake: FakeOpenAI;
  let t: Tenant;
  let docId: string;
  let tableId: string;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer({
      ANSWER_PROVIDER: "openai",
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_API_KEY: "sk-test-agent-key",
      OPENAI_MODELS: "default=fake-small",
      PROVIDER_TIMEOUT_SECONDS: "5",
      PROVIDER_MAX_RETRIES: "0",
    });
    t = await createTenant(server.url, "model-agents");
    docId = (await uploadAndWait(server.url, t.secret, await reportPdf(), "report.pdf")).id;
    const table = await call(server.url, "POST", "/v1/tables", {
      key: t.secret,
      json: {
        name: "facts",
        columns: [
          { name: "region", type: "text" },
          { name: "revenue", type: "numeric" },
        ],
      },
    });
    tableId = table.body.id;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  const post = (path: string, json: unknown) => call(server.url, "POST", path, { key: t.secret, json });
  const tool = (id: string, name: string, query: string, params?: unknown[]) => ({
    id,
    name,
    arguments: JSON.stringify(params ? { query, params } : { query }),
  });

  it("runs the model's tool calls in the sandbox, hands refusals back to it, and answers in the output schema", async () => {
    const agent = await post("/v1/agents", {
      name: "Analyst",
      system: "Answer from the documents.",
      table_id: tableId,
      output_schema: {
        type: "object",
        properties: { top_region: { type: "string" } },
        required: ["top_region"],
      },
    });
    fake.script(
      { kind: "reply", toolCalls: [tool("c1", "doc_sql", "SELECT rolname, rolpassword FROM pg_authid")] },
      {
        kind: "reply",
        toolCalls: [tool("c2", "doc_sql", "SELECT set_config('quire.sql_account', 'acct_x', false)")],
      },
      {
        kind: "reply",
        toolCalls: [
          tool(
            "c3",
            "doc_sql",
            "SELECT text, numeric_value FROM table_cells WHERE header = $1 AND NOT is_header ORDER BY numeric_value DESC",
            ["Revenue"],
          ),
          tool("c4", "table_sql", "DROP TABLE facts"),
        ],
      },
      {
        kind: "reply",
        toolCalls: [
          tool("c5", "table_sql", "INSERT INTO facts (region, revenue) VALUES ($1, $2) RETURNING row_id", [
            "West, Coast",
            2310,
          ]),
        ],
      },
      { kind: "reply", text: "The top region is West, Coast." },
      { kind: "reply", json: { top_region: "West, Coast" } },
    );
    const started = await post(`/v1/agents/${agent.body.id}/runs`, {
      input: "Which region earned most?",
      document_ids: [docId],
    });
    const done = await waitForAgentRun(server.url, t.secret, started.body.id);
    expect(done.body.status, done.text).toBe("succeeded");
    expect(done.body.output).toEqual({ top_region: "West, Coast" });
    const steps = done.body.steps as {
      tool: string;
      error: string | null;
      rows: unknown[][] | null;
      kind: string;
    }[];
    expect(steps.map((s) => s.kind)).toEqual(["tool", "tool", "tool", "tool", "tool", "answer"]);
    expect(steps[0]?.error).toMatch(/^doc_sql: relation "pg_authid" is not one this tool can read/);
    expect(steps[1]?.error).toMatch(/^doc_sql: function set_config\(\) is not allowed/);
    expect(steps[2]?.rows).toEqual([
      ["2,310", 2310],
      ["1,200", 1200],
      ["950", 950],
    ]);
    expect(steps[3]?.error).toMatch(/^table_sql runs a SELECT, INSERT, UPDATE or DELETE statement; DROP/);
    expect(steps[4]?.rows).toEqual([[1]]);
    expect(done.body.usage.steps).toBeGreaterThanOrEqual(11);
    expect(done.body.usage.prompt_tokens).toBeGreaterThan(0);
    // The model read each refusal as the tool's result.
    const toolMessages = fake.requests
      .at(-2)
      ?.body.messages.filter((m: { role: string }) => m.role === "tool");
    expect(toolMessages?.[0].content).toContain("pg_authid");
    expect(fake.requests.at(-1)?.body.response_format?.type).toBe("json_schema");
    const rows = await call(server.url, "GET", `/v1/tables/${tableId}/rows`, { key: t.secret });
    expect(rows.body.data).toEqual([{ row_id: 1, region: "West, Coast", revenue: 2310 }]);
  });

  it("ends a run that keeps calling tools at its step limit", async () => {
    const agent = await post("/v1/agents", { name: "Looper" });
    fake.script(
      ...Array.from({ length: 40 }, (_, i) => ({
        kind: "reply" as const,
        toolCalls: [tool(`l${i}`, "doc_sql", "SELECT 1")],
      })),
    );
    const started = await post(`/v1/agents/${agent.body.id}/runs`, { input: "Loop." });
    const done = await waitForAgentRun(server.url, t.secret, started.body.id);
    expect(done.body.status).toBe("failed");
    expect(done.body.error).toMatch(/steps, the most a run may/);
    expect(done.body.steps.length).toBeLessThanOrEqual(30);
    fake.clearScript();
  });

  it("streams a run's steps live over the agentRunProgress subscription", async () => {
    const agent = await post("/v1/agents", { name: "Watched" });
    fake.script(
      { kind: "reply", toolCalls: [tool("w1", "doc_sql", "SELECT count(*) FROM pages")] },
      // biome-ignore lint/suspicious/noThenProperty: the fake server's name for what follows a delay
      { kind: "delay", ms: 800, then: { kind: "reply", text: "One page." } },
    );
    const started = await post(`/v1/agents/${agent.body.id}/runs`, { input: "How many pages?" });
    const client = createClient({
      url: `${server.url}/graphql/stream`,
      singleConnection: true,
      headers: { authorization: `Bearer ${t.secret}` },
      retryAttempts: 0,
    });
    const seen: { status: string; steps: number }[] = [];
    try {
      for await (const e of client.iterate({
        query: `subscription { agentRunProgress(id: "${started.body.id}") { status steps { kind } } }`,
      })) {
        expect(e.errors).toBeUndefined();
        const r = (e.data as { agentRunProgress: { status: string; steps: unknown[] } }).agentRunProgress;
        seen.push({ status: r.status, steps: r.steps.length });
      }
    } finally {
      client.dispose();
    }
    expect(seen.at(-1)).toEqual({ status: "succeeded", steps: 2 });
    // It was seen while it ran, the tool's step before the answer's.
    expect(seen.some((x) => x.status === "running" && x.steps === 1)).toBe(true);
  });

  it("ends a run that spends its token budget", async () => {
    const agent = await post("/v1/agents", { name: "Spender" });
    fake.script(
      {
        kind: "reply",
        toolCalls: [tool("t1", "doc_sql", "SELECT 1")],
        usage: { prompt_tokens: 199_000, completion_tokens: 2_000 },
      },
      { kind: "reply", text: "never reached" },
    );
    const started = await post(`/v1/agents/${agent.body.id}/runs`, { input: "Spend." });
    const done = await waitForAgentRun(server.url, t.secret, started.body.id);
    expect(done.body.status).toBe("failed");
    expect(done.body.error).toMatch(/budget of 200000 tokens/);
    expect(done.body.usage).toMatchObject({ prompt_tokens: 199_000, completion_tokens: 2_000 });
    fake.clearScript();
  });

  it("cancels a running run before its next step, and streams its events", async () => {
    const agent = await post("/v1/agents", { name: "Slow" });
    fake.script(
      { kind: "reply", toolCalls: [tool("s1", "doc_sql", "SELECT count(*) FROM documents")] },
      // Under the provider's 5 s timeout: the run waits on the model while it is cancelled.
      // biome-ignore lint/suspicious/noThenProperty: the fake server's name for what follows a delay
      { kind: "delay", ms: 4000, then: { kind: "reply", toolCalls: [tool("s2", "doc_sql", "SELECT 2")] } },
      { kind: "reply", text: "never reached" },
    );
    const started = await post(`/v1/agents/${agent.body.id}/runs`, { input: "Count." });
    const res = await fetch(`${server.url}/v1/runs/${started.body.id}/events`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const reader = res.body?.getReader();
    const seen: { event: string; data: { status?: string; steps?: unknown[] } }[] = [];
    let text = "";
    const decoder = new TextDecoder();
    // Cancelled once the first step is known: streamed as a step, or already in the run the
    // stream opens with (a stream opened late, on a busy machine).
    let cancelled = false;
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
      const blocks = text.split("\n\n");
      text = blocks.pop() ?? "";
      for (const block of blocks) {
        const event = /^event: (\w+)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) seen.push({ event, data: data ? JSON.parse(data) : {} });
      }
      const stepKnown = seen.some(
        (e) => e.event === "step" || (e.event === "run" && (e.data.steps?.length ?? 0) >= 1),
      );
      if (!cancelled && stepKnown) {
        cancelled = true;
        const c = await post(`/v1/runs/${started.body.id}/cancel`, undefined);
        expect(c.status, c.text).toBe(200);
        expect(c.body.status).toBe("cancelled");
      }
    }
    expect(cancelled).toBe(true);
    expect(seen[0]?.event).toBe("run");
    expect(seen.at(-1)).toMatchObject({ event: "run", data: { status: "cancelled" } });
    const done = await waitForAgentRun(server.url, t.secret, started.body.id);
    expect(done.body.status).toBe("cancelled");
    // The step under way when it was cancelled finished; none came after it.
    expect(done.body.steps.length).toBeLessThanOrEqual(2);
    expectError(await post(`/v1/runs/${started.body.id}/cancel`, undefined), 409, "CONFLICT");
  });
});
