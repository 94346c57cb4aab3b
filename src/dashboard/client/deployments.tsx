import { useEffect, useState } from "preact/hooks";
import {
  type DashboardDeploymentFieldsFragment,
  DashboardDeploymentStatsDocument,
  type DashboardDeploymentStatsQuery,
  DashboardDeploymentsDocument,
  type DashboardFilesQuery,
  DashboardPublishDocument,
  DashboardUnpublishDocument,
  DashboardUpdateDeploymentDocument,
} from "../../../operations/generated.ts";
import { gql } from "./api.ts";
import { BarChart } from "./bar-chart.tsx";
import { ConfirmBox } from "./confirm-box.tsx";
import { Alert, ListTable } from "./list-table.tsx";

type Deployment = DashboardDeploymentFieldsFragment;
type StoredFile = DashboardFilesQuery["files"]["edges"][number]["node"];
type Stats = DashboardDeploymentStatsQuery["deploymentStats"];

/** Publishing a stored file: its address, title and who may see it. */
export function PublishForm({
  file,
  onDone,
  onCancel,
}: {
  file: StoredFile;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [namespace, setNamespace] = useState("");
  const [title, setTitle] = useState(file.fileName.replace(/\.[^.]+$/, ""));
  const [password, setPassword] = useState("");
  const [unlisted, setUnlisted] = useState(true);
  const [allowDownload, setAllowDownload] = useState(true);
  const [expires, setExpires] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      class="notice"
      aria-labelledby="publish-title"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        gql(DashboardPublishDocument, {
          fileId: file.id,
          namespace: namespace.trim() || null,
          title: title.trim() || null,
          access: {
            unlisted,
            allowDownload,
            indexing: false,
            ...(password ? { password } : {}),
            ...(expires ? { expiresAt: new Date(expires).toISOString() } : {}),
          },
        }).then(onDone, (err: Error) => setError(err.message));
      }}
    >
      <h2 id="publish-title">Publish {file.fileName}</h2>
      <label for="publish-namespace">Address (leave empty for a generated one)</label>
      <input
        id="publish-namespace"
        value={namespace}
        placeholder="annual-report"
        maxLength={63}
        onInput={(e) => setNamespace((e.target as HTMLInputElement).value)}
      />
      <label for="publish-title-input">Title</label>
      <input
        id="publish-title-input"
        value={title}
        maxLength={200}
        onInput={(e) => setTitle((e.target as HTMLInputElement).value)}
      />
      <label for="publish-password">Password (optional)</label>
      <input
        id="publish-password"
        type="password"
        autocomplete="new-password"
        value={password}
        onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
      />
      <label for="publish-expires">Expires (optional)</label>
      <input
        id="publish-expires"
        type="datetime-local"
        value={expires}
        onInput={(e) => setExpires((e.target as HTMLInputElement).value)}
      />
      <label class="check">
        <input
          type="checkbox"
          checked={unlisted}
          onChange={(e) => setUnlisted((e.target as HTMLInputElement).checked)}
        />{" "}
        Unlisted (kept out of the sitemap)
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={allowDownload}
          onChange={(e) => setAllowDownload((e.target as HTMLInputElement).checked)}
        />{" "}
        Readers may download the PDF
      </label>
      <Alert message={error} />
      <div class="row">
        <button type="submit">Publish</button>
        <button type="button" class="quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A site's counts over 30 days: totals and views per day. */
function SiteStats({ namespace }: { namespace: string }) {
  const [stats, setStats] = useState<Stats | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    gql(DashboardDeploymentStatsDocument, { namespace }).then(
      (d) => setStats(d.deploymentStats),
      (e: Error) => setError(e.message),
    );
  }, [namespace]);
  if (error) return <p class="error">{error}</p>;
  if (!stats) return <p class="loading">Loading…</p>;
  return (
    <div data-testid="site-stats">
      <p>
        {stats.totals.views} views, {stats.totals.pageViews} pages shown, {stats.totals.downloads} downloads
        in 30 days.
      </p>
      <BarChart
        label={`Views a day of ${namespace}, last 30 days`}
        bars={stats.days.map((d) => ({ label: d.date, values: [d.views] }))}
        series={["views"]}
      />
    </div>
  );
}

function DeploymentRow({ site, onGone }: { site: Deployment; onGone: () => void }) {
  const [now, setNow] = useState(site);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const a = now.access;
  return (
    <tr data-namespace={now.namespace}>
      <td>
        <a href={now.url} target="_blank" rel="noopener noreferrer">
          {now.title}
        </a>
        <br />
        <code class="hint">{now.url}</code>{" "}
        <button
          type="button"
          class="quiet"
          onClick={() =>
            void navigator.clipboard?.writeText(now.url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          Copy address
        </button>
        <span role="status" class="hint">
          {copied ? " Copied." : ""}
        </span>
      </td>
      <td>{now.status}</td>
      <td>
        {[
          a.disabled ? "disabled" : "live",
          a.unlisted ? "unlisted" : "listed",
          a.hasPassword ? "password" : null,
          a.allowDownload ? "download allowed" : null,
          a.expiresAt ? `expires ${new Date(a.expiresAt).toLocaleString()}` : null,
        ]
          .filter(Boolean)
          .join(", ")}
      </td>
      <td>
        <button type="button" class="quiet" aria-expanded={open} onClick={() => setOpen(!open)}>
          Stats
        </button>
        <button
          type="button"
          class="quiet"
          onClick={() =>
            gql(DashboardUpdateDeploymentDocument, {
              namespace: now.namespace,
              access: { disabled: !a.disabled },
            }).then(
              (r) => setNow(r.updateDeployment),
              (e: Error) => setError(e.message),
            )
          }
        >
          {a.disabled ? "Enable" : "Disable"}
        </button>
        <button type="button" class="danger" onClick={() => setConfirming(true)}>
          Unpublish
        </button>
        {confirming && (
          <ConfirmBox
            yes="Yes, unpublish"
            onCancel={() => setConfirming(false)}
            onYes={() =>
              gql(DashboardUnpublishDocument, { namespace: now.namespace }).then(onGone, (e: Error) =>
                setError(e.message),
              )
            }
          >
            Unpublish <strong>{now.title}</strong>? The address answers 404 at once and is held for a while
            before anyone may claim it.
          </ConfirmBox>
        )}
        <Alert message={error} />
        {open && <SiteStats namespace={now.namespace} />}
      </td>
    </tr>
  );
}

/** The account's published sites with their addresses, access and counts. */
export function Deployments() {
  const [sites, setSites] = useState<Deployment[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    gql(DashboardDeploymentsDocument, { first: 50 }).then(
      (d) => setSites(d.deployments.edges.map((e) => e.node)),
      (e: Error) => setError(e.message),
    );
  }, []);
  return (
    <>
      <h2>Sites</h2>
      <Alert message={error} />
      <ListTable
        items={sites}
        empty="Nothing published yet: publish a file above."
        caption="Published sites, newest first"
        columns={["Site", "Status", "Access", ""]}
        row={(s) => (
          <DeploymentRow
            key={s.namespace}
            site={s}
            onGone={() => setSites((prev) => (prev ?? []).filter((x) => x.namespace !== s.namespace))}
          />
        )}
      />
    </>
  );
}
