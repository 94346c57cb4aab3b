// `npm run bench:answers`: how often the built-in answer engine answers a question right and cites
// the page the answer is on (issue 24), over bench/answers/qa-set.json: question/answer/page
// triples written by hand over PDFs of the table corpus (/work/shared/corpus/tables, the
// tabula-java and camelot test files, MIT; the English ones with prose or tables) and over the
// documents of bench/answers/documents.ts, plus questions the document does not answer.
//
//   1. The real service (API and extraction worker, ANSWER_PROVIDER at its built-in default) starts
//      in this process over a fresh database on the machine's PostgreSQL (BENCH_PG_URL, default
//      postgresql://postgres@127.0.0.1:5432/postgres), as bench:invoices starts it. An account is
//      made with the operator secret; every document is uploaded through POST /v1/documents and
//      waited for until complete.
//   2. Each question is asked on its own, one at a time, through POST /v1/documents/{id}/chat/completions
//      (non-streaming, one user message). Chat completions are expensive (30 a minute per key): the
//      requests rotate over keys made with POST /v1/keys, each used at most KEY_BUDGET times a
//      minute; a 429 all the same is waited out and retried, and counted.
//   3. Scored: answered right = the answer text contains one of the accepted answers (both sides
//      lower-cased, whitespace collapsed, dashes folded to "-", and the match must not start or
//      end inside a word or number, so "7.2" is not found in "17.2"); right page cited = one of
//      the citations is on the triple's page. A question with `answer: null` is right when the
//      reply is the engine's NO_ANSWER text with no citation.
//      Also reported: the mean length of right answers, and how many hold the answer in their
//      first statement (a stricter reading: one sentence or row that answers).
//   4. Every miss is given a cause, found by looking at what the service had: the accepted answer
//      missing from the page's extracted markdown (extraction lost the text); the engine declined
//      (declined when it could answer); none of the passages retrieved for the question
//      (retrieveForQuestion, called as the chat route calls it) holds the answer on its page
//      (retrieval picked the wrong page); such a passage was retrieved but the statements chosen
//      do not hold the answer (statement chosen lacks the answer); the answer's words are there but
//      every citation is on another page; or the engine answered a question it should have declined.
//   5. Before any question, the set is checked against the extraction: a triple whose answer is
//      not on its page is listed (it counts as "extraction lost the text" when it misses).
//
// Options: --only <substring> (triples whose id or document holds it), --corpus <dir> (the table
// corpus, default $TABLES_CORPUS or /work/shared/corpus/tables), --set <dir> (another set: its
// qa-set.json over the PDFs beside it), --dump <dir> (write each
// document's full.md there, to write or check questions against), --json <file> (per-triple
// results, with the passages retrieved for each question), --verbose (every answer, not only the misses). A measurement: exit code 0 either way.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { z } from "zod";
import type { SourcePassage } from "../src/core/answering/answer-types.ts";
import { NO_ANSWER } from "../src/core/answering/builtin-answer.ts";
import { retrieveForQuestion } from "../src/core/answering/retrieve.ts";
import { createLogger } from "../src/core/log.ts";
import { PASSAGES_PER_ANSWER } from "../src/resolvers/answering/chat-with-document.ts";
import { startService } from "../src/start-service.ts";
import { createTestDatabase } from "../test/support/database.ts";
import { GENERATED_DOCUMENTS, renderDocument } from "./answers/documents.ts";
import { BENCH_WORKER_SECRET, benchServiceConfig } from "./support/bench-service-config.ts";
import { percentile } from "./support/passage-corpus.ts";

const { values: args } = parseArgs({
  options: {
    only: { type: "string" },
    corpus: { type: "string" },
    set: { type: "string" },
    dump: { type: "string" },
    json: { type: "string" },
    verbose: { type: "boolean" },
  },
});
// --set <dir>: another set of triples (its qa-set.json) over the PDFs in that folder, such as the
// held-out bench/heldout-answers; the generated documents and the table corpus are then not used.
const setDir = args.set ? path.resolve(args.set) : undefined;
const corpusDir =
  setDir ?? path.resolve(args.corpus ?? process.env.TABLES_CORPUS ?? "/work/shared/corpus/tables");
if (process.env.TEST_PG_URL === undefined && process.env.BENCH_PG_URL)
  process.env.TEST_PG_URL = process.env.BENCH_PG_URL;

const MISS_TEXT = 150;

const Triple = z.object({
  id: z.string().min(1),
  document: z.string().min(1),
  question: z.string().min(1),
  answer: z.array(z.string().min(1)).min(1).nullable(),
  page: z.number().int().min(1).nullable(),
});

const set = z
  .array(Triple)
  .parse(
    JSON.parse(
      readFileSync(path.join(setDir ?? path.join(import.meta.dirname, "answers"), "qa-set.json"), "utf8"),
    ),
  )
  .filter((t) => !args.only || t.id.includes(args.only) || t.document.includes(args.only));
for (const t of set)
  if ((t.answer === null) !== (t.page === null))
    throw new Error(`${t.id}: answer and page must both be null or both be set`);
if (new Set(set.map((t) => t.id)).size !== set.length) throw new Error("qa-set.json repeats an id");

const generated = new Map(setDir ? [] : GENERATED_DOCUMENTS.map((d) => [d.name, d]));
const sourceOf = (document: string) => (generated.has(document) ? "generated" : "corpus");

// ---------------------------------------------------------------------------------------------
// Matching.
// ---------------------------------------------------------------------------------------------

/** Lower case, one space for any run of whitespace (and a table cell's <br>), dashes as "-". */
const normalize = (s: string) =>
  s
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** `needle` in `haystack`, not starting or ending inside a word or a number. */
function holds(haystack: string, needle: string): boolean {
  const h = normalize(haystack);
  const n = normalize(needle);
  const word = /[\p{L}\p{N}]/u;
  for (let i = h.indexOf(n); i !== -1; i = h.indexOf(n, i + 1)) {
    const before = h[i - 1] ?? " ";
    const after = h[i + n.length] ?? " ";
    const startsInWord = word.test(n[0] ?? "") && word.test(before);
    const endsInWord = word.test(n.at(-1) ?? "") && word.test(after);
    // "7.2" is not in "17.2" nor in "7.25", but "7.2" ends a sentence as "7.2.".
    const numberGoesOn =
      /\p{N}/u.test(n.at(-1) ?? "") && /[.,]/.test(after) && /\p{N}/u.test(h[i + n.length + 1] ?? "");
    if (!startsInWord && !endsInWord && !numberGoesOn) return true;
  }
  return false;
}
const holdsAny = (text: string, answers: readonly string[]) => answers.some((a) => holds(text, a));

// ---------------------------------------------------------------------------------------------
// The service.
// ---------------------------------------------------------------------------------------------

type RateClass = "standard" | "expensive";
/** Uses of a key a minute, under the limits (600 standard, 30 expensive) by a margin. */
const KEY_BUDGET: Record<RateClass, number> = { standard: 500, expensive: 25 };

type Api = {
  base: string;
  /** A key with room left in this minute for a request of the class. */
  key: (cls: RateClass) => Promise<string>;
  tooMany: number;
};

/**
 * The account's keys, each used at most KEY_BUDGET times a minute of this machine's clock (the
 * server counts in the database's minute; both are this machine's); a new key is made when every
 * key has spent its budget.
 */
async function keyRing(base: string, first: string): Promise<Api> {
  const keys: { secret: string; used: Map<string, number> }[] = [{ secret: first, used: new Map() }];
  return {
    base,
    tooMany: 0,
    async key(cls) {
      const slot = `${cls}:${Math.floor(Date.now() / 60_000)}`;
      let k = keys.find((x) => (x.used.get(slot) ?? 0) < KEY_BUDGET[cls]);
      if (!k) {
        const r = await fetch(`${base}/v1/keys`, {
          method: "POST",
          headers: { authorization: `Bearer ${first}`, "content-type": "application/json" },
          body: JSON.stringify({ kind: "secret", name: `bench-answers-${keys.length}` }),
        });
        if (r.status !== 201) throw new Error(`POST /v1/keys: ${r.status} ${await r.text()}`);
        k = { secret: ((await r.json()) as { secret: string }).secret, used: new Map() };
        keys.push(k);
      }
      k.used.set(slot, (k.used.get(slot) ?? 0) + 1);
      return k.secret;
    },
  };
}

/** A request with a fresh key; a 429 is waited out (Retry-After) and sent again. */
async function send(api: Api, pathName: string, init: () => RequestInit): Promise<Response> {
  for (;;) {
    const base = init();
    const r = await fetch(`${api.base}${pathName}`, {
      ...base,
      headers: {
        ...(base.headers as Record<string, string>),
        authorization: `Bearer ${await api.key("expensive")}`,
      },
    });
    if (r.status !== 429) return r;
    api.tooMany++;
    await r.body?.cancel();
    await new Promise((res) => setTimeout(res, 1000 * Number(r.headers.get("retry-after") ?? 5)));
  }
}

async function upload(api: Api, name: string, bytes: Uint8Array): Promise<string> {
  const r = await send(api, "/v1/documents", () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), name);
    return { method: "POST", body: form };
  });
  if (r.status !== 202) throw new Error(`upload of ${name} refused: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { id: string }).id;
}

async function waitComplete(api: Api, id: string, name: string, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await fetch(`${api.base}/v1/documents/${id}`, {
      headers: { authorization: `Bearer ${await api.key("standard")}` },
    });
    const body = (await r.json()) as { phase?: string };
    if (body.phase === "complete") return;
    if (body.phase === "error" || body.phase === "awaiting_review")
      throw new Error(`extraction of ${name} ended in phase ${body.phase}`);
    if (Date.now() > until) throw new Error(`extraction of ${name} timed out`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** The document's pages as the service extracted them: full.md cut at its page comments. */
async function pagesOf(api: Api, id: string): Promise<{ full: string; pages: Map<number, string> }> {
  const r = await fetch(`${api.base}/v1/documents/${id}/full.md`, {
    headers: { authorization: `Bearer ${await api.key("standard")}` },
  });
  if (r.status !== 200) throw new Error(`GET full.md: ${r.status}`);
  const full = await r.text();
  const pages = new Map<number, string>();
  const parts = full.split(/<!-- page (\d+) -->/);
  for (let i = 1; i < parts.length; i += 2) pages.set(Number(parts[i]), parts[i + 1] ?? "");
  return { full, pages };
}

// ---------------------------------------------------------------------------------------------
// Asking and scoring.
// ---------------------------------------------------------------------------------------------

type Citation = { page: number; quote?: string };

const CAUSES = [
  "extraction lost the text",
  "retrieval picked the wrong page",
  "statement chosen lacks the answer",
  "right words, cited from another page",
  "declined when it could answer",
  "answered when it should decline",
] as const;
type Cause = (typeof CAUSES)[number];

type Result = {
  id: string;
  document: string;
  source: "corpus" | "generated";
  question: string;
  expected: string[] | null;
  page: number | null;
  content: string;
  citedPages: number[];
  ms: number;
  declined: boolean;
  answeredRight: boolean;
  pageRight: boolean;
  /** The accepted answer is in the extracted markdown of the expected page. */
  onPage: boolean;
  /** A passage retrieved for the question, on the expected page, holds the accepted answer. */
  retrieved: boolean;
  cause?: Cause;
  /** The passages retrieved for the question, to replay the engine on without the service. */
  passages: SourcePassage[];
};

async function ask(api: Api, documentId: string, question: string) {
  const t0 = performance.now();
  const r = await send(api, `/v1/documents/${documentId}/chat/completions`, () => ({
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "default", messages: [{ role: "user", content: question }] }),
  }));
  const text = await r.text();
  const ms = performance.now() - t0;
  if (r.status !== 200) throw new Error(`chat completion: ${r.status} ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as {
    choices: { message: { content: string | null } }[];
    citations?: Citation[];
  };
  return { content: body.choices[0]?.message.content ?? "", citations: body.citations ?? [], ms };
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : "-");
const short = (s: string) => {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > MISS_TEXT ? `${one.slice(0, MISS_TEXT - 1)}…` : one;
};

function report(results: Result[], seconds: { upload: number; ask: number }, tooMany: number) {
  const answerable = results.filter((r) => r.expected !== null);
  const line = (label: string, rs: Result[]) => {
    const a = rs.filter((r) => r.expected !== null);
    const u = rs.filter((r) => r.expected === null);
    const right = a.filter((r) => r.answeredRight).length;
    const both = a.filter((r) => r.answeredRight && r.pageRight).length;
    const declined = u.filter((r) => r.answeredRight).length;
    const falseNo = a.filter((r) => r.declined).length;
    return (
      `| ${label} | ${a.length} | ${right} (${pct(right, a.length)}) | ${both} (${pct(both, a.length)}) | ` +
      `${declined} / ${u.length} (${pct(declined, u.length)}) | ${falseNo} |`
    );
  };
  console.log("\n## bench:answers, built-in engine\n");
  console.log(
    '| source | answerable | answered right | right + right page cited | no-answer declined | false "no answer" |',
  );
  console.log("|---|---:|---:|---:|---:|---:|");
  console.log(line("all", results));
  for (const source of ["corpus", "generated"] as const)
    console.log(
      line(
        source,
        results.filter((r) => r.source === source),
      ),
    );

  // How much a right answer makes the reader read: the scorer above counts an answer right when
  // the accepted answer is anywhere in it, so a whole row or three sentences pass as well as one.
  const right = answerable.filter((r) => r.answeredRight && r.pageRight);
  const words = (s: string) =>
    s
      .replace(/\s*\[\d+\]/g, "")
      .split(/\s+/)
      .filter(Boolean).length;
  const firstRight = right.filter((r) => holdsAny(r.content.split(/\[1\]/)[0] ?? "", r.expected ?? []));
  console.log(
    `\nRight answers (with page): mean ${(right.reduce((n, r) => n + words(r.content), 0) / Math.max(1, right.length)).toFixed(1)} words, ` +
      `median ${percentile(
        right.map((r) => words(r.content)),
        50,
      ).toFixed(0)}; the answer in the first statement ` +
      `(before [1]): ${firstRight.length} of ${answerable.length} (${pct(firstRight.length, answerable.length)}).`,
  );
  console.log("\nBy document:\n");
  console.log("| document | source | answerable | right | right + page | no-answer declined |");
  console.log("|---|---|---:|---:|---:|---:|");
  for (const doc of [...new Set(results.map((r) => r.document))]) {
    const rs = results.filter((r) => r.document === doc);
    const a = rs.filter((r) => r.expected !== null);
    const u = rs.filter((r) => r.expected === null);
    console.log(
      `| ${doc} | ${sourceOf(doc)} | ${a.length} | ${a.filter((r) => r.answeredRight).length} | ` +
        `${a.filter((r) => r.answeredRight && r.pageRight).length} | ${u.filter((r) => r.answeredRight).length} / ${u.length} |`,
    );
  }

  const ms = results.map((r) => r.ms);
  console.log(
    `\nTiming: ${results.length} questions asked one at a time in ${seconds.ask.toFixed(1)} s; per question ` +
      `p50 ${percentile(ms, 50).toFixed(1)} ms, p90 ${percentile(ms, 90).toFixed(1)} ms, ` +
      `max ${Math.max(...ms).toFixed(1)} ms. Uploads and extraction: ${seconds.upload.toFixed(1)} s. ` +
      `429s waited out: ${tooMany}.`,
  );
  const notOnPage = answerable.filter((r) => !r.onPage);
  console.log(
    `Set check: ${answerable.length - notOnPage.length} of ${answerable.length} accepted answers are in their ` +
      `page's extracted markdown${notOnPage.length ? ` (not: ${notOnPage.map((r) => r.id).join(", ")})` : ""}; ` +
      `${answerable.filter((r) => r.retrieved).length} were in a passage retrieved for the question on that page.`,
  );

  const misses = results.filter((r) => r.cause);
  console.log(`\nMisses by cause (${misses.length} of ${results.length}):\n`);
  for (const cause of CAUSES) {
    const rs = misses.filter((r) => r.cause === cause);
    if (!rs.length) continue;
    console.log(`### ${cause} (${rs.length})\n`);
    for (const r of rs)
      console.log(
        `- ${r.id}: "${r.question}" expected ${r.expected ? JSON.stringify(r.expected) : "no answer"}` +
          `${r.page ? ` on p${r.page}` : ""}; got ${JSON.stringify(short(r.content))}` +
          `${r.citedPages.length ? ` citing p${[...new Set(r.citedPages)].join(", p")}` : ""}` +
          `${r.cause === "declined when it could answer" ? (r.retrieved ? " (answer passage retrieved)" : " (answer passage not retrieved)") : ""}`,
      );
    console.log("");
  }
}

async function main() {
  const names = [...new Set(set.map((t) => t.document))];
  const bytes = new Map<string, Uint8Array>();
  for (const name of names) {
    const g = generated.get(name);
    bytes.set(name, g ? await renderDocument(g) : new Uint8Array(readFileSync(path.join(corpusDir, name))));
  }
  console.log(
    `${set.length} triples (${set.filter((t) => t.answer === null).length} without an answer) over ` +
      `${names.length} documents: ${names.filter((n) => sourceOf(n) === "corpus").length} from ${corpusDir}, ` +
      `${names.filter((n) => sourceOf(n) === "generated").length} generated; ` +
      `${set.filter((t) => sourceOf(t.document) === "corpus").length} triples on corpus PDFs, ` +
      `${set.filter((t) => sourceOf(t.document) === "generated").length} on generated ones`,
  );

  const db = await createTestDatabase();
  const { config, removeBlobDir } = benchServiceConfig(db.url, { ROLE: "both", PRERENDER_PAGES: "0" });
  const service = await startService(config, createLogger(config.logLevel));
  const results: Result[] = [];
  let tooMany = 0;
  try {
    const base = service.url as string;
    const made = await fetch(`${base}/v1/accounts`, {
      method: "POST",
      headers: { "x-document-agent-secret": BENCH_WORKER_SECRET, "content-type": "application/json" },
      body: JSON.stringify({ name: "bench-answers" }),
    });
    if (made.status !== 201) throw new Error(`POST /v1/accounts: ${made.status} ${await made.text()}`);
    const api = await keyRing(base, ((await made.json()) as { secret: string }).secret);

    const t0 = performance.now();
    const ids = new Map<string, string>();
    for (const name of names) ids.set(name, await upload(api, name, bytes.get(name) as Uint8Array));
    for (const name of names) await waitComplete(api, ids.get(name) as string, name);
    const extracted = new Map<string, Map<number, string>>();
    for (const name of names) {
      const { full, pages } = await pagesOf(api, ids.get(name) as string);
      extracted.set(name, pages);
      if (args.dump) {
        mkdirSync(args.dump, { recursive: true });
        writeFileSync(path.join(args.dump, `${name}.md`), full);
      }
    }
    const uploadS = (performance.now() - t0) / 1000;
    console.log(`uploaded and extracted in ${uploadS.toFixed(1)} s`);

    const t1 = performance.now();
    for (const t of set) {
      const documentId = ids.get(t.document) as string;
      const { content, citations, ms } = await ask(api, documentId, t.question);
      const citedPages = citations.map((c) => c.page);
      const declined = content.trim() === NO_ANSWER;
      let answeredRight: boolean;
      let pageRight: boolean;
      let onPage = true;
      let retrieved = false;
      let cause: Cause | undefined;
      let passages: SourcePassage[] = [];
      if (t.answer === null) {
        answeredRight = declined && citations.length === 0;
        pageRight = answeredRight;
        if (!answeredRight) cause = "answered when it should decline";
        passages = await retrieveForQuestion(service.services.db, {
          documentIds: [documentId],
          messages: [{ role: "user", content: t.question }],
          limit: PASSAGES_PER_ANSWER,
        });
      } else {
        answeredRight = !declined && holdsAny(content, t.answer);
        pageRight = citedPages.includes(t.page as number);
        onPage = holdsAny(extracted.get(t.document)?.get(t.page as number) ?? "", t.answer);
        passages = await retrieveForQuestion(service.services.db, {
          documentIds: [documentId],
          messages: [{ role: "user", content: t.question }],
          limit: PASSAGES_PER_ANSWER,
        });
        retrieved = passages.some((p) => p.pageNumber === t.page && holdsAny(p.text, t.answer as string[]));
        if (!(answeredRight && pageRight))
          cause = !onPage
            ? "extraction lost the text"
            : declined
              ? "declined when it could answer"
              : answeredRight
                ? "right words, cited from another page"
                : retrieved
                  ? "statement chosen lacks the answer"
                  : "retrieval picked the wrong page";
      }
      const result: Result = {
        id: t.id,
        document: t.document,
        source: sourceOf(t.document),
        question: t.question,
        expected: t.answer,
        page: t.page,
        content,
        citedPages,
        ms,
        declined,
        answeredRight,
        pageRight,
        onPage,
        retrieved,
        ...(cause ? { cause } : {}),
        passages,
      };
      results.push(result);
      if (args.verbose)
        console.log(
          `${cause ? "MISS" : "ok  "} ${t.id} (${ms.toFixed(0)} ms) ${t.question}\n     -> ${short(content)}` +
            `${citedPages.length ? ` [p${citedPages.join(", p")}]` : ""}${cause ? `\n     ${cause}` : ""}`,
        );
    }
    tooMany = api.tooMany;
    report(results, { upload: uploadS, ask: (performance.now() - t1) / 1000 }, tooMany);
  } finally {
    await service.stop();
    removeBlobDir();
    await db.drop();
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(results, null, 2));
}

await main();
