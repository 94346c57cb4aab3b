import { useEffect, useState } from "preact/hooks";
import {
  DashboardDocumentConfigDocument,
  type DashboardDocumentConfigQuery,
  DashboardSetDocumentConfigDocument,
} from "../../../operations/generated.ts";
import { gql } from "./api.ts";

type Config = DashboardDocumentConfigQuery["documentConfig"];
type Grant = { type: string; keyId: string; actions: string[] };

// The actions a principal may be granted: the service refuses the others (publishable and public
// callers never change a document), so the form does not offer them.
const ownerActions = ["admin", "reparse", "query", "read_content", "read_metadata"];
const readActions = ["query", "read_content", "read_metadata"];
const actionsFor = (type: string) => (type === "owner" ? ownerActions : readActions);

const grantsOf = (c: Config): Grant[] =>
  c.access.grants.map((g) => ({
    type: g.principal.type,
    keyId: g.principal.keyId ?? "",
    actions: [...g.actions],
  }));

/**
 * A document's access policy as a form: one fieldset per grant (who, and what they may do). Saving
 * sends the whole configuration back with its other fields as they were, since setDocumentConfig
 * replaces it all.
 */
export function AccessForm({ id }: { id: string }) {
  const [config, setConfig] = useState<Config | null>(null);
  const [grants, setGrants] = useState<Grant[]>([]);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  useEffect(() => {
    gql(DashboardDocumentConfigDocument, { id }).then(
      (d) => {
        setConfig(d.documentConfig);
        setGrants(grantsOf(d.documentConfig));
      },
      (e: Error) => setStatus({ error: true, text: e.message }),
    );
  }, [id]);
  if (!config)
    return status ? (
      <p class="error" role="alert">
        {status.text}
      </p>
    ) : (
      <p class="loading">Loading the access policy…</p>
    );

  const change = (i: number, g: Partial<Grant>) =>
    setGrants(grants.map((old, j) => (j === i ? { ...old, ...g } : old)));
  const save = async () => {
    setStatus(null);
    try {
      const saved = await gql(DashboardSetDocumentConfigDocument, {
        id,
        config: {
          title: config.title ?? null,
          language: config.language ?? null,
          strategy: config.strategy,
          metadata: config.metadata,
          access: {
            defaultEffect: "deny",
            grants: grants.map((g) => ({
              principal:
                g.type === "publishable" && g.keyId.trim()
                  ? { type: g.type, keyId: g.keyId.trim() }
                  : { type: g.type },
              actions: g.actions,
            })),
          },
        },
      });
      setConfig({ ...config, access: saved.setDocumentConfig.access });
      setStatus({ error: false, text: "The access policy was saved." });
    } catch (e) {
      setStatus({ error: true, text: (e as Error).message });
    }
  };

  return (
    <form
      aria-labelledby="access-title"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 id="access-title">Access</h2>
      <p class="hint">
        Nobody but the account's secret keys may use the document unless a grant says so. A public grant lets
        anyone, without a key, do what it names.
      </p>
      {grants.map((g, i) => (
        <fieldset key={i} data-testid="grant">
          <legend>Grant {i + 1}</legend>
          <div class="row">
            <div>
              <label for={`grant-${i}-who`}>Who</label>
              <select
                id={`grant-${i}-who`}
                value={g.type}
                onChange={(e) => {
                  const type = (e.target as HTMLSelectElement).value;
                  change(i, { type, actions: g.actions.filter((a) => actionsFor(type).includes(a)) });
                }}
              >
                <option value="public">Anyone (public)</option>
                <option value="publishable">Publishable keys</option>
                <option value="owner">The account's secret keys</option>
              </select>
            </div>
            {g.type === "publishable" && (
              <div>
                <label for={`grant-${i}-key`}>Only the key (optional)</label>
                <input
                  id={`grant-${i}-key`}
                  value={g.keyId}
                  placeholder="key_…"
                  pattern="key_[a-z0-9]+"
                  onInput={(e) => change(i, { keyId: (e.target as HTMLInputElement).value })}
                />
              </div>
            )}
            <button
              type="button"
              class="danger"
              onClick={() => setGrants(grants.filter((_, j) => j !== i))}
              aria-label={`Remove grant ${i + 1}`}
            >
              Remove
            </button>
          </div>
          <fieldset>
            <legend>May</legend>
            {actionsFor(g.type).map((a) => (
              <label class="check" key={a}>
                <input
                  type="checkbox"
                  checked={g.actions.includes(a)}
                  onChange={(e) =>
                    change(i, {
                      actions: (e.target as HTMLInputElement).checked
                        ? [...g.actions, a]
                        : g.actions.filter((x) => x !== a),
                    })
                  }
                />{" "}
                {a}
              </label>
            ))}
          </fieldset>
        </fieldset>
      ))}
      <div class="row">
        <button
          type="button"
          class="quiet"
          onClick={() => setGrants([...grants, { type: "public", keyId: "", actions: ["read_content"] }])}
        >
          Add a grant
        </button>
        <button type="submit">Save access</button>
      </div>
      {status && (
        <p class={status.error ? "error" : "hint"} role={status.error ? "alert" : "status"}>
          {status.text}
        </p>
      )}
    </form>
  );
}
