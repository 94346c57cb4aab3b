// Pieces every layout draws: the parties, the item table, the totals and the optional detail
// lines. Each takes the top y and returns the y below what it drew. The truth's optional fields
// (due date, order, customer number, terms, paid, due) are printed when they are set.

export const L = 50;
export const R = 545;

export function vendorBlock(p, f, x, y, { align = "left", size = 9.5, bold = true } = {}) {
  const put = align === "right" ? p.right : p.put;
  put(f.vendor.name, x, y, size + 3, bold);
  y += size + 7;
  for (const line of f.vendor.lines) {
    put(line, x, y, size);
    y += size + 3;
  }
  return y;
}

/**
 * The customer's lines: an optional contact line before or after the name, the address, then
 * optional e-mail, phone and customer-number lines. `custNo` prints the customer number here.
 */
export function customerLines(f, r, { attn = "maybe", mail = "maybe", custNo = false } = {}) {
  const lines = [];
  const withAttn = attn === "always" || (attn === "maybe" && r.chance(0.5));
  const attnFirst = withAttn && r.chance(0.3);
  if (attnFirst) lines.push(f.contact.attn);
  lines.push(f.customer.name);
  if (withAttn && !attnFirst) lines.push(f.contact.attn);
  lines.push(...f.customer.lines);
  if (mail === "always" || (mail === "maybe" && r.chance(0.5))) {
    lines.push(f.contact.email);
    if (r.chance(0.5)) lines.push(`Tel. ${f.contact.phone}`);
  }
  if (custNo && f.truth.customer_id) lines.push(`${f.pickN("custNo")} ${f.truth.customer_id}`);
  return lines;
}

export function putLines(p, lines, x, y, size = 9.5, boldFirst = -1) {
  lines.forEach((line, k) => {
    p.put(line, x, y, size, k === boldFirst);
    y += size + 3.5;
  });
  return y;
}

/** Label/value pairs of the header: the number, dates, order, customer number, terms. */
export function details(f, { id = true, custNo = true } = {}) {
  const out = [];
  if (id) out.push([f.pickN("id"), f.id]);
  out.push([f.pickN("date"), f.fmtDate(f.truth.invoice_date)]);
  if (f.truth.due_date) out.push([f.pickN("due"), f.fmtDate(f.truth.due_date)]);
  if (f.truth.purchase_order) out.push([f.pickN("po"), f.truth.purchase_order]);
  if (custNo && f.truth.customer_id) out.push([f.pickN("custNo"), f.truth.customer_id]);
  return out;
}

export function items(p, f, y, { ruled = true, boxed = false } = {}) {
  const [hDesc, hQty, hPrice, hAmt] = f.w.items;
  const cols = [L + 5, 330, 430, R - 5];
  if (boxed) p.band(L, y - 3, R - L, 16, 225);
  p.put(hDesc, cols[0], y, 9, true);
  p.right(hQty, cols[1], y, 9, true);
  p.right(hPrice, cols[2], y, 9, true);
  p.right(hAmt, cols[3], y, 9, true);
  y += 15;
  if (ruled) p.rule(L, y - 2, R, y - 2);
  for (const it of f.truth.items) {
    p.put(it.description, cols[0], y + 2, 9);
    p.right(String(it.quantity), cols[1], y + 2, 9);
    p.right(f.money(it.unit_price), cols[2], y + 2, 9);
    p.right(f.money(it.amount), cols[3], y + 2, 9);
    y += 16;
    if (ruled && boxed) p.rule(L, y - 1, R, y - 1, 0.3);
  }
  if (ruled) p.rule(L, y, R, y);
  return y + 10;
}

export function totals(p, f, y, xLabel = 360, xRight = R - 5) {
  const t = f.truth;
  const rows = [[f.pickW("subtotal"), t.subtotal]];
  if (t.total_discount) rows.push([f.pickW("discount"), -t.total_discount]);
  if (t.shipping) rows.push([f.pickW("shipping"), t.shipping]);
  for (const tax of f.taxes)
    rows.push([`${f.pickW("tax")} ${String(tax.rate).replace(".", f.lang === "en" ? "." : ",")} %`, tax.tax]);
  rows.push([f.pickW("total"), t.invoice_total, true]);
  if (t.amount_paid) rows.push([f.pickW("paid"), -t.amount_paid]);
  if (t.amount_due !== null && t.amount_paid) rows.push([f.pickW("due"), t.amount_due, true]);
  else if (t.amount_due !== null) rows.push([f.pickW("due"), t.amount_due, true]);
  for (const [label, v, b] of rows) {
    p.put(label, xLabel, y, 9.5, !!b);
    p.right(f.money(v, !!b), xRight, y, 9.5, !!b);
    y += 15;
  }
  return y;
}

export function closing(p, f, y) {
  if (f.truth.payment_terms) {
    p.put(`${f.pickN("terms")}: ${f.termsText}`, L, y, 9);
    y += 14;
  }
  p.put(f.w.thanks, L, y, 9);
  return y + 14;
}

/** A title holding the number: "INVOICE #A-2231", "Rechnung 2026/0042", "Facture n° F26-118". */
export const titleWithId = (f) => `${f.pickN("title")} ${f.pickN("titleNo")}${f.id}`;
