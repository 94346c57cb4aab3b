import { useEffect, useState } from "preact/hooks";
import {
  DashboardAddCollectionDocumentsDocument,
  DashboardCollectionAnswerDocument,
  type DashboardCollectionAnswerSubscription,
  DashboardCollectionDocumentsDocument,
  DashboardCollectionsDocument,
  type DashboardCollectionsQuery,
  DashboardCreateCollectionDocument,
  DashboardDocumentsDocument,
  type DashboardDocumentsQuery,
  DashboardRemoveCollectionDocumentsDocument,
} from "../../../operations/generated.ts";
import { gql, subscribe } from "./api.ts";
import { Alert } from "./list-table.tsx";

type Collection = DashboardCollectionsQuery["collections"]["edges"][number]["node"];
type Doc = DashboardDocumentsQuery["documents"]["edges"][number]["node"];
type Citation = NonNullable<DashboardCollectionAnswerSubscription["collectionAnswer"]["citations"]>[number];

/** Asks a collection and shows the answer as it streams in, then its citations, each opening its page. */
function Ask({
  collection,
  onOpen,
}: {
  collection: Collection;
  onOpen: (documentId: string, page: number) => void;
}) {
  const [question, setQuestion] = useState("");
  const [answer, setAnswer] = useState("");
  const [citations, setCitations] = useState<Citation[]>([]);
  const [state, setState] = useState<"idle" | "asking" | "done">("idle");
  const [stop, setStop] = useState<(() => void) | null>(null);
  useEffect(() => () => stop?.(), [stop]);
  return (
    <div class="notice">
      <form
        class="row"
        onSubmit={(e) => {
          e.preventDefault();
          stop?.();
          setAnswer("");
          setCitations([]);
          setState("asking");
          const end = subscribe(
            DashboardCollectionAnswerDocument,
            { id: collection.id, query: question },
            (d) => {
              const ev = d.collectionAnswer;
              if (ev.kind === "answer" && ev.delta) setAnswer((a) => a + ev.delta);
              if (ev.citations) setCitations(ev.citations);
              if (ev.kind === "done") {
                if (ev.answer) setAnswer(ev.answer);
                setState("done");
              }
            },
          );
          setStop(() => end);
        }}
      >
        <label for={`ask-${collection.id}`}>Ask {collection.name}</label>
        <input
          id={`ask-${collection.id}`}
          value={question}
          required
          maxLength={2000}
          onInput={(e) => setQuestion((e.target as HTMLInputElement).value)}
        />
        <button type="submit">Ask</button>
      </form>
      {state !== "idle" && (
        <div aria-live="polite">
          <p class="answer" data-testid="answer">
            {answer || "…"}
          </p>
          {citations.length > 0 && (
            <ol class="citations">
              {citations.map((c) => (
                <li key={c.index}>
                  <a
                    href={`/dashboard/documents/${encodeURIComponent(c.documentId)}#page-${c.page}`}
                    onClick={(e) => {
                      e.preventDefault();
                      onOpen(c.documentId, c.page);
                    }}
                  >
                    [{c.index}] {c.fileName}, page {c.page}
                  </a>
                  : <q>{c.quote}</q>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}

/** A collection's documents, read when opened: each can be removed, and others added from the account's. */
function Members({
  collection,
  docs,
  onCount,
}: {
  collection: Collection;
  docs: Doc[];
  onCount: (count: number) => void;
}) {
  const [open, setOpen] = useState(false);
  const [members, setMembers] = useState<{ id: string; fileName: string }[] | null>(null);
  const [adding, setAdding] = useState("");
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    gql(DashboardCollectionDocumentsDocument, { id: collection.id }).then(
      (d) => {
        setMembers(d.collection.documents.edges.map((e) => e.node));
        onCount(d.collection.documentCount);
      },
      (e: Error) => setError(e.message),
    );
  // Read each time the list is opened, so a failed read is tried again by opening it again.
  useEffect(() => {
    if (open) {
      setError(null);
      void load();
    }
  }, [open]);
  const change = async (f: () => Promise<unknown>) => {
    setError(null);
    try {
      await f();
      await load();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  // Documents to add are offered once the members are known, never the members themselves.
  const others = members === null ? [] : docs.filter((d) => !members.some((m) => m.id === d.id));
  return (
    <details onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Documents of {collection.name}</summary>
      {members === null ? (
        error === null && <p class="loading">Loading…</p>
      ) : (
        <ul>
          {members.map((m) => (
            <li key={m.id}>
              {m.fileName}{" "}
              <button
                type="button"
                class="danger"
                aria-label={`Remove ${m.fileName} from ${collection.name}`}
                onClick={() =>
                  void change(() =>
                    gql(DashboardRemoveCollectionDocumentsDocument, {
                      id: collection.id,
                      documentIds: [m.id],
                    }),
                  )
                }
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (adding)
              void change(async () => {
                await gql(DashboardAddCollectionDocumentsDocument, {
                  id: collection.id,
                  documentIds: [adding],
                });
                setAdding("");
              });
          }}
        >
          <label for={`add-${collection.id}`}>Add a document</label>
          <select
            id={`add-${collection.id}`}
            value={adding}
            onChange={(e) => setAdding((e.target as HTMLSelectElement).value)}
          >
            <option value="">Choose…</option>
            {others.map((d) => (
              <option key={d.id} value={d.id}>
                {d.fileName}
              </option>
            ))}
          </select>
          <button type="submit">Add</button>
        </form>
      )}
      <Alert message={error} />
    </details>
  );
}

/** Collections: the account's, made from documents picked in a list, each asked with a streamed answer. */
export function CollectionsPage({ onOpen }: { onOpen: (documentId: string, page: number) => void }) {
  const [collections, setCollections] = useState<Collection[] | null>(null);
  const [docs, setDocs] = useState<Doc[]>([]);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    gql(DashboardCollectionsDocument, {}).then(
      (d) => setCollections(d.collections.edges.map((e) => e.node)),
      (e: Error) => setError(e.message),
    );
  useEffect(() => {
    void load();
    gql(DashboardDocumentsDocument, { first: 100 }).then(
      (d) => setDocs(d.documents.edges.map((e) => e.node)),
      (e: Error) => setError(e.message),
    );
  }, []);
  return (
    <section aria-labelledby="collections-title">
      <h1 id="collections-title">Collections</h1>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          try {
            await gql(DashboardCreateCollectionDocument, { name, documentIds: [...picked] });
            setName("");
            setPicked(new Set());
            await load();
          } catch (err) {
            setError((err as Error).message);
          }
        }}
      >
        <label for="collection-name">Name</label>
        <input
          id="collection-name"
          value={name}
          required
          maxLength={100}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
        <fieldset>
          <legend>Documents</legend>
          {docs.length === 0 && <p>No documents yet.</p>}
          {docs.map((d) => (
            <label class="check" key={d.id}>
              <input
                type="checkbox"
                checked={picked.has(d.id)}
                onChange={(e) => {
                  const next = new Set(picked);
                  if ((e.target as HTMLInputElement).checked) next.add(d.id);
                  else next.delete(d.id);
                  setPicked(next);
                }}
              />{" "}
              {d.fileName}
            </label>
          ))}
        </fieldset>
        <button type="submit">Create collection</button>
      </form>
      <Alert message={error} />
      {collections === null ? (
        <p class="loading">Loading…</p>
      ) : (
        collections.map((c) => (
          <article key={c.id} aria-label={c.name}>
            <h2>
              {c.name} <span class="hint">({c.documentCount} documents)</span>
            </h2>
            <Members
              collection={c}
              docs={docs}
              onCount={(n) =>
                setCollections((prev) =>
                  (prev ?? []).map((x) => (x.id === c.id ? { ...x, documentCount: n } : x)),
                )
              }
            />
            <Ask collection={c} onOpen={onOpen} />
          </article>
        ))
      )}
    </section>
  );
}
