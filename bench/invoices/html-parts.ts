// The pieces every layout is made of: amounts and dates as the invoice's locale writes them, a
// party's block, the item table in several styles, the totals as lines, a box or one line.

import type { Party, Spec } from "./invoice-data.ts";
import { formatDate, formatNumber } from "./locales.ts";
import type { Rng } from "./rng.ts";

export const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function money(spec: Spec, n: number, mark = true): string {
  const num = formatNumber(n, spec.numbers);
  const m = spec.currencyMark;
  if (!mark || !m) return num;
  if (m.before) return m.text.length === 1 ? `${m.text}${num}` : `${m.text} ${num}`;
  return `${num} ${m.text}`;
}

export const qty = (spec: Spec, n: number) =>
  Number.isInteger(n) ? String(n) : formatNumber(n, spec.numbers, 1);

export const date = (spec: Spec, iso: string) =>
  formatDate(iso, spec.dateStyle, spec.lang, spec.locale === "en-US");

export function partyHtml(p: Party, taxLabel: string | null): string {
  const lines = [`<strong>${esc(p.name)}</strong>`, ...p.lines.map(esc)];
  if (taxLabel && p.taxId) lines.push(`${esc(taxLabel)}: ${esc(p.taxId)}`);
  return lines.join("<br>");
}

/** The meta fields the invoice shows, as [label, value] in the order they are printed. */
export function metaPairs(spec: Spec): [string, string][] {
  const t = spec.truth;
  const w = spec.words;
  const out: [string, string][] = [[w.invoiceNo, t.invoice_id ?? ""]];
  out.push([w.date, date(spec, t.invoice_date ?? "")]);
  if (t.due_date) out.push([w.dueDate, date(spec, t.due_date)]);
  if (t.purchase_order) out.push([w.po, t.purchase_order]);
  if (t.customer_id) out.push([w.customerNo, t.customer_id]);
  return out;
}

const colon = (label: string) => (/[:#°]$/.test(label) ? label : `${label}:`);
export const withColon = colon;

export type TableStyle = "ruled" | "zebra" | "borderless-bold" | "plain-lines";

/** The item table's header cells and rows. */
export function itemGrid(spec: Spec): { header: string[]; rows: string[][]; numeric: boolean[] } {
  const w = spec.words;
  const c = spec.columns;
  const header: string[] = [];
  const numeric: boolean[] = [];
  const add = (h: string, n: boolean) => {
    header.push(h);
    numeric.push(n);
  };
  if (c.code) add(w.code, false);
  add(w.description, false);
  add(w.qty, true);
  if (c.unit) add(w.unit, false);
  add(w.unitPrice, true);
  if (c.taxRate) add(w.taxRate, true);
  add(w.amount, true);
  const rows = spec.truth.items.map((it) => {
    const r: string[] = [];
    if (c.code) r.push(it.product_code ?? "");
    r.push(it.description ?? "");
    r.push(qty(spec, it.quantity ?? 0));
    if (c.unit) r.push(it.unit ?? "");
    r.push(money(spec, it.unit_price ?? 0, false));
    if (c.taxRate)
      r.push(`${formatNumber(it.tax_rate ?? 0, spec.numbers, Number.isInteger(it.tax_rate) ? 0 : 1)} %`);
    r.push(money(spec, it.amount ?? 0, false));
    return r;
  });
  return { header, rows, numeric };
}

export function itemTable(spec: Spec, style: TableStyle, rowsOverride?: string[][]): string {
  const { header, rows, numeric } = itemGrid(spec);
  const body = rowsOverride ?? rows;
  const cellCss = (i: number) => (numeric[i] ? "text-align:right" : "text-align:left");
  const border = style === "ruled" ? "border:1px solid #444;" : "";
  const headCss =
    style === "zebra"
      ? "background:#2b4c7e;color:#fff;"
      : style === "borderless-bold"
        ? "font-weight:bold;"
        : style === "plain-lines"
          ? "border-bottom:2px solid #000;"
          : "background:#eee;";
  const th = header
    .map((h, i) => `<th style="${border}${headCss}${cellCss(i)};padding:4px 6px">${esc(h)}</th>`)
    .join("");
  const tr = body
    .map((r, k) => {
      const bg = style === "zebra" && k % 2 === 1 ? "background:#e8eef7;" : "";
      const line = style === "plain-lines" ? "border-bottom:1px solid #bbb;" : "";
      return `<tr>${r.map((c, i) => `<td style="${border}${bg}${line}${cellCss(i)};padding:3px 6px">${esc(c)}</td>`).join("")}</tr>`;
    })
    .join("\n");
  const attrs = style === "ruled" ? ' border="1" cellspacing="0"' : ' cellspacing="0"';
  return `<table${attrs} style="width:100%;border-collapse:collapse;margin:12px 0"><thead><tr>${th}</tr></thead><tbody>${tr}</tbody></table>`;
}

/** The totals as [label, amount] lines, deductions written negative or in parentheses. */
export function totalPairs(spec: Spec, r: Rng): [string, string][] {
  const t = spec.truth;
  const w = spec.words;
  const neg = (n: number) => (r.chance(0.3) ? `(${money(spec, n)})` : `-${money(spec, n)}`);
  const out: [string, string][] = [[w.subtotal, money(spec, t.subtotal ?? 0)]];
  if (t.total_discount !== null) out.push([w.discount, neg(t.total_discount)]);
  if (t.shipping !== null) out.push([w.shipping, money(spec, t.shipping)]);
  if (t.total_tax !== null && spec.taxRate !== null) {
    const rate = formatNumber(spec.taxRate, spec.numbers, Number.isInteger(spec.taxRate) ? 0 : 2);
    out.push([r.chance(0.5) ? `${w.tax} ${rate}%` : `${w.tax} (${rate} %)`, money(spec, t.total_tax)]);
  }
  out.push([w.total, money(spec, t.invoice_total ?? 0)]);
  if (t.amount_paid !== null) out.push([w.paid, neg(t.amount_paid)]);
  if (t.amount_due !== null) out.push([w.due, money(spec, t.amount_due)]);
  return out;
}

export function totalsLines(pairs: [string, string][], boxed: boolean): string {
  const rows = pairs
    .map(
      ([l, v], i) =>
        `<tr><td style="padding:3px 10px;${i === pairs.length - 1 ? "font-weight:bold" : ""}">${esc(l)}</td><td style="padding:3px 10px;text-align:right">${esc(v)}</td></tr>`,
    )
    .join("");
  const box = boxed ? ' border="1" cellspacing="0"' : "";
  return `<table${box} style="margin-left:auto;border-collapse:collapse;${boxed ? "border:2px solid #333" : ""}">${rows}</table>`;
}

export function footer(spec: Spec, r: Rng): string {
  const t = spec.truth;
  const w = spec.words;
  const parts: string[] = [];
  if (t.payment_terms) parts.push(`${colon(w.terms)} ${esc(t.payment_terms)}`);
  parts.push(
    `${esc(w.bank)}: DE${r.int(10, 99)} ${r.int(1000, 9999)} ${r.int(1000, 9999)} ${r.int(1000, 9999)} ${r.int(10, 99)}`,
  );
  // Amounts printed without a currency mark name it once, as invoices do.
  if (!spec.currencyMark)
    parts.push(`${esc({ en: "Currency", de: "Währung", fr: "Devise" }[spec.lang])}: ${spec.currency}`);
  parts.push(esc(w.thanks));
  return `<div style="margin-top:24px;font-size:10pt">${parts.join("<br>")}</div>`;
}

/** The vendor's tax id line, when the truth has one. */
export const vendorTax = (spec: Spec) =>
  spec.truth.vendor_tax_id ? `${esc(spec.words.taxId)}: ${esc(spec.truth.vendor_tax_id)}` : "";
