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
const layouts = check ? CHECK_LAYOUTS : LAYOUTS;
const names = Object.keys(layouts);

const r = rng(check ? 5107 : 3301);
LOCALES.forEach((locale, i) => {
  const layout = names[i % names.length];
  const f = makeInvoice(r, locale, check ? CHECK_WORDS : WORDS);
  const font = FONTS[r.int(0, FONTS.length - 1)];
  const name = `${check ? "jsc" : "js"}-${String(i + 1).padStart(3, "0")}-${layout}-${locale}`;
  const doc = new jsPDF({ unit: "pt", format: "a4", compress: true });
  doc.setProperties({ title: name, creator: "jsPDF" });
  layouts[layout](doc, pen(doc, font), f, r);
  writeFileSync(path.join(out, `${name}.pdf`), Buffer.from(doc.output("arraybuffer")));
  const meta = { layout, lang: f.lang, locale, producer: "jspdf", scan: false };
  writeFileSync(path.join(out, `${name}.json`), `${JSON.stringify({ meta, truth: f.truth }, null, 2)}\n`);
});
console.log(`${LOCALES.length} invoices in ${out}`);
