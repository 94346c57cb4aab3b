// node make.mjs tuning|check: writes bench/invoices/corpus-jspdf (tuning) or corpus-jspdf-check
// (check layouts and wording, not looked at while tuning): <name>.pdf beside <name>.json holding
// {meta, truth}, the truth written from the drawn facts. Seeded: the same files on every run.
// jsPDF comes from NODE_PATH or a local node_modules.

import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { CHECK_LAYOUTS } from "./check-layouts.mjs";
import { FONTS, pen } from "./draw.mjs";
import { makeInvoice, rng } from "./facts.mjs";
import { LAYOUTS } from "./layouts.mjs";
import { MORE_LAYOUTS } from "./layouts-more.mjs";
import { CHECK_WORDS, WORDS } from "./words.mjs";

const require = createRequire(import.meta.url);
const { jsPDF } = require(
  require.resolve("jspdf", { paths: [...(process.env.NODE_PATH ?? "").split(":"), import.meta.dirname] }),
);

const check = (process.argv[2] ?? "tuning") === "check";
const out = path.join(import.meta.dirname, "..", check ? "corpus-jspdf-check" : "corpus-jspdf");
mkdirSync(out, { recursive: true });
for (const f of readdirSync(out)) rmSync(path.join(out, f));

const four = ["en-US", "en-GB", "de-DE", "fr-FR"];
const LOCALES = check
  ? [...four, ...four, ...four, ...four, "nl-NL", "de-CH"]
  : [
      ...four,
      ...four,
      ...four,
      ...four,
      ...four,
      ...four,
      ...four,
      ...four,
      ...four,
      "nl-NL",
      "fr-BE",
      "de-CH",
    ];
// The tuning set's later layouts come after the first, from a seed of their own.
const MORE = check ? [] : [...four, ...four, ...four].map((locale) => ({ locale, more: true }));
const layouts = check ? CHECK_LAYOUTS : { ...LAYOUTS, ...MORE_LAYOUTS };
const first = Object.keys(check ? CHECK_LAYOUTS : LAYOUTS);
const more = Object.keys(MORE_LAYOUTS);

const r1 = rng(check ? 5107 : 3301);
const r2 = rng(7717);
[...LOCALES.map((locale) => ({ locale, more: false })), ...MORE].forEach(({ locale, more: later }, i) => {
  const r = later ? r2 : r1;
  const k = later ? i - LOCALES.length : i;
  const layout = later ? more[k % more.length] : first[k % first.length];
  const f = makeInvoice(r, locale, check ? CHECK_WORDS : WORDS);
  const font = FONTS[r.int(0, FONTS.length - 1)];
  const name = `${check ? "jsc" : "js"}-${String(i + 1).padStart(3, "0")}-${layout}-${locale}`;
  const doc = new jsPDF({ unit: "pt", format: "a4", compress: true });
  doc.setProperties({ title: name, creator: "jsPDF" });
  // A fixed date and file id: the same bytes on every run.
  doc.setCreationDate(new Date("2026-01-01T00:00:00Z"));
  doc.setFileId("0123456789ABCDEF0123456789ABCDEF");
  layouts[layout](doc, pen(doc, font), f, r);
  writeFileSync(path.join(out, `${name}.pdf`), Buffer.from(doc.output("arraybuffer")));
  const meta = { layout, lang: f.lang, locale, producer: "jspdf", scan: false };
  writeFileSync(path.join(out, `${name}.json`), `${JSON.stringify({ meta, truth: f.truth }, null, 2)}\n`);
});
console.log(`${LOCALES.length + MORE.length} invoices in ${out}`);
