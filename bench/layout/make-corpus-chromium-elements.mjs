// Writes bench/layout/corpus-chromium-elements: a TUNING set of prose with the elements that web
// pages and word processors set side by side without making a table: ordered lists with hanging
// numbers, definition lists (term | description), footnotes with their numbers, three-part running
// heads and feet, headings with a date set right on their line, figures side by side with their
// captions, a letterhead of two short columns, addresses side by side, a contents list with dot
// leaders, drop caps, a pull quote floated beside a column, and columns on one baseline grid (each
// line pair looks like a row). Printed by Chromium (playwright-core page.pdf) from HTML and CSS in
// 1-3 columns. Texts: licences (/usr/share/common-licenses) and Debian changelogs
// (prose-elements-texts.mjs). Each block's page is where its first words stand (pdftotext).
// Run: node bench/layout/make-corpus-chromium-elements.mjs

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { changelog, clean, licence, limit, rng, summaries } from "./prose-elements-texts.mjs";

const OUT = path.join(import.meta.dirname, "corpus-chromium-elements");
const L = "/usr/share/common-licenses";
const CL = (p) => `/usr/share/doc/${p}/changelog.Debian.gz`;

const FONTS = [
  "Liberation Serif",
  "DejaVu Sans",
  "Liberation Sans",
  "Noto Serif",
  "DejaVu Serif",
  "Liberation Sans Narrow",
  "Noto Sans",
];

// One document per line: its text, columns and the elements it carries.
const DOCS = [
  {
    name: "gpl2-ordered-two",
    text: ["licence", "GPL-2"],
    cols: 2,
    gap: 18,
    justify: true,
    ol: true,
    head3: true,
  },
  {
    name: "apache-definitions-three",
    text: ["licence", "Apache-2.0"],
    cols: 3,
    gap: 12,
    dl: true,
    head3: true,
  },
  { name: "bash-dated-headings", text: ["changelog", "bash"], cols: 2, gap: 16, dated: true, head3: true },
  {
    name: "mpl-letterhead-addresses",
    text: ["licence", "MPL-2.0"],
    cols: 1,
    gap: 0,
    justify: true,
    letter: true,
  },
  {
    name: "lgpl-contents-leaders",
    text: ["licence", "LGPL-2.1"],
    cols: 2,
    gap: 20,
    toc: true,
    justify: true,
  },
  { name: "gfdl12-figures-captions", text: ["licence", "GFDL-1.2"], cols: 2, gap: 18, figures: true },
  {
    name: "artistic-dropcaps-two",
    text: ["licence", "Artistic"],
    cols: 2,
    gap: 14,
    justify: true,
    dropcaps: true,
  },
  { name: "gfdl-pullquote-float", text: ["licence", "GFDL-1.3"], cols: 1, gap: 0, pull: true, justify: true },
  { name: "tar-grid-aligned", text: ["changelog", "tar"], cols: 2, gap: 10, grid: true },
  {
    name: "mpl11-footnotes-two",
    text: ["licence", "MPL-1.1"],
    cols: 2,
    gap: 16,
    justify: true,
    notes: true,
    head3: true,
  },
  { name: "gpl3-three-ordered-grid", text: ["licence", "GPL-3"], cols: 3, gap: 10, grid: true, ol: true },
  { name: "grep-dl-dated-two", text: ["changelog", "grep"], cols: 2, gap: 14, dl: true, dated: true },
  { name: "cc0-sidebar-grid", text: ["licence", "CC0-1.0"], cols: 1, gap: 0, sidebar: true },
  { name: "sed-bullets-three-narrow", text: ["changelog", "sed"], cols: 3, gap: 9, head3: true },
  { name: "bsd-letter-two-notes", text: ["licence", "GPL-1"], cols: 2, gap: 16, letter: true, notes: true },
  {
    name: "lgpl3-definitions-two-narrow",
    text: ["licence", "LGPL-3"],
    cols: 2,
    gap: 8,
    dl: true,
    justify: true,
  },
  {
    name: "findutils-three-grid",
    text: ["changelog", "findutils"],
    cols: 3,
    gap: 8,
    grid: true,
    dated: true,
  },
  {
    name: "gfdl12-dl-three-grid",
    text: ["licence", "GFDL-1.2"],
    cols: 3,
    gap: 9,
    dl: true,
    grid: true,
    head3: true,
  },
  { name: "gzip-grid-two-ragged", text: ["changelog", "gzip"], cols: 2, gap: 9, grid: true, head3: true },
  {
    name: "lgpl21-figures-three",
    text: ["licence", "LGPL-2.1"],
    cols: 3,
    gap: 12,
    figures: true,
    longCaptions: true,
    justify: true,
  },
  {
    name: "mpl2-contents-plain-two",
    text: ["licence", "MPL-2.0"],
    cols: 2,
    gap: 14,
    toc: "plain",
    foot2: true,
  },
  {
    name: "diffutils-two-line-margins",
    text: ["changelog", "diffutils"],
    cols: 3,
    gap: 12,
    foot2: true,
    dated: true,
  },
  {
    name: "gpl2-three-tight-notes",
    text: ["licence", "GPL-2"],
    cols: 3,
    gap: 7,
    notes: true,
    ol: true,
    toc: true,
  },
];

const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function build(d, seed) {
  const rand = rng(seed);
  const font = FONTS[seed % FONTS.length];
  const size = [9, 9.5, 10, 10.5, 8.5][seed % 5] - (d.cols === 3 ? 1 : 0);
  const page = seed % 2 ? "A4" : "Letter";
  const src = d.text[0] === "licence" ? licence(`${L}/${d.text[1]}`) : changelog(CL(d.text[1]), 60);
  const blocks = limit(src, d.cols === 1 ? 1300 : 2000);
  const truth = [];
  const html = [];
  const title = d.text[0] === "licence" ? `${d.text[1]}: the licence, annotated` : `Changes in ${d.text[1]}`;
  if (d.letter) {
    const left = ["Office of Licensing", "Free Software Circle", "27 Mill Street", "Leeds LS2 7HQ"];
    const right = ["Tel. 0113 496 0321", "Our ref. LIC/2291", "14 March 2024"];
    html.push(
      `<div class="letterhead"><div>${left.map((s, k) => (k ? esc(s) : `<b>${esc(s)}</b>`)).join("<br>")}</div><div class="right">${right.map(esc).join("<br>")}</div></div>`,
    );
    truth.push({ kind: "paragraph", text: left.join(" ") }, { kind: "paragraph", text: right.join(" ") });
    const to = ["To the board of the", "Distribution Committee", "by post and e-mail"];
    const from = ["From the licensing desk", "on behalf of the authors", "with the annotated text"];
    html.push(
      `<div class="addresses"><div>${to.map(esc).join("<br>")}</div><div>${from.map(esc).join("<br>")}</div></div>`,
    );
    truth.push({ kind: "paragraph", text: to.join(" ") }, { kind: "paragraph", text: from.join(" ") });
  }
  html.push(`<h1>${esc(title)}</h1>`);
  truth.push({ kind: "title", text: title });
  if (d.toc) {
    const heads = blocks.filter((b) => b.kind === "heading").slice(0, 8);
    html.push(`<h2>Contents</h2><div class="toc">`);
    truth.push({ kind: "heading", text: "Contents" });
    heads.forEach((h, k) => {
      const t = h.text.slice(0, 50);
      html.push(
        `<div class="entry"><span>${k + 1}. ${esc(t)}</span><span class="lead${d.toc === "plain" ? " plain" : ""}"></span><span>${2 + (k >> 1)}</span></div>`,
      );
      truth.push({ kind: "list-item", text: `${k + 1}. ${t} ${2 + (k >> 1)}` });
    });
    html.push("</div>");
  }
  if (d.sidebar) {
    html.push(`<div class="withside"><aside class="side">`);
    const items = summaries(40 + seed * 7, 9);
    html.push(`<h3>Related packages</h3>`);
    truth.push({ kind: "sidebar", text: `Related packages ${items.map(([p, s]) => `${p} ${s}`).join(" ")}` });
    for (const [p, s] of items) html.push(`<p><b>${esc(p)}</b> ${esc(s)}</p>`);
    html.push(`</aside><div class="main">`);
  }
  html.push(`<div class="cols">`);
  let para = 0;
  let afterHeading = false;
  let inList = null;
  let notes = 0;
  let quoted = 0;
  let figs = 0;
  const closeList = () => {
    if (inList) html.push(`</${inList}>`);
    inList = null;
  };
  for (const b of blocks) {
    if (b.kind === "heading") {
      closeList();
      if (d.dated && b.date) {
        html.push(
          `<h3 class="dated"><span>${esc(b.text)}</span><span class="date">${esc(b.date)}</span></h3>`,
        );
        truth.push({ kind: "heading", text: `${b.text} ${b.date}` });
      } else {
        html.push(`<h3>${esc(b.text)}</h3>`);
        truth.push({ kind: "heading", text: b.text });
      }
      afterHeading = true;
      continue;
    }
    if (b.kind === "item" || (d.dl && para % 2 === 1)) {
      if (d.dl) {
        if (inList !== "dl") {
          closeList();
          html.push(`<dl>`);
          inList = "dl";
        }
        const words = b.text.split(" ");
        const n = /^[^\s:]+:/.test(b.text) ? 1 : 2;
        const term = words.slice(0, n).join(" ").replace(/:$/, "");
        const rest = words.slice(n).join(" ");
        html.push(`<dt>${esc(term)}</dt><dd>${esc(rest)}</dd>`);
        truth.push({ kind: "list-item", text: `${term} ${rest}` });
      } else if (d.ol || /^\(?[a-z0-9]/i.test(b.label)) {
        if (inList !== "ol") {
          closeList();
          html.push(`<ol>`);
          inList = "ol";
        }
        html.push(`<li>${esc(b.text)}</li>`);
        truth.push({ kind: "list-item", text: b.text });
      } else {
        if (inList !== "ul") {
          closeList();
          html.push(`<ul class="${rand() < 0.5 ? "dash" : "disc"}">`);
          inList = "ul";
        }
        html.push(`<li>${esc(b.text)}</li>`);
        truth.push({ kind: "list-item", text: b.text });
      }
      para++;
      continue;
    }
    closeList();
    para++;
    const cap = d.dropcaps && afterHeading && /^[A-Z][a-z]/.test(b.text);
    let text = esc(b.text);
    if (d.notes && para % 4 === 2 && notes < 4) {
      notes++;
      text = text.replace(/([.,;])(\s)/, `$1<sup>${notes}</sup>$2`);
    }
    html.push(`<p${cap ? ' class="drop"' : ""}>${text}</p>`);
    truth.push({ kind: "paragraph", text: b.text });
    afterHeading = false;
    if (d.pull && para % 5 === 2 && quoted < 3) {
      quoted++;
      const q = clean(b.text.split(/(?<=[.!?])\s/)[0]).slice(0, 120);
      html.push(`<blockquote class="pull ${quoted % 2 ? "r" : "l"}">${esc(q)}</blockquote>`);
      truth.push({ kind: "quote", text: q });
    }
    if (d.figures && para % 6 === 3 && figs < 3) {
      figs++;
      const c = [
        `Figure ${2 * figs - 1}: size of the package before${d.longCaptions ? " the change, in kilobytes of the archive" : ""}`,
        `Figure ${2 * figs}: size of the package after${d.longCaptions ? " the change, in kilobytes of the archive" : ""}`,
      ];
      html.push(
        `<div class="figs">${c.map((s) => `<figure><div class="img"></div><figcaption>${esc(s)}</figcaption></figure>`).join("")}</div>`,
      );
      truth.push(...c.map((s) => ({ kind: "caption", text: s })));
    }
  }
  closeList();
  html.push(`</div>`);
  if (d.sidebar) html.push(`</div></div>`);
  if (d.notes) {
    html.push(`<div class="notes">`);
    for (let n = 1; n <= notes; n++) {
      const t = `The wording of this clause follows the text as published; see the licence's own notes for how it applies to works that are combined with others (note ${n}).`;
      html.push(`<p><sup>${n}</sup> ${esc(t)}</p>`);
      truth.push({ kind: "footnote", text: `${n} ${t}` });
    }
    html.push(`</div>`);
  }
  const lh = d.grid ? 1.4 : 1.3;
  const css = `
  @page { size: ${page}; margin: 0.8in 0.75in 0.8in 0.75in; }
  body { font-family: "${font}"; font-size: ${size}pt; line-height: ${lh}; margin: 0; }
  h1 { font-size: ${size * 1.9}pt; margin: 0 0 ${size}pt 0; line-height: 1.2; }
  h2 { font-size: ${size * 1.3}pt; margin: 0 0 4pt 0; }
  h3 { font-size: ${d.grid ? size : size * 1.15}pt; margin: ${d.grid ? `${lh}em 0 0 0` : "0.7em 0 0.3em 0"}; line-height: ${d.grid ? lh : 1.25}; break-after: avoid; }
  h3.dated { display: flex; justify-content: space-between; gap: 1em; }
  h3.dated .date { font-weight: normal; white-space: nowrap; }
  .cols { column-count: ${d.cols}; column-gap: ${d.gap}pt; ${d.rule ? "column-rule: 0.5pt solid #888;" : ""} }
  p { margin: ${d.grid ? `0 0 ${lh}em 0` : "0 0 0.45em 0"}; text-align: ${d.justify ? "justify" : "left"}; ${d.justify ? "hyphens: auto;" : ""} }
  ol, ul { margin: ${d.grid ? `0 0 ${lh}em 0` : "0 0 0.45em 0"}; padding-left: 2.2em; text-align: ${d.justify ? "justify" : "left"}; }
  ul.dash { list-style-type: "– "; }
  li { margin: 0 0 ${d.grid ? 0 : "0.2em"} 0; }
  dl { margin: 0 0 0.5em 0; display: grid; grid-template-columns: ${d.cols === 3 ? "30%" : "24%"} 1fr; column-gap: 0.6em; row-gap: 0.3em; }
  dt { font-weight: bold; } dd { margin: 0; }
  .letterhead, .addresses { display: flex; justify-content: space-between; margin-bottom: 14pt; }
  .letterhead .right { text-align: right; }
  .addresses > div { width: 45%; }
  .toc { margin-bottom: 14pt; }
  .toc .entry { display: flex; align-items: baseline; }
  .toc .lead { flex: 1; border-bottom: 1.2pt dotted #000; margin: 0 4pt; } .toc .lead.plain { border: none; }
  p.drop::first-letter { float: left; font-size: ${3.2 * lh}em; line-height: 0.8; padding: 0.06em 0.08em 0 0; font-weight: bold; }
  blockquote.pull { font-size: 1.35em; font-style: italic; width: 36%; margin: 0.3em 0 0.3em 0; padding: 0.4em 0; border-top: 2pt solid #444; border-bottom: 2pt solid #444; line-height: 1.25; }
  blockquote.pull.r { float: right; margin-left: 1.2em; } blockquote.pull.l { float: left; margin-right: 1.2em; }
  .figs { display: flex; gap: 10pt; margin: 0.4em 0 0.8em 0; break-inside: avoid; }
  figure { margin: 0; flex: 1; } .img { height: 70pt; background: #ddd; } figcaption { font-size: 0.88em; font-style: italic; margin-top: 3pt; }
  .withside { display: flex; gap: 18pt; } .side { width: 28%; font-size: 0.9em; background: #eee; padding: 6pt; } .side p { text-align: left; margin: 0 0 0.3em 0; } .main { flex: 1; }
  .notes { margin-top: 1em; border-top: 0.5pt solid #000; font-size: 0.85em; padding-top: 4pt; } .notes p { text-align: left; }
  sup { font-size: 0.65em; line-height: 0; }
  `;
  const two = (a, b, c, e, f, g) =>
    `<div style="font-size:8px; width:100%; margin:0 0.75in; font-family:'${font}'">${[
      [a, b, c],
      [e, f, g],
    ]
      .map(
        (r) =>
          `<div style="display:flex; justify-content:space-between">${r.map((x) => `<span>${x}</span>`).join("")}</div>`,
      )
      .join("")}</div>`;
  if (d.foot2) {
    return {
      html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body>${html.join("\n")}</body></html>`,
      truth,
      headerTemplate: two(
        esc(d.text[1]),
        "Annotated edition",
        "Revision 4",
        "Working copy",
        "<i>not for release</i>",
        "March 2024",
      ),
      footerTemplate: two(
        "Licensing desk",
        'Page <span class="pageNumber"></span>',
        "Internal",
        "27 Mill Street",
        "Leeds",
        "LS2 7HQ",
      ),
      desc: `${page}, ${font} ${size} pt, ${d.cols} column(s), ${d.gap} pt gap, ${d.justify ? "justified" : "ragged right"}, heads and feet of two lines in three parts`,
    };
  }
  const headerTemplate = d.head3
    ? `<div style="font-size:8px; width:100%; margin:0 0.75in; display:flex; justify-content:space-between; font-family:'${font}'"><span>${esc(d.text[1])}</span><span><i>${esc(title)}</i></span><span>Draft for review</span></div>`
    : "<span></span>";
  const footerTemplate = `<div style="font-size:8px; width:100%; margin:0 0.75in; display:flex; justify-content:space-between; font-family:'${font}'"><span>${d.head3 ? "Annotated edition" : ""}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span><span>${d.head3 ? "2024" : ""}</span></div>`;
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${css}</style></head><body>${html.join("\n")}</body></html>`,
    truth,
    headerTemplate,
    footerTemplate,
    desc: `${page}, ${font} ${size} pt, ${d.cols} column(s), ${d.gap} pt gap, ${d.justify ? "justified" : "ragged right"}`,
  };
}

const words = (s) =>
  (
    s
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).join(" ");

/** Each block's page: where its first words stand in the PDF's text, page by page, in order. */
function pagesOf(pdf, blocks) {
  const n = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdf], { encoding: "utf8" }))[1]);
  const pages = Array.from({ length: n }, (_, k) =>
    words(
      execFileSync("pdftotext", ["-f", String(k + 1), "-l", String(k + 1), pdf, "-"], { encoding: "utf8" }),
    ),
  );
  let cur = 1;
  return {
    pages: n,
    blocks: blocks.map((b) => {
      const start = words(b.text).split(" ").slice(0, 5).join(" ");
      for (let p = cur; p <= n; p++) {
        if (start && pages[p - 1].includes(start)) {
          cur = p;
          break;
        }
      }
      return { page: cur, kind: b.kind, text: clean(b.text) };
    }),
  };
}

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
for (const [k, d] of DOCS.entries()) {
  const b = build(d, k + 1);
  await page.setContent(b.html, { waitUntil: "load" });
  const file = path.join(OUT, `${d.name}.pdf`);
  await page.pdf({
    path: file,
    preferCSSPageSize: true,
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: b.headerTemplate,
    footerTemplate: b.footerTemplate,
  });
  const { pages, blocks } = pagesOf(file, b.truth);
  const source =
    d.text[0] === "licence"
      ? `${L}/${d.text[1]} (the licence's own text; verbatim copying permitted)`
      : `${CL(d.text[1])} (Debian changelog, under the package's licence: /usr/share/doc/${d.text[1]}/copyright)`;
  const truth = {
    source,
    generator: `Chromium (playwright-core page.pdf) from HTML/CSS: bench/layout/make-corpus-chromium-elements.mjs; ${b.desc}`,
    columns: d.cols,
    pages,
    blocks,
  };
  writeFileSync(path.join(OUT, `${d.name}.json`), `${JSON.stringify(truth, null, 2)}\n`);
  console.log(d.name, pages, "pages", blocks.length, "blocks");
}
await browser.close();
