import { type Amount, findAmounts, type NumberStyle, parseAmount } from "./amounts.ts";
import { isCarryRow } from "./carry-rows.ts";
import { findLabels } from "./invoice-labels.ts";
import type { Line, Table } from "./invoice-lines.ts";
import type { InvoiceItem } from "./invoice-types.ts";
import { repairOcrNumber } from "./ocr-numbers.ts";
import { mergeRows, pairSplitRows } from "./ocr-rows.ts";
import { holdsMoney } from "./party-lines.ts";

// Line items. From a table whose header names the columns (three languages), or, when the header
// row is missing or unreadable, whose columns say what they are by their content (the numeric
// column that is the product of two others is the amount). Tables that continue it on later
// pages are read on. Without a table, lines that end in a quantity, a price and their product.

export type Role = keyof InvoiceItem;
export type ItemRow = { item: InvoiceItem; table: Table | null; row: number; page: number; quote: string };

const ROLE_TESTS: [Role, RegExp][] = [
  [
    "tax_rate",
    /^(?:(?:vat|tax|mwst|ust|tva|gst|steuer)\.?\s*(?:%|rate|satz|-satz)|mwst\.?-satz|taux(?: de)? tva|tva|vat|tax|mwst\.?|ust\.?|%)$|%$/,
  ],
  [
    "unit_price",
    /unit\s*(?:price|cost)|^(?:rate|price|preis|e-?preis|einzelpreis|stückpreis|prix|prix unitaire|p\.?\s?u\.?(?:\s?ht)?|unit\s?price|price per unit)$/,
  ],
  // "Menge ME", "Qté U.", "QTYUoM": one column holds the quantity and its unit ("20 Std.").
  [
    "quantity",
    /^(?:qty|qté|qte|quantity|quantité|menge|anzahl|stk\.?|hours|hrs|units|nb)(?:\s*[/.]?\s*(?:unit|uom|u\.?|me|einheit|unité|eh))?$/,
  ],
  ["unit", /^(?:unit|uom|u\.?|einheit|me|unité)$/],
  [
    "product_code",
    /^(?:code|sku|item\s?#|item no\.?|part no\.?|part #|art\.?-?nr\.?|artikelnr\.?|artikel-nr\.?|réf\.?|référence|ref\.?|product code|item code|item number|part number|artikelnummer|code article|pos\.?-?nr\.?)$/,
  ],
  [
    "amount",
    /amount|^(?:total|line total|net|betrag|gesamt|gesamtpreis|summe|montant|montant ht|total ht|ext\.? price|extended|netto)$/,
  ],
  [
    "description",
    /descr|item|beschreibung|bezeichnung|artikel|leistung|désignation|designation|libellé|product|service|details|position/,
  ],
];

const roleOf = (h: string): Role | null => {
  const t = h.toLowerCase().replace(/[:*]/g, "").replace(/\s+/g, " ").trim();
  if (!t) return null;
  return ROLE_TESTS.find(([, re]) => re.test(t))?.[0] ?? null;
};

function headerRoles(header: string[]): Map<Role, number> | null {
  const roles = new Map<Role, number>();
  header.forEach((h, i) => {
    const r = roleOf(h);
    if (r && !roles.has(r)) roles.set(r, i);
  });
  const ok = roles.has("description") && (roles.has("amount") || roles.has("unit_price")) && roles.size >= 3;
  return ok ? roles : null;
}

/** A cell's number, a unit word after it ("20 Std.", "3 pcs") left aside. */
const num = (s: string, style: NumberStyle): number | null => {
  const read = (t: string) =>
    parseAmount(t, style) ?? parseAmount(t.replace(/(?<=\d)\s*\p{L}[\p{L}.]*$/u, ""), style);
  const a = read(s);
  if (a) return a.value;
  // A scan's cell may hold the number with OCR noise around or in it ("©. 44:10", "7%.").
  const repaired = repairOcrNumber(s, style.decimal);
  return repaired === null ? null : (read(repaired)?.value ?? null);
};
/** The unit printed after a quantity, with or without a space ("20 Std.", "23pcs"). */
const unitWord = (s: string) => /\d\s*(\p{L}[\p{L}.]*)$/u.exec(s)?.[1] ?? null;

/** Roles from the cells: text columns and numeric ones, the amount being a product of two others. */
function contentRoles(rows: string[][], style: NumberStyle): Map<Role, number> | null {
  const width = Math.max(0, ...rows.map((r) => r.length));
  const numeric: number[] = [];
  let desc = -1;
  let longest = 0;
  for (let c = 0; c < width; c++) {
    const cells = rows.map((r) => r[c] ?? "").filter(Boolean);
    if (!cells.length) continue;
    const nums = cells.filter((x) => num(x.replace(/%/, ""), style) !== null).length;
    if (nums >= cells.length * 0.8) numeric.push(c);
    else {
      const len = cells.reduce((s, x) => s + x.length, 0) / cells.length;
      if (len > longest) {
        longest = len;
        desc = c;
      }
    }
  }
  if (desc < 0 || numeric.length < 2) return null;
  const roles = new Map<Role, number>([["description", desc]]);
  for (const a of [...numeric].reverse())
    for (const q of numeric)
      for (const p of numeric) {
        if (roles.has("amount") || q === p || q === a || p === a) continue;
        const fits = rows.filter((r) => {
          const [vq, vp, va] = [num(r[q] ?? "", style), num(r[p] ?? "", style), num(r[a] ?? "", style)];
          return vq !== null && vp !== null && va !== null && Math.abs(vq * vp - va) < 0.011;
        }).length;
        if (fits >= Math.max(1, rows.length * 0.6)) {
          roles.set("amount", a);
          // The quantity is usually the smaller, whole-looking one, printed first.
          roles.set("quantity", Math.min(q, p));
          roles.set("unit_price", Math.max(q, p));
        }
      }
  if (!roles.has("amount")) roles.set("amount", numeric[numeric.length - 1] as number);
  return roles;
}

const SUMMARY_FIELDS = new Set([
  "subtotal",
  "total_discount",
  "shipping",
  "total_tax",
  "invoice_total",
  "amount_paid",
  "amount_due",
  "payment_terms",
]);

/** A row that carries a total: a totals label opening one of its cells. */
export const isSummaryRow = (row: string[]) =>
  row.some((c) => findLabels(c).some((h) => h.start < 2 && SUMMARY_FIELDS.has(h.field)));

/** A code (capitals and at least four digits, "A76662", "SKU-12345") and the words after it. */
const LEADING_CODE = /^((?=[A-Z0-9-]*\d{4})[A-Z]{1,4}-?\d[\dA-Z-]*)\s+(?=\p{L})/u;

/** What a row of an item table holds: numbers without a description, a description alone, both. */
function rowKind(row: string[], roles: Map<Role, number>, style: NumberStyle) {
  const cell = (r: Role) => (row[roles.get(r) ?? -1] ?? "").trim();
  const numbers = (["amount", "quantity", "unit_price"] as Role[]).some((r) => num(cell(r), style) !== null);
  const text = /\p{L}{2}/u.test(cell("description"));
  return numbers && text ? "full" : numbers ? "numbers" : text ? "text" : "other";
}

function readRow(
  row: string[],
  roles: Map<Role, number>,
  style: NumberStyle,
  ocr = false,
): InvoiceItem | null {
  const get = (r: Role) => {
    const i = roles.get(r);
    return i === undefined ? "" : (row[i] ?? "").trim();
  };
  let description = get("description");
  // A scan's grid cuts a description over the columns right of it that have no role ("Lampe de
  // bureau | LED"): their words continue it.
  const at = roles.get("description");
  if (ocr && at !== undefined) {
    const taken = new Set(roles.values());
    for (let k = at + 1; k < row.length && !taken.has(k); k++) {
      const extra = (row[k] ?? "").trim();
      if (extra && num(extra, style) === null) description = `${description} ${extra}`.trim();
    }
  }
  const amount = num(get("amount"), style);
  const unitPrice = num(get("unit_price"), style);
  const quantity = num(get("quantity"), style);
  if (!description && amount === null) return null;
  const rate = get("tax_rate") ? num(get("tax_rate").replace(/\s?%/, ""), style) : null;
  // No code column: a code opening the description ("P44604 Clavier sans fil") is the item's code.
  let code = get("product_code").replace(/(?<=[-/_.])\s+/g, "");
  const lead = roles.has("product_code") ? null : LEADING_CODE.exec(description);
  if (lead?.[1] && !code) {
    code = lead[1];
    description = description.slice(lead[0].length);
  }
  return withProduct({
    description: description || null,
    quantity,
    unit: get("unit") || unitWord(get("quantity")),
    unit_price: unitPrice,
    tax_rate: rate,
    amount,
    // A code wrapped in its cell at a hyphen ("SKU-<br>28115") is one code: no space at the break.
    product_code: code || null,
  });
}

const cents = (v: number) => Math.round(v * 100) / 100;

/**
 * Quantity × unit price = amount: when one of the three was left blank or unreadable (a scan's
 * cell), the other two give it, if the result is a whole number of cents (of hundredths for a
 * quantity) that multiplies back exactly.
 */
export function withProduct(item: InvoiceItem): InvoiceItem {
  const { quantity: q, unit_price: p, amount: a } = item;
  const fits = (q2: number, p2: number, a2: number) => Math.abs(q2 * p2 - a2) < 0.011;
  if (q !== null && p !== null && a === null && q > 0) return { ...item, amount: cents(q * p) };
  if (q !== null && p === null && a !== null && q > 0 && fits(q, cents(a / q), a))
    return { ...item, unit_price: cents(a / q) };
  if (q === null && p !== null && a !== null && p !== 0 && fits(cents(a / p), p, a) && a / p > 0)
    return { ...item, quantity: cents(a / p) };
  return item;
}

/** `itemRows`: per item table, its header and item rows (the rest may hold labelled values). */
export type ItemTables = { items: ItemRow[]; used: Set<Table>; itemRows: Map<Table, Set<number>> };

export function tableItems(
  tables: Table[],
  style: NumberStyle,
  pageOf: (t: Table, text: string) => number,
): ItemTables {
  const used = new Set<Table>();
  const itemRows = new Map<Table, Set<number>>();
  const items: ItemRow[] = [];
  let roles: Map<Role, number> | null = null;
  let width = 0;
  for (const t of tables) {
    // The header may stand below other rows when a layout's grid swallowed the page's top.
    let headerAt = t.rows.findIndex((r) => headerRoles(r) !== null);
    let own = headerAt >= 0 ? headerRoles(t.rows[headerAt] as string[]) : null;
    // A scan's header cut over two rows ("| | Quantité | Montant |" over "| Description | | |").
    for (let r = 0; !own && t.ocr && r + 1 < t.rows.length; r++) {
      own = headerRoles(mergeRows(t.rows[r] as string[], t.rows[r + 1] as string[]));
      if (own) headerAt = r + 1;
    }
    const w = Math.max(0, ...t.rows.map((r) => r.length));
    let start = own ? headerAt + 1 : 0;
    let use = own;
    // A table that continues the item table on a later page: same width, header repeated or not.
    if (!use && roles && w === width && t.page > (items[items.length - 1]?.page ?? 0) - 1) use = roles;
    if (!use) {
      const data = t.rows.filter((r) => !isSummaryRow(r));
      const guess = data.length >= 2 ? contentRoles(data.slice(1), style) : null;
      // A first row of text over numeric columns is a header the extractor did not mark.
      if (guess && (t.rows[0] ?? []).every((c) => !c || num(c, style) === null)) start = 1;
      use = guess;
      if (guess && !guess.has("quantity") && !guess.has("unit_price")) use = null;
    }
    if (!use) continue;
    roles = use;
    width = w;
    used.add(t);
    const taken = new Set<number>(start > 0 ? [start - 1] : []);
    itemRows.set(t, taken);
    const roleSet = use;
    const body = t.rows.flatMap((cells, at) =>
      at >= start && !isSummaryRow(cells) && !isCarryRow(cells, style) ? [{ cells, at }] : [],
    );
    for (const b of body) taken.add(b.at);
    const rows = t.ocr ? pairSplitRows(body, (row) => rowKind(row, roleSet, style)) : body;
    for (const { cells: row, at: r } of rows) {
      if (headerRoles(row)) continue;
      const item = readRow(row, use, style, t.ocr);
      if (!item) continue;
      const prev = items[items.length - 1];
      // A row of description alone continues the description above it (wrapped text).
      if (
        prev &&
        item.amount === null &&
        item.quantity === null &&
        item.unit_price === null &&
        prev.table === t
      ) {
        prev.item.description = `${prev.item.description ?? ""} ${item.description ?? ""}`.trim();
        continue;
      }
      const desc = item.description ?? "";
      items.push({ item, table: t, row: r, page: pageOf(t, desc), quote: row.filter(Boolean).join(" | ") });
    }
  }
  return { items, used, itemRows };
}

/** Items written as text: "Widget 2 x 12.50 25.00", or the description on the line above. */
export function lineItems(lines: Line[], style: NumberStyle): ItemRow[] {
  const out: ItemRow[] = [];
  lines.forEach((line, i) => {
    const all = findAmounts(line.text, style).filter((a) => !a.percent);
    if (all.length < 3) return;
    const [q, p, a] = all.slice(-3) as [Amount, Amount, Amount];
    if (Math.abs(q.value * p.value - a.value) > 0.011 || q.value <= 0) return;
    if (findLabels(line.text).some((h) => SUMMARY_FIELDS.has(h.field))) return;
    let description = line.text
      .slice(0, q.start)
      .replace(/[\s|:–-]+$/, "")
      .trim();
    const prev = lines[i - 1];
    if (
      !/\p{L}{2}/u.test(description) &&
      prev &&
      prev.page === line.page &&
      // The line above may hold a number of its own ("Cable Cat6, 5 m"), but no money.
      !holdsMoney(prev.text)
    )
      description = prev.text;
    if (!/\p{L}{2}/u.test(description)) return;
    const code = LEADING_CODE.exec(description);
    if (code) description = description.slice(code[0].length);
    out.push({
      item: {
        description,
        quantity: q.value,
        unit: null,
        unit_price: p.value,
        tax_rate: null,
        amount: a.value,
        product_code: code?.[1] ?? null,
      },
      table: null,
      row: i,
      page: line.page,
      quote: line.text,
    });
  });
  return out;
}
