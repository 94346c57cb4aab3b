import { useEffect, useState } from "preact/hooks";
import {
  DashboardDeleteFileDocument,
  DashboardFilesDocument,
  type DashboardFilesQuery,
  DashboardUploadFileDocument,
} from "../../../operations/generated.ts";
import { gql, gqlUpload } from "./api.ts";
import { Deployments, PublishForm } from "./deployments.tsx";
import { Alert, ListTable } from "./list-table.tsx";
import { UploadZone } from "./upload-zone.tsx";

type StoredFile = DashboardFilesQuery["files"]["edges"][number]["node"];

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1048576
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/** Files: stored uploads (PDFs and images) with their downloads; each can be published as a site. */
export function FilesPage() {
  const [files, setFiles] = useState<StoredFile[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [publishing, setPublishing] = useState<StoredFile | null>(null);
  const [published, setPublished] = useState(0);

  const load = () =>
    gql(DashboardFilesDocument, { first: 50 }).then(
      (d) => setFiles(d.files.edges.map((e) => e.node)),
      (e: Error) => setError(e.message),
    );
  useEffect(() => {
    void load();
  }, []);

  return (
    <section aria-labelledby="files-title">
      <h1 id="files-title">Files and sites</h1>
      <UploadZone
        id="file-input"
        accept="application/pdf,image/*"
        prompt="Drop PDFs or images here to store them, or"
        choose="Choose files"
        onError={setError}
        upload={async (file, onProgress) => {
          const made = await gqlUpload(DashboardUploadFileDocument, {} as never, "file", file, onProgress);
          setFiles((prev) => [made.uploadFile, ...(prev ?? [])]);
        }}
      />
      <Alert message={error} />
      {publishing && (
        <PublishForm
          file={publishing}
          onDone={() => {
            setPublishing(null);
            setPublished((n) => n + 1);
          }}
          onCancel={() => setPublishing(null)}
        />
      )}
      <h2>Files</h2>
      <ListTable
        items={files}
        empty="No files yet."
        caption="Stored files, newest first"
        columns={["Name", "Type", "Size", "Pages", ""]}
        row={(f) => (
          <tr key={f.id} data-file-id={f.id}>
            <td>
              {f.status === "ready" ? (
                <a href={`/v1/files/${encodeURIComponent(f.id)}/content`} download={f.fileName}>
                  {f.fileName}
                </a>
              ) : (
                `${f.fileName} (${f.status})`
              )}
            </td>
            <td>{f.contentType}</td>
            <td>{size(f.size)}</td>
            <td>{f.pages ?? "—"}</td>
            <td>
              {f.status === "ready" && (
                <button type="button" onClick={() => setPublishing(f)} aria-label={`Publish ${f.fileName}`}>
                  Publish
                </button>
              )}
              <button
                type="button"
                class="danger"
                aria-label={`Delete ${f.fileName}`}
                onClick={() =>
                  gql(DashboardDeleteFileDocument, { id: f.id }).then(
                    () => setFiles((prev) => (prev ?? []).filter((x) => x.id !== f.id)),
                    (e: Error) => setError(e.message),
                  )
                }
              >
                Delete
              </button>
            </td>
          </tr>
        )}
      />
      <Deployments key={published} />
    </section>
  );
}
