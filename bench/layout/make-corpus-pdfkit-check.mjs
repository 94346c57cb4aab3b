// Maker of bench/layout/corpus-pdfkit-check: prose set in 2-3 columns by PDFKit (0.15, installed
// outside the repository at /work/tools/pdfkit), with a line breaker and a column flow of this
// script's own: narrow gutters (0.7-1.6 em), titles and headings set across the columns with the
// columns balanced above them, justified or ragged text, column rules, first-line indents or
// paragraph gaps, bullet and numbered lists with hanging indents, several typefaces and sizes.
// Texts: the libpng manual (libpng licence), dpkg's triggers specification (GPL-2+) and groff's
// -me introduction (BSD licence), as Debian ships them under /usr/share/doc. A check set: made
// before the rules it checks, run for its aggregate figures only.
//
//   node bench/layout/make-corpus-pdfkit-check.mjs [outDir]

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gunzipSync } from "node:zlib";

const require = createRequire("/work/tools/pdfkit/");
const PDFDocument = require("pdfkit");

const out = process.argv[2] ?? path.join(import.meta.dirname, "corpus-pdfkit-check");

const read = (p) =>
  p.endsWith(".gz") ? gunzipSync(readFileSync(p)).toString("utf8") : readFileSync(p, "utf8");
const clean = (s) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escapes in man output
    .replace(/\x1b\[[0-9;]*m/g, "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: overstrike (bold) in man output
    .replace(/.\x08/g, "")
    // nroff's hyphens at line ends (U+2010) join their word again.
    .replace(/\u2010\s*\n\s*/g, "")
    .replace(/\s+/g, " ")
    .trim();
const nwords = (s) => s.split(/\s+/).filter(Boolean).length;

/** Blocks of a plain-text manual: short unpunctuated chunks headings, "-"/"*" chunks items. */
function blocksOf(text) {
  const out = [];
  for (const raw of text.split(/\n\s*\n/)) {
    // Dedented: a manual set with a left margin indents all its prose.
    const rows = raw.split("\n").filter((l) => l.trim());
    const margin = Math.min(...rows.map((l) => l.length - l.trimStart().length));
    const chunk = rows.map((l) => l.slice(margin)).join("\n");
    const t = clean(chunk.replace(/[=#*_`~-]{3,}/g, " "));
    if (!/[A-Za-z]{3}/.test(t)) continue;
    // Code and tables (runs of spaces inside a line) are left out: prose only.
    if (chunk.split("\n").some((l) => /\S\s{4,}\S/.test(l)) && nwords(t) < 30) continue;
    if (chunk.split("\n").filter((l) => /^\s{6,}\S/.test(l)).length > 1) continue;
    // Short lines that are not capitalised (examples of input, fragments) are left out.
    if (nwords(t) <= 8 && !/^(\d[\d.]*\s+)?[A-Z][a-z]/.test(t)) continue;
    if (nwords(t) <= 8 && !/[.:,;]$/.test(t))
      out.push({ kind: "heading", text: t.replace(/^[IVX]+\.\s*/, "") });
    else if (/^\s*([-*+o]|\d{1,2}[.)])\s/.test(chunk) && nwords(t) < 90)
      out.push({ kind: "list-item", text: t.replace(/^([-*+o]|\+o)\s/, "") });
    else if (nwords(t) >= 8) out.push({ kind: "paragraph", text: t });
  }
  return out;
}

const SOURCES = {
  libpng: {
    path: "/usr/share/doc/libpng16-16/libpng-manual.txt.gz",
    title: "Notes on the PNG reference library",
  },
  triggers: { path: "/usr/share/doc/dpkg/spec/triggers.txt", title: "How package triggers work" },
  meintro: { path: "/usr/share/doc/groff-base/meintro.txt.gz", title: "Writing papers with the -me macros" },
};
const cache = {};
const source = (k) => {
  cache[k] ??= blocksOf(read(SOURCES[k].path));
  return cache[k];
};

const FONTS = {
  times: ["Times-Roman", "Times-Bold"],
  helvetica: ["Helvetica", "Helvetica-Bold"],
  dejavuserif: [
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
  ],
  libsans: [
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
  ],
  libnarrow: [
    "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Regular.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf",
  ],
  gentium: [
    "/usr/share/fonts/truetype/gentium/Gentium-R.ttf",
    "/usr/share/fonts/truetype/gentium/Gentium-R.ttf",
  ],
};

// name, text, skip blocks, words, font, size, columns, gutter (em), justify, rule, spanning
// headings every n (0: none), indent paragraphs (else gaps), page size
const DOCS = [
  ["libpng-two-justified-rule", "libpng", 0, 1500, "times", 10, 2, 0.9, true, true, 0, false, "A4"],
  ["libpng-three-narrow", "libpng", 40, 1900, "helvetica", 8.5, 3, 0.8, false, false, 0, false, "LETTER"],
  ["libpng-three-spans", "libpng", 90, 1800, "dejavuserif", 8, 3, 1.0, true, false, 3, true, "A4"],
  ["triggers-two-ragged", "triggers", 0, 1500, "libsans", 9.5, 2, 1.2, false, false, 0, false, "LETTER"],
  ["triggers-three-rule", "triggers", 30, 1700, "times", 9, 3, 0.7, true, true, 0, true, "A4"],
  ["triggers-two-spans", "triggers", 60, 1500, "gentium", 10, 2, 1.5, true, false, 2, true, "A4"],
  ["meintro-two-indent", "meintro", 0, 1500, "dejavuserif", 9, 2, 1.0, true, false, 0, true, "LETTER"],
  ["meintro-three-narrow-sans", "meintro", 20, 1800, "libnarrow", 9, 3, 0.9, false, true, 0, false, "A4"],
  [
    "meintro-three-spans-ragged",
    "meintro",
    45,
    1700,
    "helvetica",
    8.5,
    3,
    1.1,
    false,
    false,
    3,
    false,
    "LETTER",
  ],
  ["libpng-two-spans-sans", "libpng", 150, 1500, "libsans", 9, 2, 0.75, true, true, 2, false, "A4"],
];

const MARGIN = 54;

function make([
  name,
  src,
  skip,
  words,
  font,
  size,
  columns,
  gutterEm,
  justify,
  rule,
  spanEvery,
  indent,
  pageSize,
]) {
  let blocks = source(src).slice(skip);
  const chosen = [];
  let n = 0;
  for (const b of blocks) {
    if (n > words) break;
    chosen.push(b);
    n += nwords(b.text);
  }
  while (chosen.length && chosen[chosen.length - 1].kind === "heading") chosen.pop();
  blocks = [{ kind: "title", text: SOURCES[src].title }, ...chosen];

  const doc = new PDFDocument({ size: pageSize, margin: MARGIN, autoFirstPage: true });
  const chunks = [];
  doc.on("data", (c) => chunks.push(c));
  const [regular, bold] = FONTS[font];
  const W = doc.page.width;
  const H = doc.page.height;
  const left = MARGIN;
  const right = W - MARGIN;
  const top = MARGIN;
  const bottom = H - MARGIN;
  const gutter = gutterEm * size;
  const colWidth = (right - left - (columns - 1) * gutter) / columns;
  const lead = size * 1.22;
  let page = 1;

  const width = (f, s, t) => {
    doc.font(f).fontSize(s);
    return doc.widthOfString(t);
  };
  /** The block's lines: { words, x offset, width, font, size, justify, height, first, gapBefore }. */
  function lines(b, measure, f, s, gapBefore, firstIndent, hang, marker) {
    const space = width(f, s, " ");
    // A token wider than the column (an identifier, a path) is broken where it reaches the edge.
    const ws = [];
    for (const w of b.text.split(/\s+/).filter(Boolean)) {
      let rest = w;
      while (width(f, s, rest) > measure - Math.max(firstIndent, hang)) {
        let k = rest.length - 1;
        while (k > 1 && width(f, s, rest.slice(0, k)) > measure - Math.max(firstIndent, hang)) k--;
        ws.push(rest.slice(0, k));
        rest = rest.slice(k);
      }
      ws.push(rest);
    }
    const out = [];
    let cur = [];
    let curW = 0;
    const avail = (k) => measure - (k === 0 ? firstIndent : hang);
    for (const w of ws) {
      const ww = width(f, s, w);
      const add = cur.length ? space + ww : ww;
      if (cur.length && curW + add > avail(out.length)) {
        out.push({ words: cur, w: curW });
        cur = [w];
        curW = ww;
      } else {
        cur.push(w);
        curW += add;
      }
    }
    if (cur.length) out.push({ words: cur, w: curW });
    return out.map((l, k) => ({
      block: b,
      words: l.words,
      natural: l.w,
      dx: k === 0 ? firstIndent : hang,
      measure: avail(k),
      font: f,
      size: s,
      justify: justify && k < out.length - 1,
      height: s * 1.22,
      gapBefore: k === 0 ? gapBefore : 0,
      marker: k === 0 ? marker : null,
    }));
  }
  const columnLines = (b) => {
    if (b.kind === "heading") return lines(b, colWidth, bold, size * 1.1, size * 0.9, 0, 0, null);
    if (b.kind === "list-item") {
      const marker = /^\d/.test(b.text) ? null : "•";
      const hang = marker ? size * 1.2 : 0;
      return lines(b, colWidth, regular, size, size * 0.25, hang, hang, marker);
    }
    return lines(b, colWidth, regular, size, indent ? 0 : size * 0.5, indent ? size * 1.5 : 0, 0, null);
  };

  const placedPage = new Map();
  const drawLine = (l, x, y) => {
    if (!placedPage.has(l.block)) placedPage.set(l.block, page);
    doc.font(l.font).fontSize(l.size).fillColor("black");
    if (l.marker) doc.text(l.marker, x, y, { lineBreak: false });
    const extra = l.justify && l.words.length > 1 ? (l.measure - l.natural) / (l.words.length - 1) : 0;
    const space = width(l.font, l.size, " ");
    let at = x + l.dx;
    for (const w of l.words) {
      doc.font(l.font).fontSize(l.size).text(w, at, y, { lineBreak: false });
      at += width(l.font, l.size, w) + space + extra;
    }
  };
  const newPage = () => {
    doc
      .font(regular)
      .fontSize(size * 0.8)
      .text(String(page), 0, H - MARGIN * 0.6, { width: W, align: "center", lineBreak: false });
    doc.addPage({ size: pageSize, margin: MARGIN });
    page++;
    return top;
  };

  /** Flows a section's lines into the columns from y; returns the y below it. */
  function flow(ls, y) {
    let rest = ls;
    while (rest.length) {
      const avail = bottom - y;
      const heights = rest.map((l) => l.gapBefore + l.height);
      const total = heights.reduce((a, b) => a + b, 0);
      // Fill one column up to `limit`: lines taken; a gap before a column's first line is dropped.
      const fill = (from, limit) => {
        let h = 0;
        let k = from;
        while (k < rest.length) {
          const add = (k === from ? 0 : rest[k].gapBefore) + rest[k].height;
          if (h + add > limit + 0.01) break;
          h += add;
          k++;
        }
        return k;
      };
      let limit = avail;
      if (total <= columns * avail) {
        // Balanced: the least column height that takes every line.
        limit = Math.max(lead, total / columns - lead);
        for (;;) {
          let k = 0;
          for (let c = 0; c < columns; c++) k = fill(k, limit);
          if (k >= rest.length || limit >= avail) break;
          limit += 1;
        }
      }
      let k = 0;
      let lowest = y;
      const starts = [];
      for (let c = 0; c < columns; c++) {
        const end = fill(k, limit);
        starts.push(k);
        let yy = y;
        for (let i = k; i < end; i++) {
          if (i > k) yy += rest[i].gapBefore;
          drawLine(rest[i], left + c * (colWidth + gutter), yy);
          yy += rest[i].height;
        }
        lowest = Math.max(lowest, yy);
        k = end;
      }
      if (rule)
        for (let c = 1; c < columns; c++) {
          const x = left + c * (colWidth + gutter) - gutter / 2;
          doc
            .moveTo(x, y)
            .lineTo(x, lowest - lead * 0.2)
            .lineWidth(0.5)
            .strokeColor("#444")
            .stroke();
        }
      rest = rest.slice(k);
      if (rest.length) y = newPage();
      else y = lowest;
    }
    return y;
  }
  /** A block set across the page, from y. */
  function across(b, y, s, f) {
    const ls = lines(b, right - left, f, s, 0, 0, 0, null);
    const need = ls.reduce((a, l) => a + l.height, 0) + s * 1.2;
    if (y + need + 3 * lead > bottom) y = newPage();
    y += y > top ? s * 0.6 : 0;
    for (const l of ls) {
      drawLine(l, left, y);
      y += l.height;
    }
    return y + s * 0.6;
  }

  let y = top;
  let section = [];
  let headings = 0;
  for (const b of blocks) {
    if (b.kind === "title") {
      y = across(b, y, size * 2, bold);
      continue;
    }
    const spans = b.kind === "heading" && spanEvery > 0 && headings++ % spanEvery === 0;
    if (spans) {
      y = flow(section, y);
      section = [];
      y = across(b, y, size * 1.35, bold);
    } else section.push(...columnLines(b));
  }
  flow(section, y);
  doc
    .font(regular)
    .fontSize(size * 0.8)
    .text(String(page), 0, H - MARGIN * 0.6, { width: W, align: "center", lineBreak: false });
  doc.end();
  return new Promise((resolve) =>
    doc.on("end", () => {
      writeFileSync(path.join(out, `${name}.pdf`), Buffer.concat(chunks));
      const truth = {
        source: `${src}: ${SOURCES[src].path} (Debian)`,
        generator: `PDFKit 0.15 with its own line breaking and column flow (bench/layout/make-corpus-pdfkit-check.mjs): ${pageSize}, ${font} ${size} pt, ${columns} columns, ${gutterEm} em gutter, ${justify ? "justified" : "ragged right"}${rule ? ", column rules" : ""}${spanEvery ? `, every ${spanEvery === 1 ? "" : `${spanEvery}th `}heading across the columns` : ""}`,
        columns,
        pages: page,
        blocks: blocks.map((b) => ({ kind: b.kind, text: b.text, page: placedPage.get(b) ?? page })),
      };
      writeFileSync(path.join(out, `${name}.json`), `${JSON.stringify(truth, null, 2)}\n`);
      resolve();
    }),
  );
}

import { mkdirSync } from "node:fs";

mkdirSync(out, { recursive: true });
for (const d of DOCS) await make(d);
console.log(`wrote ${DOCS.length} documents to ${out}`);
