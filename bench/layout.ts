// `npm run bench:layout`: reading order, words and false tables on prose set in columns.
//
// Per prose corpus (the shared format: pairs <name>.pdf + <name>.json, blocks in reading order,
// no table in any document), read by the layout extractor as the worker runs it, its pages joined
// as full.md joins them, and by `pdftotext -layout` in the same run:
//   - tables returned (every one is false) and documents with any table;
//   - order: the share of title, heading, paragraph and list-item blocks whose start (its first
//     eight words, normalised) is found in the reading in order: the longest increasing run of
//     found places over the number of blocks (a block not found counts as out of order);
//   - words F1 of the reading against all the blocks' text (bags of words);
//   - paragraphs intact: body paragraphs whose words stand in the reading as one run;
//   - quotes, captions, footnotes and sidebars: how many are found, how many came out as a
//     heading (a `#` line) or as a blockquote (a `>` line), footnotes after their page's body.
// With --docling: docling's test PDFs (docling-project/docling tests/data/pdf/sources, MIT, read
// from a git copy, not shipped) scored against docling's own markdown of each: order of its
// blocks, words F1 of the whole markdown (tables included), tables against docling's, and the
// tables found on the right-to-left documents.
//
// Options:
//   --corpus <dir>      a prose corpus (repeatable; default bench/layout/corpus)
//   --docling [gitDir]  docling's set too (default git dir: the tool library's mirror)
//   --json <file>       per-document results and the summary as JSON
//   --verbose           each document's figures

import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { DOCLING_MIRROR, doclingSet, markdownBlocks, markdownTables } from "./layout/docling-set.ts";
import { APART_KINDS, isBody, readProseCorpus } from "./layout/prose-corpus.ts";
import { pdftotextReading, quireReading } from "./layout/readers.ts";
import { intact, markdownText, orderScore, startPositions, words, wordsF1 } from "./layout/scoring.ts";

const argv = process.argv.slice(2);
// --docling takes an optional git dir: a following argument that is not an option.
const doclingAt = argv.indexOf("--docling");
let doclingDir: string | null = null;
if (doclingAt >= 0) {
  const next = argv[doclingAt + 1];
  doclingDir = next && !next.startsWith("--") ? next : DOCLING_MIRROR;
  argv.splice(doclingAt, next && !next.startsWith("--") ? 2 : 1);
}
const { values: args } = parseArgs({
  args: argv,
  options: {
    corpus: { type: "string", multiple: true },
    json: { type: "string" },
    verbose: { type: "boolean", default: false },
  },
});
const corpora = args.corpus ?? [path.join(import.meta.dirname, "layout", "corpus")];

/** Pooled counts, turned into shares at the end. */
class Tally {
  inOrder = 0;
  blocks = 0;
  hit = 0;
  truthWords = 0;
  foundWords = 0;
  add(order: { inOrder: number; n: number }, truth: string[], found: string[]) {
    this.inOrder += order.inOrder;
    this.blocks += order.n;
    const f = wordsF1(truth, found);
    this.hit += f.r * truth.length;
    this.truthWords += truth.length;
    this.foundWords += found.length;
  }
  get order() {
    return this.blocks ? this.inOrder / this.blocks : 0;
  }
  get f1() {
    const p = this.foundWords ? this.hit / this.foundWords : 0;
    const r = this.truthWords ? this.hit / this.truthWords : 0;
    return p + r ? (2 * p * r) / (p + r) : 0;
  }
}

const f3 = (n: number) => n.toFixed(3);
const results: Record<string, unknown> = {};

for (const dir of corpora) {
  const docs = readProseCorpus(dir);
  const quire = new Tally();
  const plain = new Tally();
  let tables = 0;
  let withTables = 0;
  let paragraphs = 0;
  let intactQuire = 0;
  let intactPlain = 0;
  const apart: Record<string, { n: number; found: number; heading: number; quote: number; after: number }> =
    {};
  const perDoc: unknown[] = [];
  for (const doc of docs) {
    const q = await quireReading(doc.pdf);
    const qText = markdownText(q.markdown);
    const qWords = words(qText);
    const pWords = words(pdftotextReading(doc.pdf));
    const blocks = doc.truth.blocks;
    const body = blocks.filter(isBody).map((b) => words(b.text));
    const all = blocks.flatMap((b) => words(b.text));
    const qo = orderScore(body, qWords);
    const po = orderScore(body, pWords);
    quire.add(qo, all, qWords);
    plain.add(po, all, pWords);
    tables += q.tables;
    if (q.tables) withTables++;
    const paras = blocks.filter((b) => b.kind === "paragraph").map((b) => words(b.text));
    paragraphs += paras.length;
    const qi = paras.filter((p) => intact(p, qWords)).length;
    intactQuire += qi;
    intactPlain += paras.filter((p) => intact(p, pWords)).length;
    // Lines of the markdown by their markup, each as words.
    const mdLines = q.markdown.split("\n");
    const linesWith = (re: RegExp) =>
      mdLines.filter((l) => re.test(l)).map((l) => words(markdownText(l)).join(" "));
    const headings = linesWith(/^#{1,6}\s/);
    const quotes = linesWith(/^>\s/);
    const bodyPos = startPositions(body, qWords);
    for (const b of blocks) {
      if (!(APART_KINDS as readonly string[]).includes(b.kind)) continue;
      apart[b.kind] ??= { n: 0, found: 0, heading: 0, quote: 0, after: 0 };
      const a = apart[b.kind] as { n: number; found: number; heading: number; quote: number; after: number };
      const w = words(b.text);
      const start = w.slice(0, 5).join(" ");
      a.n++;
      const [pos = -1] = startPositions([w], qWords);
      if (pos >= 0) a.found++;
      if (headings.some((h) => h.startsWith(start))) a.heading++;
      if (quotes.some((h) => h.startsWith(start))) a.quote++;
      if (b.kind === "footnote" && pos >= 0) {
        const samePage = blocks.filter(isBody).map((x, k) => (x.page === b.page ? (bodyPos[k] ?? -1) : -1));
        if (samePage.every((p) => p < pos)) a.after++;
      }
    }
    const row = {
      name: doc.name,
      pages: q.pages.length,
      tables: q.tables,
      order: qo,
      wordsF1: wordsF1(all, qWords).f1,
      paragraphsIntact: `${qi}/${paras.length}`,
      pdftotext: { order: po, wordsF1: wordsF1(all, pWords).f1 },
      ms: Math.round(q.ms),
    };
    perDoc.push(row);
    if (args.verbose)
      console.log(
        `${doc.name.padEnd(34)} tables ${q.tables}  order ${qo.inOrder}/${qo.n}  words ${f3(row.wordsF1)}  intact ${qi}/${paras.length}  | pdftotext order ${po.inOrder}/${po.n} words ${f3(row.pdftotext.wordsF1)}`,
      );
  }
  const pages = docs.reduce((n, d) => n + d.truth.pages, 0);
  console.log(`\n== ${dir}: ${docs.length} documents, ${pages} pages`);
  console.log(`tables returned            ${tables} (documents with a table: ${withTables}/${docs.length})`);
  console.log(`paragraph starts in order  ${f3(quire.order)}   pdftotext -layout ${f3(plain.order)}`);
  console.log(`words F1                   ${f3(quire.f1)}   pdftotext -layout ${f3(plain.f1)}`);
  console.log(
    `paragraphs intact          ${intactQuire}/${paragraphs}   pdftotext -layout ${intactPlain}/${paragraphs}`,
  );
  for (const [kind, a] of Object.entries(apart))
    console.log(
      `${`${kind}s`.padEnd(26)} ${a.n}: found ${a.found}, as headings ${a.heading}, as blockquotes ${a.quote}${kind === "footnote" ? `, after the page's body ${a.after}` : ""}`,
    );
  results[dir] = {
    documents: docs.length,
    pages,
    tables,
    documentsWithTables: withTables,
    order: quire.order,
    wordsF1: quire.f1,
    paragraphsIntact: intactQuire / Math.max(1, paragraphs),
    apart,
    pdftotext: {
      order: plain.order,
      wordsF1: plain.f1,
      paragraphsIntact: intactPlain / Math.max(1, paragraphs),
    },
    perDoc,
  };
}

if (doclingDir) {
  const docs = doclingSet(doclingDir);
  const quire = new Tally();
  const plain = new Tally();
  let tables = 0;
  let theirTables = 0;
  let rtlTables = 0;
  const perDoc: unknown[] = [];
  for (const doc of docs) {
    const q = await quireReading(doc.pdf);
    const qWords = words(markdownText(q.markdown));
    const pWords = words(pdftotextReading(doc.pdf));
    const blocks = markdownBlocks(doc.markdown).map((b) => words(markdownText(b)));
    const truth = words(markdownText(doc.markdown));
    const qo = orderScore(blocks, qWords);
    const po = orderScore(blocks, pWords);
    quire.add(qo, truth, qWords);
    plain.add(po, truth, pWords);
    const theirs = markdownTables(doc.markdown);
    tables += q.tables;
    theirTables += theirs;
    if (doc.name.startsWith("right_to_left")) rtlTables += q.tables;
    const row = {
      name: doc.name,
      pages: q.pages.length,
      tables: q.tables,
      doclingTables: theirs,
      order: qo,
      wordsF1: wordsF1(truth, qWords).f1,
      pdftotext: { order: po, wordsF1: wordsF1(truth, pWords).f1 },
    };
    perDoc.push(row);
    console.log(
      `${doc.name.padEnd(30)} order ${f3(qo.inOrder / Math.max(1, qo.n))} (${qo.inOrder}/${qo.n})  words ${f3(row.wordsF1)}  tables ${q.tables} (docling ${theirs})  | pdftotext order ${f3(po.inOrder / Math.max(1, po.n))} words ${f3(row.pdftotext.wordsF1)}`,
    );
  }
  const perDocOrder = (k: "quire" | "plain") =>
    perDoc.reduce<number>((s, r) => {
      const o =
        k === "quire"
          ? (r as { order: { inOrder: number; n: number } }).order
          : (r as { pdftotext: { order: { inOrder: number; n: number } } }).pdftotext.order;
      return s + o.inOrder / Math.max(1, o.n);
    }, 0) / Math.max(1, perDoc.length);
  console.log(`\n== docling test PDFs (${doclingDir}): ${docs.length} documents`);
  console.log(
    `order agreement            ${f3(quire.order)} pooled, ${f3(perDocOrder("quire"))} mean   pdftotext -layout ${f3(plain.order)} pooled, ${f3(perDocOrder("plain"))} mean`,
  );
  console.log(`words F1                   ${f3(quire.f1)}   pdftotext -layout ${f3(plain.f1)}`);
  console.log(
    `tables                     ${tables} (docling ${theirTables}); on the right-to-left documents ${rtlTables}`,
  );
  // The PDFs were written to a temporary folder for this run.
  if (docs[0]) rmSync(path.dirname(docs[0].pdf), { recursive: true, force: true });
  results.docling = {
    documents: docs.length,
    order: quire.order,
    orderMean: perDocOrder("quire"),
    wordsF1: quire.f1,
    tables,
    doclingTables: theirTables,
    rtlTables,
    pdftotext: { order: plain.order, orderMean: perDocOrder("plain"), wordsF1: plain.f1 },
    perDoc,
  };
}

if (args.json) writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);
