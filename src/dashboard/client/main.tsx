import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { resumeSession, signOut } from "./api.ts";
import "./app.css";
import { CollectionsPage } from "./collections-page.tsx";
import { DocumentPage } from "./document-page.tsx";
import { DocumentsPage } from "./documents-page.tsx";
import { KeysPage } from "./keys-page.tsx";
import { RunsPage } from "./runs-page.tsx";
import { SignInPage } from "./sign-in-page.tsx";

// The dashboard: a page per section under /dashboard, drawn in the browser from what GraphQL
// answers. Links change the address without reloading; the back button works.

type Route =
  | { page: "documents" }
  | { page: "keys" }
  | { page: "runs" }
  | { page: "collections" }
  | { page: "document"; id: string; at?: number };
function routeOf(path: string): Route {
  if (path.startsWith("/dashboard/keys")) return { page: "keys" };
  if (path.startsWith("/dashboard/runs")) return { page: "runs" };
  if (path.startsWith("/dashboard/collections")) return { page: "collections" };
  const doc = /^\/dashboard\/documents\/([^/]+)$/.exec(path);
  return doc?.[1] ? { page: "document", id: decodeURIComponent(doc[1]) } : { page: "documents" };
}
const pathOf = (r: Route): string =>
  r.page === "document" && r.at ? `${pathOfPage(r)}#page-${r.at}` : pathOfPage(r);
const pathOfPage = (r: Route) =>
  r.page === "keys" || r.page === "runs" || r.page === "collections"
    ? `/dashboard/${r.page}`
    : r.page === "document"
      ? `/dashboard/documents/${encodeURIComponent(r.id)}`
      : "/dashboard";

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
          <a
            href="/dashboard"
            aria-current={route.page === "documents" ? "page" : undefined}
            onClick={go({ page: "documents" })}
          >
            Documents
          </a>
          <a
            href="/dashboard/keys"
            aria-current={route.page === "keys" ? "page" : undefined}
            onClick={go({ page: "keys" })}
          >
            Keys
          </a>
          <a
            href="/dashboard/runs"
            aria-current={route.page === "runs" ? "page" : undefined}
            onClick={go({ page: "runs" })}
          >
            Runs
          </a>
          <a
            href="/dashboard/collections"
            aria-current={route.page === "collections" ? "page" : undefined}
            onClick={go({ page: "collections" })}
          >
            Collections
          </a>
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
        ) : route.page === "runs" ? (
          <RunsPage />
        ) : route.page === "collections" ? (
          <CollectionsPage onOpen={(id, at) => navigate({ page: "document", id, at })} />
        ) : route.page === "document" ? (
          <DocumentPage
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
