import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { resumeSession, signOut } from "./api.ts";
import "./app.css";
import { DocumentsPage } from "./documents-page.tsx";
import { KeysPage } from "./keys-page.tsx";
import { SignInPage } from "./sign-in-page.tsx";

// The dashboard: a page per section under /dashboard, drawn in the browser from what GraphQL
// answers. Links change the address without reloading; the back button works.

type Route = "documents" | "keys";
const routeOf = (path: string): Route => (path.startsWith("/dashboard/keys") ? "keys" : "documents");

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
    history.pushState(null, "", r === "documents" ? "/dashboard" : `/dashboard/${r}`);
    setRoute(r);
  };
  return (
    <>
      <header class="bar">
        <strong class="brand">Quire</strong>
        <nav aria-label="Sections">
          <a
            href="/dashboard"
            aria-current={route === "documents" ? "page" : undefined}
            onClick={go("documents")}
          >
            Documents
          </a>
          <a href="/dashboard/keys" aria-current={route === "keys" ? "page" : undefined} onClick={go("keys")}>
            Keys
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
      <main>{route === "keys" ? <KeysPage /> : <DocumentsPage />}</main>
    </>
  );
}

const root = document.getElementById("app");
if (root) {
  root.textContent = "";
  render(<App />, root);
}
