import { useEffect, useState } from "preact/hooks";
import {
  ApiKeysDocument,
  type ApiKeysQuery,
  CreateApiKeyDocument,
  RevokeApiKeyDocument,
  RotateApiKeyDocument,
} from "../../../operations/generated.ts";
import { gql } from "./api.ts";
import { ConfirmBox } from "./confirm-box.tsx";
import { Alert, ListTable } from "./list-table.tsx";

type Key = ApiKeysQuery["apiKeys"][number];

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : "—");

/** Keys: list, create (the secret shown once), rotate and revoke, each change confirmed first. */
export function KeysPage() {
  const [keys, setKeys] = useState<Key[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [confirming, setConfirming] = useState<{ key: Key; action: "rotate" | "revoke" } | null>(null);
  const [name, setName] = useState("");
  const [kind, setKind] = useState<"secret" | "publishable">("secret");

  const load = () =>
    gql(ApiKeysDocument, { includeRevoked: true }).then(
      (d) => setKeys(d.apiKeys),
      (e: Error) => setError(e.message),
    );
  useEffect(() => {
    void load();
  }, []);

  const act = async (f: () => Promise<void>) => {
    setError(null);
    try {
      await f();
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <section aria-labelledby="keys-title">
      <h1 id="keys-title">API keys</h1>
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          void act(async () => {
            const made = await gql(CreateApiKeyDocument, { name, kind });
            setSecret({ name: made.createApiKey.key.name, secret: made.createApiKey.secret });
            setName("");
          });
        }}
      >
        <label for="key-name">Name</label>
        <input
          id="key-name"
          value={name}
          required
          maxLength={100}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
        <label for="key-kind">Kind</label>
        <select
          id="key-kind"
          value={kind}
          onChange={(e) => setKind((e.target as HTMLSelectElement).value as typeof kind)}
        >
          <option value="secret">secret</option>
          <option value="publishable">publishable</option>
        </select>
        <button type="submit">Create key</button>
      </form>
      {secret && (
        <div class="notice" role="status">
          <p>
            The secret of <strong>{secret.name}</strong>, shown this once:
          </p>
          <code class="secret" data-testid="new-secret">
            {secret.secret}
          </code>
          <button type="button" onClick={() => void navigator.clipboard?.writeText(secret.secret)}>
            Copy
          </button>
          <button type="button" class="quiet" onClick={() => setSecret(null)}>
            Done
          </button>
        </div>
      )}
      <Alert message={error} />
      {confirming && (
        <ConfirmBox
          yes={`Yes, ${confirming.action}`}
          onCancel={() => setConfirming(null)}
          onYes={() => {
            const { key, action } = confirming;
            setConfirming(null);
            void act(async () => {
              if (action === "revoke") await gql(RevokeApiKeyDocument, { id: key.id });
              else {
                const r = await gql(RotateApiKeyDocument, { id: key.id });
                setSecret({ name: key.name, secret: r.rotateApiKey.secret });
              }
            });
          }}
        >
          {confirming.action === "revoke" ? "Revoke" : "Rotate"} the key{" "}
          <strong>{confirming.key.name}</strong> ({confirming.key.prefix}…)?{" "}
          {confirming.action === "revoke"
            ? "Requests with it will be refused."
            : "It stops working; a new secret replaces it."}
        </ConfirmBox>
      )}
      <ListTable
        items={keys}
        empty="No keys."
        caption="API keys of the account"
        columns={["Name", "Kind", "Prefix", "Created", "Last used", "State", ""]}
        row={(k) => (
          <tr key={k.id} data-key-id={k.id}>
            <td>{k.name}</td>
            <td>{k.kind}</td>
            <td>
              <code>{k.prefix}</code>
            </td>
            <td>{when(k.createdAt)}</td>
            <td data-testid="last-used">{k.lastUsedAt ? when(k.lastUsedAt) : "never"}</td>
            <td>{k.revokedAt ? `revoked ${when(k.revokedAt)}` : "active"}</td>
            <td>
              {!k.revokedAt && (
                <>
                  <button
                    type="button"
                    class="quiet"
                    onClick={() => setConfirming({ key: k, action: "rotate" })}
                  >
                    Rotate
                  </button>
                  <button
                    type="button"
                    class="danger"
                    onClick={() => setConfirming({ key: k, action: "revoke" })}
                  >
                    Revoke
                  </button>
                </>
              )}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
