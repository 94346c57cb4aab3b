// Check layouts, kept apart from tuning: not looked at while the rules were written.

import { closing, customerLines, details, items, L, putLines, R, totals, vendorBlock } from "./parts.mjs";

export const CHECK_LAYOUTS = {
  /** Customer at left; a bordered two-column table of label and value cells at right. */
  "details-table"(_doc, p, f, r) {
    vendorBlock(p, f, L, 40);
    p.put(f.pickN("title"), L, 100, 18, true);
    p.put(f.pickN("bill"), L, 135, 8.5, true);
    putLines(p, customerLines(f, r, { custNo: true }), L, 148);
    const rows = details(f, { custNo: false });
    rows.forEach(([k, v], i) => {
      const y = 130 + i * 18;
      p.box(330, y, 100, 18, 0.4);
      p.box(430, y, R - 430, 18, 0.4);
      p.put(k, 334, y + 5, 8.5, true);
      p.put(v, 434, y + 5, 9);
    });
    let y = items(p, f, Math.max(130 + rows.length * 18, 230) + 30, { boxed: true });
    y = totals(p, f, y);
    closing(p, f, y + 10);
  },

  /** A dark banner with the numbered title; the customer box under a grey header, contact first. */
  banner(_doc, p, f, r) {
    p.band(0, 0, 595, 70, 35);
    p.put(`${f.pickN("title")} ${f.pickN("titleNo")}${f.id}`, L, 24, 18, true, 255);
    p.right(f.vendor.name, R, 20, 11, true, 255);
    p.right(f.vendor.lines.join(" · "), R, 40, 8, false, 255);
    const lines = customerLines(f, r, { attn: "always", mail: "always", custNo: true });
    p.band(L, 95, 250, 16, 215);
    p.put(f.pickN("bill"), L + 5, 99, 9, true);
    p.box(L, 95, 250, 20 + lines.length * 13);
    putLines(p, lines, L + 5, 117);
    let y = 95;
    for (const [k, v] of details(f, { id: false, custNo: false })) {
      p.put(k.toUpperCase(), 340, y, 7, true, 90);
      p.put(v, 340, y + 9, 10);
      y += 26;
    }
    y = items(p, f, Math.max(y, 120 + lines.length * 13) + 25);
    y = totals(p, f, y);
    closing(p, f, y + 10);
  },

  /** Small capital labels in a row above their values, no grid; the customer's label in its own column. */
  "caps-row"(_doc, p, f, r) {
    p.put(f.pickN("title").toUpperCase(), L, 40, 24, true);
    vendorBlock(p, f, R, 40, { align: "right", size: 8.5 });
    const cells = details(f);
    const w = (R - L) / cells.length;
    cells.forEach(([k, v], i) => {
      p.put(k.toUpperCase(), L + i * w, 115, 7, true, 100);
      p.put(v, L + i * w, 125, 10);
    });
    p.rule(L, 145, R, 145, 0.4);
    p.put(f.pickN("bill"), L, 160, 9, true);
    const y0 = putLines(p, customerLines(f, r, { custNo: false }), 160, 160);
    let y = items(p, f, y0 + 25);
    y = totals(p, f, y);
    closing(p, f, y + 10);
    p.put(`${f.words.page(1, 1)} · ${f.words.footer} ${f.id}`, L, 810, 7.5);
  },

  /** The customer block and the invoice details side by side, their lines level with each other. */
  "side-by-side"(_doc, p, f, r) {
    vendorBlock(p, f, L, 40, { size: 9 });
    p.right(f.pickN("title"), R, 40, 20, true);
    const lines = [f.pickN("bill"), ...customerLines(f, r, { custNo: false })];
    const rows = details(f);
    let y = 120;
    for (let k = 0; k < Math.max(lines.length, rows.length); k++) {
      if (lines[k]) p.put(lines[k], L, y, 9.5, k === 0);
      if (rows[k]) {
        p.put(`${rows[k][0]}:`, 330, y, 9.5);
        p.right(rows[k][1], R, y, 9.5);
      }
      y += 14;
    }
    y = items(p, f, y + 25);
    y = totals(p, f, y);
    closing(p, f, y + 10);
  },
};
