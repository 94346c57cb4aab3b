import type { DocumentTypeDecoration } from "@graphql-typed-document-node/core";
import { type Client, createClient } from "graphql-sse";

// How the dashboard talks to the service: GraphQL over fetch with the session's cookie (sent by
// the browser, never read by this code) and its CSRF token in a header; subscriptions over
// graphql-sse on the same terms. The secret key pasted to sign in is sent once and forgotten.

let csrfToken: string | null = null;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

async function envelope(res: Response): Promise<never> {
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  throw new ApiError(
    body?.error?.message ?? `The service answered ${res.status}.`,
    body?.error?.code ?? String(res.status),
  );
}

/** The session already open in this browser, if any (after a reload the token is asked for again). */
export async function resumeSession(): Promise<boolean> {
  const res = await fetch("/dashboard/session", { credentials: "same-origin" });
  if (!res.ok) await envelope(res);
  const body = (await res.json()) as { signed_in: boolean; csrf_token?: string };
  csrfToken = body.csrf_token ?? null;
  return body.signed_in;
}

export async function signIn(key: string): Promise<void> {
  const res = await fetch("/dashboard/session", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ key }),
  });
  if (!res.ok) await envelope(res);
  csrfToken = ((await res.json()) as { csrf_token: string }).csrf_token;
}

export async function signOut(): Promise<void> {
  streams?.dispose();
  streams = null;
  await fetch("/dashboard/session", {
    method: "DELETE",
    credentials: "same-origin",
    headers: { "x-csrf-token": csrfToken ?? "" },
  });
  csrfToken = null;
}

type GraphQLAnswer<T> = { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };

function answerOf<T>(body: GraphQLAnswer<T>): T {
  const err = body.errors?.[0];
  if (err) throw new ApiError(err.message, err.extensions?.code ?? "ERROR");
  if (!body.data) throw new ApiError("The service answered without data.", "ERROR");
  return body.data;
}

/** One query or mutation of operations/dashboard.graphql (or keys.graphql), typed by codegen. */
export async function gql<T, V>(doc: DocumentTypeDecoration<T, V>, variables?: V): Promise<T> {
  const res = await fetch("/graphql", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json", "x-csrf-token": csrfToken ?? "" },
    body: JSON.stringify({ query: String(doc), variables: variables ?? {} }),
  });
  if (!res.ok && !(res.headers.get("content-type") ?? "").includes("json")) await envelope(res);
  return answerOf((await res.json()) as GraphQLAnswer<T>);
}

/**
 * A mutation with one file, as the GraphQL multipart request specification sends it, with the
 * upload's progress (0..1) reported as the bytes go (fetch cannot tell; XMLHttpRequest can).
 */
export function gqlUpload<T, V>(
  doc: DocumentTypeDecoration<T, V>,
  variables: V,
  fileVariable: string,
  file: File,
  onProgress: (share: number) => void,
): Promise<T> {
  const form = new FormData();
  form.append(
    "operations",
    JSON.stringify({ query: String(doc), variables: { ...variables, [fileVariable]: null } }),
  );
  form.append("map", JSON.stringify({ 0: [`variables.${fileVariable}`] }));
  form.append("0", file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/graphql");
    xhr.setRequestHeader("x-csrf-token", csrfToken ?? "");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      try {
        resolve(answerOf(JSON.parse(xhr.responseText) as GraphQLAnswer<T>));
      } catch (err) {
        reject(
          err instanceof ApiError
            ? err
            : new ApiError(`The upload failed (${xhr.status}).`, String(xhr.status)),
        );
      }
    };
    xhr.onerror = () => reject(new ApiError("The upload failed: the connection was lost.", "NETWORK"));
    xhr.send(form);
  });
}

// One event stream for every live view of the page: a browser opens at most six connections to a
// host over HTTP/1.1, so a stream per subscription would stall the page's other requests once a
// few runs or documents are followed at once.
let streams: Client<true> | null = null;
const streamClient = (): Client<true> =>
  (streams ??= createClient({
    url: "/graphql/stream",
    singleConnection: true,
    credentials: "same-origin",
    headers: () => ({ "x-csrf-token": csrfToken ?? "" }),
    retryAttempts: 2,
  }));

/** A subscription's events until it ends or `stop` is called; `onError` hears why it stopped early. */
export function subscribe<T, V>(
  doc: DocumentTypeDecoration<T, V>,
  variables: V,
  onData: (data: T) => void,
  onError?: (message: string) => void,
): () => void {
  return streamClient().subscribe<T>(
    { query: String(doc), variables: variables as Record<string, unknown> },
    {
      next: (e) => {
        if (e.data) onData(e.data);
      },
      error: (err: unknown) => {
        const first = Array.isArray(err) ? (err[0] as { message?: string } | undefined) : undefined;
        onError?.(
          first?.message ??
            (err instanceof Error
              ? err.message
              : "The live updates stopped; reload the page to see the latest."),
        );
      },
      complete: () => undefined,
    },
  );
}
