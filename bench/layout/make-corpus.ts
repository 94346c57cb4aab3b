// Writes the layout tuning corpus (bench/layout/corpus): multi-column prose with no table, from
// real texts found offline (licences, Debian changelogs), printed by Chromium from HTML and CSS
// (css columns, page.pdf), each PDF with its reading order as truth in the prose corpus format.
// Pages are laid out in the browser: blocks are added to a page's columns until they overflow, so
// every block's page is known. Run: npx tsx bench/layout/make-corpus.ts [out dir]

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { changelog, licence, type SourceBlock } from "./corpus-texts.ts";

type Style = {
  font: string;
  size: number; // pt
  columns: number;
  gap: number; // pt
  justify: boolean;
  rule: boolean; // a rule drawn in the gutter
  page: "A4" | "Letter";
  leading: number;
  spanHeadings: boolean; // headings set across the columns
  paraGap: number; // em between paragraphs (0: indented first lines instead)
};
type Extras = { quotes: number; figures: number; footnotes: number };
type Doc = {
  name: string;
  title: string;
  source: string;
  blocks: SourceBlock[];
  style: Style;
  extras: Extras;
  maxPages: number;
};

const L = "/usr/share/common-licenses";
const CL = (pkg: string) => `/usr/share/doc/${pkg}/changelog.Debian.gz`;
const gpl = "GPL text, copyright the Free Software Foundation (verbatim copying permitted)";
const docs: Doc[] = [
  {
    name: "gpl3-two-serif-justified",
    title: "GNU General Public License, Version 3",
    source: `${L}/GPL-3: ${gpl}`,
    blocks: licence(`${L}/GPL-3`),
    style: {
      font: "Liberation Serif",
      size: 10,
      columns: 2,
      gap: 18,
      justify: true,
      rule: false,
      page: "A4",
      leading: 1.25,
      spanHeadings: false,
      paraGap: 0,
    },
    extras: { quotes: 2, figures: 0, footnotes: 2 },
    maxPages: 4,
  },
  {
    name: "apache2-three-sans-ragged",
    title: "Apache License, Version 2.0",
    source: `${L}/Apache-2.0: Apache License 2.0 text (redistributable verbatim)`,
    blocks: licence(`${L}/Apache-2.0`),
    style: {
      font: "DejaVu Sans",
      size: 8.5,
      columns: 3,
      gap: 12,
      justify: false,
      rule: true,
      page: "Letter",
      leading: 1.3,
      spanHeadings: false,
      paraGap: 0.6,
    },
    extras: { quotes: 1, figures: 1, footnotes: 1 },
    maxPages: 3,
  },
  {
    name: "mpl2-two-noto-spanning",
    title: "Mozilla Public License Version 2.0",
    source: `${L}/MPL-2.0: Mozilla Public License 2.0 text`,
    blocks: licence(`${L}/MPL-2.0`),
    style: {
      font: "Noto Serif",
      size: 9.5,
      columns: 2,
      gap: 24,
      justify: true,
      rule: false,
      page: "A4",
      leading: 1.35,
      spanHeadings: true,
      paraGap: 0.5,
    },
    extras: { quotes: 1, figures: 1, footnotes: 1 },
    maxPages: 4,
  },
  {
    name: "changelogs-two-sans",
    title: "Release notes: bash, grep and tar in Debian",
    source: `${CL("bash")}, ${CL("grep")}, ${CL("tar")}: Debian changelogs (GPL, as the packages)`,
    blocks: [...changelog(CL("bash"), 14), ...changelog(CL("grep"), 10), ...changelog(CL("tar"), 8)],
    style: {
      font: "Liberation Sans",
      size: 9,
      columns: 2,
      gap: 20,
      justify: false,
      rule: false,
      page: "Letter",
      leading: 1.3,
      spanHeadings: false,
      paraGap: 0.8,
    },
    extras: { quotes: 0, figures: 0, footnotes: 1 },
    maxPages: 4,
  },
  {
    name: "gfdl-three-roman-narrow",
    title: "GNU Free Documentation License 1.3",
    source: `${L}/GFDL-1.3: ${gpl}`,
    blocks: licence(`${L}/GFDL-1.3`),
    style: {
      font: "Nimbus Roman",
      size: 9,
      columns: 3,
      gap: 10,
      justify: true,
      rule: false,
      page: "A4",
      leading: 1.2,
      spanHeadings: false,
      paraGap: 0,
    },
    extras: { quotes: 1, figures: 2, footnotes: 1 },
    maxPages: 3,
  },
  {
    name: "lgpl21-two-dejavu-serif",
    title: "GNU Lesser General Public License 2.1",
    source: `${L}/LGPL-2.1: ${gpl}`,
    blocks: licence(`${L}/LGPL-2.1`),
    style: {
      font: "DejaVu Serif",
      size: 8.5,
      columns: 2,
      gap: 16,
      justify: true,
      rule: true,
      page: "Letter",
      leading: 1.3,
      spanHeadings: false,
      paraGap: 0.4,
    },
    extras: { quotes: 2, figures: 1, footnotes: 2 },
    maxPages: 4,
  },
  {
    name: "gpl2-three-noto-sans",
    title: "GNU General Public License, Version 2",
    source: `${L}/GPL-2: ${gpl}`,
    blocks: licence(`${L}/GPL-2`),
    style: {
      font: "Noto Sans",
      size: 8,
      columns: 3,
      gap: 14,
      justify: false,
      rule: false,
      page: "A4",
      leading: 1.35,
      spanHeadings: true,
      paraGap: 0.5,
    },
    extras: { quotes: 1, figures: 0, footnotes: 1 },
    maxPages: 3,
  },
  {
    name: "changelogs-three-c059",
    title: "Changes in curl and util-linux",
    source: `${CL("curl")}, ${CL("util-linux")}: Debian changelogs (curl licence, GPL)`,
    blocks: [...changelog(CL("curl"), 12), ...changelog(CL("util-linux"), 12)],
    style: {
      font: "C059",
      size: 8.5,
      columns: 3,
      gap: 16,
      justify: true,
      rule: false,
      page: "Letter",
      leading: 1.25,
      spanHeadings: false,
      paraGap: 0.6,
    },
    extras: { quotes: 0, figures: 1, footnotes: 0 },
    maxPages: 3,
  },
  {
    name: "lgpl3-newsletter",
    title: "The Lesser GPL, Version 3, explained by its own text",
    source: `${L}/LGPL-3 and ${L}/Artistic: ${gpl}; the Artistic License (Perl)`,
    blocks: [...licence(`${L}/LGPL-3`), ...licence(`${L}/Artistic`)],
    style: {
      font: "Liberation Serif",
      size: 11,
      columns: 2,
      gap: 30,
      justify: true,
      rule: false,
      page: "Letter",
      leading: 1.3,
      spanHeadings: false,
      paraGap: 0.6,
    },
    extras: { quotes: 3, figures: 2, footnotes: 2 },
    maxPages: 4,
  },
  {
    name: "mpl11-two-nimbus-sans",
    title: "Mozilla Public License 1.1",
    source: `${L}/MPL-1.1: Mozilla Public License 1.1 text`,
    blocks: licence(`${L}/MPL-1.1`),
    style: {
      font: "Nimbus Sans",
      size: 9,
      columns: 2,
      gap: 22,
      justify: false,
      rule: false,
      page: "A4",
      leading: 1.3,
      spanHeadings: false,
      paraGap: 0.7,
    },
    extras: { quotes: 1, figures: 0, footnotes: 1 },
    maxPages: 3,
  },
];

/** A small seeded generator: the corpus is the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Sentences of the BSD licence, the footnotes' text (no document of the corpus is set from it). */
const NOTES = (
  readFileSync(`${L}/BSD`, "utf8")
    .replace(/\s+/g, " ")
    .match(/[^.:]+[.:]/g) ?? []
)
  .map((t) => t.trim())
  .filter((t) => t.split(" ").length >= 10);

type Piece = { kind: string; text: string; html: string; note?: string };

/** A document's flow: its blocks with pull quotes, figures and footnotes put in among them. */
function flow(doc: Doc): Piece[] {
  const r = rng(doc.name.length * 7919 + doc.blocks.length);
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const out: Piece[] = doc.blocks.map((b) => ({
    kind: b.kind,
    text: b.text,
    html:
      b.kind === "heading"
        ? `<h2>${esc(b.text)}</h2>`
        : b.kind === "list-item"
          ? `<p class="item">${esc(b.text)}</p>`
          : `<p>${esc(b.text)}</p>`,
  }));
  const long = () =>
    out
      .map((p, i) => [p, i] as const)
      .filter(([p]) => p.kind === "paragraph" && p.text.split(" ").length > 40);
  // A sentence from the middle of a long paragraph, set again large as a pull quote.
  const sentence = (p: Piece) => {
    const ss = (p.text.match(/[^.!?]+[.!?]/g) ?? []).map((s) => s.trim()).slice(1);
    // A sentence as a reader would quote it: opening with a capital letter.
    return (
      ss.find((s) => /^\p{Lu}/u.test(s) && s.split(" ").length >= 8 && s.split(" ").length <= 30) ?? null
    );
  };
  const spread = (n: number, from: number) =>
    Array.from({ length: n }, (_, k) =>
      Math.floor(from + ((k + 0.3 + 0.4 * r()) * (out.length - from)) / (n + 0.5)),
    );
  for (const at of spread(doc.extras.quotes, 4)) {
    // The sentence of the nearest long paragraph before the place that has one to quote.
    const cands = long().filter(([, i]) => i <= at);
    const s =
      cands
        .reverse()
        .map(([p]) => sentence(p))
        .find((q) => q) ?? null;
    if (s) out.splice(at + 1, 0, { kind: "quote", text: s, html: `<aside class="pull">${esc(s)}</aside>` });
  }
  for (const [k, at] of spread(doc.extras.figures, 3).entries()) {
    const cap = `Figure ${k + 1}. ${out[at]?.text
      .split(" ")
      .slice(0, 9)
      .join(" ")
      .replace(/[.,;:]$/, "")}, as a chart.`;
    out.splice(at + 1, 0, {
      kind: "caption",
      text: cap,
      html: `<figure><canvas width="260" height="140"></canvas><figcaption>${esc(cap)}</figcaption></figure>`,
    });
  }
  const marks = ["*", "†", "‡"];
  for (const [k, at] of spread(doc.extras.footnotes, 2).entries()) {
    const p = long().find(([, i]) => i >= at)?.[0];
    if (!p || p.note) continue;
    const mark = marks[k % marks.length] as string;
    // A note's text is not the paragraph's (a scorer finds a block by its first words).
    p.note = `${mark} Compare the BSD licence: ${NOTES[(k + doc.name.length) % NOTES.length]}`;
    p.html = p.html.replace(/<\/p>$/, `<sup>${mark}</sup></p>`);
  }
  return out;
}

const css = (s: Style) => `
  @page { size: ${s.page}; margin: 0 }
  * { box-sizing: border-box }
  body { margin: 0; font-family: '${s.font}'; font-size: ${s.size}pt; line-height: ${s.leading} }
  .page { width: ${s.page === "A4" ? "210mm" : "8.5in"}; height: ${s.page === "A4" ? "296.5mm" : "10.98in"};
    padding: 16mm 17mm 14mm; display: flex; flex-direction: column; break-after: page; overflow: hidden }
  .rh { font-size: 0.8em; font-style: italic; border-bottom: 0.5pt solid #444; padding-bottom: 2pt; margin-bottom: 10pt;
    display: flex; justify-content: space-between }
  h1 { font-size: 2.2em; margin: 0 0 6pt; line-height: 1.1 }
  .standfirst { font-size: 1.15em; margin: 0 0 12pt }
  .cols { flex: 1; min-height: 0; column-count: ${s.columns}; column-gap: ${s.gap}pt; column-fill: auto;
    ${s.rule ? "column-rule: 0.6pt solid #555;" : ""} text-align: ${s.justify ? "justify" : "left"}; overflow: hidden }
  .cols.last { column-fill: balance }
  p { margin: 0 0 ${s.paraGap}em; ${s.paraGap ? "" : "text-indent: 1.2em;"} orphans: 2; widows: 2 }
  p.item { padding-left: 1.4em; text-indent: -1.4em }
  h2 { font-size: 1.15em; margin: 0.6em 0 0.3em; break-after: avoid; text-align: left; ${s.spanHeadings ? "column-span: all;" : ""} }
  aside.pull { font-size: 1.45em; font-style: italic; line-height: 1.2; border-top: 1.5pt solid #222; border-bottom: 1.5pt solid #222;
    padding: 6pt 0; margin: 8pt 0; break-inside: avoid; text-align: center }
  figure { margin: 6pt 0 10pt; break-inside: avoid }
  canvas { width: 100%; height: auto; display: block }
  figcaption { font-size: 0.85em; font-style: italic; margin-top: 3pt; text-align: left }
  .notes { border-top: 0.5pt solid #444; margin-top: 8pt; padding-top: 3pt; font-size: 0.78em }
  .notes:empty { display: none }
  .notes p { text-indent: 0; margin: 0 0 2pt }
  .folio { text-align: center; font-size: 0.85em; margin-top: 6pt }
`;

/** Runs in the page: lays the pieces out page by page, returns each piece's page (or 0: left out). */
const layOut = ({
  pieces,
  title,
  standfirst,
  maxPages,
}: {
  pieces: Piece[];
  title: string;
  standfirst: string;
  maxPages: number;
}) => {
  const pageOf: number[] = [];
  const body = document.body;
  const newPage = (n: number) => {
    const page = document.createElement("div");
    page.className = "page";
    page.innerHTML = `<div class="rh"><span>${title}</span><span>Page ${n}</span></div>${
      n === 1 ? `<h1>${title}</h1><p class="standfirst">${standfirst}</p>` : ""
    }<div class="cols"></div><div class="notes"></div><div class="folio">${n}</div>`;
    body.appendChild(page);
    return {
      cols: page.querySelector(".cols") as HTMLElement,
      notes: page.querySelector(".notes") as HTMLElement,
    };
  };
  const overflows = (c: HTMLElement) =>
    c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1;
  let n = 1;
  let cur = newPage(1);
  let count = 0;
  for (const p of pieces) {
    const tmp = document.createElement("div");
    tmp.innerHTML = p.html;
    const el = tmp.firstElementChild as HTMLElement;
    const note = p.note ? Object.assign(document.createElement("p"), { textContent: p.note }) : null;
    cur.cols.appendChild(el);
    if (note) cur.notes.appendChild(note);
    if (overflows(cur.cols)) {
      el.remove();
      note?.remove();
      if (count === 0 || n === maxPages) break;
      n++;
      cur = newPage(n);
      count = 0;
      cur.cols.appendChild(el);
      if (note) cur.notes.appendChild(note);
      if (overflows(cur.cols)) {
        el.remove();
        note?.remove();
        break;
      }
    }
    pageOf.push(n);
    count++;
  }
  const all = document.querySelectorAll(".cols");
  (all[all.length - 1] as HTMLElement).classList.add("last");
  for (const c of document.querySelectorAll("canvas")) {
    const g = (c as HTMLCanvasElement).getContext("2d") as CanvasRenderingContext2D;
    g.fillStyle = "#eee";
    g.fillRect(0, 0, 260, 140);
    for (let i = 0; i < 8; i++) {
      g.fillStyle = i % 2 ? "#4a6fa5" : "#9bb7d4";
      const h = 20 + ((i * 37) % 100);
      g.fillRect(14 + i * 30, 130 - h, 22, h);
    }
  }
  return pageOf;
};

const out = process.argv[2] ?? path.join(import.meta.dirname, "corpus");
mkdirSync(out, { recursive: true });
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
try {
  let total = 0;
  for (const doc of docs) {
    const pieces = flow(doc);
    const page = await browser.newPage();
    const standfirst = `Set from ${doc.source.split(":")[0]} in ${doc.style.font}, ${doc.style.columns} columns.`;
    await page.setContent(
      `<!doctype html><html><head><meta charset="utf-8"><style>${css(doc.style)}</style></head><body></body></html>`,
    );
    // tsx names functions with a helper of its own (__name), which the page lacks.
    await page.evaluate("window.__name = (f) => f");
    await page.evaluate(() => document.fonts.ready);
    const pageOf = await page.evaluate(layOut, {
      pieces,
      title: doc.title,
      standfirst,
      maxPages: doc.maxPages,
    });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await page.close();
    const pages = Math.max(...pageOf);
    // Footnotes are read after their page's body.
    const blocks: { page: number; kind: string; text: string }[] = [
      { page: 1, kind: "title", text: doc.title },
      { page: 1, kind: "paragraph", text: standfirst },
    ];
    for (let n = 1; n <= pages; n++) {
      const on = pieces.filter((_, i) => pageOf[i] === n);
      for (const p of on) blocks.push({ page: n, kind: p.kind, text: p.text });
      for (const p of on) if (p.note) blocks.push({ page: n, kind: "footnote", text: p.note });
    }
    const s = doc.style;
    const truth = {
      source: doc.source,
      generator: `Chromium (playwright-core page.pdf) from HTML/CSS: bench/layout/make-corpus.ts; ${s.page}, ${s.font} ${s.size} pt, ${s.columns} CSS columns, ${s.gap} pt gap${s.rule ? " with a rule" : ""}, ${s.justify ? "justified" : "ragged right"}, ${s.spanHeadings ? "headings across the columns, " : ""}running head, folio${doc.extras.quotes ? ", pull quotes" : ""}${doc.extras.figures ? ", figures with captions" : ""}${doc.extras.footnotes ? ", footnotes" : ""}`,
      columns: s.columns,
      pages,
      blocks,
    };
    writeFileSync(path.join(out, `${doc.name}.pdf`), pdf);
    writeFileSync(path.join(out, `${doc.name}.json`), `${JSON.stringify(truth, null, 2)}\n`);
    total += pages;
    console.log(`${doc.name}: ${pages} pages, ${blocks.length} blocks, ${pdf.length} bytes`);
  }
  console.log(`${total} pages`);
} finally {
  await browser.close();
}
