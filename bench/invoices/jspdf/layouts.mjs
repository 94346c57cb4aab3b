// Tuning layouts: where the invoice number and the customer block stand.

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

export const LAYOUTS = {
  /** The number only in the title; "Bill to" above the customer; dates right. */
  "title-id"(_doc, p, f, r) {
    p.put(titleWithId(f), L, 50, 20, true);
    vendorBlock(p, f, R, 50, { align: "right" });
    p.put(f.pickN("bill"), L, 130, 9, true);
    putLines(p, customerLines(f, r, { custNo: true }), L, 144);
    let y = 130;
    for (const [k, v] of details(f, { id: false, custNo: false })) {
      p.put(k, 360, y, 9.5);
      p.right(v, R, y, 9.5);
      y += 15;
    }
    y = items(p, f, 260);
    y = totals(p, f, y);
    closing(p, f, y + 10);
  },

  /** A ruled header grid, labels in one row, values in the row below; the customer in a box with a dark header. */
  "header-grid"(_doc, p, f, r) {
    vendorBlock(p, f, L, 45);
    p.right(f.pickN("title"), R, 45, 22, true);
    const cells = details(f);
    const w = (R - L) / cells.length;
    p.box(L, 110, R - L, 36);
    p.rule(L, 126, R, 126, 0.4);
    cells.forEach(([k, v], i) => {
      if (i > 0) p.rule(L + i * w, 110, L + i * w, 146, 0.4);
      p.put(k, L + i * w + 4, 114, 8, true);
      p.put(v, L + i * w + 4, 131, 9.5);
    });
    const lines = customerLines(f, r, { custNo: false });
    p.band(L, 165, 240, 16, 50);
    p.put(f.pickN("bill").toUpperCase(), L + 6, 169, 9, true, 255);
    p.box(L, 165, 240, 20 + lines.length * 13);
    putLines(p, lines, L + 6, 188);
    let y = items(p, f, 300, { boxed: true });
    y = totals(p, f, y);
    closing(p, f, y + 10);
  },

  /** Labels in a column of their own at the left; values far right on the label's line. */
  "left-column"(_doc, p, f, r) {
    vendorBlock(p, f, L, 45);
    p.put(f.pickN("title"), L, 110, 18, true);
    let y = 145;
    for (const [k, v] of details(f, { custNo: false })) {
      p.put(k, L, y, 9.5, true);
      p.right(v, R, y, 9.5);
      y += 15;
    }
    y += 10;
    p.put(f.pickN("bill"), L, y, 9.5, true);
    y = putLines(p, customerLines(f, r, { custNo: true }), 170, y);
    y = items(p, f, y + 25);
    y = totals(p, f, y);
    closing(p, f, y + 10);
  },

  /** Bill-to and ship-to side by side under their labels, contact lines in both. */
  "two-blocks"(_doc, p, f, r) {
    p.put(f.pickN("title"), L, 45, 22, true);
    vendorBlock(p, f, R, 45, { align: "right", size: 8.5 });
    let y = 100;
    for (const [k, v] of details(f)) {
      p.right(`${k} ${v}`, R, y, 9.5);
      y += 14;
    }
    const top = Math.max(y + 15, 190);
    p.put(f.pickN("bill"), L, top, 9, true);
    p.put(f.pickN("ship"), 300, top, 9, true);
    p.rule(L, top + 13, 280, top + 13, 0.4);
    p.rule(300, top + 13, R, top + 13, 0.4);
    const a = putLines(p, customerLines(f, r, { custNo: false }), L, top + 18);
    const ship = [f.shipTo.name, ...(r.chance(0.5) ? [f.contact.attn] : []), ...f.shipTo.lines];
    const b = putLines(p, ship, 300, top + 18);
    y = items(p, f, Math.max(a, b) + 25);
    y = totals(p, f, y);
    closing(p, f, y + 10);
  },

  /** The number and the date on one line under the title; the customer's label left of its name. */
  "id-date-line"(_doc, p, f, r) {
    vendorBlock(p, f, L, 45, { size: 9 });
    p.put(f.pickN("title"), 330, 45, 20, true);
    const [[idLabel], [dateLabel, date]] = details(f, { custNo: false });
    const short = { en: ["No.", "No", "#"], de: ["Nr.", "Nr"], fr: ["N°", "No"], nl: ["Nr."] }[f.lang];
    p.put(`${r.chance(0.5) ? r.pick(short) : idLabel} ${f.id}`, 330, 75, 10);
    p.put(`${dateLabel} ${date}`, 450, 75, 10);
    let y = 95;
    for (const [k, v] of details(f, { id: false, custNo: false }).slice(1)) {
      p.put(`${k}: ${v}`, 330, y, 9.5);
      y += 14;
    }
    const lines = customerLines(f, r, { custNo: true });
    const label = `${f.pickN("bill")}:`;
    p.put(label, L, 150, 9.5, true);
    p.put(lines[0], L + p.width(label, 9.5, true) + 6, 150, 9.5);
    y = putLines(p, lines.slice(1), L + p.width(label, 9.5, true) + 6, 163);
    y = items(p, f, Math.max(y, 190) + 25);
    y = totals(p, f, y);
    closing(p, f, y + 10);
  },

  /** The number labelled in a side panel and again in the page footer; the customer in a framed box. */
  "footer-id"(_doc, p, f, r) {
    vendorBlock(p, f, L, 45);
    p.band(340, 40, R - 340, 22, 70);
    p.put(f.pickN("title").toUpperCase(), 348, 45, 13, true, 255);
    let y = 72;
    for (const [k, v] of details(f)) {
      p.put(k, 348, y, 9);
      p.right(v, R, y, 9);
      y += 14;
    }
    const lines = customerLines(f, r, { attn: "always", custNo: false });
    p.put(f.pickN("bill"), L + 6, 150, 8, true);
    p.box(L, 146, 230, 18 + lines.length * 13);
    putLines(p, lines, L + 6, 164);
    y = items(p, f, Math.max(y, 170 + lines.length * 13) + 30);
    y = totals(p, f, y);
    closing(p, f, y + 10);
    p.rule(L, 800, R, 800, 0.3);
    p.put(`${f.words.footer} ${f.id} - ${f.words.page(1, 1)}`, L, 805, 8);
    p.right(f.vendor.name, R, 805, 8);
  },
};
