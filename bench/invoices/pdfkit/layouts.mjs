// The tuning layouts of corpus-pdfkit: where header fields stand (a label/value table beside the
// parties, several pairs on one line, a title line holding the number, small-caps labels above
// their values, a letter dated "Town, date", a ruled grid) and how totals are printed.

const upper = (s, lang) => (lang === "en" ? s.toUpperCase() : s.toUpperCase());

/** The header fields present on this invoice, as [label, text] pairs. */
function headerPairs(f, { withDue = true } = {}) {
  const t = f.truth;
  const pairs = [];
  pairs.push(["invoice_id", f.pickW("invoice_id"), t.invoice_id]);
  pairs.push(["invoice_date", f.pickW("invoice_date"), f.fmtDate(t.invoice_date)]);
  if (withDue && t.due_date && (f.dueKind === "date" || f.dueKind === "both"))
    pairs.push(["due_date", f.pickW("due_date"), f.fmtDate(t.due_date)]);
  if (t.purchase_order) pairs.push(["purchase_order", f.pickW("purchase_order"), t.purchase_order]);
  if (t.customer_id) pairs.push(["customer_id", f.pickW("customer_id"), t.customer_id]);
  if (t.payment_terms) pairs.push(["payment_terms", f.pickW("payment_terms"), t.payment_terms]);
  return pairs;
}

function partyBlock(p, f, x, y, head, size = 9.5) {
  if (head) {
    p.put(head, x, y, size - 1.5, true);
    y += size + 3;
  }
  const party = head === null ? f.vendor : f.customer;
  p.put(party.name, x, y, size, true);
  for (const l of party.lines) {
    y += size + 3;
    p.put(l, x, y, size);
  }
  return y + size + 6;
}

function vendorBlock(p, f, x, y, size = 9.5) {
  p.put(f.vendor.name, x, y, size + 4, true);
  y += size + 8;
  for (const l of f.vendor.lines) {
    p.put(l, x, y, size - 0.5);
    y += size + 2;
  }
  return y + 4;
}

function customerBlock(p, f, r, x, y) {
  return partyBlock(p, f, x, y, r.pick(f.w.bill), 9.5);
}

/** The items as a table with a header row; returns the y below it. */
function itemsTable(_doc, p, f, _r, y, ruled) {
  const [dLabel, qLabel, uLabel, aLabel] = f.w.items;
  const cols = { d: 50, q: 330, u: 440, a: 545 };
  p.put(dLabel, cols.d, y, 9, true);
  p.right(qLabel, cols.q, y, 9, true);
  p.right(uLabel, cols.u, y, 9, true);
  p.right(aLabel, cols.a, y, 9, true);
  y += 14;
  if (ruled) p.rule(50, y - 3, 545, y - 3);
  for (const it of f.truth.items) {
    p.put(it.description, cols.d, y, 9);
    p.right(String(it.quantity), cols.q, y, 9);
    p.right(f.fmt(it.unit_price), cols.u, y, 9);
    p.right(f.fmt(it.amount), cols.a, y, 9);
    y += 15;
  }
  if (ruled) p.rule(50, y - 2, 545, y - 2);
  return y + 10;
}

/** The totals lines as [label, amount text] rows, in order. */
function totalsRows(f, r) {
  const t = f.truth;
  const rows = [[f.pickW("subtotal"), f.money(t.subtotal)]];
  if (t.total_discount !== null) {
    const style = r.pick(["minus", "paren", "plain"]);
    const v = f.money(t.total_discount);
    rows.push([f.pickW("discount"), style === "minus" ? `-${v}` : style === "paren" ? `(${v})` : v]);
  }
  if (t.shipping !== null) rows.push([f.pickW("shipping"), f.money(t.shipping)]);
  const taxLabel = f.pickW("tax");
  const pct = (x) =>
    `${f
      .fmt(x)
      .replace(/[.,]00$/, "")
      .replace(/([.,]\d)0$/, "$1")}${f.lang === "en" && r.chance(0.5) ? "%" : " %"}`;
  for (const tx of f.taxes) {
    const withBase = f.taxes.length > 1 && r.chance(0.5);
    const on = { en: "on", de: "auf", fr: "sur", nl: "over" }[f.lang];
    rows.push([`${taxLabel} ${pct(tx.rate)}${withBase ? ` ${on} ${f.fmt(tx.base)}` : ""}`, f.money(tx.tax)]);
  }
  if (f.taxes.length > 1 && r.chance(0.5)) rows.push([f.pickW("total_tax"), f.money(t.total_tax)]);
  rows.push([f.pickW("total"), f.money(t.invoice_total, true)]);
  if (t.amount_paid !== null) {
    const v = f.money(t.amount_paid);
    rows.push([f.pickW("paid"), r.chance(0.5) ? `-${v}` : v]);
  }
  if (t.amount_due !== null) rows.push([f.pickW("due"), f.money(t.amount_due, true)]);
  return rows;
}

/** Totals: right-aligned labels and amounts, "Label: amount" strings, or a ruled grid. */
function totalsBlock(_doc, p, f, r, y) {
  const rows = totalsRows(f, r);
  const style = r.pick(["columns", "colon", "grid"]);
  if (style === "columns") {
    for (const [label, amount] of rows) {
      p.right(label, 440, y, 9.5, /total|gesamt|ttc|payer|zahlen|due|totaal/i.test(label));
      p.right(amount, 545, y, 9.5);
      y += 15;
    }
  } else if (style === "colon") {
    for (const [label, amount] of rows) {
      p.right(`${label}: ${amount}`, 545, y, 9.5);
      y += 15;
    }
  } else {
    const x0 = 320;
    const x1 = 460;
    const x2 = 545;
    for (const [label, amount] of rows) {
      p.box(x0, y - 4, x1 - x0, 17);
      p.box(x1, y - 4, x2 - x1, 17);
      p.put(label, x0 + 4, y, 9);
      p.right(amount, x2 - 4, y, 9);
      y += 17;
    }
  }
  return y + 10;
}

/** After the totals: terms or due date in a sentence, when the layout did not print them above. */
function footer(_doc, p, f, r, y, printedDue) {
  const t = f.truth;
  if (f.dueKind === "sentence" && t.due_date) {
    p.put(r.chance(0.5) ? f.w.payBy(f.fmtDate(t.due_date)) : f.w.payBy2(f.fmtDate(t.due_date)), 50, y, 9.5);
    y += 15;
  } else if (!printedDue && t.due_date) {
    p.put(`${f.pickW("due_date")}: ${f.fmtDate(t.due_date)}`, 50, y, 9.5);
    y += 15;
  }
  p.put(f.w.thanks, 50, y + 6, 9);
  return y;
}

/** A second page for the totals on some invoices. */
function maybeBreak(doc, p, f, r, y) {
  if (r.chance(0.2)) {
    const page = { en: "Page 1 of 2", de: "Seite 1 von 2", fr: "Page 1 / 2", nl: "Pagina 1 van 2" }[f.lang];
    p.put(page, 50, 800, 8);
    doc.addPage({ size: "A4", margin: 0 });
    p.put(page.replace("1", "2"), 50, 800, 8);
    return 60;
  }
  return y;
}

export const LAYOUTS = {
  /** Parties left, the header fields as a label/value table on the right. */
  "side-table"(doc, p, f, r) {
    p.put(r.pick(f.w.title), 360, 50, 20, true);
    let y = vendorBlock(p, f, 50, 50);
    y = Math.max(y, 100);
    const cy = customerBlock(p, f, r, 50, y + 20);
    const pairs = headerPairs(f);
    let hy = 90;
    const align = r.pick(["right", "left"]);
    for (const [, label, value] of pairs) {
      p.put(`${label}${r.chance(0.5) ? ":" : ""}`, 340, hy, 9, true);
      if (align === "right") p.right(value, 545, hy, 9);
      else p.put(value, 440, hy, 9);
      hy += 14;
    }
    y = Math.max(cy, hy) + 20;
    y = itemsTable(doc, p, f, r, y, r.chance(0.5));
    y = maybeBreak(doc, p, f, r, y);
    y = totalsBlock(doc, p, f, r, y);
    footer(doc, p, f, r, y + 10, true);
  },
  /** Several pairs on one line under the title. */
  "inline-pairs"(doc, p, f, r) {
    let y = vendorBlock(p, f, 50, 45);
    p.right(r.pick(f.w.title), 545, 45, 22, true);
    const pairs = headerPairs(f);
    y += 10;
    p.rule(50, y - 4, 545, y - 4);
    const perLine = r.pick([2, 3]);
    for (let i = 0; i < pairs.length; i += perLine) {
      const line = pairs
        .slice(i, i + perLine)
        .map(([, l, v]) => `${l}: ${v}`)
        .join("     ");
      p.put(line, 50, y + 2, 9);
      y += 14;
    }
    p.rule(50, y + 2, 545, y + 2);
    y = customerBlock(p, f, r, 50, y + 16) + 12;
    y = itemsTable(doc, p, f, r, y, true);
    y = maybeBreak(doc, p, f, r, y);
    y = totalsBlock(doc, p, f, r, y);
    footer(doc, p, f, r, y + 10, true);
  },
  /** "INVOICE No. 123" as the title line, the date under it, the rest as pairs. */
  "title-line"(doc, p, f, r) {
    const t = f.truth;
    let y = vendorBlock(p, f, 50, 45);
    const title = `${r.pick(f.w.title)} ${r.pick(f.w.titleNo)} ${t.invoice_id}`;
    y = Math.max(y, 120);
    p.put(title, 50, y, 17, true);
    y += 24;
    const rest = headerPairs(f).filter(([k]) => k !== "invoice_id");
    for (const [, label, value] of rest) {
      p.put(`${label}: ${value}`, 50, y, 9.5);
      y += 14;
    }
    customerBlock(p, f, r, 350, 120);
    y = itemsTable(doc, p, f, r, y + 16, r.chance(0.5));
    y = maybeBreak(doc, p, f, r, y);
    y = totalsBlock(doc, p, f, r, y);
    footer(doc, p, f, r, y + 10, true);
  },
  /** Labels in small capitals above their values, side by side in one band. */
  "caps-above"(doc, p, f, r) {
    let y = vendorBlock(p, f, 50, 45);
    p.right(upper(r.pick(f.w.title), f.lang), 545, 45, 18, true);
    y = customerBlock(p, f, r, 50, Math.max(y, 105) + 8);
    const pairs = headerPairs(f).filter(([k]) => k !== "payment_terms");
    const terms = headerPairs(f).find(([k]) => k === "payment_terms");
    const colW = 495 / Math.max(pairs.length, 3);
    y += 8;
    pairs.forEach(([, label, value], i) => {
      p.put(label.toUpperCase(), 50 + i * colW, y, 6.5, true);
      p.put(value, 50 + i * colW, y + 10, 9.5);
    });
    y += 34;
    if (terms) {
      p.put(terms[1].toUpperCase(), 50, y, 6.5, true);
      p.put(terms[2], 50, y + 10, 9.5);
      y += 32;
    }
    y = itemsTable(doc, p, f, r, y, true);
    y = maybeBreak(doc, p, f, r, y);
    y = totalsBlock(doc, p, f, r, y);
    footer(doc, p, f, r, y + 10, true);
  },
  /** A letter: "Town, date" top right, a subject line with the number, the due date in a sentence. */
  letter(doc, p, f, r) {
    const t = f.truth;
    p.put(`${f.vendor.name} · ${f.vendor.lines.join(" · ")}`, 50, 40, 7.5);
    let y = partyBlock(p, f, 50, 120, "", 10);
    const townDate = `${f.town}, ${f.fmtDate(t.invoice_date)}`;
    p.right(townDate, 545, 120, 10);
    let ry = 136;
    for (const [k, label, value] of headerPairs(f, { withDue: false })) {
      if (k === "invoice_id" || k === "invoice_date" || k === "payment_terms") continue;
      p.right(`${label}: ${value}`, 545, ry, 9);
      ry += 13;
    }
    y = Math.max(y, ry) + 24;
    p.put(`${r.pick(f.w.title)} ${r.pick(f.w.titleNo)} ${t.invoice_id}`, 50, y, 13, true);
    y += 26;
    y = itemsTable(doc, p, f, r, y, false);
    y = maybeBreak(doc, p, f, r, y);
    y = totalsBlock(doc, p, f, r, y);
    if (t.payment_terms) {
      p.put(`${f.pickW("payment_terms")}: ${t.payment_terms}`, 50, y + 6, 9.5);
      y += 16;
    }
    if (t.due_date) {
      p.put(
        r.chance(0.5) ? f.w.payBy(f.fmtDate(t.due_date)) : f.w.payBy2(f.fmtDate(t.due_date)),
        50,
        y + 6,
        9.5,
      );
      y += 16;
    }
    p.put(f.w.thanks, 50, y + 14, 9.5);
  },
  /** Header fields in a ruled grid (labels row over values row), totals in ruled cells. */
  grid(doc, p, f, r) {
    p.put(r.pick(f.w.title), 50, 40, 20, true);
    vendorBlock(p, f, 330, 40);
    let y = customerBlock(p, f, r, 50, 90);
    const pairs = headerPairs(f).filter(([k]) => k !== "payment_terms");
    const terms = headerPairs(f).find(([k]) => k === "payment_terms");
    y = Math.max(y, 150);
    const colW = 495 / pairs.length;
    pairs.forEach(([, label, value], i) => {
      const x = 50 + i * colW;
      p.box(x, y, colW, 16);
      p.box(x, y + 16, colW, 18);
      p.put(label, x + 4, y + 4, 8, true);
      p.put(value, x + 4, y + 21, 9);
    });
    y += 48;
    if (terms) {
      p.put(`${terms[1]}: ${terms[2]}`, 50, y, 9);
      y += 18;
    }
    y = itemsTable(doc, p, f, r, y, true);
    y = maybeBreak(doc, p, f, r, y);
    y = totalsBlock(doc, p, f, r, y);
    footer(doc, p, f, r, y + 10, !!f.truth.due_date && f.dueKind !== "sentence");
  },
};
