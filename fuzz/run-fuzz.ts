import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { hostileKinds } from "./hostile-pdfs.ts";
import { mutate, random } from "./mutate.ts";
import { ascii, onePage } from "./raw-pdf.ts";

// The fuzz run: hostile and mutated PDFs uploaded to a running service, each followed until its
// extraction reaches a terminal phase, while /health is asked every 250 ms. What counts against
// the service: a document with no terminal phase within its budget (a hang), a terminal phase
// with no reason given where one is due, a 5xx, /health unanswered within 1 s, and any
// extraction whose peak memory reached the cap.

export type FuzzInput = { name: string; bytes: Uint8Array };

export type FuzzResult = {
  name: string;
  /** The document's id, when the upload was accepted. */
  id: string | null;
  bytes: number;
  phase: string;
  /** Upload to terminal phase, in ms; null for a hang. */
  ms: number | null;
  pages: number;
  reason: string | null;
  input: Uint8Array;
};

export type FuzzSummary = {
  count: number;
  seed: number;
  phases: Record<string, number>;
  /** Reasons with their numbers taken out, and how often each was given. */
  reasons: Record<string, number>;
  hangs: FuzzResult[];
  /** Documents in error or review that give no reason. */
  silent: FuzzResult[];
  /** Documents whose extraction process died of something other than a limit (a crash). */
  crashes: FuzzResult[];
  serverErrors: string[];
  /** The inputs behind the server errors, to save and replay. */
  errorInputs: FuzzInput[];
  health: { asked: number; missed: number; slowestMs: number };
  ms: { p50: number; p95: number; max: number };
  slowest: FuzzResult[];
  results: FuzzResult[];
  wallMs: number;
};

/** Strengths are drawn from a few levels, so the decompression bombs' seeds are made once each. */
const STRENGTHS = [0, 0.25, 0.5, 1];

/** Seeds for mutation: small real PDFs of the table corpus when it is there, and generated ones. */
export function mutationSeeds(corpusDir?: string): Uint8Array[] {
  const seeds: Uint8Array[] = [
    onePage({ content: ascii("BT /F1 12 Tf 72 720 Td (Invoice 42) Tj 0 -20 Td (Total 12.50) Tj ET") }),
    onePage({
      content: ascii(
        "BT /F1 10 Tf 72 700 Td (Item) Tj 200 0 Td (Qty) Tj ET 72 690 m 400 690 l S 72 710 m 400 710 l S",
      ),
    }),
  ];
  if (corpusDir && existsSync(corpusDir)) {
    const files = readdirSync(corpusDir)
      .filter((f) => f.endsWith(".pdf"))
      .map((f) => path.join(corpusDir, f))
      .filter((f) => statSync(f).size < 100_000)
      .sort();
    for (const f of files) seeds.push(new Uint8Array(readFileSync(f)));
  }
  return seeds;
}

/** The `i`th input of a run: hostile kinds and mutations alternate, each drawn from the seed. */
export async function fuzzInput(seeds: Uint8Array[], seed: number, i: number): Promise<FuzzInput> {
  const r = random(seed * 100_003 + i);
  if (i % 2 === 0) {
    const kind = r.pick(hostileKinds);
    const strength = r.pick(STRENGTHS);
    const bytes = await kind.make(strength);
    // Now and then a hostile file is damaged too: a parser's recovery paths meet the attack.
    if (r.next() < 0.25) {
      const m = mutate(bytes, r);
      return { name: `${kind.name}@${strength}+${m.how.join("+")}`, bytes: m.bytes };
    }
    return { name: `${kind.name}@${strength}`, bytes };
  }
  const from = r.int(seeds.length);
  const m = mutate(seeds[from] as Uint8Array, r);
  return { name: `seed${from}+${m.how.join("+")}`, bytes: m.bytes };
}

const TERMINAL = new Set(["complete", "awaiting_review", "error"]);
const pct = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};

export async function runFuzz(opts: {
  url: string;
  /** Secret keys of accounts to spread the uploads over (each account may upload 30 a minute). */
  keys: string[];
  count: number;
  seed: number;
  seeds: Uint8Array[];
  /** Documents in flight at once. */
  concurrency: number;
  /** The service's page budget: a document may take (pages + 2) of them once it is being read. */
  pageBudgetMs: number;
  /** Stop sending new inputs at this time (epoch ms); the summary covers those sent. */
  until?: number;
  /** How many of the slowest inputs to keep in the summary. */
  keepSlowest?: number;
  onResult?: (r: FuzzResult, done: number) => void;
}): Promise<FuzzSummary> {
  const started = Date.now();
  const results: FuzzResult[] = [];
  const serverErrors: string[] = [];
  const errorInputs: FuzzInput[] = [];
  const serverError = (input: FuzzInput, what: string) => {
    serverErrors.push(`${input.name}: ${what}`);
    errorInputs.push(input);
  };
  let uploads = 0;

  let stop = false;
  const health = { asked: 0, missed: 0, slowestMs: 0 };
  const watching = (async () => {
    while (!stop) {
      const t = Date.now();
      health.asked++;
      const r = await fetch(`${opts.url}/health`, { signal: AbortSignal.timeout(1000) }).catch(() => null);
      health.slowestMs = Math.max(health.slowestMs, Date.now() - t);
      if (r?.status !== 200) health.missed++;
      await r?.arrayBuffer().catch(() => undefined);
      await new Promise((res) => setTimeout(res, 250));
    }
  })();

  const one = async (input: FuzzInput): Promise<FuzzResult> => {
    const auth = { authorization: `Bearer ${opts.keys[uploads++ % opts.keys.length]}` };
    const t0 = Date.now();
    let up: Response;
    for (;;) {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(input.bytes)], { type: "application/pdf" }), "fuzz.pdf");
      up = await fetch(`${opts.url}/v1/documents`, { method: "POST", headers: auth, body: form });
      if (up.status !== 429) break;
      await up.arrayBuffer();
      await new Promise((res) => setTimeout(res, 1000 * Number(up.headers.get("retry-after") ?? 1)));
    }
    const body = (await up.json().catch(() => ({}))) as { id?: string; error?: { message?: string } };
    const base = { name: input.name, id: body.id ?? null, bytes: input.bytes.length, input: input.bytes };
    if (up.status >= 500) serverError(input, `upload ${up.status}`);
    // Refused at upload (not a PDF, too large): a terminal answer with its reason.
    if (up.status !== 202 || !body.id)
      return {
        ...base,
        phase: `refused ${up.status}`,
        ms: Date.now() - t0,
        pages: 0,
        reason: body.error?.message ?? null,
      };
    let readingSince: number | null = null;
    for (;;) {
      const r = await fetch(`${opts.url}/v1/documents/${body.id}`, { headers: auth });
      if (r.status >= 500) serverError(input, `status ${r.status}`);
      const d = (await r.json().catch(() => ({}))) as {
        phase?: string;
        pagesTotal?: number | null;
        error?: string | null;
      };
      const phase = d.phase ?? "unknown";
      const pages = d.pagesTotal ?? 0;
      if (TERMINAL.has(phase)) {
        const ms = Date.now() - t0;
        // A page image of what was read: the drawing thread meets the same file.
        if (pages > 0) {
          const img = await fetch(`${opts.url}/v1/documents/${body.id}/pages/1/image.png`, { headers: auth });
          if (img.status >= 500) serverError(input, `page image ${img.status}: ${await img.clone().text()}`);
          await img.arrayBuffer().catch(() => undefined);
        }
        return { ...base, phase, ms, pages, reason: d.error ?? null };
      }
      if (phase !== "queued") readingSince ??= Date.now();
      // Waiting in the queue is the other documents' time; once read, the document has its own.
      const budget = (pages + 2) * opts.pageBudgetMs + 10_000;
      const since = readingSince ?? t0;
      if (Date.now() - since > (readingSince ? budget : budget + opts.concurrency * 4 * opts.pageBudgetMs))
        return { ...base, phase: `hung in ${phase}`, ms: null, pages, reason: null };
      await new Promise((res) => setTimeout(res, 100));
    }
  };

  let next = 0;
  const lanes = Array.from({ length: opts.concurrency }, async () => {
    while (next < opts.count && Date.now() < (opts.until ?? Number.POSITIVE_INFINITY)) {
      const i = next++;
      const input = await fuzzInput(opts.seeds, opts.seed, i);
      const r = await one(input);
      results.push(r);
      opts.onResult?.(r, results.length);
    }
  });
  await Promise.all(lanes);
  stop = true;
  await watching;

  const phases: Record<string, number> = {};
  const reasons: Record<string, number> = {};
  for (const r of results) {
    phases[r.phase] = (phases[r.phase] ?? 0) + 1;
    if (r.reason) {
      const key = r.reason.replace(/\d+(\.\d+)?/g, "N").slice(0, 160);
      reasons[key] = (reasons[key] ?? 0) + 1;
    }
  }
  const times = results.flatMap((r) => (r.ms === null ? [] : [r.ms]));
  return {
    count: results.length,
    seed: opts.seed,
    phases,
    reasons,
    hangs: results.filter((r) => r.ms === null),
    silent: results.filter((r) => (r.phase === "error" || r.phase === "awaiting_review") && !r.reason),
    crashes: results.filter((r) => /extraction process (stopped|exited|failed)/.test(r.reason ?? "")),
    serverErrors,
    errorInputs,
    health,
    ms: { p50: pct(times, 50), p95: pct(times, 95), max: Math.max(0, ...times) },
    slowest: [...results]
      .sort((a, b) => (b.ms ?? Infinity) - (a.ms ?? Infinity))
      .slice(0, opts.keepSlowest ?? 10),
    results,
    wallMs: Date.now() - started,
  };
}

/** `n` fresh accounts made through the operator route; their first secret keys. */
export async function fuzzAccounts(url: string, operatorSecret: string, n: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await fetch(`${url}/v1/accounts`, {
      method: "POST",
      headers: { "x-document-agent-secret": operatorSecret, "content-type": "application/json" },
      body: JSON.stringify({ name: `fuzz-${i}` }),
    });
    const body = (await r.json()) as { secret?: string };
    if (r.status !== 201 || !body.secret) throw new Error(`creating a fuzz account failed: ${r.status}`);
    keys.push(body.secret);
  }
  return keys;
}
