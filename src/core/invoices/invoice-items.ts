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
    /^(?:(?:vat|tax|mwst|ust|tva|gst|steuer|btw|iva)\.?\s*-?\s*(?:%|rate|satz|tarief|taux)|(?:mwst|ust)\.?-satz|taux(?: de)? tva|tva|vat|tax|btw|mwst\.?|ust\.?|%)$|%$/,
  ],
  [
    "unit_price",
    /unit\s*(?:price|cost|rate)|^(?:rate|hourly rate|rate\s?\/\s?h(?:r|our)?|price|price each|each|price\s?\/\s?unit|price per unit|unit\s?price|preis|e-?preis|einzelpreis|einzelpr\.|stückpreis|preis\s?\/\s?(?:einheit|stk\.?|stück|std\.?)|stundensatz|ansatz|prix|prix unit(?:aire|\.)?|p\.?\s?u\.?|taux horaire|tarif(?: horaire)?|prijs|stukprijs|eenheidsprijs|prijs per (?:stuk|eenheid)|tarief|uurtarief)$/,
  ],
  // "Menge ME", "Qté U.", "QTYUoM": one column holds the quantity and its unit ("20 Std.").
  [
    "quantity",
    /^(?:qty\.?|qté|qte|quantity|quantité|menge|anzahl|anz\.?|stk\.?|hours|hrs|units|nb|nb heures|nombre|heures|stunden|std\.?|aantal|aant\.?|aantal uren|uren|hoeveelheid)(?:\s*[/.]?\s*(?:unit|uom|u\.?|me|einheit|unité|eh|eenheid))?$/,
  ],
  ["unit", /^(?:unit|uom|u\.?|einheit|me|eh\.?|unité|eenheid)$/],
  [
    "product_code",
    /^(?:code|sku|item\s?#|item no\.?|part no\.?|part #|art\.?\s?-?\s?nr\.?|artikelnr\.?|artikel-nr\.?|artikelcode|artikelnummer|réf\.?|référence|ref\.?|réf\.? article|product code|item code|item number|part number|code article|pos\.?-?nr\.?|bestellnr\.?)$/,
  ],
  [
    "amount",
    /amount|^(?:total|line total|total price|prix total|net|betrag|gesamt|gesamtpreis|gesamtbetrag|summe|montant|ext\.? price|extended|netto|bedrag|totaal)$/,
  ],
  [
    "description",
    /descr|item|beschreibung|bezeichnung|artikel|leistung|désignation|designation|libellé|product|produit|produkt|service|prestation|details|position|omschrijving|beschrijving|article/,
  ],
];

/** A column of discounts per line ("Rabatt %", "Remise", "Korting %"): none of the item's fields. */
const DISCOUNT_HEAD = /^(?:disc(?:ount)?\.?|rabatt|remise|rem\.|korting|nachlass|skonto)(?:\s|%|$)/;

/**
 * What a header cell says once the basis of its figures is left aside: "Total HT", "Betrag netto",
 * "Prix unit. HT", "Amount (EUR)" name the same columns as "Total", "Betrag", "Prix unit.".
 */
function headerWords(h: string): string {
  let t = h.toLowerCase().replace(/[:*]/g, "").replace(/\s+/g, " ").trim();
  t = t.replace(/\s*\(\s*%\s*\)$/, " %").trim();
  const QUALIFIER =
    /\s+(?:\([^)]*\)|ht|h\.t\.|ttc|netto|net|brutto|excl\.?(?:\s+(?:vat|tax|btw|mwst\.?|tva))?|incl\.?(?:\s+(?:vat|tax|btw|mwst\.?|tva))?|hors taxes|in (?:eur|chf|usd|gbp)|eur|chf|usd|gbp|€|\$|£)$/;
  for (let next = t.replace(QUALIFIER, ""); next !== t && next; next = t.replace(QUALIFIER, "")) t = next;
  return t;
}

const roleOf = (h: string): Role | null => {
  const t = headerWords(h);
  if (!t || DISCOUNT_HEAD.test(t)) return null;
  return ROLE_TESTS.find(([, re]) => re.test(t))?.[0] ?? null;
};

function headerRoles(header: string[]): Map<Role, number> | null {
  const roles = new Map<Role, number>();
  header.forEach((h, i) => {
    const r = roleOf(h);
    if (r && !roles.has(r)) roles.set(r, i);
  });
  const priced = roles.has("amount") || roles.has("unit_price");
  // The description column may be named by a word of no list ("Omschr.", "Text"): the rows say which
  // one it is (withContentRoles). Without it the header must still name a quantity, so that a table
  // of VAT rates and their bases ("Rate | Net | Tax") is not taken for items.
  const ok = priced && roles.size >= 3 && (roles.has("description") || roles.has("quantity"));
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
  // A numeric column of percentages beside the others is the VAT rate ("19 %", "5,5%").
  const rate = numeric.find((c) => {
    if ([...roles.values()].includes(c)) return false;
    const cells = rows.map((r) => (r[c] ?? "").trim()).filter(Boolean);
    return cells.length > 0 && cells.every((x) => /\d\s?%$/.test(x));
  });
  if (rate !== undefined) roles.set("tax_rate", rate);
  return roles;
}

/** Share of rows whose cells in columns q and p multiply to the one in column a. */
function productFit(rows: string[][], q: number, p: number, a: number, style: NumberStyle): number {
  const fits = rows.filter((r) => {
    const [vq, vp, va] = [num(r[q] ?? "", style), num(r[p] ?? "", style), num(r[a] ?? "", style)];
    return vq !== null && vp !== null && va !== null && Math.abs(vq * vp - va) < 0.011;
  }).length;
  return rows.length ? fits / rows.length : 0;
}

/**
 * A header's roles completed by its rows, for headers the extractor cut or merged ("NbPrix |
 * unitaire HT", "QuantitéPrix unitaire HT | ") or that name a column by a word of no list: the
 * description is the unnamed column of longest text, and the quantity and unit price are the two
 * unnamed numeric columns whose product is the amount (or, when a per-line discount breaks the
 * product, the two before the amount, the quantity first).
 */
function withContentRoles(
  roles: Map<Role, number>,
  header: string[],
  rows: string[][],
  style: NumberStyle,
): Map<Role, number> | null {
  const out = new Map(roles);
  const width = Math.max(header.length, ...rows.map((r) => r.length));
  const taken = new Set(out.values());
  const free: number[] = [];
  for (let c = 0; c < width; c++)
    if (!taken.has(c) && !DISCOUNT_HEAD.test(headerWords(header[c] ?? ""))) free.push(c);
  const cellsOf = (c: number) => rows.map((r) => (r[c] ?? "").trim()).filter(Boolean);
  const numeric = (c: number) => {
    const cells = cellsOf(c);
    const nums = cells.filter((x) => !/%$/.test(x) && num(x, style) !== null).length;
    return cells.length > 0 && nums >= cells.length * 0.8;
  };
  if (!out.has("description")) {
    let best = -1;
    let longest = 0;
    for (const c of free) {
      const cells = cellsOf(c);
      if (!cells.length || numeric(c)) continue;
      const words = cells.filter((x) => /\p{L}{3}/u.test(x)).length;
      const len = cells.reduce((n, x) => n + x.length, 0) / cells.length;
      if (words >= cells.length * 0.6 && len > longest) {
        longest = len;
        best = c;
      }
    }
    if (best < 0) return null;
    out.set("description", best);
  }
  const amount = out.get("amount");
  if (amount !== undefined && (!out.has("quantity") || !out.has("unit_price"))) {
    const cands = free.filter((c) => c !== out.get("description") && numeric(c));
    const known = (r: Role) => out.get(r);
    const qs = known("quantity") !== undefined ? [known("quantity") as number] : cands;
    const ps = known("unit_price") !== undefined ? [known("unit_price") as number] : cands;
    const both = qs === cands && ps === cands;
    let found: [number, number] | null = null;
    for (const q of qs)
      for (const p of ps)
        if (!found && q !== p && (!both || q < p) && productFit(rows, q, p, amount, style) >= 0.6)
          found = [q, p];
    const before = cands.filter((c) => c < amount);
    if (!found && both && before.length === 2) found = [before[0] as number, before[1] as number];
    if (found) {
      out.set("quantity", found[0]);
      out.set("unit_price", found[1]);
    }
  }
  return out;
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

const rowKey = (row: string[]) =>
  row
    .map((c) => c.toLowerCase().replace(/\s+/g, ""))
    .filter(Boolean)
    .join("|");

/** Whether a row's quantity, unit price and amount are all read and multiply: an item, whatever its words. */
function multiplies(row: string[], roles: Map<Role, number>, style: NumberStyle): boolean {
  const [q, p, a] = (["quantity", "unit_price", "amount"] as Role[]).map((r) => roles.get(r));
  return q !== undefined && p !== undefined && a !== undefined && productFit([row], q, p, a, style) === 1;
}

const labelsOf = (row: string[]) =>
  row.flatMap((c) => findLabels(c).filter((h) => h.start < 2 && SUMMARY_FIELDS.has(h.field)));

/**
 * Rows of an item table that are no item: the sums (a label of the totals opening a cell), the
 * sums carried between pages. Two exceptions, both lines of the table: a row whose quantity and
 * unit price multiply to its amount ("Freight pallet wrap 1 44.85 44.85", "Shipping 1 × 15.00"),
 * and a discount line (a negative amount) above any subtotal of the table ("Loyalty discount
 * -50.00" among the items; below the subtotal it is the invoice's discount).
 */
function isSumRow(
  row: string[],
  roles: Map<Role, number>,
  style: NumberStyle,
  subtotalSeen: boolean,
): boolean {
  if (isCarryRow(row, style)) return true;
  const labels = labelsOf(row);
  if (!labels.length || multiplies(row, roles, style)) return false;
  const amount = num((row[roles.get("amount") ?? -1] ?? "").trim(), style);
  const discountLine =
    !subtotalSeen && labels.every((h) => h.field === "total_discount") && amount !== null && amount < 0;
  return !discountLine;
}

/**
 * A row of text alone that heads a group of items ("Hardware", "Services") rather than continuing
 * the description above it: the first row under the header, or a row whose one cell spans the
 * table. (Further down, without rules, a heading and a note under an item look the same.)
 */
const isHeading = (t: Table, at: number, itemAbove: boolean) => !itemAbove || t.wide?.[at] === true;

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
  // The item table's header as printed, which a table continued on later pages repeats.
  let headerKey = "";
  for (const t of tables) {
    // The header may stand below other rows when a layout's grid swallowed the page's top.
    let headerAt = t.rows.findIndex((r) => headerRoles(r) !== null);
    let own = headerAt >= 0 ? headerRoles(t.rows[headerAt] as string[]) : null;
    // A scan's header cut over two rows ("| | Quantité | Montant |" over "| Description | | |").
    let headerRow = own ? (t.rows[headerAt] as string[]) : [];
    for (let r = 0; !own && t.ocr && r + 1 < t.rows.length; r++) {
      headerRow = mergeRows(t.rows[r] as string[], t.rows[r + 1] as string[]);
      own = headerRoles(headerRow);
      if (own) headerAt = r + 1;
    }
    if (own) own = withContentRoles(own, headerRow, t.rows.slice(headerAt + 1), style);
    const w = Math.max(0, ...t.rows.map((r) => r.length));
    let start = own ? headerAt + 1 : 0;
    let use = own;
    // A table that continues the item table on a later page: same width, header repeated or not.
    if (!use && roles && w === width && t.page > (items[items.length - 1]?.page ?? 0) - 1) use = roles;
    if (!use) {
      const data = t.rows.filter((r) => !isSummaryRow(r));
      const guess = data.length >= 2 ? contentRoles(data.slice(1), style) : null;
      // A first row of text over numeric columns is a header the extractor did not mark.
      if (guess && (t.rows[0] ?? []).every((c) => !c || num(c, style) === null)) {
        start = 1;
        headerRow = t.rows[0] as string[];
      }
      use = guess;
      if (guess && !guess.has("quantity") && !guess.has("unit_price")) use = null;
    }
    if (!use) continue;
    if (own || !roles) headerKey = rowKey(headerRow);
    roles = use;
    width = w;
    used.add(t);
    const taken = new Set<number>(start > 0 ? [start - 1] : []);
    itemRows.set(t, taken);
    const roleSet = use;
    let subtotalSeen = false;
    const body = t.rows.flatMap((cells, at) => {
      if (at < start) return [];
      const sum = isSumRow(cells, roleSet, style, subtotalSeen);
      if (sum && labelsOf(cells).some((h) => h.field === "subtotal")) subtotalSeen = true;
      // A header repeated on the table's later pages, the extractor having joined the pages.
      return sum || (headerKey && rowKey(cells) === headerKey) ? [] : [{ cells, at }];
    });
    for (const b of body) taken.add(b.at);
    const kind = (row: string[]) => rowKind(row, roleSet, style);
    const rows = t.ocr ? pairSplitRows(body, kind) : body;
    let itemAbove = false;
    rows.forEach(({ cells: row, at: r }) => {
      if (headerRoles(row)) return;
      const item = readRow(row, roleSet, style, t.ocr);
      if (!item) return;
      const prev = items[items.length - 1];
      const textOnly = item.amount === null && item.quantity === null && item.unit_price === null;
      if (textOnly && !t.ocr && isHeading(t, r, itemAbove)) return;
      // A row of description alone continues the description above it (wrapped text).
      if (prev && textOnly && prev.table === t) {
        prev.item.description = `${prev.item.description ?? ""} ${item.description ?? ""}`.trim();
        return;
      }
      itemAbove = true;
      const desc = item.description ?? "";
      items.push({ item, table: t, row: r, page: pageOf(t, desc), quote: row.filter(Boolean).join(" | ") });
    });
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

const complete = (rows: ItemRow[]) => rows.filter((r) => r.item.amount !== null && r.item.description).length;

/**
 * The items of the invoice from its item tables and from its lines of text: the tables' where they
 * hold as many complete items, else the tables' on the pages where a table was read as items and
 * the text's on the others (a page whose table the extractor cut otherwise, its header gone), or
 * the text's alone when that still holds more.
 */
export function chooseItems(fromTables: ItemRow[], fromText: ItemRow[]): ItemRow[] {
  if (complete(fromText) <= complete(fromTables)) return withoutLineNumbers(fromTables);
  const pages = new Set(fromTables.map((r) => r.page));
  const merged = [...fromTables, ...fromText.filter((r) => !pages.has(r.page))].sort(
    (a, b) => a.page - b.page,
  );
  return withoutLineNumbers(complete(merged) >= complete(fromText) ? merged : fromText);
}

const LINE_NUMBER = /^(\d{1,3})\.?\s+(?=\S)/;

/**
 * A column of line numbers the extractor joined to the descriptions ("1 Data migration", "2 Copper
 * pipe"): when every description opens with a number and the numbers count up one by one, they
 * are the lines' numbers and not part of what was sold.
 */
function withoutLineNumbers(rows: ItemRow[]): ItemRow[] {
  const numbers = rows.map((r) => LINE_NUMBER.exec(r.item.description ?? "")?.[1]);
  const counts = numbers.every(
    (n, k) => n !== undefined && (k === 0 || Number(n) === Number(numbers[k - 1]) + 1),
  );
  if (rows.length < 2 || !counts) return rows;
  for (const r of rows) r.item.description = (r.item.description ?? "").replace(LINE_NUMBER, "");
  return rows;
}
