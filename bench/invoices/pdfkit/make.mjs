// node make.mjs tuning|check|sidebar: writes bench/invoices/corpus-pdfkit (tuning),
// corpus-pdfkit-check (check layouts, not looked at while tuning) or corpus-sidebar-check
// (shaded side columns, bands and boxes; a check set too): <name>.pdf beside
// <name>.json holding {meta, truth}, the truth written from the drawn facts. Seeded: the same
// files on every run. PDFKit comes from NODE_PATH or a local node_modules (package.json pins it).

import { createWriteStream, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { CHECK_LAYOUTS } from "./check-layouts.mjs";
import { FONTS, pen } from "./draw.mjs";
import { makeFacts, rng } from "./facts.mjs";
import { LAYOUTS } from "./layouts.mjs";
import { SIDEBAR_LAYOUTS } from "./sidebar-layouts.mjs";

const require = createRequire(import.meta.url);
const PDFDocument = require(
  require.resolve("pdfkit", { paths: [...(process.env.NODE_PATH ?? "").split(":"), import.meta.dirname] }),
);

const set = process.argv[2] ?? "tuning";
const check = set === "check";
const sidebar = set === "sidebar";
const out = path.join(
  import.meta.dirname,
  "..",
  sidebar ? "corpus-sidebar-check" : check ? "corpus-pdfkit-check" : "corpus-pdfkit",
);
mkdirSync(out, { recursive: true });
for (const f of readdirSync(out)) rmSync(path.join(out, f));

const LOCALES = sidebar
  ? [
      "en-US",
      "de-DE",
      "fr-FR",
      "en-GB",
      "nl-NL",
      "fr-BE",
      "en-GB",
      "fr-FR",
      "de-CH",
      "en-US",
      "de-DE",
      "nl-NL",
    ]
  : check
    ? ["en-US", "en-GB", "de-DE", "fr-FR", "en-US", "de-DE", "fr-FR", "en-GB", "nl-NL", "fr-BE", "de-CH"]
    : [
        ...Array(8).fill("en-US"),
        ...Array(7).fill("en-GB"),
        ...Array(8).fill("de-DE"),
        ...Array(8).fill("fr-FR"),
        ...Array(3).fill("nl-NL"),
        ...Array(3).fill("de-CH"),
        ...Array(3).fill("fr-BE"),
      ];
const layouts = sidebar ? SIDEBAR_LAYOUTS : check ? CHECK_LAYOUTS : LAYOUTS;
const names = Object.keys(layouts);

const r = rng(sidebar ? 6031 : check ? 9173 : 4242);
const jobs = LOCALES.map((locale, i) => {
  const layout = names[i % names.length];
  const facts = makeFacts(r, locale);
  const font = FONTS[r.int(0, FONTS.length - 1)];
  const name = `${sidebar ? "pks" : check ? "pkc" : "pk"}-${String(i + 1).padStart(3, "0")}-${layout}-${locale}`;
  const doc = new PDFDocument({
    size: "A4",
    margin: 0,
    info: { Producer: "PDFKit", Title: name, CreationDate: new Date("2026-01-01T00:00:00Z") },
  });
  const done = new Promise((res) =>
    doc.pipe(createWriteStream(path.join(out, `${name}.pdf`))).on("finish", res),
  );
  layouts[layout](doc, pen(doc, font), facts, r);
  doc.end();
  const meta = { layout, lang: facts.lang, locale, producer: "pdfkit", scan: false };
  writeFileSync(path.join(out, `${name}.json`), `${JSON.stringify({ meta, truth: facts.truth }, null, 2)}\n`);
  return done;
});
await Promise.all(jobs);
console.log(`${jobs.length} invoices in ${out}`);
