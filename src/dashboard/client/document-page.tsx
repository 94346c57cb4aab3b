import { useEffect, useState } from "preact/hooks";
import {
  DashboardDeleteDocumentDocument,
  DashboardDocumentDocument,
  type DashboardDocumentQuery,
  DashboardReparseDocument,
  DocumentProgressDocument,
} from "../../../operations/generated.ts";
import { AccessForm } from "./access-form.tsx";
import { gql, subscribe } from "./api.ts";
import { ConfirmBox } from "./confirm-box.tsx";
import { Alert } from "./list-table.tsx";

type Doc = NonNullable<DashboardDocumentQuery["document"]>;

/** Pages shown at once; the rest a click away. */
const PAGE_BATCH = 10;

const ended = (phase: string) => phase === "complete" || phase === "error" || phase === "awaiting_review";

/**
 * One document: each page's image beside its markdown, its tables with their downloads, and its
 * access policy; reparse (followed live until it ends, then shown afresh) and delete.
 */
export function DocumentPage({
  id,
  at,
  onBack,
}: {
  id: string;
  at?: number | undefined;
  onBack: () => void;
}) {
  const [doc, setDoc] = useState<Doc | null>(null);
  // Enough pages to show the one a citation named.
  const [shown, setShown] = useState(Math.max(PAGE_BATCH, Math.ceil((at ?? 1) / PAGE_BATCH) * PAGE_BATCH));
  const [error, setError] = useState<string | null>(null);
  const [reads, setReads] = useState(0);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    gql(DashboardDocumentDocument, { id, from: 1, to: shown }).then(
      (d) => setDoc(d.document ?? null),
      (e: Error) => setError(e.message),
    );
  }, [id, shown, reads]);
  // While an extraction runs, its progress comes live; when it ends, the results are read again.
  const running = doc !== null && !ended(doc.phase);
  useEffect(() => {
    if (!running) return;
    return subscribe(
      DocumentProgressDocument,
      { id },
      (d) => {
        const p = d.documentProgress;
        setDoc((prev) =>
          prev
            ? { ...prev, phase: p.phase, pagesCompleted: p.pagesCompleted, pagesTotal: p.pagesTotal }
            : prev,
        );
        if (ended(p.phase)) setReads((n) => n + 1);
      },
      setError,
    );
  }, [id, running]);
  const act = async (f: () => Promise<void>) => {
    setError(null);
    try {
      await f();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  useEffect(() => {
    if (doc && at) document.getElementById(`page-${at}`)?.scrollIntoView();
  }, [doc, at]);
  if (error && !doc)
    return (
      <p class="error" role="alert">
        {error}
      </p>
    );
  if (!doc) return <p class="loading">Loading…</p>;
  const base = `/v1/documents/${encodeURIComponent(doc.id)}`;
  return (
    <article aria-labelledby="doc-title">
      <p>
        <a
          href="/dashboard"
          onClick={(e) => {
            e.preventDefault();
            onBack();
          }}
        >
          ← Documents
        </a>
      </p>
      <h1 id="doc-title">{doc.fileName}</h1>
      <p>
        <span class={`phase phase-${doc.phase}`} data-testid="phase">
          {doc.phase}
        </span>
        , {doc.pagesCompleted} of {doc.pagesTotal ?? "?"} pages read.{" "}
        <a href={`${base}/full.md`} download>
          Markdown of the whole document
        </a>
      </p>
      <div class="row">
        <button
          type="button"
          class="quiet"
          disabled={running}
          onClick={() =>
            void act(async () => {
              const r = await gql(DashboardReparseDocument, { id: doc.id });
              setDoc({ ...doc, ...r.reparseDocument });
            })
          }
        >
          Reparse
        </button>
        <button type="button" class="danger" onClick={() => setConfirming(true)}>
          Delete
        </button>
      </div>
      {confirming && (
        <ConfirmBox
          yes="Yes, delete"
          onCancel={() => setConfirming(false)}
          onYes={() =>
            void act(async () => {
              await gql(DashboardDeleteDocumentDocument, { id: doc.id });
              onBack();
            })
          }
        >
          Delete <strong>{doc.fileName}</strong>, its pages and tables? This cannot be undone.
        </ConfirmBox>
      )}
      <Alert message={error} />
      <h2>Pages</h2>
      {doc.pages.map((p) => (
        <section class="page" id={`page-${p.number}`} key={p.number} aria-label={`Page ${p.number}`}>
          <img
            src={`${base}/pages/${p.number}/image.png`}
            alt={`Page ${p.number} of ${doc.fileName}`}
            loading="lazy"
            width={Math.round(p.width)}
            height={Math.round(p.height)}
          />
          <div>
            <h3>
              Page {p.number} <span class="hint">({p.method})</span>
            </h3>
            <pre class="markdown">{p.markdown}</pre>
          </div>
        </section>
      ))}
      {(doc.pagesTotal ?? 0) > shown && (
        <button type="button" onClick={() => setShown(shown + PAGE_BATCH)}>
          Show {PAGE_BATCH} more pages
        </button>
      )}
      <h2>Tables</h2>
      {doc.tables.length === 0 && <p>No tables were found.</p>}
      {doc.tables.map((t) => {
        const rows = (t.rows as string[][]) ?? [];
        const [head = [], ...body] = rows;
        return (
          <section key={t.index} aria-label={`Table ${t.index + 1}`}>
            <h3>
              Table {t.index + 1} <span class="hint">(page {t.page})</span>
            </h3>
            <p>
              <a href={`${base}/entities/tables/${t.index}/csv`} download>
                CSV
              </a>{" "}
              ·{" "}
              <a href={`${base}/entities/tables/${t.index}/xlsx`} download>
                XLSX
              </a>{" "}
              ·{" "}
              <a href={`${base}/entities/tables/${t.index}`} download={`table-${t.index}.json`}>
                JSON
              </a>
            </p>
            <div class="table-wrap">
              <table>
                <thead>
                  <tr>
                    {head.map((h, i) => (
                      <th scope="col" key={i}>
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {body.map((r, i) => (
                    <tr key={i}>
                      {r.map((c, j) => (
                        <td key={j}>{c}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
      <AccessForm id={doc.id} />
    </article>
  );
}
