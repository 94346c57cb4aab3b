// The corpus's layouts: each arranges the same facts its own way (where the vendor stands, how
// the meta fields are laid out, the item table's style, the totals), as invoices from different
// software do.

import {
  esc,
  footer,
  itemGrid,
  itemTable,
  metaPairs,
  money,
  partyHtml,
  qty,
  type TableStyle,
  totalPairs,
  totalsLines,
  vendorTax,
  withColon,
} from "./html-parts.ts";
import type { Spec } from "./invoice-data.ts";
import type { Rng } from "./rng.ts";

export type Layout = {
  name: string;
  /** Items to draw for it (a multi-page invoice needs many). */
  items?: [number, number];
  render: (spec: Spec, r: Rng) => string;
};

const doc = (body: string, page = "A4") =>
  `<!doctype html><html><head><meta charset="utf-8"><style>@page{size:${page};margin:14mm}body{font-family:'DejaVu Sans','Liberation Sans',Arial,sans-serif;font-size:10.5pt;color:#111}td,th{vertical-align:top}</style></head><body>${body}</body></html>`;

const metaLines = (spec: Spec) =>
  metaPairs(spec)
    .map(([l, v]) => `${esc(withColon(l))} ${esc(v)}`)
    .join("<br>");

const customerBlock = (spec: Spec, label: string) =>
  `<div><div style="color:#555;font-size:9pt;text-transform:uppercase">${esc(label)}</div>${partyHtml(spec.customer, spec.customerTaxIdShown ? spec.words.taxId : null)}</div>`;

const shipBlock = (spec: Spec) =>
  spec.shipTo
    ? `<div><div style="color:#555;font-size:9pt;text-transform:uppercase">${esc(spec.words.shipTo)}</div>${partyHtml(spec.shipTo, null)}</div>`
    : "";

const vendorParty = (spec: Spec) =>
  partyHtml(spec.vendor, spec.truth.vendor_tax_id ? spec.words.taxId : null);

const pickStyle = (r: Rng): TableStyle =>
  r.pick(["ruled", "zebra", "borderless-bold", "plain-lines"] as const);

/** A coloured band: the vendor's name as a logo on the left, the title on the right. */
const band: Layout = {
  name: "header-band",
  render: (spec, r) =>
    doc(`
<div style="background:#1f3a5f;color:#fff;padding:14px 18px;display:flex;justify-content:space-between">
  <div style="font-size:20pt;font-weight:bold">${esc(spec.vendor.name)}</div>
  <div style="font-size:22pt">${esc(spec.words.title)}</div></div>
<table style="width:100%;margin-top:10px"><tr>
<td>${spec.vendor.lines.map(esc).join("<br>")}${spec.truth.vendor_tax_id ? `<br>${vendorTax(spec)}` : ""}</td>
<td style="text-align:right">${metaLines(spec)}</td></tr></table>
<table style="width:100%;margin-top:14px"><tr><td>${customerBlock(spec, spec.words.billTo)}</td><td>${shipBlock(spec)}</td></tr></table>
${itemTable(spec, "ruled")}
${totalsLines(totalPairs(spec, r), false)}
${footer(spec, r)}`),
};

/** Vendor and customer side by side under a title, meta in a grid of label cells. */
const twoColumn: Layout = {
  name: "two-column-parties",
  render: (spec, r) =>
    doc(`
<h1 style="font-size:24pt;margin:0 0 10px">${esc(spec.words.title)}</h1>
<table style="width:100%"><tr>
<td style="width:50%"><div style="color:#555;font-size:9pt">${esc(spec.words.from)}</div>${vendorParty(spec)}</td>
<td>${customerBlock(spec, spec.words.billTo)}</td></tr></table>
<table border="1" cellspacing="0" style="border-collapse:collapse;margin-top:12px">
${metaPairs(spec)
  .map(
    ([l, v]) =>
      `<tr><td style="padding:3px 8px;background:#f2f2f2">${esc(l)}</td><td style="padding:3px 8px">${esc(v)}</td></tr>`,
  )
  .join("")}</table>
${shipBlock(spec)}
${itemTable(spec, "zebra")}
${totalsLines(totalPairs(spec, r), true)}
${footer(spec, r)}`),
};

/** Meta fields as a grid: labels in one row, values in the row below. */
const labelGrid: Layout = {
  name: "label-grid",
  render: (spec, r) => {
    const pairs = metaPairs(spec);
    return doc(`
<table style="width:100%"><tr><td><div style="font-size:18pt;font-weight:bold">${esc(spec.vendor.name)}</div>
${spec.vendor.lines.map(esc).join(", ")}<br>${vendorTax(spec)}</td>
<td style="text-align:right;font-size:26pt;color:#888">${esc(spec.words.title)}</td></tr></table>
<table border="1" cellspacing="0" style="width:100%;border-collapse:collapse;margin:14px 0">
<tr>${pairs.map(([l]) => `<th style="padding:4px;background:#ddd;text-align:left">${esc(l)}</th>`).join("")}</tr>
<tr>${pairs.map(([, v]) => `<td style="padding:4px">${esc(v)}</td>`).join("")}</tr></table>
${customerBlock(spec, spec.words.billTo)}
${itemTable(spec, "borderless-bold")}
${totalsLines(totalPairs(spec, r), false)}
${footer(spec, r)}`);
  },
};

/** A German business letter: a sender line over the recipient, an info block on the right. */
const letter: Layout = {
  name: "letter",
  render: (spec, r) =>
    doc(`
<div style="text-align:right;font-size:16pt;font-weight:bold">${esc(spec.vendor.name)}</div>
<div style="text-align:right;font-size:9pt">${spec.vendor.lines.map(esc).join("<br>")}</div>
<table style="width:100%;margin-top:30px"><tr><td style="width:60%">
<div style="font-size:7pt;text-decoration:underline">${esc(spec.vendor.name)} · ${spec.vendor.lines.map(esc).join(" · ")}</div>
${customerBlock(spec, spec.words.billTo)}</td>
<td>${metaLines(spec)}</td></tr></table>
<h2 style="margin-top:24px">${esc(spec.words.title)}</h2>
${itemTable(spec, pickStyle(r))}
${totalsLines(totalPairs(spec, r), false)}
${footer(spec, r)}
<div style="font-size:8pt;color:#444;border-top:1px solid #999;margin-top:20px">${esc(spec.vendor.name)} · ${vendorTax(spec)}</div>`),
};

/** Meta and totals written as several label/value pairs on one line. */
const inline: Layout = {
  name: "inline-pairs",
  render: (spec, r) => {
    const meta = metaPairs(spec)
      .map(([l, v]) => `${esc(withColon(l))} ${esc(v)}`)
      .join("&nbsp;&nbsp;&nbsp;&nbsp;");
    const totals = totalPairs(spec, r);
    const mid = Math.ceil(totals.length / 2);
    const line = (ps: [string, string][]) =>
      ps.map(([l, v]) => `${esc(withColon(l))} ${esc(v)}`).join("&nbsp;&nbsp;&nbsp;&nbsp;");
    return doc(`
<div style="font-size:14pt;font-weight:bold">${esc(spec.vendor.name)} — ${esc(spec.words.title)}</div>
<div>${spec.vendor.lines.map(esc).join(", ")}${spec.truth.vendor_tax_id ? ` · ${vendorTax(spec)}` : ""}</div>
<p>${meta}</p>
${customerBlock(spec, spec.words.billTo)}
${itemTable(spec, pickStyle(r))}
<p style="text-align:right">${line(totals.slice(0, mid))}<br>${line(totals.slice(mid))}</p>
${footer(spec, r)}`);
  },
};

/** Meta lines on the left, a boxed totals panel, a ruled item table. */
const totalsBox: Layout = {
  name: "totals-box",
  render: (spec, r) =>
    doc(`
<table style="width:100%"><tr><td><h1 style="margin:0">${esc(spec.words.title)}</h1>${metaLines(spec)}</td>
<td style="text-align:right">${vendorParty(spec)}</td></tr></table>
<table style="width:100%;margin-top:16px"><tr><td>${customerBlock(spec, spec.words.billTo)}</td><td>${shipBlock(spec)}</td></tr></table>
${itemTable(spec, pickStyle(r))}
<div style="width:45%;margin-left:auto;border:2px solid #000;padding:6px">${totalsLines(totalPairs(spec, r), false)}</div>
${footer(spec, r)}`),
};

/** Many items: the table runs onto a second page, its header repeated there. */
const multiPage: Layout = {
  name: "multi-page",
  items: [34, 44],
  render: (spec, r) =>
    doc(`
<div style="font-size:18pt;font-weight:bold">${esc(spec.vendor.name)}</div>
<div>${spec.vendor.lines.map(esc).join("<br>")}<br>${vendorTax(spec)}</div>
<h1>${esc(spec.words.title)}</h1>
<table style="width:100%"><tr><td>${customerBlock(spec, spec.words.billTo)}</td><td style="text-align:right">${metaLines(spec)}</td></tr></table>
${itemTable(spec, r.pick(["ruled", "zebra", "plain-lines"] as const))}
${totalsLines(totalPairs(spec, r), r.chance(0.5))}
${footer(spec, r)}`),
};

/** A narrow till receipt: items as lines of text, not a table. */
const receipt: Layout = {
  name: "receipt",
  items: [2, 6],
  render: (spec, r) => {
    const lines = spec.truth.items
      .map(
        (it) =>
          `<div>${esc(it.description ?? "")}</div><div style="display:flex;justify-content:space-between"><span>${qty(spec, it.quantity ?? 0)} x ${money(spec, it.unit_price ?? 0, false)}</span><span>${money(spec, it.amount ?? 0, false)}</span></div>`,
      )
      .join("");
    const totals = totalPairs(spec, r)
      .map(
        ([l, v]) =>
          `<div style="display:flex;justify-content:space-between"><span>${esc(l)}</span><span>${esc(v)}</span></div>`,
      )
      .join("");
    return doc(
      `<div style="font-family:'DejaVu Sans Mono',monospace;font-size:9pt">
<div style="text-align:center;font-weight:bold;font-size:12pt">${esc(spec.vendor.name)}</div>
<div style="text-align:center">${spec.vendor.lines.map(esc).join("<br>")}<br>${vendorTax(spec)}</div>
<div style="text-align:center;margin:6px 0">${esc(spec.words.title)}</div>
${metaLines(spec)}
<hr>${customerBlock(spec, spec.words.billTo)}<hr>${lines}<hr>${totals}<hr>
${footer(spec, r)}</div>`,
      "90mm 260mm",
    );
  },
};

/** The French way: a reference column, HT/TTC totals in a two-line grid at the bottom. */
const summaryGrid: Layout = {
  name: "summary-grid",
  render: (spec, r) => {
    const totals = totalPairs(spec, r);
    const { header } = itemGrid(spec);
    return doc(`
<table style="width:100%"><tr><td style="width:55%">${vendorParty(spec)}</td>
<td style="border:1px solid #000;padding:8px">${customerBlock(spec, spec.words.billTo)}</td></tr></table>
<h1 style="text-align:center;letter-spacing:2px">${esc(spec.words.title)}</h1>
<p>${metaLines(spec)}</p>
${itemTable(spec, header.length > 4 ? "ruled" : "plain-lines")}
<table border="1" cellspacing="0" style="width:100%;border-collapse:collapse">
<tr>${totals.map(([l]) => `<th style="padding:4px;background:#eee">${esc(l)}</th>`).join("")}</tr>
<tr>${totals.map(([, v]) => `<td style="padding:4px;text-align:right">${esc(v)}</td>`).join("")}</tr></table>
${footer(spec, r)}`);
  },
};

export const LAYOUTS: Layout[] = [
  band,
  twoColumn,
  labelGrid,
  letter,
  inline,
  totalsBox,
  multiPage,
  receipt,
  summaryGrid,
];
