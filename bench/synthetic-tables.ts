// `npm run bench:tables:synthetic`: a table corpus drawn with pdf-lib at exact positions, then
// scored by bench/tables.ts. It exists so table rules are checked on documents they were not
// written against (the shipped corpus has 24 tables): ruled, header-only ruled (booktabs), zebra
// shaded and unruled tables; 2-9 columns; left/right/decimal-aligned numbers, negatives in
// parentheses, currency, percentages; cells wrapped over 2-3 lines; a header spanning columns;
// empty cells; Helvetica, Times and Courier at 7-12 pt; prose around tables, two tables on a page,
// a table at the top of a page, landscape pages; and a second batch of harder typography (wrapped
// header cells, proper nouns in wrapped text, values on a wrapped row's last line, dollar signs
// set apart). Expected rows are what a careful reader would type: a spanning cell's text in its
// first cell, wrapped text joined with one space. Fixed seeds: the same files every run.
//
//   npm run bench:tables:synthetic [-- <dir>]    (default: a temporary directory, removed after)
//
// Writes <dir>/synth-NNN.pdf and <dir>/manifest.json in the corpus format, then runs
// `bench/tables.ts --corpus <dir>`.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

const given = process.argv[2];
const OUT = given ?? mkdtempSync(path.join(os.tmpdir(), "quire-synthetic-tables-"));

// ---- seeded random --------------------------------------------------------------------------
let seed = 20240611;
function rand(): number {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const ri = (a: number, b: number) => a + Math.floor(rand() * (b - a + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
const chance = (p: number) => rand() < p;

// ---- vocabulary -----------------------------------------------------------------------------
const LABELS = [
  "North",
  "South",
  "East",
  "West",
  "Central",
  "Coastal",
  "Alpine",
  "Urban",
  "Rural",
  "Harbour",
  "Apples",
  "Pears",
  "Bolts",
  "Cables",
  "Valves",
  "Sensors",
  "Pumps",
  "Filters",
  "Motors",
  "Gears",
  "Salaries",
  "Rent",
  "Travel",
  "Software",
  "Training",
  "Insurance",
  "Utilities",
  "Legal fees",
  "Marketing",
  "Research",
  "Freight",
  "Licences",
  "Maintenance",
  "Interest",
  "Depreciation",
];
const WORDS = (
  "administrative general expenses services provided under contract net of rebates other operating " +
  "income from joint ventures and associates including share of profit before tax total current " +
  "assets deferred revenue liabilities equipment property plant leasehold improvements customer " +
  "deposits accrued charges regional office staff allowances capital grants received during year"
).split(" ");
const PROSE = (
  "the committee reviewed the figures presented in the annual report and noted that several " +
  "categories changed materially compared with the previous period while most remained within " +
  "the expected range the table below summarises the results for each unit and the notes that " +
  "follow explain the main movements in more detail readers should refer to the methodology " +
  "section for definitions of the measures used and for the treatment of revised estimates"
).split(" ");
const HEAD_NUM = [
  "Units",
  "Total",
  "Amount",
  "Share",
  "Change",
  "2022",
  "2023",
  "2024",
  "Q1",
  "Q2",
  "Q3",
  "Q4",
  "Budget",
  "Actual",
  "Variance",
  "Count",
  "Rate",
  "Net",
  "Gross",
  "Mean",
  "Median",
  "Cost",
  "Price",
];
const HEAD_TEXT = ["Region", "Item", "Category", "Description", "Name", "Account", "Status", "Unit", "Owner"];
const GROUPS = ["Fiscal 2023", "Fiscal 2024", "Current year", "Prior year", "Budgeted", "Observed"];
const STATUS = ["ok", "low", "pending", "closed", "open", "review", "n/a"];

// The second batch (hard = true) adds harder typography; the first batch's draws stay the same.
let hard = false;
const PROPER = [
  "Europe",
  "Health",
  "Department",
  "North America",
  "Asia Pacific",
  "Ministry",
  "Fund",
  "Board",
];
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const phrase = (a: number, b: number) =>
  cap(Array.from({ length: ri(a, b) }, () => (hard && chance(0.25) ? pick(PROPER) : pick(WORDS))).join(" "));
const HEAD_LONG = [
  "Net revenue (USD)",
  "Share of total",
  "Change since 2020",
  "Number of staff",
  "Average cost per unit",
  "Rate per 1,000",
];
const group3 = (n: number) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");

type Kind = "label" | "phrase" | "status" | "int" | "dec" | "neg" | "cur" | "pct";
type Align = "left" | "right" | "decimal" | "center";
type Col = { kind: Kind; align: Align; head: string; wrap: number | null };

function value(kind: Kind): string {
  switch (kind) {
    case "label":
      return pick(LABELS) + (chance(0.3) ? ` ${ri(1, 99)}` : "");
    case "phrase":
      return phrase(2, 9);
    case "status":
      return pick(STATUS);
    case "int":
      return group3(ri(0, chance(0.5) ? 999 : 99999));
    case "dec":
      return `${group3(ri(0, chance(0.5) ? 99 : 9999))}.${String(ri(0, 99)).padStart(2, "0")}`;
    case "neg": {
      const v = group3(ri(1, 99999));
      return chance(0.4) ? `(${v})` : v;
    }
    case "cur":
      return `$${group3(ri(1, 99999))}${chance(0.5) ? `.${String(ri(0, 99)).padStart(2, "0")}` : ""}`;
    case "pct":
      return `${chance(0.3) ? "-" : ""}${ri(0, 99)}.${ri(0, 9)}%`;
  }
}

// ---- fonts ------------------------------------------------------------------------------------
type Fonts = { reg: PDFFont; bold: PDFFont; name: string };
async function fonts(doc: PDFDocument, family: string): Promise<Fonts> {
  const map: Record<string, [string, string]> = {
    Helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
    Times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
    Courier: [StandardFonts.Courier, StandardFonts.CourierBold],
  };
  const [r, b] = map[family]!;
  return { reg: await doc.embedFont(r), bold: await doc.embedFont(b), name: family };
}

function wrapText(s: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  let cur = "";
  for (const w of s.split(" ")) {
    const next = cur ? `${cur} ${w}` : w;
    if (cur && font.widthOfTextAtSize(next, size) > width) {
      out.push(cur);
      cur = w;
    } else cur = next;
  }
  if (cur) out.push(cur);
  return out;
}

// ---- a table spec --------------------------------------------------------------------------------
type Style = "ruled" | "booktabs" | "zebra" | "plain";
type Spec = {
  style: Style;
  cols: Col[];
  header: string[];
  span: { col: number; text: string } | null;
  body: string[][];
  size: number;
  boldHeader: boolean;
  notes: string[];
  /** hard: header cells wrap at this width; values sit on a wrapped row's last line; "$" set apart. */
  headWrap: number | null;
  bottom: boolean;
  apartDollar: boolean;
};

function makeSpec(style: Style, ncols: number, size: number, maxWidth: number): Spec {
  const notes: string[] = [];
  const cols: Col[] = [];
  const wrapCol = chance(0.45) ? ri(0, Math.min(1, ncols - 2)) : -1;
  for (let c = 0; c < ncols; c++) {
    let kind: Kind;
    if (c === 0) kind = wrapCol === 0 ? "phrase" : "label";
    else if (c === wrapCol) kind = "phrase";
    else kind = pick<Kind>(["int", "dec", "neg", "cur", "pct", "int", "dec", "status"]);
    let align: Align = "left";
    if (kind === "int" || kind === "neg" || kind === "cur" || kind === "pct")
      align = chance(0.85) ? "right" : "left";
    if (kind === "dec") align = pick<Align>(["decimal", "decimal", "right", "left"]);
    if (kind === "status") align = chance(0.7) ? "left" : "center";
    const head =
      kind === "label" || kind === "phrase" ? pick(HEAD_TEXT) : kind === "status" ? "Status" : pick(HEAD_NUM);
    const wrap = kind === "phrase" ? size * ri(9, 14) : null;
    cols.push({ kind, align, head, wrap });
  }
  if (wrapCol >= 0) notes.push(`wrapped text in column ${wrapCol}`);
  const kinds = cols.map((c) => `${c.kind}/${c.align}`).join(",");
  notes.push(`columns ${kinds}`);
  // Distinct header names.
  const seen = new Map<string, number>();
  const header = cols.map((c) => {
    const n = (seen.get(c.head) ?? 0) + 1;
    seen.set(c.head, n);
    return n > 1 ? `${c.head} ${n}` : c.head;
  });
  const nrows = ri(3, wrapCol >= 0 ? 8 : 14);
  const body: string[][] = [];
  for (let r = 0; r < nrows; r++) {
    body.push(
      cols.map((col, c) => {
        if (c > 0 && chance(0.07)) return "";
        return value(col.kind);
      }),
    );
  }
  if (body.some((r) => r.some((x) => x === ""))) notes.push("empty cells");
  let span: Spec["span"] = null;
  if (ncols >= 3 && chance(0.3)) {
    const col = ri(1, ncols - 2);
    span = { col, text: pick(GROUPS) };
    notes.push(`spanning header over columns ${col}-${col + 1}`);
  }
  void maxWidth;
  const boldHeader = chance(0.6);
  let headWrap: number | null = null;
  let bottom = false;
  let apartDollar = false;
  if (hard) {
    if (chance(0.5)) {
      headWrap = size * ri(5, 7);
      header.forEach((_h, c) => {
        if (c > 0 && chance(0.6)) header[c] = `${pick(HEAD_LONG)}${c > 1 && chance(0.5) ? ` ${c}` : ""}`;
      });
      notes.push("header cells wrapped");
    }
    if (wrapCol >= 0 && chance(0.5)) {
      bottom = true;
      notes.push("values on the last line of wrapped rows");
    }
    if (cols.some((c) => c.kind === "cur") && chance(0.6)) {
      apartDollar = true;
      notes.push("dollar sign set apart at the column's left");
    }
  }
  return { style, cols, header, span, body, size, boldHeader, notes, headWrap, bottom, apartDollar };
}

// ---- drawing ------------------------------------------------------------------------------------
type Drawn = { bottom: number; width: number };

function tableWidthAndLayout(spec: Spec, f: Fonts) {
  const { size, cols } = spec;
  const ruled = spec.style === "ruled";
  const pad = ruled ? size * 0.4 + 2 : 0;
  const gap = ruled ? 0 : size * (1.4 + rand() * 1.6);
  const hf = spec.boldHeader ? f.bold : f.reg;
  const w = (s: string, font = f.reg) => font.widthOfTextAtSize(s, size);
  const cellLines = spec.body.map((row) =>
    row.map((s, c) => (cols[c]!.wrap && s ? wrapText(s, f.reg, size, cols[c]!.wrap!) : s ? [s] : [])),
  );
  const dec = cols.map((_col, c) => {
    let left = 0;
    let right = 0;
    for (const row of spec.body) {
      const s = row[c]!;
      if (!s) continue;
      const k = s.indexOf(".") >= 0 ? s.indexOf(".") : s.length;
      left = Math.max(left, w(s.slice(0, k)));
      right = Math.max(right, w(s.slice(k)));
    }
    return { left, right };
  });
  const headLines = spec.header.map((h) => {
    if (!spec.headWrap) return [h];
    const longest = Math.max(...h.split(" ").map((x) => w(x, hf)));
    return wrapText(h, hf, size, Math.max(spec.headWrap, longest));
  });
  const contentW = cols.map((col, c) => {
    let m = Math.max(...headLines[c]!.map((l) => w(l, hf)));
    if (col.align === "decimal") m = Math.max(m, dec[c]!.left + dec[c]!.right);
    for (const ls of cellLines) for (const l of ls[c]!) m = Math.max(m, w(l));
    // A dollar sign set apart stands at least 1.5 font sizes clear of the widest amount.
    if (spec.apartDollar && col.kind === "cur") m += size * 1.5;
    return m;
  });
  if (spec.span) {
    const sw = w(spec.span.text, hf);
    const c = spec.span.col;
    const have = contentW[c]! + contentW[c + 1]! + gap + 2 * pad;
    if (sw > have) contentW[c + 1]! += sw - have + 2;
  }
  const widths = contentW.map((x) => x + 2 * pad);
  const total = widths.reduce((a, b) => a + b, 0) + gap * (cols.length - 1);
  return { pad, gap, widths, total, cellLines, dec, hf, headLines };
}

function drawTable(page: PDFPage, spec: Spec, f: Fonts, x0: number, top: number): Drawn {
  const H = page.getHeight();
  const { size, cols, style } = spec;
  const L = tableWidthAndLayout(spec, f);
  const xs: number[] = [];
  let x = x0;
  for (const w of L.widths) {
    xs.push(x);
    x += w + L.gap;
  }
  const right = x - L.gap;
  const lineH = size * 1.2;
  const vpad =
    style === "ruled" ? size * 0.35 + 1 : style === "zebra" ? size * 0.35 : size * (0.15 + rand() * 0.25);
  const rowH = (n: number) => Math.max(1, n) * lineH + 2 * vpad;
  const gray = rgb(0.88, 0.88, 0.88);
  const hline = (
    y: number,
    a = x0 - (style === "ruled" ? 0 : 2),
    b = right + (style === "ruled" ? 0 : 2),
    t = 0.7,
  ) =>
    page.drawLine({ start: { x: a, y: H - y }, end: { x: b, y: H - y }, thickness: t, color: rgb(0, 0, 0) });
  const vline = (xx: number, y0: number, y1: number) =>
    page.drawLine({
      start: { x: xx, y: H - y0 },
      end: { x: xx, y: H - y1 },
      thickness: 0.7,
      color: rgb(0, 0, 0),
    });
  const put = (
    s: string,
    font: PDFFont,
    c: number,
    baseTop: number,
    align: Align,
    cellX = xs[c]!,
    cellW = L.widths[c]!,
  ) => {
    const w = font.widthOfTextAtSize(s, size);
    let tx = cellX + L.pad;
    const inner = cellW - 2 * L.pad;
    if (align === "right") tx = cellX + L.pad + inner - w;
    else if (align === "center") tx = cellX + L.pad + (inner - w) / 2;
    else if (align === "decimal") {
      const k = s.indexOf(".") >= 0 ? s.indexOf(".") : s.length;
      const dl = L.dec[c]!;
      // Decimal point at a fixed x; the whole block right-aligned in the cell.
      const pointX = cellX + L.pad + inner - dl.right;
      tx = pointX - font.widthOfTextAtSize(s.slice(0, k), size);
    }
    page.drawText(s, { x: tx, y: H - baseTop, size, font });
  };
  const ascent = size * 0.8;
  let y = top;
  const rowTops: number[] = [];
  // Rows: [span row?], header, body.
  type RowDraw = { kind: "span" | "head" | "body"; h: number; index: number };
  const rows: RowDraw[] = [];
  if (spec.span) rows.push({ kind: "span", h: rowH(1), index: -1 });
  const headN = Math.max(...L.headLines.map((l) => l.length));
  rows.push({ kind: "head", h: rowH(headN), index: -1 });
  spec.body.forEach((_, i) => {
    rows.push({ kind: "body", h: rowH(Math.max(...L.cellLines[i]!.map((l) => l.length))), index: i });
  });
  // Extra space between records of an unruled table with wrapped cells.
  const extra = style !== "ruled" && spec.cols.some((c) => c.wrap) ? size * 0.5 : 0;
  const headAlign = (c: number): Align => {
    const a = cols[c]!.align;
    return a === "decimal" ? "right" : a;
  };
  if (style === "ruled" || style === "booktabs")
    hline(y, undefined, undefined, style === "booktabs" ? 1.2 : 0.7);
  rows.forEach((r, k) => {
    rowTops.push(y);
    if (style === "zebra" && r.kind === "body" && r.index % 2 === 0)
      page.drawRectangle({ x: x0 - 3, y: H - (y + r.h), width: right - x0 + 6, height: r.h, color: gray });
    if (style === "zebra" && r.kind === "head" && chance(0.5))
      page.drawRectangle({
        x: x0 - 3,
        y: H - (y + r.h),
        width: right - x0 + 6,
        height: r.h,
        color: rgb(0.75, 0.8, 0.9),
      });
    const base = y + vpad + ascent;
    if (r.kind === "span") {
      const c = spec.span!.col;
      const spanX = xs[c]!;
      const spanW = xs[c + 1]! + L.widths[c + 1]! - spanX;
      put(spec.span!.text, L.hf, c, base, "center", spanX, spanW);
    } else if (r.kind === "head") {
      L.headLines.forEach((ls, c) => {
        // Header cells sit on the rule under them: bottom-aligned.
        ls.forEach((h, j) => {
          put(h, L.hf, c, base + (headN - ls.length + j) * lineH, headAlign(c));
        });
      });
    } else {
      const n = Math.max(...L.cellLines[r.index]!.map((l) => l.length));
      L.cellLines[r.index]!.forEach((ls, c) => {
        const shift = spec.bottom && !cols[c]!.wrap ? (n - ls.length) * lineH : 0;
        ls.forEach((line, j) => {
          if (spec.apartDollar && cols[c]!.kind === "cur" && line.startsWith("$")) {
            put("$", f.reg, c, base + shift + j * lineH, "left");
            put(line.slice(1), f.reg, c, base + shift + j * lineH, "right");
            return;
          }
          put(line, f.reg, c, base + shift + j * lineH, cols[c]!.align);
        });
      });
    }
    if (style === "ruled") {
      vline(x0, y, y + r.h);
      vline(right, y, y + r.h);
      for (let c = 1; c < cols.length; c++) {
        if (r.kind === "span" && c === spec.span!.col + 1) continue;
        vline(xs[c]!, y, y + r.h);
      }
    }
    y += r.h;
    if (style === "ruled") hline(y);
    if (style === "booktabs" && r.kind === "span" && chance(0.7)) {
      const c = spec.span!.col;
      hline(y - 1, xs[c]!, xs[c + 1]! + L.widths[c + 1]!, 0.5);
    }
    if (style === "booktabs" && r.kind === "head") hline(y, undefined, undefined, 0.6);
    if (r.kind === "body" && k < rows.length - 1) y += extra;
  });
  if (style === "booktabs") hline(y + 1, undefined, undefined, 1.2);
  return { bottom: y + 2, width: right - x0 };
}

function expectedRows(spec: Spec): string[][] {
  const n = spec.cols.length;
  const out: string[][] = [];
  if (spec.span) {
    const r = Array.from({ length: n }, () => "");
    r[spec.span.col] = spec.span.text;
    out.push(r);
  }
  out.push([...spec.header]);
  for (const row of spec.body)
    out.push(
      row.map((x, c) =>
        spec.apartDollar && spec.cols[c]!.kind === "cur" && x.startsWith("$") ? `$ ${x.slice(1)}` : x,
      ),
    );
  return out;
}

function prose(
  page: PDFPage,
  f: Fonts,
  x0: number,
  width: number,
  top: number,
  lines: number,
  size = 10,
): number {
  const words: string[] = [];
  for (let k = 0; k < lines * 14; k++) words.push(pick(PROSE));
  const ls = wrapText(cap(words.join(" ")), f.reg, size, width).slice(0, lines);
  ls[ls.length - 1] = `${ls[ls.length - 1]}.`;
  ls.forEach((l, k) => {
    page.drawText(l, { x: x0, y: page.getHeight() - (top + size * 0.8 + k * size * 1.3), size, font: f.reg });
  });
  return top + ls.length * size * 1.3;
}

// ---- pages ----------------------------------------------------------------------------------------
type Entry = {
  id: string;
  pdf: string;
  page: number;
  area: null;
  expected: { rows: string[][] };
  source: string;
  method: "lattice" | "stream";
  notes: string;
};
const manifest: Entry[] = [];
const STYLES: Style[] = ["ruled", "booktabs", "zebra", "plain"];
const FAMILIES = ["Helvetica", "Times", "Courier"];

/** A spec that fits `maxWidth`: fewer columns or a smaller size until it does. */
function fittingSpec(style: Style, ncols: number, size: number, f: Fonts, maxWidth: number): Spec {
  let n = ncols;
  let s = size;
  for (;;) {
    const saved = seed;
    const spec = makeSpec(style, n, s, maxWidth);
    const L = tableWidthAndLayout(spec, f);
    seed = saved;
    const spec2 = makeSpec(style, n, s, maxWidth); // same draw again, so the seed advances the same
    if (L.total <= maxWidth) return spec2;
    if (s > 7) s -= 1;
    else if (n > 2) n -= 1;
    else return spec2;
  }
}

let caseNo = 0;
async function makePage(kind: "prose" | "two" | "top" | "landscape" | "alone") {
  caseNo++;
  const id = `synth-${String(caseNo).padStart(3, "0")}`;
  const doc = await PDFDocument.create();
  const family = pick(FAMILIES);
  const f = await fonts(doc, family);
  const land = kind === "landscape";
  const [W, H] = land ? [792, 612] : [612, 792];
  const page = doc.addPage([W, H]);
  const margin = land ? 48 : 72;
  const maxW = W - 2 * margin;
  const ntables = kind === "two" ? 2 : 1;
  let y = kind === "top" ? ri(14, 30) : ri(60, 90);
  const proseF = chance(0.5) ? f : await fonts(doc, pick(FAMILIES));
  if (kind === "prose") y = prose(page, proseF, margin, maxW, y, ri(3, 7)) + ri(10, 24);
  for (let t = 0; t < ntables; t++) {
    const style = pick(STYLES);
    const ncols = land ? ri(5, 9) : ri(2, 9);
    const size = ri(7, 12);
    const spec = fittingSpec(style, ncols, size, f, maxW);
    if (kind === "two" || chance(0.3)) {
      page.drawText(`Table ${t + 1}. ${phrase(2, 5)}`, { x: margin, y: H - (y + 9), size: 10, font: f.bold });
      y += 10 + ri(8, 16);
    }
    // Trim body rows so the table stays on the page.
    const L = tableWidthAndLayout(spec, f);
    const perRow = (spec.size * 1.2 + spec.size) * (spec.cols.some((c) => c.wrap) ? 2.5 : 1);
    const room = H - 60 - y - (ntables === 2 && t === 0 ? H / 2.5 : 0);
    while (spec.body.length > 2 && spec.body.length * perRow + 3 * spec.size * 2 > room) spec.body.pop();
    const x0 = margin + (chance(0.3) ? Math.max(0, (maxW - L.total) / 2) : 0);
    const d = drawTable(page, spec, f, x0, y);
    y = d.bottom;
    const notes = [
      `${style}`,
      `${family} ${spec.size}pt`,
      kind === "two" ? `table ${t + 1} of 2 on the page` : kind,
      land ? "landscape page" : "",
      ...spec.notes,
    ].filter(Boolean);
    manifest.push({
      id: ntables === 2 ? `${id}-t${t + 1}` : id,
      pdf: `${id}.pdf`,
      page: 1,
      area: null,
      expected: { rows: expectedRows(spec) },
      source: "synthetic",
      method: style === "ruled" ? "lattice" : "stream",
      notes: notes.join("; "),
    });
    y += ri(18, 40);
    if (kind === "two" && t === 0 && chance(0.5))
      y = prose(page, proseF, margin, maxW, y, ri(2, 3)) + ri(14, 24);
  }
  if (kind === "prose" || kind === "top" || chance(0.4)) {
    if (y < H - 120) prose(page, proseF, margin, maxW, y + 4, ri(2, 6));
  }
  writeFileSync(path.join(OUT, `${id}.pdf`), await doc.save());
}

const plan: ("prose" | "two" | "top" | "landscape" | "alone")[] = [];
for (let k = 0; k < 26; k++) plan.push("prose");
for (let k = 0; k < 12; k++) plan.push("two");
for (let k = 0; k < 10; k++) plan.push("top");
for (let k = 0; k < 10; k++) plan.push("landscape");
for (let k = 0; k < 12; k++) plan.push("alone");
for (const k of plan) await makePage(k);
// Second batch: harder typography (wrapped header cells, proper nouns in wrapped text, values
// on a wrapped row's last line, dollar signs set apart), its own seed.
hard = true;
seed = 777;
caseNo = 100;
for (const k of plan.filter((_, i) => i % 2 === 0)) await makePage(k);
writeFileSync(path.join(OUT, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `${manifest.length} generated tables on ${plan.length + plan.filter((_, i) => i % 2 === 0).length} pages in ${OUT}`,
);
// bench/scan-tables.ts makes the files only (it scores their scans, not them).
if (process.env.SYNTHETIC_NO_SCORE === "1") process.exit(0);
const scored = spawnSync(
  process.execPath,
  ["--import", "tsx", path.join(import.meta.dirname, "tables.ts"), "--corpus", OUT],
  {
    stdio: "inherit",
  },
);
if (!given) rmSync(OUT, { recursive: true, force: true });
process.exitCode = scored.status ?? 1;
