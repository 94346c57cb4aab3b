// Writes a second layout tuning corpus (bench/layout/corpus-drawn): multi-column prose with no
// table, drawn line by line with pdf-lib (no browser), so that its layouts owe nothing to CSS
// columns: narrow gutters with and without a rule, justified text with hyphenation, footnotes in
// several styles, in-column and spanning pull quotes, boxed sidebars, figures with captions above
// or below, running heads and folios, section headings across the columns mid-page, lists, and
// columns balanced on a section's or the document's short last page.
// Run: npx tsx bench/layout/make-drawn-corpus.ts [out dir]
//
// Text is flowed into "bands": a band is the stretch of a page between spanning elements; a
// section's lines fill its band's columns top to bottom, and when the rest of the section fits in
// the band the columns are balanced, so a spanning element can follow mid-page.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { changelog, licence, type SourceBlock } from "./corpus-texts.ts";

type FontSet = { regular: StandardFonts; bold: StandardFonts; italic: StandardFonts };
const TIMES: FontSet = {
  regular: StandardFonts.TimesRoman,
  bold: StandardFonts.TimesRomanBold,
  italic: StandardFonts.TimesRomanItalic,
};
const HELV: FontSet = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  italic: StandardFonts.HelveticaOblique,
};
const COURIER: FontSet = {
  regular: StandardFonts.Courier,
  bold: StandardFonts.CourierBold,
  italic: StandardFonts.CourierOblique,
};

type FootnoteStyle = "numbered" | "superscript" | "spanning" | "last-column";
type Style = {
  fonts: FontSet;
  size: number;
  leading: number; // line height over size
  columns: number;
  gutter: number;
  rule: boolean;
  justify: boolean;
  hyphenate: boolean;
  page: [number, number];
  margin: number;
  indent: number; // first-line indent (0: a blank line between paragraphs instead)
  footnotes: FootnoteStyle;
  captionAbove: boolean;
  spanQuotes: boolean; // pull quotes across the columns, else in a column
};
type Extras = { quotes: number; figures: number; sidebars: number; footnotes: number; sections: number };
type Doc = {
  name: string;
  title: string;
  source: string;
  blocks: SourceBlock[];
  style: Style;
  extras: Extras;
  maxPages: number;
};
type TruthBlock = { page: number; kind: string; text: string };

const L = "/usr/share/common-licenses";
const CL = (pkg: string) => `/usr/share/doc/${pkg}/changelog.Debian.gz`;
const base: Style = {
  fonts: TIMES,
  size: 9.5,
  leading: 1.22,
  columns: 2,
  gutter: 12,
  rule: false,
  justify: true,
  hyphenate: true,
  page: [595, 842],
  margin: 50,
  indent: 10,
  footnotes: "numbered",
  captionAbove: false,
  spanQuotes: false,
};
const docs: Doc[] = [
  {
    name: "gpl2-drawn-times-two-narrow-rule",
    title: "GNU General Public License, Version 2",
    source: `${L}/GPL-2: GPL text, copyright the Free Software Foundation (verbatim copying permitted)`,
    blocks: licence(`${L}/GPL-2`),
    style: { ...base, gutter: 9, rule: true },
    extras: { quotes: 2, figures: 1, sidebars: 0, footnotes: 3, sections: 1 },
    maxPages: 3,
  },
  {
    name: "artistic-drawn-helvetica-three-ragged",
    title: "The Artistic License",
    source: `${L}/Artistic: Artistic License text (redistributable verbatim)`,
    blocks: licence(`${L}/Artistic`),
    style: {
      ...base,
      fonts: HELV,
      size: 8,
      columns: 3,
      gutter: 10,
      justify: false,
      hyphenate: false,
      page: [612, 792],
      indent: 0,
      footnotes: "superscript",
      captionAbove: true,
    },
    extras: { quotes: 1, figures: 1, sidebars: 1, footnotes: 2, sections: 1 },
    maxPages: 3,
  },
  {
    name: "lgpl2-drawn-times-three-spanning",
    title: "GNU Library General Public License, Version 2",
    source: `${L}/LGPL-2: LGPL text, copyright the Free Software Foundation (verbatim copying permitted)`,
    blocks: licence(`${L}/LGPL-2`),
    style: { ...base, size: 8.5, columns: 3, gutter: 11, footnotes: "spanning", spanQuotes: true },
    extras: { quotes: 2, figures: 1, sidebars: 0, footnotes: 2, sections: 2 },
    maxPages: 4,
  },
  {
    name: "bsd-cc0-drawn-courier-two",
    title: "BSD and CC0 notices",
    source: `${L}/BSD and ${L}/CC0-1.0 (redistributable verbatim)`,
    blocks: [...licence(`${L}/BSD`), ...licence(`${L}/CC0-1.0`)],
    style: {
      ...base,
      fonts: COURIER,
      size: 8,
      gutter: 12,
      justify: false,
      hyphenate: false,
      indent: 0,
      footnotes: "last-column",
      captionAbove: true,
    },
    extras: { quotes: 1, figures: 1, sidebars: 1, footnotes: 2, sections: 1 },
    maxPages: 3,
  },
  {
    name: "changelogs-drawn-helvetica-two",
    title: "Recent changes: coreutils, bash",
    source: `${CL("coreutils")} and ${CL("bash")} (Debian changelogs)`,
    blocks: [...changelog(CL("coreutils"), 6), ...changelog(CL("bash"), 6)],
    style: {
      ...base,
      fonts: HELV,
      size: 8.5,
      gutter: 8,
      rule: true,
      justify: false,
      hyphenate: false,
      indent: 0,
      page: [612, 792],
      footnotes: "numbered",
    },
    extras: { quotes: 0, figures: 0, sidebars: 1, footnotes: 1, sections: 1 },
    maxPages: 2,
  },
  {
    name: "gpl1-drawn-times-four-a3",
    title: "GNU General Public License, Version 1",
    source: `${L}/GPL-1: GPL text, copyright the Free Software Foundation (verbatim copying permitted)`,
    blocks: licence(`${L}/GPL-1`),
    style: {
      ...base,
      size: 9,
      columns: 4,
      gutter: 12,
      page: [842, 1191],
      margin: 56,
      footnotes: "spanning",
      captionAbove: true,
      spanQuotes: true,
    },
    extras: { quotes: 1, figures: 1, sidebars: 1, footnotes: 2, sections: 1 },
    maxPages: 2,
  },
  {
    name: "gfdl12-drawn-helvetica-two-wide",
    title: "GNU Free Documentation License, Version 1.2",
    source: `${L}/GFDL-1.2: GFDL text, copyright the Free Software Foundation (verbatim copying permitted)`,
    blocks: licence(`${L}/GFDL-1.2`),
    style: {
      ...base,
      fonts: HELV,
      size: 9,
      gutter: 24,
      justify: true,
      hyphenate: true,
      indent: 0,
      footnotes: "superscript",
    },
    extras: { quotes: 2, figures: 1, sidebars: 1, footnotes: 3, sections: 2 },
    maxPages: 3,
  },
];

/** Characters the standard fonts cannot encode (WinAnsi) replaced. */
function encodable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, "-")]
    .map((c) => (known.has(c.codePointAt(0) ?? 0) ? c : "?"))
    .join("")
    .replace(/\?+/g, "");
}

/** A cut inside a word a typesetter might choose: after a vowel, both halves at least 3 letters. */
function hyphenAt(word: string): number[] {
  const out: number[] = [];
  for (let i = word.length - 4; i >= 3; i--)
    if (/[aeiouy]/i.test(word[i - 1] ?? "") && /[a-z]/i.test(word[i] ?? "") && /^[a-z]+$/i.test(word))
      out.push(i);
  return out;
}

type Line = { words: string[]; last: boolean; indent: number };

/** A paragraph broken into lines of a width, greedily, hyphenating a word that would not fit. */
function breakLines(
  text: string,
  font: PDFFont,
  size: number,
  width: number,
  indent: number,
  hyphenate: boolean,
): Line[] {
  const lines: Line[] = [];
  const queue = text.split(/\s+/).filter(Boolean);
  let cur: string[] = [];
  let ind = indent;
  const w = (ws: string[]) => font.widthOfTextAtSize(ws.join(" "), size);
  while (queue.length) {
    const word = queue.shift() as string;
    if (w([...cur, word]) + ind <= width) {
      cur.push(word);
      continue;
    }
    if (hyphenate && cur.length) {
      const cut = hyphenAt(word).find((i) => w([...cur, `${word.slice(0, i)}-`]) + ind <= width);
      if (cut) {
        cur.push(`${word.slice(0, cut)}-`);
        queue.unshift(word.slice(cut));
        lines.push({ words: cur, last: false, indent: ind });
        cur = [];
        ind = 0;
        continue;
      }
    }
    if (!cur.length) {
      cur.push(word);
      continue;
    }
    lines.push({ words: cur, last: false, indent: ind });
    cur = [word];
    ind = 0;
  }
  if (cur.length) lines.push({ words: cur, last: true, indent: ind });
  return lines;
}

/** One thing placed in a column: a text line, a gap, or a drawn item of a fixed height. */
type Item =
  | {
      t: "line";
      line: Line;
      font: PDFFont;
      size: number;
      lead: number;
      justify: boolean;
      x0: number;
      truth?: TruthBlock;
    }
  | { t: "gap"; h: number }
  | {
      t: "box";
      h: number;
      draw: (page: PDFPage, x: number, top: number, width: number) => void;
      truth: TruthBlock[];
    };

class Writer {
  pdf: PDFDocument;
  page!: PDFPage;
  pageNo = 0;
  y = 0;
  truth: TruthBlock[] = [];
  fonts: { regular: PDFFont; bold: PDFFont; italic: PDFFont };
  footArea = 0;
  constructor(
    pdf: PDFDocument,
    fonts: { regular: PDFFont; bold: PDFFont; italic: PDFFont },
    readonly s: Style,
    readonly title: string,
    readonly footnotes: string[][],
  ) {
    this.pdf = pdf;
    this.fonts = fonts;
  }
  get colWidth() {
    const inner = this.s.page[0] - 2 * this.s.margin;
    return (inner - (this.s.columns - 1) * this.s.gutter) / this.s.columns;
  }
  get bottom() {
    return this.s.margin + this.footArea;
  }
  /** A new page: running head, folio, and this page's footnotes (kept for after its body). */
  newPage() {
    this.page = this.pdf.addPage(this.s.page);
    this.pageNo++;
    const { regular, italic } = this.fonts;
    const [W, H] = this.s.page;
    const m = this.s.margin;
    this.page.drawText(encodable(italic, this.title), { x: m, y: H - m + 18, size: 7.5, font: italic });
    this.page.drawLine({ start: { x: m, y: H - m + 14 }, end: { x: W - m, y: H - m + 14 }, thickness: 0.4 });
    const folio = String(this.pageNo);
    const fx = this.pageNo % 2 ? W - m - regular.widthOfTextAtSize(folio, 8) : m;
    this.page.drawText(folio, { x: fx, y: m - 24, size: 8, font: regular });
    this.y = H - m;
    this.footArea = 0;
  }
  /** Footnotes at the page's foot in the document's style; the body stops above them. */
  placeFootnotes(notes: { n: number; text: string }[]) {
    if (!notes.length) return;
    const { regular } = this.fonts;
    const size = this.s.size * 0.8;
    const lead = size * 1.2;
    const m = this.s.margin;
    const spanning = this.s.footnotes === "spanning";
    const width = spanning ? this.s.page[0] - 2 * m : this.colWidth;
    const x =
      this.s.footnotes === "last-column" ? m + (this.s.columns - 1) * (this.colWidth + this.s.gutter) : m;
    const laid = notes.map((f) => {
      const mark = this.s.footnotes === "superscript" ? "" : `${f.n}. `;
      return {
        f,
        mark,
        lines: breakLines(encodable(regular, mark + f.text), regular, size, width - 8, 0, false),
      };
    });
    const height = laid.reduce((h, l) => h + l.lines.length * lead + 2, 0) + 10;
    this.footArea = height;
    let y = m + height - 6;
    this.page.drawLine({
      start: { x, y: y + 2 },
      end: { x: x + Math.min(width, 60), y: y + 2 },
      thickness: 0.5,
    });
    for (const l of laid) {
      this.truth.push({
        page: this.pageNo,
        kind: "footnote",
        text: l.mark ? `${l.f.n}. ${l.f.text}` : l.f.text,
      });
      if (!l.mark)
        this.page.drawText(String(l.f.n), { x, y: y - size * 0.9 + 3, size: size * 0.65, font: regular });
      for (const line of l.lines) {
        y -= lead;
        this.page.drawText(line.words.join(" "), { x: x + (l.mark ? 0 : 6), y, size, font: regular });
      }
      y -= 2;
    }
  }
  /** A spanning element (title, heading, pull quote, figure) across the columns at y. */
  span(h: number, draw: (top: number) => void, truth: TruthBlock[]) {
    if (this.y - h < this.bottom) this.newPageWithNotes();
    draw(this.y);
    for (const t of truth) this.truth.push({ ...t, page: this.pageNo });
    this.y -= h;
  }
  notesLeft: { n: number; text: string }[] = [];
  noteEvery = 1;
  newPageWithNotes() {
    this.newPage();
    if (this.notesLeft.length && this.pageNo % this.noteEvery === 0) {
      const take = this.notesLeft.splice(0, this.pageNo === 1 ? 1 : 2);
      this.placeFootnotes(take);
    }
  }
  /** Items flowed into the columns of bands; a section's last band is balanced. */
  flow(items: Item[]) {
    let rest = items;
    while (rest.length) {
      const avail = this.y - this.bottom;
      if (avail < 30) {
        this.newPageWithNotes();
        continue;
      }
      const total = rest.reduce((h, it) => h + height(it), 0);
      let colH = avail;
      if (total <= avail * this.s.columns * 0.97) {
        // Balanced: the least column height that holds everything.
        let lo = total / this.s.columns;
        while (lo < avail && fill(rest, lo, this.s.columns).length) lo += 2;
        colH = Math.min(avail, lo);
      }
      const placed = this.fillColumns(rest, colH);
      rest = rest.slice(placed);
      if (rest.length) this.newPageWithNotes();
      else this.y -= colH + 8;
    }
  }
  fillColumns(items: Item[], colH: number): number {
    let i = 0;
    const top = this.y;
    for (let c = 0; c < this.s.columns && i < items.length; c++) {
      const x = this.s.margin + c * (this.colWidth + this.s.gutter);
      let y = top;
      // A gap never opens a column.
      while (i < items.length && items[i]?.t === "gap") i++;
      while (i < items.length) {
        const it = items[i] as Item;
        if (y - height(it) < top - colH - 0.01) break;
        this.drawItem(it, x, y);
        y -= height(it);
        i++;
      }
      if (this.s.rule && c > 0) {
        const gx = x - this.s.gutter / 2;
        this.page.drawLine({
          start: { x: gx, y: top + 2 },
          end: { x: gx, y: top - colH },
          thickness: 0.4,
          color: rgb(0.4, 0.4, 0.4),
        });
      }
    }
    return i;
  }
  drawItem(it: Item, x: number, top: number) {
    if (it.t === "gap") return;
    if (it.t === "box") {
      it.draw(this.page, x, top, this.colWidth);
      for (const t of it.truth) this.truth.push({ ...t, page: this.pageNo });
      return;
    }
    if (it.truth) this.truth.push({ ...it.truth, page: this.pageNo });
    const baseline = top - it.size * 0.9;
    const width = this.colWidth - it.x0;
    const text = it.line.words.join(" ");
    if (it.justify && !it.line.last && it.line.words.length > 1) {
      const natural = it.font.widthOfTextAtSize(it.line.words.join(""), it.size);
      const gap = (width - it.line.indent - natural) / (it.line.words.length - 1);
      let wx = x + it.x0 + it.line.indent;
      for (const w of it.line.words) {
        this.page.drawText(w, { x: wx, y: baseline, size: it.size, font: it.font });
        wx += it.font.widthOfTextAtSize(w, it.size) + gap;
      }
    } else
      this.page.drawText(text, { x: x + it.x0 + it.line.indent, y: baseline, size: it.size, font: it.font });
  }
}

const height = (it: Item) => (it.t === "line" ? it.size * it.lead : it.h);

/** Items left over when filling n columns of a height (for balancing). */
function fill(items: Item[], colH: number, n: number): Item[] {
  let i = 0;
  for (let c = 0; c < n; c++) {
    let h = 0;
    while (i < items.length && items[i]?.t === "gap") i++;
    while (i < items.length && h + height(items[i] as Item) <= colH + 0.01) h += height(items[i++] as Item);
  }
  return items.slice(i);
}

/** A sentence from the middle of the text, for a pull quote or a sidebar. */
function sentences(blocks: SourceBlock[]): string[] {
  return blocks
    .filter((b) => b.kind === "paragraph")
    .flatMap((b) => b.text.match(/[^.!?]+[.!?]/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => s.split(" ").length >= 10 && s.split(" ").length <= 28);
}

async function make(doc: Doc, out: string) {
  const pdf = await PDFDocument.create();
  // Fixed dates: the corpus is the same bytes each time it is made.
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const s = doc.style;
  const fonts = {
    regular: await pdf.embedFont(s.fonts.regular),
    bold: await pdf.embedFont(s.fonts.bold),
    italic: await pdf.embedFont(s.fonts.italic),
  };
  const said = sentences(doc.blocks);
  const pick = (k: number, of: number) => said[Math.floor(((k + 0.5) * said.length) / of)] ?? said[0] ?? "";
  const w = new Writer(pdf, fonts, s, doc.title, []);
  // Footnotes: sentences of another text (a note never repeats the body), one page after another.
  const noteText = sentences(licence(`${L}/Apache-2.0`)).map((t) => encodable(fonts.regular, t));
  w.notesLeft = Array.from({ length: doc.extras.footnotes }, (_, k) => ({
    n: k + 1,
    text: noteText[(doc.name.length * 7 + k * 5) % noteText.length] ?? "",
  }));
  w.noteEvery = 1;
  w.newPageWithNotes();
  const m = s.margin;
  const [W] = s.page;
  // Title across the page.
  const tSize = s.size * 2;
  w.span(
    tSize * 1.6,
    (top) =>
      w.page.drawText(encodable(fonts.bold, doc.title), {
        x: m,
        y: top - tSize,
        size: tSize,
        font: fonts.bold,
      }),
    [{ page: 0, kind: "title", text: encodable(fonts.bold, doc.title) }],
  );
  // Body blocks into sections; pull quotes, figures and sidebars placed between paragraphs.
  // About as much text as fills maxPages (a character is about half the type size wide).
  const perPage =
    s.columns * ((s.page[1] - 2 * s.margin) / (s.size * s.leading)) * (w.colWidth / (s.size * 0.5));
  let budget = doc.maxPages * perPage * 0.8;
  const blocks = doc.blocks
    .filter((b) => {
      budget -= b.text.length;
      return budget > 0;
    })
    .map((b) => ({ ...b, text: encodable(fonts.regular, b.text) }));
  const n = blocks.length;
  const at = (k: number, of: number) => Math.floor(((k + 1) * n) / (of + 1.3));
  const sectionAt = new Set(
    Array.from({ length: doc.extras.sections }, (_, k) => at(k, doc.extras.sections + 1)),
  );
  const quoteAt = new Map(
    Array.from({ length: doc.extras.quotes }, (_, k) => [at(k, doc.extras.quotes) + 2, k]),
  );
  const figureAt = new Map(
    Array.from({ length: doc.extras.figures }, (_, k) => [at(k, doc.extras.figures) + 5, k]),
  );
  const sidebarAt = new Map(
    Array.from({ length: doc.extras.sidebars }, (_, k) => [at(k, doc.extras.sidebars) + 8, k]),
  );
  let items: Item[] = [];
  const lead = s.leading;
  const cw = w.colWidth;
  const textLines = (
    text: string,
    font: PDFFont,
    size: number,
    kind: string,
    x0: number,
    indent: number,
    justify: boolean,
  ): Item[] =>
    breakLines(text, font, size, cw - x0 * 2, indent, s.hyphenate && justify).map((line, i) => ({
      t: "line",
      line,
      font,
      size,
      lead,
      justify,
      x0,
      truth: i === 0 ? { page: 0, kind, text } : undefined,
    }));
  const flushSection = () => {
    w.flow(items);
    items = [];
  };
  for (let i = 0; i < n; i++) {
    const b = blocks[i] as SourceBlock;
    if (sectionAt.has(i) && b.kind === "heading") {
      // A section heading across the columns, mid-page: the columns above are balanced.
      flushSection();
      const hs = s.size * 1.4;
      w.span(
        hs * 2,
        (top) => w.page.drawText(b.text, { x: m, y: top - hs * 1.3, size: hs, font: fonts.bold }),
        [{ page: 0, kind: "heading", text: b.text }],
      );
      continue;
    }
    if (sectionAt.has(i)) sectionAt.add(i + 1);
    const q = quoteAt.get(i);
    if (q !== undefined) {
      const text = pick(q * 3 + 1, doc.extras.quotes * 3 + 1);
      const qs = s.size * 1.35;
      if (s.spanQuotes) {
        flushSection();
        const lines = breakLines(`"${text}"`, fonts.italic, qs, W - 2 * m - 80, 0, false);
        const h = lines.length * qs * 1.25 + 20;
        w.span(
          h,
          (top) => {
            w.page.drawLine({
              start: { x: m + 40, y: top - 4 },
              end: { x: W - m - 40, y: top - 4 },
              thickness: 1,
            });
            lines.forEach((l, k) => {
              w.page.drawText(l.words.join(" "), {
                x: m + 40,
                y: top - 8 - qs * 1.25 * (k + 1) + 3,
                size: qs,
                font: fonts.italic,
              });
            });
            w.page.drawLine({
              start: { x: m + 40, y: top - h + 6 },
              end: { x: W - m - 40, y: top - h + 6 },
              thickness: 1,
            });
          },
          [{ page: 0, kind: "quote", text: `"${text}"` }],
        );
      } else {
        items.push({ t: "gap", h: 8 }, ...textLines(`"${text}"`, fonts.italic, qs, "quote", 6, 0, false), {
          t: "gap",
          h: 8,
        });
      }
    }
    const f = figureAt.get(i);
    if (f !== undefined) {
      const caption = `Figure ${f + 1}. ${pick(f * 2 + 1, doc.extras.figures * 2 + 2)}`;
      const capLines = breakLines(caption, fonts.italic, s.size * 0.85, cw, 0, false);
      const ch = capLines.length * s.size * 0.85 * 1.2;
      const fh = 70;
      items.push({
        t: "box",
        h: fh + ch + 16,
        draw: (page, x, top, width) => {
          const figTop = s.captionAbove ? top - ch - 4 : top - 4;
          page.drawRectangle({
            x,
            y: figTop - fh,
            width,
            height: fh,
            color: rgb(0.85, 0.87, 0.9),
            borderColor: rgb(0.3, 0.3, 0.3),
            borderWidth: 0.5,
          });
          const capTop = s.captionAbove ? top : figTop - fh - 4;
          capLines.forEach((l, k) => {
            page.drawText(l.words.join(" "), {
              x,
              y: capTop - s.size * 0.85 * 1.2 * (k + 1) + 2,
              size: s.size * 0.85,
              font: fonts.italic,
            });
          });
        },
        truth: [{ page: 0, kind: "caption", text: caption }],
      });
    }
    const sb = sidebarAt.get(i);
    if (sb !== undefined) {
      const text = `${pick(sb * 2, doc.extras.sidebars * 2 + 1)} ${pick(sb * 2 + 1, doc.extras.sidebars * 2 + 1)}`;
      const sz = s.size * 0.9;
      const lines = breakLines(text, fonts.regular, sz, cw - 12, 0, false);
      const h = lines.length * sz * 1.2 + 14;
      items.push({
        t: "box",
        h: h + 6,
        draw: (page, x, top, width) => {
          page.drawRectangle({
            x,
            y: top - h,
            width,
            height: h - 2,
            color: rgb(0.94, 0.94, 0.94),
            borderColor: rgb(0.2, 0.2, 0.2),
            borderWidth: 0.6,
          });
          lines.forEach((l, k) => {
            page.drawText(l.words.join(" "), {
              x: x + 6,
              y: top - 6 - sz * 1.2 * (k + 1) + 2,
              size: sz,
              font: fonts.regular,
            });
          });
        },
        truth: [{ page: 0, kind: "sidebar", text }],
      });
    }
    if (b.kind === "heading") {
      items.push(
        { t: "gap", h: s.size * 0.6 },
        ...textLines(b.text, fonts.bold, s.size * 1.05, "heading", 0, 0, false),
      );
    } else if (b.kind === "list-item") {
      const lines = textLines(b.text, fonts.regular, s.size, "list-item", 0, 0, s.justify);
      items.push({ t: "gap", h: s.size * 0.25 }, ...lines);
    } else {
      if (!s.indent) items.push({ t: "gap", h: s.size * 0.6 });
      items.push(...textLines(b.text, fonts.regular, s.size, "paragraph", 0, s.indent, s.justify));
    }
  }
  flushSection();
  const name = path.join(out, doc.name);
  writeFileSync(`${name}.pdf`, await pdf.save({ useObjectStreams: false }));
  const truth = {
    source: doc.source,
    generator: `pdf-lib drawing (bench/layout/make-drawn-corpus.ts): ${s.columns} columns, ${s.gutter} pt gutter${s.rule ? " with a rule" : ""}, ${s.justify ? "justified" : "ragged"}${s.hyphenate ? " with hyphenation" : ""}, ${s.size} pt standard font, footnotes ${s.footnotes}, captions ${s.captionAbove ? "above" : "below"}, pull quotes ${s.spanQuotes ? "spanning" : "in a column"}`,
    columns: s.columns,
    pages: w.pageNo,
    blocks: w.truth.filter((t) => t.text.trim()),
  };
  writeFileSync(`${name}.json`, `${JSON.stringify(truth, null, 2)}\n`);
  console.log(`${doc.name}: ${w.pageNo} pages, ${truth.blocks.length} blocks`);
}

const out = process.argv[2] ?? path.join(import.meta.dirname, "corpus-drawn");
mkdirSync(out, { recursive: true });
for (const doc of docs) await make(doc, out);
