// The layouts of corpus-sidebar-check, a check set not looked at while tuning: shaded side
// columns (left or right, tinted or dark with light text), a tinted band across the top, tinted
// boxes side by side and a side panel of half the page's height. Each puts the text inside the
// shading close to the text beside it (a gap of two or three characters) and on the same
// baselines, so only the shading tells the two apart.

function pairs(f) {
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

/** The items from x to x + w; returns the y below them. */
function items(p, f, x, y, w) {
  const [a, b, c, d] = f.w.items;
  p.put(a, x, y, 8.5, true);
  p.right(b, x + w * 0.58, y, 8.5, true);
  p.right(c, x + w * 0.8, y, 8.5, true);
  p.right(d, x + w, y, 8.5, true);
  y += 13;
  for (const it of f.truth.items) {
    p.put(it.description, x, y, 8.5);
    p.right(String(it.quantity), x + w * 0.58, y, 8.5);
    p.right(f.fmt(it.unit_price), x + w * 0.8, y, 8.5);
    p.right(f.fmt(it.amount), x + w, y, 8.5);
    y += 13;
  }
  return y + 10;
}

function totals(p, f, r, x, y, right) {
  for (const [l, v] of sums(f, r)) {
    p.put(l, x, y, 9);
    p.right(v, right, y, 9);
    y += 13;
  }
  return y;
}

function closing(p, f, x, y) {
  const t = f.truth;
  if (f.dueKind === "sentence" && t.due_date) {
    p.put(f.w.payBy(f.fmtDate(t.due_date)), x, y, 9);
    y += 13;
  }
  p.put(f.w.thanks, x, y, 9);
}

/** The vendor's name (wrapped to `width`) and address lines, one per line, from y. */
function vendor(p, f, x, y, width, size = 9) {
  p.put(f.vendor.name, x, y, size + 3, true, { width, lineBreak: true });
  y += 2 * (size + 5) + 4;
  for (const l of f.vendor.lines) {
    p.put(l, x, y, size);
    y += size + 3;
  }
  return y + 8;
}

/** The customer under a heading, from y; returns the y below. */
function customer(p, f, r, x, y, size = 9) {
  p.put(r.pick(f.w.bill), x, y, size - 1, true);
  y += size + 3;
  p.put(f.customer.name, x, y, size, true);
  for (const l of f.customer.lines) {
    y += size + 3;
    p.put(l, x, y, size);
  }
  return y + size + 8;
}

/** The header fields as label and value on one line each, from y. */
function fieldLines(p, f, x, y, valueX, size = 8.5) {
  for (const [l, v] of pairs(f)) {
    p.put(l, x, y, size);
    p.put(v, valueX, y, size, true);
    y += size + 3.5;
  }
  return y + 6;
}

export const SIDEBAR_LAYOUTS = {
  leftPanel(doc, p, f, r) {
    doc
      .save()
      .rect(0, 0, 168, 842)
      .fill(r.pick(["#e4ebf3", "#efe9df", "#e6f0e6"]))
      .restore();
    doc.fillColor("black");
    let sy = vendor(p, f, 18, 48, 140);
    p.put("Tel. +00 1234 5678", 18, sy, 8.5);
    sy += 12;
    p.put(`info@${f.vendor.name.split(" ")[0].toLowerCase()}.example`, 18, sy, 8.5);
    p.put(r.pick(f.w.title), 180, 48, 22, true);
    // The customer and the fields stand on the vendor's address lines' baselines.
    customer(p, f, r, 180, 84);
    fieldLines(p, f, 362, 84, 450);
    let y = items(p, f, 180, 200, 380);
    y = totals(p, f, r, 370, y, 560);
    closing(p, f, 180, y + 18);
  },
  rightPanel(doc, p, f, r) {
    doc
      .save()
      .rect(420, 0, 175, 842)
      .fill(r.pick(["#eaeaea", "#e3edf7"]))
      .restore();
    doc.fillColor("black");
    let sy = vendor(p, f, 432, 48, 150);
    for (const [l, v] of pairs(f)) {
      p.put(l, 432, sy, 7.5, true);
      p.put(v, 432, sy + 10, 8.5);
      sy += 26;
    }
    p.put(r.pick(f.w.title), 40, 48, 22, true);
    customer(p, f, r, 40, 84);
    p.put(f.w.thanks, 230, 84, 8.5);
    let y = items(p, f, 40, 200, 370);
    y = totals(p, f, r, 220, y, 410);
    if (f.dueKind === "sentence" && f.truth.due_date)
      p.put(f.w.payBy(f.fmtDate(f.truth.due_date)), 40, y + 18, 9);
  },
  darkLeft(doc, p, f, r) {
    doc
      .save()
      .rect(0, 0, 176, 842)
      .fill(r.pick(["#1f3a5f", "#2b2b2b", "#41304f"]))
      .restore();
    doc.fillColor("white");
    let sy = vendor(p, f, 16, 60, 150);
    sy += 10;
    for (const [l, v] of pairs(f)) {
      p.put(l, 16, sy, 7.5);
      p.put(v, 16, sy + 10, 9, true);
      sy += 27;
    }
    doc.fillColor("black");
    p.put(r.pick(f.w.title), 188, 60, 22, true);
    customer(p, f, r, 188, 96);
    let y = items(p, f, 188, 190, 370);
    y = totals(p, f, r, 380, y, 558);
    closing(p, f, 188, y + 18);
  },
  topBand(doc, p, f, r) {
    doc
      .save()
      .rect(0, 0, 595, 132)
      .fill(r.pick(["#e8eef5", "#f1ece4"]))
      .restore();
    doc.fillColor("black");
    vendor(p, f, 40, 34, 220);
    p.put(r.pick(f.w.title), 330, 34, 20, true);
    fieldLines(p, f, 330, 62, 430);
    // The customer right below the band, on the vendor's left edge.
    const y0 = 142;
    const y1 = customer(p, f, r, 40, y0);
    let y = items(p, f, 40, Math.max(y1, 200) + 6, 515);
    y = totals(p, f, r, 340, y, 555);
    closing(p, f, 40, y + 18);
  },
  boxes(doc, p, f, r) {
    const tint = r.pick(["#ececec", "#e6eef6", "#f3eee2"]);
    vendor(p, f, 40, 40, 260);
    p.put(r.pick(f.w.title), 400, 40, 22, true);
    // Two tinted boxes side by side with a narrow gap between them.
    doc.save().rect(36, 118, 250, 86).fill(tint).restore();
    doc.save().rect(296, 118, 264, 86).fill(tint).restore();
    doc.fillColor("black");
    customer(p, f, r, 44, 126);
    fieldLines(p, f, 304, 126, 410);
    let y = items(p, f, 40, 222, 515);
    const s = sums(f, r);
    doc
      .save()
      .rect(330, y - 6, 230, s.length * 13 + 8)
      .fill(tint)
      .restore();
    doc.fillColor("black");
    y = totals(p, f, r, 338, y, 552);
    closing(p, f, 40, y + 18);
  },
  halfPanel(doc, p, f, r) {
    doc
      .save()
      .rect(0, 0, 190, 380)
      .fill(r.pick(["#dfe7ef", "#e9e4da"]))
      .restore();
    doc.fillColor("black");
    const sy = vendor(p, f, 20, 56, 160);
    p.put(r.pick(["VAT reg. pending", "Registered office"]), 20, sy, 8);
    p.put(r.pick(f.w.title), 202, 56, 22, true);
    customer(p, f, r, 202, 92);
    fieldLines(p, f, 380, 92, 470);
    let y = items(p, f, 40, 410, 515);
    y = totals(p, f, r, 340, y, 555);
    closing(p, f, 40, y + 18);
  },
};
