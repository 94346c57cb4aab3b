import { useEffect, useState } from "preact/hooks";
import {
  DashboardAgentRunProgressDocument,
  DashboardAgentRunsDocument,
  type DashboardAgentRunsQuery,
  DashboardCancelAgentRunDocument,
  DashboardRunProgressDocument,
  DashboardRunsDocument,
  type DashboardRunsQuery,
} from "../../../operations/generated.ts";
import { gql, subscribe } from "./api.ts";
import { Alert, ListTable } from "./list-table.tsx";

type Run = DashboardRunsQuery["runs"]["edges"][number]["node"];
type AgentRun = DashboardAgentRunsQuery["agentRuns"]["edges"][number]["node"];

const live = (status: string) => status === "queued" || status === "running";
const formats = ["json", "csv", "xlsx", "xml"] as const;

/** A run's row: its status followed live until it ends, then its results to download. */
function RunRow({ run }: { run: Run }) {
  const [now, setNow] = useState(run);
  useEffect(() => {
    if (!live(now.status)) return;
    return subscribe(DashboardRunProgressDocument, { id: run.id }, (d) =>
      setNow((prev) => ({ ...prev, ...d.runProgress })),
    );
  }, [run.id]);
  const done = now.documents.filter((d) => !["queued", "parsing"].includes(d.status)).length;
  return (
    <tr data-run-id={run.id}>
      <td>
        <code>{now.id}</code>
      </td>
      <td>{now.workflow}</td>
      <td data-testid="run-status">{now.status}</td>
      <td>
        {done}/{now.documents.length}
      </td>
      <td>{new Date(now.createdAt).toLocaleString()}</td>
      <td>
        {live(now.status)
          ? "…"
          : formats
              .filter((f) => f !== "xml" || now.workflow === "invoice-extraction")
              .map((f) => (
                <a
                  key={f}
                  class="download"
                  href={`/v1/workflows/${encodeURIComponent(now.workflow)}/runs/${encodeURIComponent(now.id)}/results.${f}`}
                  download
                >
                  {f.toUpperCase()}
                </a>
              ))}
      </td>
    </tr>
  );
}

/** An agent run's row: followed live until it ends, cancellable meanwhile, its output after. */
function AgentRunRow({ run, onError }: { run: AgentRun; onError: (message: string) => void }) {
  const [now, setNow] = useState(run);
  useEffect(() => {
    if (!live(now.status)) return;
    return subscribe(DashboardAgentRunProgressDocument, { id: run.id }, (d) => setNow(d.agentRunProgress));
  }, [run.id]);
  return (
    <tr data-run-id={run.id}>
      <td>
        <code>{now.id}</code>
      </td>
      <td>
        <code>{now.agentId}</code> v{now.agentVersion}
      </td>
      <td data-testid="run-status">{now.status}</td>
      <td>
        {now.usage.steps} steps, {now.usage.promptTokens + now.usage.completionTokens} tokens
      </td>
      <td>{new Date(now.createdAt).toLocaleString()}</td>
      <td>
        {live(now.status) ? (
          <button
            type="button"
            class="danger"
            onClick={() =>
              gql(DashboardCancelAgentRunDocument, { id: now.id }).then(
                (r) => setNow((prev) => ({ ...prev, status: r.cancelAgentRun.status })),
                (e: Error) => onError(e.message),
              )
            }
          >
            Cancel
          </button>
        ) : (
          <>
            {now.error && <p class="error">{now.error}</p>}
            {now.output !== null && now.output !== undefined && (
              <details>
                <summary>Output</summary>
                <pre class="markdown">{JSON.stringify(now.output, null, 2)}</pre>
              </details>
            )}
            <a class="download" href={`/v1/runs/${encodeURIComponent(now.id)}`} download={`${now.id}.json`}>
              JSON
            </a>
          </>
        )}
      </td>
    </tr>
  );
}

/** Runs of workflows and of agents, newest first, each followed live until it ends. */
export function RunsPage() {
  const [runs, setRuns] = useState<Run[] | null>(null);
  const [agentRuns, setAgentRuns] = useState<AgentRun[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    gql(DashboardRunsDocument, { first: 50 }).then(
      (d) => setRuns(d.runs.edges.map((e) => e.node)),
      (e: Error) => setError(e.message),
    );
    gql(DashboardAgentRunsDocument, { first: 50 }).then(
      (d) => setAgentRuns(d.agentRuns.edges.map((e) => e.node)),
      (e: Error) => setError(e.message),
    );
  }, []);
  return (
    <section aria-labelledby="runs-title">
      <h1 id="runs-title">Runs</h1>
      <Alert message={error} />
      <h2>Workflow runs</h2>
      <ListTable
        items={runs}
        empty="No workflow runs yet."
        caption="Workflow runs, newest first"
        columns={["Run", "Workflow", "Status", "Documents read", "Started", "Results"]}
        row={(r) => <RunRow key={r.id} run={r} />}
      />
      <h2>Agent runs</h2>
      <ListTable
        items={agentRuns}
        empty="No agent runs yet."
        caption="Agent runs, newest first"
        columns={["Run", "Agent", "Status", "Work", "Started", "Results"]}
        row={(r) => <AgentRunRow key={r.id} run={r} onError={setError} />}
      />
    </section>
  );
}
