import { type NumberStyle, parseAmount } from "./amounts.ts";

// Rows of a multi-page item table that carry the running sum from one page to the next. They are
// not items: a page closes with "Carried forward 1,234.00" and the next opens with it again.
// The wordings per language are data; a row counts only when one cell is nothing but such a
// wording (with page words) and the row holds a single number, so an item named "Report writing"
// or "Transport" with its quantity and price is kept.

const CARRY_WORDS: Record<string, string[]> = {
  en: [
    "carried forward",
    "brought forward",
    "carried over",
    "balance brought forward",
    "balance carried forward",
    "subtotal this page",
    "page subtotal",
    "subtotal page",
    "continued on next page",
    "continued from previous page",
  ],
  de: [
    "übertrag",
    "vortrag",
    "zwischensumme seite",
    "seitensumme",
    "summe seite",
    "übertrag von seite",
    "übertrag auf seite",
  ],
  fr: [
    "à reporter",
    "a reporter",
    "report",
    "reporté",
    "report à nouveau",
    "report de la page précédente",
    "report à la page suivante",
    "sous-total page",
    "sous-total de la page",
  ],
  nl: ["transport", "subtotaal pagina", "van vorige pagina", "naar volgende pagina"],
  es: ["suma y sigue", "suma anterior", "subtotal página"],
  it: ["riporto", "a riportare", "totale pagina"],
};

/** Words that may follow a carry wording: where the sum goes or comes from. */
const PAGE_WORDS =
  "to|from|on|the|next|previous|page|seite|von|auf|nächste|vorherige|de|la|à|a|sur|suivante|précédente|pagina|vorige|volgende|van|naar|página|\\d+";

const phrases = [...new Set(Object.values(CARRY_WORDS).flat())]
  .sort((a, b) => b.length - a.length)
  // Words may run together where the extractor put a cut capital back on its word ("Àreporter").
  .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s*"));

const CARRY_CELL = new RegExp(
  `^[\\s*]*(?:${phrases.join("|")})(?:[\\s\\-–:./]+(?:${PAGE_WORDS}))*[\\s:.\\-–]*$`,
  "iu",
);

/** Whether a row of an item table carries the running sum between pages rather than an item. */
export function isCarryRow(row: string[], style: NumberStyle): boolean {
  const numbers = row.filter((c) => c.trim() && parseAmount(c.trim(), style) !== null);
  if (numbers.length > 1) return false;
  // The wording may be cut over two cells by a column line ("Übertrag | von Seite").
  const words = row.filter((c) => c.trim() && !numbers.includes(c)).join(" ");
  return row.some((c) => CARRY_CELL.test(c)) || CARRY_CELL.test(words);
}
