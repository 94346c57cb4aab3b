import { useEffect, useState } from "preact/hooks";
import {
  DashboardDeleteDocumentDocument,
  DashboardDocumentsDocument,
  type DashboardDocumentsQuery,
  DashboardUploadDocument,
  DocumentProgressDocument,
} from "../../../operations/generated.ts";
import { gql, gqlUpload, subscribe } from "./api.ts";
import { Alert, ListTable } from "./list-table.tsx";
import { UploadZone } from "./upload-zone.tsx";

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

  const load = () =>
    gql(DashboardDocumentsDocument, { first: 50 }).then(
      (d) => setDocs(d.documents.edges.map((e) => e.node)),
      (e: Error) => setError(e.message),
    );
  useEffect(() => {
    void load();
  }, []);

  return (
    <section aria-labelledby="documents-title">
      <h1 id="documents-title">Documents</h1>
      <UploadZone
        id="upload"
        accept="application/pdf"
        prompt="Drop PDFs here, or"
        choose="Choose PDFs"
        onError={setError}
        upload={async (file, onProgress) => {
          const made = await gqlUpload(DashboardUploadDocument, {} as never, "file", file, onProgress);
          setDocs((prev) => [made.uploadDocument, ...(prev ?? [])]);
        }}
      />
      <Alert message={error} />
      <ListTable
        items={docs}
        empty="No documents yet."
        caption="Documents of the account, newest first"
        columns={["File", "Phase", "Pages", "Uploaded", ""]}
        row={(d) => (
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
        )}
      />
    </section>
  );
}
