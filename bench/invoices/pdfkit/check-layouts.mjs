// The check layouts of corpus-pdfkit-check, kept apart from the tuning layouts and not looked at
// while tuning: a dark banner holding the header fields, a sidebar of fields with totals in a
// framed box, and a narrow receipt-like column.

function fields(f) {
  const t = f.truth;
  const out = [
    [f.pickW("invoice_id"), t.invoice_id],
    [f.pickW("invoice_date"), f.fmtDate(t.invoice_date)],
  ];
  if (t.due_date && f.dueKind !== "sentence") out.push([f.pickW("due_date"), f.fmtDate(t.due_date)]);
  if (t.customer_id) out.push([f.pickW("customer_id"), t.customer_id]);
  if (t.purchase_order) out.push([f.pickW("purchase_order"), t.purchase_order]);
  if (t.payment_terms) out.push([f.pickW("payment_terms"), t.payment_terms]);
  return out;
}

function sums(f, r) {
  const t = f.truth;
  const out = [[f.pickW("subtotal"), f.money(t.subtotal)]];
  if (t.total_discount !== null) out.push([f.pickW("discount"), `- ${f.money(t.total_discount)}`]);
  if (t.shipping !== null) out.push([f.pickW("shipping"), f.money(t.shipping)]);
  if (f.taxes.length === 1 || r.chance(0.5)) {
    for (const x of f.taxes)
      out.push([
        `${f.pickW("tax")} (${String(x.rate).replace(".", f.lang === "en" ? "." : ",")}%)`,
        f.money(x.tax),
      ]);
  } else out.push([f.pickW("total_tax"), f.money(t.total_tax)]);
  out.push([f.pickW("total"), f.money(t.invoice_total, true)]);
  if (t.amount_paid !== null) out.push([f.pickW("paid"), f.money(t.amount_paid)]);
  if (t.amount_due !== null) out.push([f.pickW("due"), f.money(t.amount_due, true)]);
  return out;
}

function lines(_doc, p, f, x, y, w) {
  const [a, b, c, d] = f.w.items;
  p.put(a, x, y, 8.5, true);
  p.right(b, x + w * 0.6, y, 8.5, true);
  p.right(c, x + w * 0.8, y, 8.5, true);
  p.right(d, x + w, y, 8.5, true);
  y += 13;
  for (const it of f.truth.items) {
    p.put(it.description, x, y, 8.5);
    p.right(String(it.quantity), x + w * 0.6, y, 8.5);
    p.right(f.fmt(it.unit_price), x + w * 0.8, y, 8.5);
    p.right(f.fmt(it.amount), x + w, y, 8.5);
    y += 13;
  }
  return y + 12;
}

function closing(p, f, _r, x, y) {
  const t = f.truth;
  if (f.dueKind === "sentence" && t.due_date) {
    p.put(f.w.payBy(f.fmtDate(t.due_date)), x, y, 9);
    y += 14;
  }
  p.put(f.w.thanks, x, y, 9);
}

export const CHECK_LAYOUTS = {
  banner(doc, p, f, r) {
    doc.save().rect(0, 0, 595, 110).fill("#1f3a5f").restore();
    doc.fillColor("white");
    p.put(f.pickW("title" in f.w ? "title" : "title"), 40, 30, 24, true);
    const fs = fields(f).filter((x) => x[0] !== f.w.payment_terms.find((l) => l === x[0]));
    fs.slice(0, 4).forEach(([l, v], i) => {
      p.put(l, 300 + (i % 2) * 140, 28 + Math.floor(i / 2) * 34, 7.5);
      p.put(v, 300 + (i % 2) * 140, 39 + Math.floor(i / 2) * 34, 10, true);
    });
    doc.fillColor("black");
    let y = 130;
    p.put(f.vendor.name, 40, y, 10, true);
    f.vendor.lines.forEach((l, i) => {
      p.put(l, 40, y + 13 * (i + 1), 9);
    });
    p.put(r.pick(f.w.bill), 300, y, 8, true);
    p.put(f.customer.name, 300, y + 12, 10, true);
    f.customer.lines.forEach((l, i) => {
      p.put(l, 300, y + 12 + 13 * (i + 1), 9);
    });
    y += 70;
    for (const [l, v] of fs.slice(4)) {
      p.put(`${l}  ${v}`, 40, y, 9);
      y += 13;
    }
    y = lines(doc, p, f, 40, y + 10, 515);
    for (const [l, v] of sums(f, r)) {
      p.put(l, 330, y, 9.5);
      p.right(v, 555, y, 9.5);
      y += 14;
    }
    closing(p, f, r, 40, y + 20);
  },
  sidebar(doc, p, f, r) {
    doc.save().rect(0, 0, 150, 842).fill("#eeeeee").restore();
    doc.fillColor("black");
    let sy = 60;
    for (const [l, v] of fields(f)) {
      p.put(l, 15, sy, 7.5, true);
      p.put(v, 15, sy + 10, 8.5, false, { width: 128, lineBreak: true });
      sy += 32;
    }
    p.put(r.pick(f.w.title), 170, 50, 20, true);
    p.put(f.vendor.name, 170, 80, 9, true);
    p.put(f.vendor.lines.join(", "), 170, 92, 8.5);
    p.put(r.pick(f.w.bill), 170, 120, 8, true);
    p.put(f.customer.name, 170, 132, 10, true);
    f.customer.lines.forEach((l, i) => {
      p.put(l, 170, 145 + 13 * i, 9);
    });
    let y = lines(doc, p, f, 170, 200, 385);
    const s = sums(f, r);
    p.box(330, y - 6, 225, s.length * 15 + 8);
    for (const [l, v] of s) {
      p.put(l, 336, y, 9);
      p.right(v, 549, y, 9);
      y += 15;
    }
    closing(p, f, r, 170, y + 20);
  },
  receipt(doc, p, f, r) {
    const x = 170;
    const w = 255;
    let y = 50;
    p.put(f.vendor.name, x, y, 12, true);
    y += 16;
    for (const l of f.vendor.lines) {
      p.put(l, x, y, 8.5);
      y += 11;
    }
    y += 8;
    p.put(`${r.pick(f.w.title).toUpperCase()}`, x, y, 11, true);
    y += 16;
    for (const [l, v] of fields(f)) {
      p.put(`${l}`, x, y, 8.5);
      p.right(v, x + w, y, 8.5);
      y += 12;
    }
    y += 6;
    p.put(r.pick(f.w.bill), x, y, 8, true);
    p.put(f.customer.name, x, y + 11, 9);
    p.put(f.customer.lines.join(", "), x, y + 22, 8.5);
    y += 44;
    p.rule(x, y - 4, x + w, y - 4);
    y = lines(doc, p, f, x, y, w);
    p.rule(x, y - 6, x + w, y - 6);
    for (const [l, v] of sums(f, r)) {
      p.put(l, x, y, 9);
      p.right(v, x + w, y, 9);
      y += 13;
    }
    closing(p, f, r, x, y + 16);
  },
};
