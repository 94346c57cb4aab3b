import { useState } from "preact/hooks";

/**
 * A drop target with a file picker inside it (the way by keyboard), sending the files one after
 * another through `upload` with each one's progress shown. A file that fails is named in the
 * error and the next one is still sent.
 */
export function UploadZone({
  id,
  accept,
  prompt,
  choose,
  upload,
  onError,
}: {
  id: string;
  accept: string;
  prompt: string;
  choose: string;
  upload: (file: File, onProgress: (share: number) => void) => Promise<void>;
  onError: (message: string | null) => void;
}) {
  const [progress, setProgress] = useState<{ name: string; share: number } | null>(null);
  const [over, setOver] = useState(false);
  const send = async (files: FileList | null) => {
    const failed: string[] = [];
    onError(null);
    for (const file of Array.from(files ?? [])) {
      setProgress({ name: file.name, share: 0 });
      try {
        await upload(file, (share) => setProgress({ name: file.name, share }));
      } catch (e) {
        failed.push(`${file.name}: ${(e as Error).message}`);
        onError(failed.join(" "));
      } finally {
        setProgress(null);
      }
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for dragged files; the file picker inside it is the way by keyboard
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
      <p>{prompt}</p>
      <label class="button" for={id}>
        {choose}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        multiple
        class="visually-hidden"
        onChange={(e) => {
          const el = e.target as HTMLInputElement;
          void send(el.files).then(() => {
            el.value = "";
          });
        }}
      />
      {progress && (
        <p role="status">
          Uploading {progress.name}:{" "}
          <progress max={1} value={progress.share} aria-label={`Upload of ${progress.name}`} />
        </p>
      )}
    </div>
  );
}
