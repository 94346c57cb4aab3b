// biome-ignore-all lint/suspicious/useIterableCallbackReturn: the drawing helpers' results are not used
// Writes bench/layout/corpus-jspdf-check: a CHECK set (never tuned on) of prose with the elements
// that word processors and web pages set beside each other without making a table: hanging list
// numbers, definition lists, headings with a date set right on their line, three-part running
// heads and feet, footnotes, captions under side-by-side figures, a letterhead of two short
// columns, addresses side by side, a contents list with dot leaders, a pull quote in a side
// column, drop caps, and columns on one baseline grid (each line pair looks like a row). Drawn
// with jsPDF 2 (a tool no held-out set uses), line by line from our own line breaking; texts are
// upstream NEWS files (prose-elements-texts.mjs). Every block's page is known as it is drawn.
// Run: NODE_PATH=/work/tools/jspdf/node_modules node bench/layout/make-corpus-jspdf-check.mjs

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { clean, limit, news, rng } from "./prose-elements-texts.mjs";

const require = createRequire(import.meta.url);
const { jsPDF } = require("jspdf");

const OUT = path.join(import.meta.dirname, "corpus-jspdf-check");
const TT = "/usr/share/fonts/truetype";
const FONTS = {
  dejavu: [
    `${TT}/dejavu/DejaVuSans.ttf`,
    `${TT}/dejavu/DejaVuSans-Bold.ttf`,
    `${TT}/dejavu/DejaVuSans-Oblique.ttf`,
  ],
  libserif: [
    `${TT}/liberation/LiberationSerif-Regular.ttf`,
    `${TT}/liberation/LiberationSerif-Bold.ttf`,
    `${TT}/liberation/LiberationSerif-Italic.ttf`,
  ],
  notoserif: [
    `${TT}/noto/NotoSerif-Regular.ttf`,
    `${TT}/noto/NotoSerif-Bold.ttf`,
    `${TT}/noto/NotoSerif-Italic.ttf`,
  ],
  narrow: [
    `${TT}/liberation/LiberationSansNarrow-Regular.ttf`,
    `${TT}/liberation/LiberationSansNarrow-Bold.ttf`,
    `${TT}/liberation/LiberationSansNarrow-Italic.ttf`,
  ],
};
const NEWS = (p) => `/usr/share/doc/${p}/NEWS.gz`;

/** A document's style and the elements it carries. */
const DOCS = [
  {
    name: "coreutils-two-hanging-footnotes",
    src: "coreutils",
    font: "times",
    size: 10,
    cols: 2,
    gap: 20,
    justify: true,
    page: "a4",
    footnotes: 2,
    header: 3,
    words: 1700,
  },
  {
    name: "gnupg-three-definitions",
    src: "gnupg",
    font: "dejavu",
    size: 8.5,
    cols: 3,
    gap: 12,
    justify: false,
    page: "letter",
    defs: true,
    header: 2,
    words: 1800,
  },
  {
    name: "e2fsprogs-letter-addresses",
    src: "e2fsprogs",
    font: "libserif",
    size: 10.5,
    cols: 1,
    gap: 0,
    justify: false,
    page: "letter",
    letter: true,
    words: 900,
  },
  {
    name: "gdb-contents-two",
    src: "gdb",
    font: "helvetica",
    size: 9.5,
    cols: 2,
    gap: 16,
    justify: false,
    page: "a4",
    toc: true,
    header: 3,
    words: 1600,
  },
  {
    name: "dbus-grid-aligned",
    src: "dbus",
    font: "narrow",
    size: 9.5,
    cols: 2,
    gap: 11,
    justify: false,
    page: "a4",
    grid: true,
    words: 1600,
  },
  {
    name: "python-figures-captions",
    src: "python3.11",
    font: "notoserif",
    size: 9,
    cols: 2,
    gap: 18,
    justify: true,
    page: "letter",
    figures: 2,
    header: 3,
    words: 1500,
  },
  {
    name: "gnutls-pullquote-side",
    src: "libgnutls30",
    font: "libserif",
    size: 10,
    cols: 1,
    gap: 0,
    justify: true,
    page: "a4",
    side: true,
    words: 1200,
  },
  {
    name: "coreutils-dropcaps-three",
    src: "coreutils",
    skip: 60,
    font: "dejavu",
    size: 8,
    cols: 3,
    gap: 14,
    justify: true,
    page: "a4",
    dropcaps: true,
    header: 3,
    words: 1900,
  },
  {
    name: "gnupg-dated-headings",
    src: "gnupg",
    skip: 60,
    font: "times",
    size: 10,
    cols: 2,
    gap: 22,
    justify: false,
    page: "letter",
    dated: true,
    footnotes: 1,
    words: 1500,
  },
  {
    name: "e2fsprogs-numbered-two",
    src: "e2fsprogs",
    skip: 60,
    font: "narrow",
    size: 10,
    cols: 2,
    gap: 14,
    justify: true,
    page: "letter",
    numbered: true,
    header: 2,
    words: 1500,
  },
];

function makeDoc(d, seed) {
  const rand = rng(seed);
  const doc = new jsPDF({ unit: "pt", format: d.page });
  const W = doc.internal.pageSize.getWidth();
  const H = doc.internal.pageSize.getHeight();
  let family = d.font;
  const styles = { normal: "normal", bold: "bold", italic: "italic" };
  if (FONTS[d.font]) {
    const [r, b, i] = FONTS[d.font];
    for (const [file, st] of [
      [r, "normal"],
      [b, "bold"],
      [i, "italic"],
    ]) {
      doc.addFileToVFS(`${d.font}-${st}.ttf`, readFileSync(file).toString("base64"));
      doc.addFont(`${d.font}-${st}.ttf`, d.font, st);
    }
  } else family = d.font;
  const set = (size, st = "normal") => {
    doc.setFont(family, styles[st]);
    doc.setFontSize(size);
  };
  const widthOf = (s, size, st) => {
    set(size, st);
    return doc.getTextWidth(s);
  };
  const put = (s, x, y, size, st = "normal") => {
    set(size, st);
    doc.text(s, x, y, { baseline: "alphabetic" });
  };
  /** Words broken into lines of at most `w` points. */
  const wrap = (text, w, size, st = "normal", firstIndent = 0, indentLines = 0) => {
    const words = text.split(" ").filter(Boolean);
    const lines = [];
    let cur = [];
    const avail = () => w - (lines.length < indentLines ? firstIndent : lines.length === 0 ? firstIndent : 0);
    for (const word of words) {
      const tryLine = [...cur, word].join(" ");
      if (cur.length && widthOf(tryLine, size, st) > avail()) {
        lines.push(cur);
        cur = [word];
      } else cur.push(word);
    }
    if (cur.length) lines.push(cur);
    return lines;
  };
  /** A line drawn at x, its words spread over `w` when justified. */
  const line = (words, x, y, w, size, st, justify) => {
    if (!justify || words.length < 2) return put(words.join(" "), x, y, size, st);
    const total = words.reduce((n, s) => n + widthOf(s, size, st), 0);
    const gap = (w - total) / (words.length - 1);
    if (gap > 3 * size) return put(words.join(" "), x, y, size, st);
    let at = x;
    for (const s of words) {
      put(s, at, y, size, st);
      at += widthOf(s, size, st) + gap;
    }
  };

  const size = d.size;
  const lead = Math.round(size * 1.3 * 10) / 10;
  const margin = d.page === "a4" ? 56 : 54;
  const truth = [];
  let pageNo = 1;
  const headerParts = ["Release notes", d.src, "Quarterly digest"];
  const decorate = () => {
    if (!d.header) return;
    set(size - 1.5);
    const parts =
      d.header === 3 ? [headerParts[1], headerParts[0], `Page ${pageNo}`] : [headerParts[1], `${pageNo}`];
    put(parts[0], margin, margin - 18, size - 1.5);
    if (parts.length === 3)
      put(parts[1], W / 2 - widthOf(parts[1], size - 1.5) / 2, margin - 18, size - 1.5, "italic");
    const last = parts[parts.length - 1];
    put(last, W - margin - widthOf(last, size - 1.5), margin - 18, size - 1.5);
    doc.setLineWidth(0.4);
    doc.line(margin, margin - 12, W - margin, margin - 12);
    // A foot in three parts too.
    const foot = [`Printed from ${d.src} NEWS`, "Not for distribution", `${pageNo}`];
    put(foot[0], margin, H - margin + 24, size - 2);
    put(foot[1], W / 2 - widthOf(foot[1], size - 2) / 2, H - margin + 24, size - 2);
    put(foot[2], W - margin - widthOf(foot[2], size - 2), H - margin + 24, size - 2);
  };
  decorate();

  // Columns of the running part: the text width cut into cols with gaps, or a main column and a
  // side column for pull quotes.
  const textW = W - 2 * margin;
  let columns;
  if (d.side) {
    const sideW = textW * 0.28;
    columns = [{ x: margin, w: textW - sideW - 20 }];
    columns.side = { x: margin + textW - sideW, w: sideW };
  } else {
    const cw = (textW - (d.cols - 1) * d.gap) / d.cols;
    columns = Array.from({ length: d.cols }, (_, k) => ({ x: margin + k * (cw + d.gap), w: cw }));
  }
  let top = margin + 6;
  let bottom = H - margin;
  let col = 0;
  let y = top;
  // Footnotes of this page, drawn when it ends.
  let notes = [];
  const footnoteTexts = [];
  const newPage = () => {
    drawNotes();
    doc.addPage(d.page);
    pageNo++;
    decorate();
    top = margin + 6;
    bottom = H - margin;
    col = 0;
    y = top;
    sideDone = false;
  };
  const drawNotes = () => {
    if (!notes.length) return;
    let ny = H - margin - notes.reduce((n, t) => n + t.lines.length * (size - 1) * 1.25 + 2, 0);
    doc.setLineWidth(0.4);
    doc.line(margin, ny - 8, margin + 90, ny - 8);
    for (const n of notes) {
      put(String(n.mark), margin, ny + (size - 1) * 0.9 - 3, size - 3);
      n.lines.forEach((ws, k) => {
        put(ws.join(" "), margin + 8, ny + (size - 1) * (0.9 + 1.25 * k), size - 1);
      });
      ny += n.lines.length * (size - 1) * 1.25 + 2;
    }
    notes = [];
  };
  let sideDone = false;
  /** Room for `h` points in the current column, moving on to the next column or page. */
  const room = (h) => {
    if (y + h <= bottom) return;
    col++;
    if (col >= columns.length) newPage();
    else y = top;
  };

  /** Flows lines (each an op with a height) into the columns; the block's page is its first line's. */
  const flow = (kind, text, ops, keep = 1) => {
    const need = ops.slice(0, keep).reduce((n, o) => n + o.h, 0);
    room(need);
    truth.push({ page: pageNo, kind, text: clean(text) });
    for (const o of ops) {
      room(o.h);
      const c = columns[col];
      o.draw(c.x, y, c.w);
      y += o.h;
    }
  };
  const textOps = (text, st, sz, justify, opts = {}) => {
    const c = columns[0];
    const indent = opts.indent ?? 0;
    const lines = wrap(text, c.w - indent, sz, st, opts.cap ?? 0, opts.capLines ?? 0);
    return lines.map((ws, k) => ({
      h: k === 0 ? sz * 1.3 : sz * 1.3,
      draw: (x, yy, w) => {
        const off = opts.cap && k < opts.capLines ? opts.cap : 0;
        line(ws, x + indent + off, yy + sz, w - indent - off, sz, st, justify && k < lines.length - 1);
      },
    }));
  };
  const space = (h) => ({ h, draw: () => {} });

  // The first page's spanning parts: a title, and per document a letterhead, addresses side by
  // side, or a contents list, set across the text width before the columns begin.
  const title = clean(`${d.src} news: ${DOCS.indexOf(d) % 2 ? "what changed" : "release notes and fixes"}`);
  const blocks = limit(news(NEWS(d.src), 200).slice(d.skip ?? 0), d.words);
  if (d.letter) {
    const left = [
      "Debian Packaging Team",
      "Release Coordination Office",
      "12 Harbour Lane",
      "Cardiff CF10 4AB",
    ];
    const right = ["Telephone 029 2018 4471", "Reference EF/1470/23", "February 5, 2023"];
    left.forEach((s, k) => put(s, margin, y + size + k * lead, size, k === 0 ? "bold" : "normal"));
    right.forEach((s, k) => put(s, W - margin - widthOf(s, size), y + size + k * lead, size));
    truth.push(
      { page: 1, kind: "paragraph", text: left.join(" ") },
      { page: 1, kind: "paragraph", text: right.join(" ") },
    );
    y += 5 * lead + 10;
    const to = ["To: the maintainers", "of the file system tools", "by electronic mail"];
    const from = ["From: the release team", "for the stable update", "copied to the archive"];
    to.forEach((s, k) => put(s, margin, y + size + k * lead, size));
    from.forEach((s, k) => put(s, margin + textW / 2 + 10, y + size + k * lead, size));
    truth.push(
      { page: 1, kind: "paragraph", text: to.join(" ") },
      { page: 1, kind: "paragraph", text: from.join(" ") },
    );
    y += 4 * lead + 12;
  }
  put(title, margin, y + size * 1.8, size * 1.8, "bold");
  truth.push({ page: 1, kind: "title", text: title });
  y += size * 1.8 * 1.6 + 6;
  if (d.toc) {
    const heads = blocks.filter((b) => b.kind === "heading").slice(0, 7);
    put("Contents", margin, y + size * 1.2, size * 1.2, "bold");
    truth.push({ page: 1, kind: "heading", text: "Contents" });
    y += size * 1.2 * 1.6;
    heads.forEach((h, k) => {
      const pg = String(1 + Math.floor(k / 2) + 1);
      const label = `${k + 1}  ${h.text}`.slice(0, 70);
      put(label, margin + 10, y + size, size);
      put(pg, W - margin - widthOf(pg, size), y + size, size);
      const from = margin + 14 + widthOf(label, size);
      const to = W - margin - widthOf(pg, size) - 6;
      let dots = "";
      while (widthOf(`${dots}. `, size) < to - from) dots += ". ";
      put(dots, from, y + size, size);
      truth.push({ page: 1, kind: "list-item", text: `${k + 1} ${h.text.slice(0, 60)}` });
      y += lead;
    });
    y += 10;
  }
  top = y;

  // The running part.
  let para = 0;
  let item = 0;
  let afterHeading = false;
  let notesLeft = d.footnotes ?? 0;
  let figuresLeft = d.figures ?? 0;
  for (const b of blocks) {
    if (b.kind === "heading") {
      const hs = d.grid ? size : size * 1.15;
      const ops = [];
      if (!d.grid) ops.push(space(lead * 0.6));
      const date = d.dated ? (/\(([^)]*)\)/.exec(b.text)?.[1] ?? "") : "";
      const name = d.dated && date ? clean(b.text.replace(/\([^)]*\)/, "")) : b.text;
      const hl = wrap(name, columns[0].w - (date ? widthOf(date, hs) + 12 : 0), hs, "bold");
      hl.forEach((ws, k) =>
        ops.push({
          h: d.grid ? lead : hs * 1.3,
          draw: (x, yy, w) => {
            put(ws.join(" "), x, yy + hs, hs, "bold");
            if (date && k === 0) put(date, x + w - widthOf(date, hs), yy + hs, hs);
          },
        }),
      );
      if (d.grid) ops.push(space(lead));
      flow("heading", date ? `${name} ${date}` : b.text, ops, ops.length + 2);
      afterHeading = true;
      continue;
    }
    const isItem = b.kind === "item" || (d.numbered && para % 3 === 2) || (d.defs && para % 2 === 1);
    if (isItem) {
      item++;
      if (d.defs) {
        // A definition: the term (the text's first words up to a colon, or two words) at the
        // left, its description beside it on the term's first baseline.
        const m = /^([^:]{2,24}):\s+(.*)$/.exec(b.text);
        const term = m ? m[1] : b.text.split(" ").slice(0, 2).join(" ");
        const rest = m ? m[2] : b.text.split(" ").slice(2).join(" ");
        const tw = columns[0].w * 0.3;
        const ops = textOps(rest, "normal", size, false, { indent: tw });
        const first = ops[0];
        ops[0] = {
          h: first.h,
          draw: (x, yy, w) => {
            put(term, x, yy + size, size, "bold");
            first.draw(x, yy, w);
          },
        };
        ops.push(space(lead * 0.4));
        flow("list-item", `${term} ${rest}`, ops, 2);
      } else {
        const label = d.numbered ? `${item}.` : b.label === "•" ? (rand() < 0.5 ? "•" : "–") : b.label;
        const ind = Math.max(widthOf(label, size) + 6, size * 1.6);
        const ops = textOps(b.text, "normal", size, d.justify, { indent: ind });
        const first = ops[0];
        ops[0] = {
          h: first.h,
          draw: (x, yy, w) => {
            put(label, x + (d.numbered ? ind - 5 - widthOf(label, size) : 0), yy + size, size);
            first.draw(x, yy, w);
          },
        };
        ops.push(space(d.grid ? lead : lead * 0.3));
        flow("list-item", b.text, ops, 2);
      }
      para++;
      continue;
    }
    para++;
    // A paragraph, with a drop cap after a heading when the style has them.
    if (d.dropcaps && afterHeading && /^[A-Z][a-z]/.test(b.text)) {
      const capSize = size * 3.4;
      const capW = widthOf(b.text[0], capSize, "bold") + 3;
      const ops = textOps(b.text.slice(1), "normal", size, d.justify, { cap: capW, capLines: 3 });
      const first = ops[0];
      ops[0] = {
        h: first.h,
        draw: (x, yy, w) => {
          put(b.text[0], x, yy + 2.65 * lead - 2, capSize, "bold");
          first.draw(x, yy, w);
        },
      };
      ops.push(space(lead * 0.5));
      flow("paragraph", b.text, ops, 3);
    } else {
      const ops = textOps(b.text, "normal", size, d.justify);
      ops.push(space(d.grid ? lead : lead * 0.5));
      flow("paragraph", b.text, ops, 2);
    }
    afterHeading = false;
    // A footnote on this page for some paragraphs.
    if (notesLeft > 0 && para % 4 === 1) {
      notesLeft--;
      const n = footnoteTexts.length + 1;
      const text = `See the upstream release announcement for the full list of changes in this part, and the bug tracker for number ${1200 + n * 37}.`;
      footnoteTexts.push(text);
      const nl = wrap(text, textW - 8, size - 1);
      notes.push({ mark: n, lines: nl });
      bottom -= nl.length * (size - 1) * 1.25 + 2 + (notes.length === 1 ? 14 : 0);
      truth.push({ page: pageNo, kind: "footnote", text: `${n} ${text}` });
    }
    // Figures side by side with their captions, across the column.
    if (figuresLeft > 0 && para % 5 === 3) {
      figuresLeft--;
      const caps = [
        `Figure ${2 * (d.figures - figuresLeft) - 1}. Build times before the change`,
        `Figure ${2 * (d.figures - figuresLeft)}. Build times after the change`,
      ];
      const c = columns[col];
      const fw = (c.w - 10) / 2;
      const fh = fw * 0.7;
      const capLines = caps.map((s) => wrap(s, fw, size - 1, "italic"));
      const h = fh + 4 + Math.max(...capLines.map((l) => l.length)) * (size - 1) * 1.25 + 8;
      room(h);
      const cc = columns[col];
      for (let k = 0; k < 2; k++) {
        const fx = cc.x + k * (fw + 10);
        doc.setFillColor(225);
        doc.rect(fx, y, fw, fh, "F");
        capLines[k].forEach((ws, j) =>
          put(ws.join(" "), fx, y + fh + 4 + (size - 1) * (1 + 1.25 * j), size - 1, "italic"),
        );
        truth.push({ page: pageNo, kind: "caption", text: caps[k] });
      }
      y += h;
    }
    // A pull quote in the side column, level with this paragraph's end.
    if (columns.side && !sideDone && para % 3 === 2) {
      sideDone = true;
      const q = clean(b.text.split(/(?<=[.!?])\s/)[0]).slice(0, 140);
      const qs = size * 1.3;
      const ql = wrap(`“${q}”`, columns.side.w, qs, "italic");
      let qy = Math.max(top, y - ql.length * qs * 1.25 - 20);
      if (qy + ql.length * qs * 1.3 > bottom) qy = top;
      doc.setLineWidth(1.2);
      doc.line(columns.side.x, qy, columns.side.x + 40, qy);
      ql.forEach((ws, k) => put(ws.join(" "), columns.side.x, qy + 8 + qs * (1 + 1.25 * k), qs, "italic"));
      truth.push({ page: pageNo, kind: "quote", text: `“${q}”` });
    }
  }
  drawNotes();
  return { pdf: Buffer.from(doc.output("arraybuffer")), truth, pages: pageNo };
}

mkdirSync(OUT, { recursive: true });
DOCS.forEach((d, k) => {
  const { pdf, truth, pages } = makeDoc(d, 4100 + k);
  writeFileSync(path.join(OUT, `${d.name}.pdf`), pdf);
  const source = `/usr/share/doc/${d.src}/NEWS.gz (upstream NEWS, the package's licence: /usr/share/doc/${d.src}/copyright)`;
  const generator = `jsPDF 2 (bench/layout/make-corpus-jspdf-check.mjs): ${d.page}, ${d.font} ${d.size} pt, ${d.side ? "a main column and a side column" : `${d.cols} column(s), ${d.gap} pt gap`}, ${d.justify ? "justified" : "ragged right"}`;
  writeFileSync(
    path.join(OUT, `${d.name}.json`),
    `${JSON.stringify({ source, generator, columns: d.side ? 2 : d.cols, pages, blocks: truth }, null, 2)}\n`,
  );
  console.log(d.name, pages, "pages", truth.length, "blocks");
});
