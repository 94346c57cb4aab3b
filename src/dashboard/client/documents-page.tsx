import { useEffect, useRef, useState } from "preact/hooks";
import {
  DashboardDeleteDocumentDocument,
  DashboardDocumentsDocument,
  type DashboardDocumentsQuery,
  DashboardUploadDocument,
  DocumentProgressDocument,
} from "../../../operations/generated.ts";
import { gql, gqlUpload, subscribe } from "./api.ts";

type Doc = DashboardDocumentsQuery["documents"]["edges"][number]["node"];

const ended = (phase: string) => phase === "complete" || phase === "error" || phase === "awaiting_review";

/** A document's row: its phase and pages read, followed live until its extraction ends. */
function DocumentRow({ doc, onDelete, onOpen }: { doc: Doc; onDelete: () => void; onOpen: () => void }) {
  const [now, setNow] = useState(doc);
  useEffect(() => {
    if (ended(now.phase)) return;
    return subscribe(DocumentProgressDocument, { id: doc.id }, (d) =>
      setNow((prev) => ({ ...prev, ...d.documentProgress })),
    );
  }, [doc.id]);
  const share = now.pagesTotal ? now.pagesCompleted / now.pagesTotal : 0;
  return (
    <tr data-document-id={doc.id}>
      <td>
        <a
          href={`/dashboard/documents/${encodeURIComponent(now.id)}`}
          onClick={(e) => {
            e.preventDefault();
            onOpen();
          }}
        >
          {now.fileName}
        </a>
      </td>
      <td>
        <span class={`phase phase-${now.phase}`} data-testid="phase">
          {now.phase}
        </span>
      </td>
      <td>
        <progress max={1} value={ended(now.phase) ? 1 : share} aria-label={`Extraction of ${now.fileName}`} />{" "}
        {now.pagesCompleted}/{now.pagesTotal ?? "?"}
      </td>
      <td>{new Date(now.createdAt).toLocaleString()}</td>
      <td>
        <button type="button" class="danger" onClick={onDelete} aria-label={`Delete ${now.fileName}`}>
          Delete
        </button>
      </td>
    </tr>
  );
}

/** Documents: the account's newest first, uploads by drag and drop or by choosing a file. */
export function DocumentsPage({ onOpen }: { onOpen: (id: string) => void }) {
  const [docs, setDocs] = useState<Doc[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [upload, setUpload] = useState<{ name: string; share: number } | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const load = () =>
    gql(DashboardDocumentsDocument, { first: 50 }).then(
      (d) => setDocs(d.documents.edges.map((e) => e.node)),
      (e: Error) => setError(e.message),
    );
  useEffect(() => {
    void load();
  }, []);

  const send = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      setError(null);
      setUpload({ name: file.name, share: 0 });
      try {
        const made = await gqlUpload(DashboardUploadDocument, {} as never, "file", file, (share) =>
          setUpload({ name: file.name, share }),
        );
        setDocs((prev) => [made.uploadDocument, ...(prev ?? [])]);
      } catch (e) {
        setError(`${file.name}: ${(e as Error).message}`);
      } finally {
        setUpload(null);
      }
    }
  };

  return (
    <section aria-labelledby="documents-title">
      <h1 id="documents-title">Documents</h1>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged files; the file picker inside it is the way by keyboard */}
      <div
        class={over ? "drop over" : "drop"}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          void send(e.dataTransfer?.files ?? null);
        }}
      >
        <p>Drop PDFs here, or</p>
        <label class="button" for="upload">
          Choose PDFs
        </label>
        <input
          id="upload"
          ref={input}
          type="file"
          accept="application/pdf"
          multiple
          class="visually-hidden"
          onChange={(e) => void send((e.target as HTMLInputElement).files)}
        />
        {upload && (
          <p role="status">
            Uploading {upload.name}:{" "}
            <progress max={1} value={upload.share} aria-label={`Upload of ${upload.name}`} />
          </p>
        )}
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {docs === null ? (
        <p class="loading">Loading…</p>
      ) : docs.length === 0 ? (
        <p>No documents yet.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="visually-hidden">Documents of the account, newest first</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Phase</th>
                <th scope="col">Pages</th>
                <th scope="col">Uploaded</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {docs.map((d) => (
                <DocumentRow
                  key={d.id}
                  doc={d}
                  onOpen={() => onOpen(d.id)}
                  onDelete={() =>
                    void gql(DashboardDeleteDocumentDocument, { id: d.id }).then(
                      () => setDocs((prev) => (prev ?? []).filter((x) => x.id !== d.id)),
                      (e: Error) => setError(e.message),
                    )
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
