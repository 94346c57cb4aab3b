// More tuning layouts, drawn after the first six with a seed of their own (so the first files
// stay as they were): the customer in a box at the right, a ruled label/value table holding the
// customer block in one cell, a window letter with the sender's return line.

import {
  closing,
  customerLines,
  details,
  items,
  L,
  putLines,
  R,
  titleWithId,
  totals,
  vendorBlock,
} from "./parts.mjs";

export const MORE_LAYOUTS = {
  /** The invoice's details at the left, the customer in a box under its header at the right. */
  "box-right"(_doc, p, f, r) {
    vendorBlock(p, f, L, 40);
    p.right(f.pickN("title"), R, 40, 20, true);
    let y = 120;
    for (const [k, v] of details(f, { custNo: false })) {
      p.put(`${k}:`, L, y, 9.5, true);
      p.put(v, L + 110, y, 9.5);
      y += 14;
    }
    const lines = customerLines(f, r, { custNo: true });
    p.band(320, 115, R - 320, 15, 230);
    p.put(f.pickN("bill").toUpperCase(), 325, 118, 8.5, true);
    p.box(320, 115, R - 320, 20 + lines.length * 13);
    putLines(p, lines, 325, 135);
    y = items(p, f, Math.max(y, 140 + lines.length * 13) + 25);
    y = totals(p, f, y);
    closing(p, f, y + 10);
  },

  /** A ruled table of labels and values, the customer's whole block in one cell. */
  "label-table"(_doc, p, f, r) {
    p.put(titleWithId(f), L, 40, 18, true);
    vendorBlock(p, f, R, 40, { align: "right", size: 8.5 });
    const lines = customerLines(f, r, { attn: "never", mail: "never", custNo: false });
    const rows = [[f.pickN("bill"), lines], ...details(f, { id: false }).map(([k, v]) => [k, [v]])];
    let y = 110;
    for (const [k, vs] of rows) {
      const h = 8 + vs.length * 12.5;
      p.box(L, y, 120, h, 0.4);
      p.box(L + 120, y, 250, h, 0.4);
      p.put(k, L + 5, y + 4, 9, true);
      putLines(p, vs, L + 125, y + 4, 9);
      y += h;
    }
    y = items(p, f, y + 30);
    y = totals(p, f, y);
    closing(p, f, y + 10);
  },

  /** A window letter: the sender's return line over the unlabelled addressee, the details beside it. */
  window(_doc, p, f, r) {
    vendorBlock(p, f, R, 35, { align: "right", size: 8.5 });
    p.put([f.vendor.name, ...f.vendor.lines].join(" · "), L, 120, 6.5);
    p.rule(L, 129, 280, 129, 0.3);
    const lines = customerLines(f, r, { mail: "never", custNo: false });
    putLines(p, lines, L, 136, 10);
    let y = 136;
    for (const [k, v] of details(f)) {
      p.put(k, 360, y, 9);
      p.right(v, R, y, 9);
      y += 13;
    }
    p.put(titleWithId(f), L, 235, 15, true);
    y = items(p, f, Math.max(y, 260) + 10);
    y = totals(p, f, y);
    closing(p, f, y + 10);
  },
};
