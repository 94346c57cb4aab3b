import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { resumeSession, signOut } from "./api.ts";
import "./app.css";
import { CollectionsPage } from "./collections-page.tsx";
import { DocumentPage } from "./document-page.tsx";
import { DocumentsPage } from "./documents-page.tsx";
import { FilesPage } from "./files-page.tsx";
import { KeysPage } from "./keys-page.tsx";
import { RunsPage } from "./runs-page.tsx";
import { SignInPage } from "./sign-in-page.tsx";
import { UsagePage } from "./usage-page.tsx";

// The dashboard: a page per section under /dashboard, drawn in the browser from what GraphQL
// answers. Links change the address without reloading; the back button works.

/** The sections, each at /dashboard/{name}; documents are at /dashboard itself. */
const sections = [
  { page: "documents", title: "Documents" },
  { page: "collections", title: "Collections" },
  { page: "files", title: "Files" },
  { page: "runs", title: "Runs" },
  { page: "keys", title: "Keys" },
  { page: "usage", title: "Usage" },
] as const;
type Section = (typeof sections)[number]["page"];

type Route = { page: Section } | { page: "document"; id: string; at?: number };
function routeOf(path: string): Route {
  const doc = /^\/dashboard\/documents\/([^/]+)$/.exec(path);
  if (doc?.[1]) return { page: "document", id: decodeURIComponent(doc[1]) };
  const named = sections.find((s) => s.page !== "documents" && path.startsWith(`/dashboard/${s.page}`));
  return { page: named?.page ?? "documents" };
}
const pathOf = (r: Route): string =>
  r.page === "document" && r.at ? `${pathOfPage(r)}#page-${r.at}` : pathOfPage(r);
const pathOfPage = (r: Route) =>
  r.page === "document"
    ? `/dashboard/documents/${encodeURIComponent(r.id)}`
    : r.page === "documents"
      ? "/dashboard"
      : `/dashboard/${r.page}`;

/** The page a #page-N address names, if any. */
const pageInHash = () => {
  const m = /^#page-(\d+)$/.exec(location.hash);
  return m ? Number(m[1]) : undefined;
};

/** Moves to a page without reloading; the back button comes back. */
export function navigate(r: Route): void {
  history.pushState(null, "", pathOf(r));
  dispatchEvent(new PopStateEvent("popstate"));
}

function App() {
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  const [route, setRoute] = useState<Route>(routeOf(location.pathname));
  useEffect(() => {
    resumeSession().then(setSignedIn, () => setSignedIn(false));
    const onPop = () => setRoute(routeOf(location.pathname));
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, []);
  if (signedIn === null) return <p class="loading">Loading…</p>;
  if (!signedIn) return <SignInPage onSignedIn={() => setSignedIn(true)} />;
  const go = (r: Route) => (e: Event) => {
    e.preventDefault();
    navigate(r);
  };
  return (
    <>
      <header class="bar">
        <strong class="brand">Quire</strong>
        <nav aria-label="Sections">
          {sections.map((sec) => (
            <a
              key={sec.page}
              href={pathOfPage({ page: sec.page })}
              aria-current={route.page === sec.page ? "page" : undefined}
              onClick={go({ page: sec.page })}
            >
              {sec.title}
            </a>
          ))}
        </nav>
        <button
          type="button"
          class="quiet"
          onClick={async () => {
            await signOut();
            setSignedIn(false);
          }}
        >
          Sign out
        </button>
      </header>
      <main>
        {route.page === "keys" ? (
          <KeysPage />
        ) : route.page === "files" ? (
          <FilesPage />
        ) : route.page === "usage" ? (
          <UsagePage />
        ) : route.page === "runs" ? (
          <RunsPage />
        ) : route.page === "collections" ? (
          <CollectionsPage onOpen={(id, at) => navigate({ page: "document", id, at })} />
        ) : route.page === "document" ? (
          <DocumentPage
            key={route.id}
            id={route.id}
            at={route.at ?? pageInHash()}
            onBack={() => navigate({ page: "documents" })}
          />
        ) : (
          <DocumentsPage onOpen={(id) => navigate({ page: "document", id })} />
        )}
      </main>
    </>
  );
}

const root = document.getElementById("app");
if (root) {
  root.textContent = "";
  render(<App />, root);
}
