// `npm run bench:tables:scans`: ruled and unruled tables on scanned pages. The table corpus
// (/work/shared/corpus/tables) and generated tables (bench/synthetic-tables.ts) are "scanned":
// each page rasterised in grey by pdftoppm at 150, 200 or 300 dpi, speckled, turned by 0.3 to 2
// degrees either way, blurred, saved as JPEG and wrapped back into an image-only PDF
// (bench/scans/scan-pdf.ts). The scans are then scored by bench/tables.ts exactly as born-digital
// files are (adjacency F1, target >= 0.85 on scans), through an extractor that also logs each
// page's text, from which OCR word accuracy is measured: the share of the born-digital page's
// words (its text layer read by the same extractor) found again on the scan, as a multiset.
// Fixed seeds: the same scans every run.
//
//   npm run bench:tables:scans [-- --synthetic 40 --out <dir> --case <id>]
//
// --words-only: measure OCR words again from the last run's text log in --out, without scoring.
// --synthetic: how many generated pages to scan besides the corpus (default 40; OCR takes one to
// three seconds a page on two cores). --out keeps the scans (default: a temporary directory).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { defaultCapabilities } from "../src/core/documents/phases.ts";
import { layoutExtractor } from "../src/core/extraction/layout-extractor.ts";
import { scanPdf, seeded } from "./scans/scan-pdf.ts";

const { values: args } = parseArgs({
  options: {
    synthetic: { type: "string", default: "40" },
    out: { type: "string" },
    case: { type: "string" },
    corpus: { type: "string", default: process.env.TABLES_CORPUS ?? "/work/shared/corpus/tables" },
    "words-only": { type: "boolean", default: false },
  },
});
const out = args.out ?? mkdtempSync(path.join(os.tmpdir(), "quire-scan-tables-"));
const scans = path.join(out, "scans");
mkdirSync(scans, { recursive: true });

type Entry = { id: string; pdf: string; page: number; [key: string]: unknown };
const readManifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as Entry[];

// The generated tables, made without their own scoring.
const synthDir = path.join(out, "synthetic");
mkdirSync(synthDir, { recursive: true });
if (!existsSync(path.join(synthDir, "manifest.json"))) {
  const made = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "synthetic-tables.ts"), synthDir],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, SYNTHETIC_NO_SCORE: "1" },
    },
  );
  if (made.status !== 0) throw new Error("bench/synthetic-tables.ts failed");
}
// Every k-th generated page, so the sample spans the kinds the generator cycles through.
const synthAll = readManifest(synthDir);
const synthPdfs = [...new Set(synthAll.map((e) => e.pdf))];
const want = Math.min(synthPdfs.length, Math.max(0, Number(args.synthetic)));
const every = want > 0 ? synthPdfs.length / want : Infinity;
const synthChosen = new Set(
  Array.from({ length: want }, (_, i) => synthPdfs[Math.floor(i * every)] as string),
);

const sources = [
  { dir: args.corpus, prefix: "corpus", entries: readManifest(args.corpus) },
  { dir: synthDir, prefix: "synth", entries: synthAll.filter((e) => synthChosen.has(e.pdf)) },
];

// Scan each source PDF once (the pages its entries name), with settings drawn from a fixed seed.
const rand = seeded(20261126);
const manifest: Entry[] = [];
const origin = new Map<string, { file: string; page: number }>();
for (const src of sources) {
  const byPdf = new Map<string, Entry[]>();
  for (const e of src.entries) byPdf.set(e.pdf, [...(byPdf.get(e.pdf) ?? []), e]);
  for (const [pdf, entries] of byPdf) {
    const name = `${src.prefix}-${pdf}`;
    const file = path.join(scans, name);
    const pages = new Set(entries.map((e) => e.page));
    if (!existsSync(file)) {
      const bytes = await scanPdf(
        readFileSync(path.join(src.dir, pdf)),
        pages,
        () => ({
          dpi: rand.pick([150, 200, 300]),
          angle: (rand.next() < 0.5 ? -1 : 1) * (0.3 + rand.next() * 1.7),
          quality: rand.pick([60, 70, 80]),
        }),
        rand.next,
      );
      writeFileSync(file, bytes);
    }
    const sha = createHash("sha256").update(readFileSync(file)).digest("hex");
    for (const p of pages) origin.set(`${sha}:${p}`, { file: path.join(src.dir, pdf), page: p });
    for (const e of entries) manifest.push({ ...e, id: `${src.prefix}-${e.id}`, pdf: name });
  }
}
writeFileSync(path.join(scans, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${manifest.length} tables on ${origin.size} scanned pages in ${scans}`);

// Score the scans with the table bench itself.
const log = path.join(out, "text-log.jsonl");
if (!args["words-only"]) {
  rmSync(log, { force: true });
  const scored = spawnSync(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(import.meta.dirname, "tables.ts"),
      "--corpus",
      scans,
      "--extractor",
      path.join(import.meta.dirname, "scans", "recording-extractor.ts#recordingExtractor"),
      "--json",
      path.join(out, "results.json"),
      ...(args.case ? ["--case", args.case] : []),
    ],
    { stdio: "inherit", env: { ...process.env, SCAN_TEXT_LOG: log } },
  );
  if (scored.status !== 0) throw new Error("bench/tables.ts failed");

  // Per source: mean adjacency F1.
  const results = JSON.parse(readFileSync(path.join(out, "results.json"), "utf8")) as {
    cases: { id: string; f1: number }[];
  };
  for (const prefix of ["corpus", "synth"]) {
    const cases = results.cases.filter((c) => c.id.startsWith(`${prefix}-`));
    if (cases.length === 0) continue;
    const mean = cases.reduce((s, c) => s + c.f1, 0) / cases.length;
    console.log(`${prefix}: ${cases.length} tables, mean adjacency F1 ${mean.toFixed(3)}`);
  }
}

// OCR word accuracy against the born-digital text layer of the same page.
const wordsOf = (text: string) =>
  text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((w) => w.length > 0);
let found = 0;
let total = 0;
let recognised = 0;
const seen = new Set<string>();
const lines = existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").filter(Boolean) : [];
for (const line of lines) {
  const { sha, page, method, text } = JSON.parse(line) as {
    sha: string;
    page: number;
    method: string;
    text: string;
  };
  const key = `${sha}:${page}`;
  const from = origin.get(key);
  if (!from || method !== "ocr" || seen.has(key)) continue;
  seen.add(key);
  const doc = await layoutExtractor.open(readFileSync(from.file), {
    strategy: "text",
    capabilities: defaultCapabilities,
  });
  const truth = wordsOf((await doc.extractPage(from.page)).text);
  await doc.close();
  const bag = new Map<string, number>();
  for (const w of wordsOf(text)) bag.set(w, (bag.get(w) ?? 0) + 1);
  for (const w of truth) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      found++;
      bag.set(w, n - 1);
    }
  }
  total += truth.length;
  recognised += wordsOf(text).length;
}
await layoutExtractor.close();
console.log(
  `OCR word accuracy: ${found}/${total} = ${total ? ((100 * found) / total).toFixed(1) : "-"}% of the born-digital words on ${seen.size} pages (${recognised} words recognised)`,
);
if (!args.out) rmSync(out, { recursive: true, force: true });
