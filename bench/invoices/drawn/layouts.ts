// The drawn generator's layouts: pdf-lib draws text at coordinates (no HTML, no browser), in the
// PDF standard fonts (Helvetica, Times, Courier), so the PDFs' text runs, spacing and fonts differ
// from the HTML generator's. Each layout places the same facts differently: letterhead on the
// right, parties in boxed grid cells, labels in table cells or above their values, a German
// window-envelope page with a return-address line, the vendor's address in a footer, a typed
// monospace invoice, and a long invoice whose items carry over to a second page.

import { type PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatNumber } from "../locales.ts";
import type { Rng } from "../rng.ts";
import { type Column, type DrawnSpec, drawnDate, money } from "./facts.ts";

type Fonts = { regular: PDFFont; bold: PDFFont };
const A4: [number, number] = [595.28, 841.89];
const LETTER: [number, number] = [612, 792];

/** A page with a top-left origin and helpers for the text and rules a layout draws. */
class Sheet {
  readonly page: PDFPage;
  readonly w: number;
  readonly h: number;
  constructor(
    doc: PDFDocument,
    size: [number, number],
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage(size);
    [this.w, this.h] = size;
  }
  text(
    s: string,
    x: number,
    y: number,
    o: { size?: number; bold?: boolean; align?: "left" | "right" | "center"; grey?: boolean } = {},
  ) {
    const size = o.size ?? 9.5;
    const font = o.bold ? this.fonts.bold : this.fonts.regular;
    const width = font.widthOfTextAtSize(s, size);
    const left = o.align === "right" ? x - width : o.align === "center" ? x - width / 2 : x;
    this.page.drawText(s, {
      x: left,
      y: this.h - y - size,
      size,
      font,
      color: o.grey ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0),
    });
  }
  width(s: string, size = 9.5, bold = false) {
    return (bold ? this.fonts.bold : this.fonts.regular).widthOfTextAtSize(s, size);
  }
  rule(x0: number, y: number, x1: number, thick = 0.6) {
    this.page.drawLine({
      start: { x: x0, y: this.h - y },
      end: { x: x1, y: this.h - y },
      thickness: thick,
      color: rgb(0.3, 0.3, 0.3),
    });
  }
  box(x: number, y: number, w: number, h: number) {
    this.page.drawRectangle({
      x,
      y: this.h - y - h,
      width: w,
      height: h,
      borderWidth: 0.7,
      borderColor: rgb(0.3, 0.3, 0.3),
    });
  }
}

type Pair = [string, string];

/** The invoice's label/value pairs for its header, only those the truth has. */
function metaPairs(spec: DrawnSpec, withNo = true): Pair[] {
  const t = spec.truth;
  const l = spec.label;
  const out: Pair[] = [];
  if (withNo && t.invoice_id) out.push([l.invoiceNo, t.invoice_id]);
  if (t.invoice_date) out.push([l.date, drawnDate(spec, t.invoice_date)]);
  if (t.due_date) out.push([l.due, drawnDate(spec, t.due_date)]);
  if (t.purchase_order) out.push([l.po, t.purchase_order]);
  if (t.customer_id) out.push([l.customerId, t.customer_id]);
  return out;
}

function totalPairs(spec: DrawnSpec): Pair[] {
  const t = spec.truth;
  const l = spec.label;
  const rate = t.total_tax !== null ? taxRateOf(spec) : null;
  const out: Pair[] = [[l.subtotal, money(spec, t.subtotal ?? 0, false)]];
  if (t.total_discount !== null) out.push([l.discount, `-${money(spec, t.total_discount, false)}`]);
  if (t.shipping !== null) out.push([l.shipping, money(spec, t.shipping, false)]);
  if (t.total_tax !== null) out.push([`${l.tax} ${rate}`, money(spec, t.total_tax, false)]);
  out.push([`${l.total} (${spec.currency})`, money(spec, t.invoice_total ?? 0, true)]);
  if (t.amount_paid !== null) out.push([l.paid, `-${money(spec, t.amount_paid, false)}`]);
  if (t.amount_due !== null) out.push([l.amountDue, money(spec, t.amount_due, true)]);
  return out;
}

/** The tax rate as the totals print it ("19 %", "8.875%"). */
function taxRateOf(spec: DrawnSpec): string {
  const t = spec.truth;
  const base = (t.subtotal ?? 0) - (t.total_discount ?? 0) + (t.shipping ?? 0);
  const rate = Math.round(((t.total_tax ?? 0) / base) * 100000) / 1000;
  const s = formatNumber(rate, spec.numbers, rate % 1 === 0 ? 0 : (String(rate).split(".")[1]?.length ?? 1));
  return spec.lang === "en" ? `${s}%` : `${s} %`;
}

function cell(spec: DrawnSpec, c: Column, i: number): string {
  const it = spec.truth.items[i];
  if (!it) return "";
  switch (c) {
    case "pos":
      return String(i + 1);
    case "code":
      return it.product_code ?? "";
    case "description":
      return it.description ?? "";
    case "quantity":
      return formatNumber(it.quantity ?? 0, spec.numbers, Number.isInteger(it.quantity) ? 0 : 2);
    case "unit":
      return it.unit ?? "";
    case "unit_price":
      return money(spec, it.unit_price ?? 0, false);
    case "tax_rate":
      return `${formatNumber(it.tax_rate ?? 0, spec.numbers, Number.isInteger(it.tax_rate) ? 0 : 3)}${spec.lang === "en" ? "%" : " %"}`;
    case "amount":
      return money(spec, it.amount ?? 0, false);
  }
}

const WEIGHT: Record<Column, number> = {
  pos: 0.6,
  code: 1.3,
  description: 4,
  quantity: 0.9,
  unit: 0.8,
  unit_price: 1.4,
  tax_rate: 0.9,
  amount: 1.5,
};
const numeric = (c: Column) => c !== "description" && c !== "code" && c !== "unit";

/** Draws item rows [from, to) as a table; returns the y under it. */
function itemTable(
  s: Sheet,
  spec: DrawnSpec,
  x0: number,
  x1: number,
  y: number,
  from: number,
  to: number,
  grid: boolean,
): number {
  const total = spec.columns.reduce((a, c) => a + WEIGHT[c], 0);
  const xs: number[] = [];
  let x = x0;
  for (const c of spec.columns) {
    xs.push(x);
    x += ((x1 - x0) * WEIGHT[c]) / total;
  }
  xs.push(x1);
  const rowH = 16;
  const put = (c: Column, i: number, text: string, yy: number, bold: boolean) => {
    const left = xs[i] as number;
    const right = xs[i + 1] as number;
    if (numeric(c)) s.text(text, right - 4, yy, { align: "right", bold });
    else s.text(text, left + 4, yy, { bold });
  };
  if (grid) s.box(x0, y - 3, x1 - x0, rowH);
  for (const [i, c] of spec.columns.entries()) put(c, i, spec.headers[c], y, true);
  y += rowH;
  if (!grid) s.rule(x0, y - 4, x1);
  for (let r = from; r < to; r++) {
    if (grid) s.box(x0, y - 3, x1 - x0, rowH);
    for (const [i, c] of spec.columns.entries()) put(c, i, cell(spec, c, r), y, false);
    y += rowH;
  }
  if (grid)
    for (const xx of xs.slice(1, -1))
      s.page.drawLine({
        start: { x: xx, y: s.h - (y - 3) },
        end: { x: xx, y: s.h - (y - 3 - rowH * (to - from + 1)) },
        thickness: 0.5,
      });
  else s.rule(x0, y - 4, x1);
  return y + 6;
}

function totalsBlock(s: Sheet, spec: DrawnSpec, xl: number, xr: number, y: number, boxed: boolean): number {
  const pairs = totalPairs(spec);
  if (boxed) s.box(xl - 6, y - 5, xr - xl + 12, pairs.length * 15 + 6);
  for (const [i, [l, v]] of pairs.entries()) {
    const strong = i === pairs.findIndex(([k]) => k.startsWith(spec.label.total));
    s.text(l, xl, y, { bold: strong });
    s.text(v, xr, y, { align: "right", bold: strong });
    y += 15;
  }
  return y + 8;
}

function footerNotes(s: Sheet, spec: DrawnSpec, x: number, y: number): number {
  const t = spec.truth;
  if (t.payment_terms) {
    s.text(`${spec.label.terms}: ${t.payment_terms}`, x, y);
    y += 14;
  }
  if (spec.note) {
    s.text(spec.note, x, y, { grey: true });
    y += 14;
  }
  s.text(`${spec.label.bank}: ${spec.bank.join("  ")}`, x, y, { size: 8.5 });
  return y + 14;
}

function taxLine(spec: DrawnSpec): string | null {
  return spec.truth.vendor_tax_id ? `${spec.vendor.taxLabel}: ${spec.truth.vendor_tax_id}` : null;
}

export type DrawnLayout = {
  name: string;
  /** Items per invoice (min, max). */
  items: [number, number];
  draw: (doc: PDFDocument, spec: DrawnSpec, r: Rng) => Promise<void>;
};

async function fontsFor(doc: PDFDocument, r: Rng, family?: "courier"): Promise<Fonts> {
  const f = family ?? r.pick(["helvetica", "times", "helvetica"] as const);
  const [regular, bold] =
    f === "courier"
      ? [StandardFonts.Courier, StandardFonts.CourierBold]
      : f === "times"
        ? [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold]
        : [StandardFonts.Helvetica, StandardFonts.HelveticaBold];
  return { regular: await doc.embedFont(regular), bold: await doc.embedFont(bold) };
}

/** Vendor top right, title left, customer under its label, meta pairs label-left value-right. */
const letterheadRight: DrawnLayout = {
  name: "letterhead-right",
  items: [2, 7],
  async draw(doc, spec, r) {
    const s = new Sheet(doc, spec.locale === "en-US" ? LETTER : A4, await fontsFor(doc, r));
    const right = s.w - 50;
    let y = 45;
    s.text(spec.vendor.name, right, y, { size: 14, bold: true, align: "right" });
    y += 20;
    for (const line of [
      ...spec.vendor.lines,
      ...spec.contact,
      ...(taxLine(spec) ? [taxLine(spec) as string] : []),
    ]) {
      s.text(line, right, y, { align: "right" });
      y += 12;
    }
    s.text(spec.label.title, 50, 45, { size: 22, bold: true });
    let yl = 140;
    s.text(spec.label.billTo.toUpperCase(), 50, yl, { size: 8, bold: true, grey: true });
    yl += 13;
    s.text(spec.customer.name, 50, yl, { bold: true });
    yl += 12;
    for (const line of spec.customer.lines) {
      s.text(line, 50, yl);
      yl += 12;
    }
    let ym = Math.max(y + 12, 140);
    for (const [l, v] of metaPairs(spec)) {
      s.text(l, s.w - 230, ym, { bold: true });
      s.text(v, right, ym, { align: "right" });
      ym += 13;
    }
    y = Math.max(yl, ym) + 25;
    y = itemTable(s, spec, 50, right, y, 0, spec.truth.items.length, false);
    y = totalsBlock(s, spec, s.w - 250, right, y + 6, false);
    footerNotes(s, spec, 50, y + 10);
    if (spec.registration)
      s.text(spec.registration, s.w / 2, s.h - 40, { size: 7.5, align: "center", grey: true });
  },
};

/** Title centred; vendor and customer in two boxed cells; meta in a row of cells, labels above values. */
const partiesGrid: DrawnLayout = {
  name: "parties-grid",
  items: [2, 6],
  async draw(doc, spec, r) {
    const s = new Sheet(doc, A4, await fontsFor(doc, r));
    s.text(spec.label.title, s.w / 2, 40, { size: 20, bold: true, align: "center" });
    const mid = s.w / 2;
    const top = 80;
    const boxH = 110;
    s.box(45, top, mid - 50, boxH);
    s.box(mid + 5, top, s.w - 45 - mid - 5, boxH);
    const partyIn = (x: number, label: string, name: string, lines: string[], extra: string | null) => {
      let y = top + 8;
      s.text(label, x, y, { size: 8, grey: true });
      y += 13;
      s.text(name, x, y, { bold: true });
      y += 13;
      for (const line of [...lines, ...(extra ? [extra] : [])]) {
        s.text(line, x, y);
        y += 12;
      }
    };
    partyIn(53, spec.label.from, spec.vendor.name, spec.vendor.lines, taxLine(spec));
    partyIn(mid + 13, spec.label.billTo, spec.customer.name, spec.customer.lines, null);
    const pairs = metaPairs(spec);
    const cw = (s.w - 90) / pairs.length;
    const my = top + boxH + 15;
    for (const [i, [l, v]] of pairs.entries()) {
      const x = 45 + i * cw;
      s.box(x, my, cw, 34);
      s.text(l, x + 6, my + 5, { size: 7.5, grey: true });
      s.text(v, x + 6, my + 18, { bold: true });
    }
    let y = itemTable(s, spec, 45, s.w - 45, my + 55, 0, spec.truth.items.length, true);
    y = totalsBlock(s, spec, s.w - 240, s.w - 50, y + 12, true);
    y = footerNotes(s, spec, 45, y + 10);
    if (spec.contact.length) s.text(spec.contact.join(" | "), 45, s.h - 50, { size: 8, grey: true });
    if (spec.registration) s.text(spec.registration, 45, s.h - 38, { size: 8, grey: true });
  },
};

/** German-style window page: a small return-address line above the customer, meta in a table of label and value cells. */
const windowEnvelope: DrawnLayout = {
  name: "window-envelope",
  items: [2, 7],
  async draw(doc, spec, r) {
    const s = new Sheet(doc, A4, await fontsFor(doc, r));
    s.text(spec.vendor.name, 57, 40, { size: 16, bold: true });
    s.text(spec.vendor.lines.join(", "), 57, 60);
    s.text([spec.vendor.name, ...spec.vendor.lines].join(" · "), 57, 125, { size: 7, grey: true });
    s.rule(57, 134, 290, 0.4);
    let y = 142;
    s.text(spec.customer.name, 57, y);
    y += 12;
    for (const line of spec.customer.lines) {
      s.text(line, 57, y);
      y += 12;
    }
    const pairs = metaPairs(spec);
    let ym = 120;
    for (const [l, v] of pairs) {
      s.box(340, ym - 3, 95, 15);
      s.box(435, ym - 3, 110, 15);
      s.text(l, 344, ym, { size: 8.5 });
      s.text(v, 439, ym, { size: 8.5, bold: true });
      ym += 15;
    }
    y = Math.max(y, ym) + 30;
    s.text(`${spec.label.title}`, 57, y, { size: 14, bold: true });
    y += 26;
    y = itemTable(s, spec, 57, s.w - 50, y, 0, spec.truth.items.length, false);
    y = totalsBlock(s, spec, s.w - 250, s.w - 54, y + 6, false);
    y = footerNotes(s, spec, 57, y + 10);
    const foot = [taxLine(spec), spec.registration, ...spec.contact].filter((x): x is string => !!x);
    for (const [i, f] of foot.entries())
      s.text(f, 57 + (i % 2) * 250, s.h - 60 + Math.floor(i / 2) * 11, { size: 7.5, grey: true });
  },
};

/** Big vendor name alone at the top; its address, tax id and bank in a three-column footer; meta pairs inline on one line. */
const footerVendor: DrawnLayout = {
  name: "footer-vendor",
  items: [2, 6],
  async draw(doc, spec, r) {
    const s = new Sheet(doc, spec.locale === "en-US" ? LETTER : A4, await fontsFor(doc, r));
    s.text(spec.vendor.name, 50, 50, { size: 18, bold: true });
    if (spec.contact.length) s.text(spec.contact.join("   "), 50, 74, { size: 8.5, grey: true });
    let y = 120;
    s.text(spec.customer.name, 50, y, { bold: true });
    y += 12;
    for (const line of spec.customer.lines) {
      s.text(line, 50, y);
      y += 12;
    }
    y += 25;
    s.text(`${spec.label.title} ${spec.label.invoiceNo} ${spec.truth.invoice_id}`, 50, y, {
      size: 13,
      bold: true,
    });
    y += 24;
    let x = 50;
    for (const [l, v] of metaPairs(spec, false)) {
      const piece = `${l}: ${v}`;
      if (x + s.width(piece) > s.w - 50) {
        x = 50;
        y += 13;
      }
      s.text(piece, x, y);
      x += s.width(piece) + 22;
    }
    y += 30;
    y = itemTable(s, spec, 50, s.w - 50, y, 0, spec.truth.items.length, r.chance(0.5));
    y = totalsBlock(s, spec, s.w - 250, s.w - 50, y + 6, r.chance(0.5));
    if (spec.truth.payment_terms) s.text(`${spec.label.terms}: ${spec.truth.payment_terms}`, 50, y + 10);
    if (spec.note) s.text(spec.note, 50, y + 24, { grey: true });
    const fy = s.h - 75;
    s.rule(50, fy - 6, s.w - 50, 0.4);
    const colW = (s.w - 100) / 3;
    const cols = [
      [spec.vendor.name, ...spec.vendor.lines],
      [taxLine(spec), spec.registration].filter((z): z is string => !!z),
      [spec.label.bank, ...spec.bank],
    ];
    for (const [i, lines] of cols.entries())
      for (const [k, line] of lines.entries()) s.text(line, 50 + i * colW, fy + k * 10, { size: 7.5 });
  },
};

/** A typed invoice in Courier: "Label: value" lines with aligned colons, a dashed item list. */
const typed: DrawnLayout = {
  name: "typed",
  items: [2, 6],
  async draw(doc, spec, r) {
    const s = new Sheet(doc, A4, await fontsFor(doc, r, "courier"));
    let y = 50;
    s.text(spec.vendor.name, 60, y, { bold: true, size: 11 });
    y += 13;
    for (const line of spec.vendor.lines) {
      s.text(line, 60, y);
      y += 12;
    }
    if (taxLine(spec)) {
      s.text(taxLine(spec) as string, 60, y);
      y += 12;
    }
    y += 20;
    s.text(spec.label.title.toUpperCase(), 60, y, { bold: true, size: 13 });
    y += 24;
    const pairs = metaPairs(spec);
    const lw = Math.max(...pairs.map(([l]) => l.length)) + 1;
    for (const [l, v] of pairs) {
      s.text(`${`${l}:`.padEnd(lw + 1)} ${v}`, 60, y);
      y += 12;
    }
    y += 12;
    s.text(`${spec.label.billTo}:`, 60, y, { bold: true });
    y += 12;
    for (const line of [spec.customer.name, ...spec.customer.lines]) {
      s.text(line, 60, y);
      y += 12;
    }
    y += 16;
    y = itemTable(s, spec, 60, s.w - 60, y, 0, spec.truth.items.length, false);
    y = totalsBlock(s, spec, s.w - 300, s.w - 64, y + 6, false);
    footerNotes(s, spec, 60, y + 8);
  },
};

/** Many items over two pages: the first page ends with a carried-forward subtotal, the second starts with it. */
const multiPage: DrawnLayout = {
  name: "multi-page",
  items: [30, 44],
  async draw(doc, spec, r) {
    const fonts = await fontsFor(doc, r);
    const n = spec.truth.items.length;
    const split = 28;
    const first = new Sheet(doc, A4, fonts);
    let y = 45;
    first.text(spec.vendor.name, 50, y, { size: 15, bold: true });
    y += 20;
    for (const line of [...spec.vendor.lines, ...(taxLine(spec) ? [taxLine(spec) as string] : [])]) {
      first.text(line, 50, y, { size: 8.5 });
      y += 11;
    }
    first.text(spec.label.title, first.w - 50, 45, { size: 18, bold: true, align: "right" });
    let ym = 72;
    for (const [l, v] of metaPairs(spec)) {
      first.text(`${l} ${v}`, first.w - 50, ym, { align: "right", size: 9 });
      ym += 12;
    }
    y = Math.max(y, ym) + 14;
    first.text(spec.label.billTo, 50, y, { size: 8, grey: true });
    y += 12;
    for (const [i, line] of [spec.customer.name, ...spec.customer.lines].entries()) {
      first.text(line, 50, y, { bold: i === 0 });
      y += 11;
    }
    y = itemTable(first, spec, 50, first.w - 50, y + 14, 0, split, false);
    const carried = spec.truth.items.slice(0, split).reduce((a, it) => a + (it.amount ?? 0), 0);
    first.text(spec.label.carried, first.w - 200, y, { bold: true });
    first.text(money(spec, Math.round(carried * 100) / 100, false), first.w - 54, y, {
      align: "right",
      bold: true,
    });
    first.text(`${spec.label.page} 1/2`, first.w / 2, first.h - 35, { size: 8, align: "center" });
    const second = new Sheet(doc, A4, fonts);
    second.text(`${spec.vendor.name} · ${spec.label.invoiceNo} ${spec.truth.invoice_id}`, 50, 40, {
      size: 8,
      grey: true,
    });
    second.text(spec.label.carried, second.w - 200, 62, { bold: true });
    second.text(money(spec, Math.round(carried * 100) / 100, false), second.w - 54, 62, {
      align: "right",
      bold: true,
    });
    y = itemTable(second, spec, 50, second.w - 50, 85, split, n, false);
    y = totalsBlock(second, spec, second.w - 250, second.w - 50, y + 6, true);
    footerNotes(second, spec, 50, y + 12);
    second.text(`${spec.label.page} 2/2`, second.w / 2, second.h - 35, { size: 8, align: "center" });
  },
};

export const DRAWN_LAYOUTS: DrawnLayout[] = [
  letterheadRight,
  partiesGrid,
  windowEnvelope,
  footerVendor,
  typed,
  multiPage,
];
