import { useState } from "preact/hooks";
import { signIn } from "./api.ts";

/** Sign in by pasting a secret key once: it is exchanged for a session and not kept. */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [key, setKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <main class="narrow">
      <h1>Sign in to Quire</h1>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          setError(null);
          try {
            await signIn(key);
            setKey("");
            onSignedIn();
          } catch (err) {
            setError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      >
        <label for="key">Secret key</label>
        <input
          id="key"
          type="password"
          autocomplete="off"
          placeholder="svc_sk_…"
          value={key}
          onInput={(e) => setKey((e.target as HTMLInputElement).value)}
          required
        />
        <p class="hint">The key is exchanged for a session; this browser does not keep it.</p>
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
