// The currency an invoice's addresses and tax words point to, for a bare "$" (Australian and
// Canadian invoices print the dollar sign as American ones do) and for invoices printing no
// currency at all. Each cue is an address form or a word of one country only.

const PLACES: [code: string, cue: RegExp][] = [
  // Australian business number, or a state with its four-digit postcode.
  ["AUD", /\bABN\b|\b(?:NSW|VIC|QLD|TAS|ACT)\s+\d{4}\b/],
  // A province with its postal code (ON K1P 5J2).
  ["CAD", /\b(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d\b/],
  // A British postcode (LS1 4DY) or VAT registration starting GB.
  ["GBP", /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b|\bGB\s?\d{3}\s?\d{4}\s?\d{2}\b/],
  // An Irish Eircode (D02 AF30) or VAT number starting IE.
  ["EUR", /\b[AC-FHKNPRTV-Y]\d{2}\s[AC-FHKNPRTV-Y\d]{4}\b|\bIE\d{7}[A-Z]{1,2}\b/],
  // A United States state with its ZIP code.
  [
    "USD",
    /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC)\s+\d{5}(?:-\d{4})?\b/,
  ],
];

/** The one currency the text's places point to, or null when none or several do. */
export function placeCurrency(text: string, among?: Set<string>): string | null {
  const found = PLACES.filter(([code, re]) => (!among || among.has(code)) && re.test(text)).map(([c]) => c);
  return found.length === 1 ? (found[0] as string) : null;
}
