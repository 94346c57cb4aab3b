// `npm run invoices:generate [-- --seed N --count N --out DIR]`: the invoice corpus. Each invoice
// draws its facts from the seed (language, locale, currency, parties, items, discount, shipping,
// deposit, tax or none), is laid out by one of the layouts, printed to PDF by Chromium or by
// LibreOffice (from the same HTML: the two lay text out differently), and some are then "scanned":
// rasterised with pdftoppm, turned by a degree or two, given noise and wrapped back into a PDF
// with no text layer. Each PDF gets its ground truth beside it (<name>.json), written from the
// facts the layout rendered. Needs /usr/bin/chromium, soffice and pdftoppm.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import type { CorpusMeta } from "./generate-types.ts";
import { makeSpec } from "./invoice-data.ts";
import { LAYOUTS } from "./layouts.ts";
import type { Lang } from "./locales.ts";
import { rng } from "./rng.ts";
import { scan } from "./scan.ts";

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "2026" },
    count: { type: "string", default: "54" },
    out: { type: "string", default: path.join(import.meta.dirname, "corpus") },
  },
});
const seed = Number(values.seed);
const count = Number(values.count);
const out = values.out as string;

async function main() {
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(out)) if (/\.(pdf|json)$/.test(f)) rmSync(path.join(out, f));
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  });
  const page = await browser.newPage();
  const langs: Lang[] = ["en", "de", "fr"];
  const work = mkdtempSync(path.join(os.tmpdir(), "inv-gen-"));
  try {
    for (let i = 0; i < count; i++) {
      const r = rng(seed * 1000 + i);
      const layout = LAYOUTS[i % LAYOUTS.length] as (typeof LAYOUTS)[number];
      const lang = langs[Math.floor(i / LAYOUTS.length) % 3] as Lang;
      const items = layout.items ? r.int(layout.items[0], layout.items[1]) : undefined;
      const spec = makeSpec(r, lang, items === undefined ? {} : { items });
      const html = layout.render(spec, r);
      // The receipt is a narrow page LibreOffice's HTML import would not keep.
      const producer: CorpusMeta["producer"] =
        layout.name !== "receipt" && i % 3 === 1 ? "libreoffice" : "chromium";
      let pdf: Uint8Array;
      if (producer === "chromium") {
        await page.setContent(html);
        pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      } else {
        const dir = mkdtempSync(path.join(work, "lo-"));
        const htmlPath = path.join(dir, "invoice.html");
        writeFileSync(htmlPath, html);
        execFileSync(
          "soffice",
          [
            "--headless",
            "--infilter=HTML (StarWriter)",
            "--convert-to",
            "pdf:writer_pdf_Export",
            "--outdir",
            dir,
            htmlPath,
          ],
          { stdio: "ignore", env: { ...process.env, HOME: work } },
        );
        pdf = readFileSync(path.join(dir, "invoice.pdf"));
      }
      const isScan = i % 5 === 3 || i % 9 === 8;
      if (isScan) {
        const dir = mkdtempSync(path.join(work, "scan-"));
        pdf = await scan(pdf, r, dir);
      }
      const name = `inv-${String(i + 1).padStart(3, "0")}-${layout.name}-${spec.locale}${isScan ? "-scan" : ""}`;
      const meta: CorpusMeta = { layout: layout.name, lang, locale: spec.locale, producer, scan: isScan };
      writeFileSync(path.join(out, `${name}.pdf`), pdf);
      writeFileSync(
        path.join(out, `${name}.json`),
        `${JSON.stringify({ meta, truth: spec.truth }, null, 2)}\n`,
      );
      console.log(name, producer, `${Math.round(pdf.length / 1024)} KB`);
    }
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
